"""A decision the server makes for a seat: a uniformly random legal move, drawn from the seed.

A seat whose time ran out (a timeout) and a seat that has left the game (out) are both
played this way, so that anyone holding the revealed seed can redraw the same move. Its
concealed part is committed with a salt from the seed and told to the seat at once
(PLAYED_FOR_YOU): the server does not keep a seat's own move from it until the end.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Event, Rng
from protocol.blind import needs_owner
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit, secret_salt, timeout_key
from protocol.envelope import StepError
from protocol.outcome import Step, commit_state, publish, status_of, views

PLAYED_FOR_YOU = "played_for_you"  # the private event of a server-made move's concealed part


def server_move(
    kind: str, engine: Engine, state: dict[str, Any], seat: int, seed: bytes, seq: int, seats: int
) -> Step:
    """A decision the server makes for `seat` (the seat to move): a uniformly random legal move."""
    if needs_owner(engine, state):
        raise StepError(
            f"seat {seat}'s decision needs a secret only its owner holds: the server cannot make it"
        )
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise StepError(f"seat {seat} has no legal move to play for it")
    rng = Rng(timeout_key(seed, seq))
    chosen = legal[rng.randbelow(len(legal))]
    public, secret = engine.split_move(chosen)
    secret_commit, record = seeded_secret(secret, seed, seq)
    new_state, events = engine.apply(state, seat, chosen, rng)
    if record is not None:
        # The seat is told, privately and at once, what was played in its name, with the salt
        # that opens `secret_commit`: its own concealed part is not kept from it until the end.
        events = [*events, Event(PLAYED_FOR_YOU, {"secret": secret, "salt": record["salt"]}, (seat,))]
    published, payloads = publish(events, seed, seq)
    committed, state_json = commit_state(new_state, seed, seq)
    body = {
        "kind": kind,
        "seat": seat,
        "action": "bot",
        "move": public,
        "secret_commit": secret_commit,
        "events": published,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **status_of(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)


def played_for_you(event: Any, secret_commit: Any) -> Any:
    """The concealed part a server-made move's private event tells its seat, if that event opens
    the entry's `secret_commit` (else None: the server told the seat something it did not play)."""
    if not isinstance(event, dict) or event.get("kind") != PLAYED_FOR_YOU:
        return None
    data = event.get("data")
    if not isinstance(data, dict) or not isinstance(secret_commit, str):
        return None
    try:
        opened = commit(TAG_SECRET, data["secret"], data["salt"])
    except (KeyError, TypeError, ValueError, NotCanonical):
        return None
    return {"secret": data["secret"]} if opened == secret_commit else None


def seeded_secret(secret: Any, seed: bytes, seq: int) -> tuple[str | None, dict[str, Any] | None]:
    """A move the server makes for a seat commits its concealed part with a salt from the
    seed (`secret_salt`): (the commitment, the reveal's record), or (None, None)."""
    if secret is None:
        return None, None
    salt = secret_salt(seed, seq)
    return commit(TAG_SECRET, secret, salt), {"seq": seq, "secret": secret, "salt": salt}
