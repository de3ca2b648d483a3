"""Standing answers written into a log the way the server writes them, and the way a lying one would.

`state_answers` is a seat's signed statement as an `answers` entry; `play_standing` the honest
`standing` entry (protocol.standing); `forged_standing` the same entry for a move the rule does
not prescribe, or told from a position that is not the seat's: what a server that plays a
seat's moves at will writes, server-signed and chained like any other entry.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Event, Rng
from protocol.answers import answers_body, answers_statement, sign_answers
from protocol.commitments import standing_key, view_salt
from protocol.keys import SigningKey
from protocol.outcome import Step, commit_state, publish, status_of, views
from protocol.server_moves import seeded_secret
from protocol.standing import ANSWERED, prescribed, standing
from tests.protocol.ledger import Ledger

FORCED = {"kind": "forced"}


def views_seq(entries: list[dict[str, Any]]) -> int:
    """The seq of the last entry that commits to views: the position a standing answer reads."""
    return next(e["seq"] for e in reversed(entries) if "views" in (e.get("body") or {}))


def state_answers(ledger: Ledger, seat: int, rules: list[dict[str, Any]], key: SigningKey | None = None) -> dict[str, Any]:
    """Seat `seat` signs `rules` at the ledger's head; the server logs the statement."""
    _, prev = ledger.head()
    statement = answers_statement(ledger.game, seat, prev, rules)
    sig = sign_answers(statement, key or ledger.player_keys[seat])
    return ledger._append("answers", answers_body(statement, sig))


def forged_standing(
    engine: Engine, state: dict[str, Any], seat: int, statement: tuple[int, list[dict[str, Any]]], rule: int,
    move: dict[str, Any], seed: bytes, seq: int, before: int, *, seats: int, view: dict[str, Any] | None = None,
    clear_rule: bool = False,
) -> Step:
    """protocol.standing.standing without its checks: `move` played by rule `rule`, told to the
    seat from `view` (default: its real one) with the real salt; the rule's index in the seat's
    `answered` event as the server writes it now (`clear_rule`: in the clear, the older shape)."""
    told = engine.view(state, seat) if view is None else view
    public, secret = engine.split_move(move)
    secret_commit, record = seeded_secret(secret, seed, seq)
    new_state, events = engine.apply(state, seat, move, Rng(standing_key(seed, seq)))
    data: dict[str, Any] = {"view": told, "salt": view_salt(seed, before, seat)}
    if not clear_rule:
        data["rule"] = rule
    answered = Event(ANSWERED, data, (seat,))
    published, payloads = publish([answered, *events], seed, seq)
    committed, state_json = commit_state(new_state, seed, seq)
    body = {
        "seat": seat,
        "answers": statement[0],
        **({"rule": rule} if clear_rule else {}),
        "move": public,
        "secret_commit": secret_commit,
        "events": published,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **status_of(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)


def log_step(ledger: Ledger, step: Step) -> dict[str, Any]:
    """Append a standing step to the ledger as the server does (state, payloads delivered)."""
    return ledger._seeded_step(step, "standing")


def play_standing(ledger: Ledger, seat: int, statement: tuple[int, list[dict[str, Any]]]) -> dict[str, Any]:
    """The honest standing entry for `seat` by its statement `(seq, rules)`."""
    assert ledger.state is not None
    found = prescribed(ledger.engine, ledger.state, seat, statement[1])
    assert found is not None, "no rule applies here"
    seq, _ = ledger.head()
    step = standing(
        ledger.engine, ledger.state, seat, statement, found[0], ledger.seed, seq, views_seq(ledger.entries),
        seats=ledger.seats,
    )
    return log_step(ledger, step)
