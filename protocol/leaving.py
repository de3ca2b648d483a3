"""A seat that resigns or forfeits: the game ends, or, with three or four seats, the seat
leaves and the others play on.

Leaving needs the engine's `leave(state, seat, why)` and `out(state)`; a seat that has
left still owes forced decisions (an answer, an exchange), which the server makes for it
the way it makes a timeout's, so the game never waits on a player who is gone.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, IllegalMove
from protocol.commitments import TAG_STATE, commit, state_salt
from protocol.deadlines import forfeit
from protocol.entries import envelope_signed
from protocol.envelope import StepError, check_envelope, is_int
from protocol.outcome import Payload, Step, publish, status_of, views
from protocol.server_moves import server_move


def resign_result(seats: int, seat: int) -> dict[str, Any]:
    """A resignation ends the game for everyone: with two seats the other one wins."""
    winner = 1 - seat if seats == 2 else None
    return {"winner": winner, "scores": None, "reason": f"seat {seat} resigned"}


def resign(player_key: str, env: dict[str, Any], sig: str, seats: int, head: tuple[int, str]) -> dict[str, Any]:
    """The body of a system entry for a resignation the player signed like a move."""
    seq, prev = head
    if not isinstance(env, dict) or env.get("move") != {"type": "resign"}:
        raise StepError("a resignation is an envelope whose move is {\"type\": \"resign\"}")
    check_envelope(env)
    if env["secret_commit"] is not None:
        raise StepError("a resignation commits to no secret")
    if not 0 <= env["seat"] < seats:
        raise StepError(f"seat {env['seat']} is not a seat of this game")
    if not envelope_signed(env, sig, player_key):
        raise StepError("the resignation's signature does not verify with your key", 403)
    if env.get("seq") != seq or env.get("prev") != prev:
        raise StepError("stale resignation: the log has moved on", 409)
    return {
        "kind": "resign",
        "envelope": env,
        "sig": sig,
        "result": resign_result(seats, env["seat"]),
    }


def lets_leave(engine: Engine, seats: int) -> bool:
    """A resigning or forfeiting seat leaves the game and the others play on: with more than
    two seats, in an engine that has `leave(state, seat, why)` and `out(state)`. Otherwise a
    resignation or forfeit ends the game (with two seats the other one wins)."""
    return seats > 2 and callable(getattr(engine, "leave", None)) and callable(getattr(engine, "out", None))


def _leave(
    engine: Engine, state: dict[str, Any], seat: int, why: str, seed: bytes, seq: int, seats: int
) -> tuple[dict[str, Any], dict[str, Any], list[Payload]]:
    """(the step's members, the new state, payloads) of `engine.leave`: like a move's, no rng."""
    try:
        new_state, events = engine.leave(state, seat, why)  # type: ignore[attr-defined]
    except IllegalMove as exc:
        raise StepError(exc.message, 422) from exc
    published, payloads = publish(events, seed, seq)
    fields = {
        "events": published,
        "state": commit(TAG_STATE, new_state, state_salt(seed, seq)),
        "views": views(engine, new_state, seats, seed, seq),
        **status_of(engine, new_state),
    }
    return fields, new_state, payloads


def resign_step(
    engine: Engine,
    state: dict[str, Any] | None,
    player_key: str,
    env: dict[str, Any],
    sig: str,
    seed: bytes,
    head: tuple[int, str],
    *,
    seats: int,
) -> Step:
    """A resignation: the game ends (`resign`), or, where seats may leave, the seat is out and
    the others play on: `{"kind": "resign", "envelope", "sig", "events", "state", "views",
    "to_move", ["result"]}` from `engine.leave(state, seat, "resigned")`."""
    body = resign(player_key, env, sig, seats, head)
    if state is None or not lets_leave(engine, seats):
        return Step(body, state or {}, [])
    fields, new_state, payloads = _leave(engine, state, env["seat"], "resigned", seed, head[0], seats)
    return Step({"kind": "resign", "envelope": env, "sig": sig, **fields}, new_state, payloads)


def forfeit_step(
    engine: Engine, state: dict[str, Any], seat: Any, seed: bytes, seq: int, *, seats: int
) -> Step:
    """A forfeit: the game ends (`forfeit`), or, where seats may leave, the seat to move is out:
    `{"kind": "forfeit", "seat", "events", "state", "views", "to_move", ["result"]}`."""
    body = forfeit(engine, state, seat, seats)
    if not lets_leave(engine, seats):
        return Step(body, state, [])
    fields, new_state, payloads = _leave(engine, state, seat, "forfeited", seed, seq, seats)
    return Step({"kind": "forfeit", "seat": seat, **fields}, new_state, payloads)


def out_move(engine: Engine, state: dict[str, Any], seat: Any, seed: bytes, seq: int, *, seats: int) -> Step:
    """A forced decision of a seat that left (an answer, an exchange), made by the server as
    a timeout's is: `{"kind": "out", "seat", "action": "bot", "move", "secret_commit", ...}`.
    The seat must be the seat to move, and out."""
    if not lets_leave(engine, seats):
        raise StepError("no seat can leave this game, so none decides as one that left")
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move")
    if seat not in engine.out(state):  # type: ignore[attr-defined]
        raise StepError(f"seat {seat} has not left the game: the server may not decide for it")
    return server_move("out", engine, state, seat, seed, seq, seats)
