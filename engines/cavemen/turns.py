"""The turn's course (CV-4, CV-5, CV-12, CV-13): the one-time redraw before the first turn,
then move, place and discard phases, and the draw that ends each turn.

Readings of the rulings where they leave a choice:
- Phases end by an explicit "end" move, except where the end is forced by public facts
  only (no caveman of the player on the field: no move phase; an empty hand or three
  cards placed: no place phase; an empty hand: no discard). Skipping on private grounds
  (e.g. "no card in hand can be placed") would tell the opponent about the hand.
"""

from __future__ import annotations

from typing import Any

from engines.cavemen.decks import draw, take_card, to_inactive
from engines.cavemen.ending import draw_reason, finish
from engines.cavemen.field import PATHS
from engines.core import Event, Move, Rng, State

MAX_PLACED = 3


def fresh_tm() -> dict[str, Any]:
    """This turn's record of moves, empty: no path's move used, no caveman moved, nothing placed."""
    return {"used": [None] * PATHS, "acts": {}, "placed": 0}


def begin_turn(state: State, seat: int, events: list[Event]) -> None:
    """A new turn, skipping what public facts make empty (see the module docstring)."""
    while True:
        reason = draw_reason(state)
        if reason is not None:
            finish(state, None, reason, events)
            return
        state["turn"] = seat
        state["turn_no"] += 1
        state["tm"] = fresh_tm()
        events.append(Event("turn", {"seat": seat, "turn": state["turn_no"]}))
        if any(p is not None and p["owner"] == seat for p in state["field"]):
            state["pending"] = {"kind": "move", "seat": seat}
            return
        if enter_place(state, seat, events):
            return
        seat = 1 - seat


def enter_place(state: State, seat: int, events: list[Event]) -> bool:
    """Go to the place phase (or on to discard and draw); False when the turn ended at once."""
    if state["hands"][seat] and state["tm"]["placed"] < MAX_PLACED:
        state["pending"] = {"kind": "place", "seat": seat}
        return True
    return enter_discard(state, seat, events)


def enter_discard(state: State, seat: int, events: list[Event]) -> bool:
    """Go to the discard phase; with an empty hand the turn ends at once in the draw (False)."""
    if state["hands"][seat]:
        state["pending"] = {"kind": "discard", "seat": seat}
        return True
    draw(state, seat, events)
    return False


def end_turn(state: State, seat: int, events: list[Event]) -> None:
    draw(state, seat, events)
    begin_turn(state, 1 - seat, events)


def on_redraw(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    """CV-4: once, Red and then Blue discard any cards face up and draw back to five; then Red begins."""
    if move["type"] == "discard":
        card = take_card(state, seat, move)
        to_inactive(state, seat, card)  # CV-4/CV-14: discarding returns nothing
        events.append(Event("discarded", {"seat": seat, "card": card, "why": "redraw"}))
        return
    draw(state, seat, events, why="redraw")
    events.append(Event("ended", {"seat": seat, "phase": "redraw"}))
    if seat == 0:
        state["pending"] = {"kind": "redraw", "seat": 1}
    else:
        begin_turn(state, 0, events)  # Red begins


def on_discard(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    """CV-13: discard any cards, then the turn ends in the draw (at once when the hand is empty)."""
    if move["type"] == "discard":
        card = take_card(state, seat, move)
        to_inactive(state, seat, card)
        events.append(Event("discarded", {"seat": seat, "card": card, "why": "discard"}))
        if state["hands"][seat]:
            return
    else:
        events.append(Event("ended", {"seat": seat, "phase": "discard"}))
    end_turn(state, seat, events)
