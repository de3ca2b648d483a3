"""The order of a turn: who is next, and what follows a finished step (a throw owed for a pair,
an exchange owed after a failed claim, or the next seat's turn). The phases and the claims both
end in these, so they stand below both."""

from __future__ import annotations

from engines.core import Event, State
from engines.feuersalamander.seats import out_seats


def begin_turn(state: State, seat: int, events: list[Event]) -> None:
    gone = out_seats(state)
    while seat in gone:  # a seat that left has no turns: it is out of the game
        seat = (seat + 1) % state["seats"]
    state["turn"] = seat
    state["turn_no"] += 1
    state["pair"] = False
    events.append(Event("turn", {"seat": seat, "turn": state["turn_no"]}))
    if state["figures"][seat] == "dungeon":
        state["pending"] = {"kind": "keys", "seat": seat, "aside": [False] * 3, "throws": 0}
    else:
        state["pending"] = {
            "kind": "throw",
            "seat": seat,
            "may_claim": state["figures"][seat] == "home",
            "again": False,
            "freed": False,
        }


def end_turn(state: State, events: list[Event]) -> None:
    begin_turn(state, (state["turn"] + 1) % state["seats"], events)


def after_step(state: State, events: list[Event]) -> None:
    """The move and its question are done: throw again for a pair (FS-5) or end the turn."""
    seat = state["turn"]
    if state["pair"]:
        state["pending"] = {"kind": "throw", "seat": seat, "may_claim": False, "again": True, "freed": False}
    else:
        end_turn(state, events)


def next_exchange(state: State, events: list[Event]) -> None:
    """FS-21: the holders of named cards decide one card at a time, then the turn ends; a card
    that left its hand meanwhile (an exchange draws and may discard) is no longer offered."""
    while state["exchanges"]:
        entry = state["exchanges"].pop(0)
        if entry["card"] in state["hands"][entry["seat"]]:
            state["pending"] = {"kind": "exchange", "seat": entry["seat"], "card": entry["card"]}
            return
    end_turn(state, events)
