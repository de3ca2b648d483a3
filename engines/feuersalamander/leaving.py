"""Leaving a game of three or four (the rulebook has no rule for it; the nearest playable one):
a seat that resigns or forfeits is out and the others play on, so one player's going does not
end everybody's game. With two seats a resignation ends the game as in every engine."""

from __future__ import annotations

from engines.core import Event, IllegalMove, State
from engines.feuersalamander.copies import detached, fresh
from engines.feuersalamander.legal import is_int
from engines.feuersalamander.scoring import finish
from engines.feuersalamander.seats import TURN_KINDS, name, out_seats
from engines.feuersalamander.turn import end_turn


def leave(state: State, seat: int, why: str) -> tuple[State, list[Event]]:
    """`seat` is out and ranks last; its turns are skipped (a turn it is in the middle of
    ends); its cards stay in its hand, so it can still be asked and named, and the forced
    decisions that brings (exchange or keep, a discard) are made for it. With one seat left
    in, that seat wins at once."""
    if state["result"] is not None:
        raise IllegalMove("the game is over")
    if not is_int(seat) or not 0 <= seat < state["seats"]:
        raise IllegalMove(f"no seat {seat!r} in this game")
    if seat in out_seats(state):
        raise IllegalMove(f"{name(seat)} has left the game already")
    new = fresh(state)
    new["out"] = [*out_seats(state), seat]
    events = [Event("left", {"seat": seat, "why": why})]
    playing = [s for s in range(new["seats"]) if s not in new["out"]]
    if len(playing) == 1:
        reason = f"{name(seat)} {why}: {name(playing[0])} is the last player in"
        finish(new, playing[0], reason, events)
    else:
        skip_out(new, events)
    return new, detached(events)


def skip_out(state: State, events: list[Event]) -> None:
    """A decision of its own turn for a seat that left: that turn ends."""
    pending = state["pending"]
    if pending is not None and pending["kind"] in TURN_KINDS and pending["seat"] in out_seats(state):
        end_turn(state, events)
