"""Deadlines in the log: the genesis `deadline` member, and what happens when time runs out.

A seat out of time either has a bot's move played for it (a timeout, drawn from the seed
as every server-made move is) or forfeits. Which one is fixed in the genesis (`on_expiry`)
before anyone joins, and the audit holds the server to it.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine
from protocol.envelope import StepError, is_int
from protocol.outcome import Step
from protocol.server_moves import server_move

DEADLINE_DAYS = (1, 2, 3, 5, 7, 14)
DEADLINE_GRACE_HOURS = 168  # at most a week of grace
DEADLINE_ACTIONS = ("bot", "forfeit")
DEADLINE_KEYS = frozenset({"days", "grace_hours", "on_expiry"})


def deadline_problem(value: Any) -> str | None:
    """Why `value` is not a genesis `deadline` member, or None when it is one.

    Exactly `{"days", "grace_hours", "on_expiry"}`: days per decision one of 1, 2, 3, 5, 7,
    14; whole hours of grace from 0 to 168; what happens when the time is up, `bot` or
    `forfeit`. A game without deadlines has no `deadline` member at all.
    """
    if not isinstance(value, dict) or set(value) != DEADLINE_KEYS:
        return f"a deadline is an object with exactly the members {sorted(DEADLINE_KEYS)}"
    days, grace, action = value["days"], value["grace_hours"], value["on_expiry"]
    if not is_int(days) or days not in DEADLINE_DAYS:
        return f"deadline days must be one of {', '.join(map(str, DEADLINE_DAYS))}"
    if not is_int(grace) or not 0 <= grace <= DEADLINE_GRACE_HOURS:
        return f"deadline grace_hours must be a whole number from 0 to {DEADLINE_GRACE_HOURS}"
    if action not in DEADLINE_ACTIONS:
        return f"deadline on_expiry must be one of {', '.join(DEADLINE_ACTIONS)}"
    return None


def timeout(
    engine: Engine, state: dict[str, Any], seat: Any, seed: bytes, seq: int, *, seats: int
) -> Step:
    """The server plays the decision of `seat`, whose time ran out: a uniformly random legal move.

    `rng = Rng(timeout_key(seed, seq))` picks `legal[rng.randbelow(len(legal))]` from
    `engine.legal_moves(state, seat)`, and the same rng, continuing, is the move's rng.
    A secret part is committed with `secret_salt(seed, seq)` and revealed at the end like
    a player's. The seat must be the one to move.
    """
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move, so its time cannot run out")
    return server_move("timeout", engine, state, seat, seed, seq, seats)


def forfeit_result(seats: int, seat: int) -> dict[str, Any]:
    """A seat out of time loses: with two seats the other one wins (like a resignation)."""
    winner = 1 - seat if seats == 2 else None
    return {"winner": winner, "scores": None, "reason": f"seat {seat} forfeited: out of time"}


def forfeit(engine: Engine, state: dict[str, Any], seat: Any, seats: int) -> dict[str, Any]:
    """The body of a forfeit: the seat to move ran out of time in a game whose deadline says so."""
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move, so its time cannot run out")
    return {"kind": "forfeit", "seat": seat, "result": forfeit_result(seats, seat)}
