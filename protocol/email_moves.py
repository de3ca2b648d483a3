"""Reply by email: the genesis `email_moves` member, and a move the server plays from a mail.

A player without the client may answer the your-turn mail with a move. No player signs
it, so the log records it as server-attested, bound by a one-time token to the head the
mail was sent for; the audit counts such moves apart from signed ones.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core import Engine, IllegalMove, Rng
from protocol.blind import needs_owner
from protocol.commitments import email_key, move_token
from protocol.envelope import StepError, is_int
from protocol.leaving import lets_leave
from protocol.listed import check_listed
from protocol.outcome import Step, commit_state, publish, status_of, views
from protocol.server_moves import seeded_secret

TOKEN = re.compile(r"[0-9a-f]{32}")


def email_moves_problem(genesis: dict[str, Any]) -> str | None:
    """Why the genesis `email_moves` member is malformed, or None: absent (no email moves) or
    exactly `true` (never `false`, `null` or `1`)."""
    if "email_moves" in genesis and genesis["email_moves"] is not True:
        return "email_moves is true when a game takes moves by email, and absent otherwise"
    return None


def email_move(
    engine: Engine,
    state: dict[str, Any],
    seat: Any,
    move: Any,
    seed: bytes,
    game: str,
    head: tuple[int, str],
    *,
    seats: int,
) -> Step:
    """A move the player of `seat` sent by email, in reply to the your-turn mail whose token
    was issued for this very head `(seq, prev)`: the server plays it, without the player's
    signature (the log records it as server-attested).

    `token = move_token(seed, game, seq, prev, seat)`; `rng = Rng(email_key(seed, seq))` is
    the move's rng; a secret part is committed with `secret_salt(seed, seq)` and revealed at
    the end like a timeout's. The seat must be the one to move (and, where seats may leave,
    still in); an illegal move raises the engine's `IllegalMove`.
    """
    seq, prev = head
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move", 409)
    if lets_leave(engine, seats) and seat in engine.out(state):  # type: ignore[attr-defined]
        raise StepError(f"seat {seat} has left the game: it moves no more", 409)
    if not isinstance(move, dict):
        raise IllegalMove("a move is an object")
    if needs_owner(engine, state):
        raise StepError(
            "this decision needs a secret that stays with its owner: make it with the pbem client", 422
        )
    try:
        public, secret = engine.split_move(move)
    except IllegalMove:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise IllegalMove("that move cannot be read") from exc
    secret_commit, record = seeded_secret(secret, seed, seq)
    rng = Rng(email_key(seed, seq))
    check_listed(engine, state, seat, move)
    new_state, events = engine.apply(state, seat, move, rng)
    published, payloads = publish(events, seed, seq)
    committed, state_json = commit_state(new_state, seed, seq)
    body = {
        "kind": "email_move",
        "seat": seat,
        "token": move_token(seed, game, seq, prev, seat),
        "move": public,
        "secret_commit": secret_commit,
        "events": published,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **status_of(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)
