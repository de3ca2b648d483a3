"""How a game ends (CV-11, CV-17): a fire put out wins; a draw when no caveman can come back,
or when the round limit is reached.

Readings of the rulings where they leave a choice:
- CV-17 "could return": the inactive deck returns only when a Zippy or Ballsy is lost
  on the field, so a player still has prospects exactly while a caveman of his is on the
  field, in his hand or in his stockpile.
"""

from __future__ import annotations

from typing import Any

from engines.cavemen import cards
from engines.cavemen.field import COLS, NAMES
from engines.core import Event, Move, State


def game_result(winner: int | None, reason: str) -> dict[str, Any]:
    return {"winner": winner, "scores": None, "reason": reason}


def finish(state: State, winner: int | None, reason: str, events: list[Event]) -> None:
    state["result"] = game_result(winner, reason)
    state["pending"] = None
    events.append(Event("game_over", dict(state["result"])))


def has_prospects(state: State, seat: int) -> bool:
    """CV-17: could this player still ever have a caveman on the field?"""
    if any(p is not None and p["owner"] == seat for p in state["field"]):
        return True
    # The inactive deck returns only when a Zippy or Ballsy is lost on the field, and such a
    # card would be in the hand or stockpile: with no caveman there, nothing can return.
    return any(cards.is_caveman(c) for c in state["hands"][seat] + state["stock"][seat])


def draw_reason(state: State) -> str | None:
    """Why the game is drawn before the next turn begins (CV-17), or None while it goes on."""
    if state["turn_no"] >= 2 * state["options"]["round_limit"]:
        return f"draw: {state['options']['round_limit']} rounds played (CV-17)"
    if not has_prospects(state, 0) and not has_prospects(state, 1):
        return "draw: neither player can bring a caveman into play any more (CV-17)"
    return None


def extinguish(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """CV-11: the caveman named by the move puts out the opponent's fire, and its player wins."""
    fp, fr = move["path"], move["row"]
    state["fires"][1 - seat][COLS.index(move["col"])] = False
    events.append(Event("extinguished", {"seat": seat, "col": move["col"], "path": fp, "row": fr}))
    finish(state, seat, f"{NAMES[seat]} put out a fire in column {move['col']} (CV-11)", events)
