"""The place phase (CV-12): cavemen face down beside one's own caves or fires, and caves over
the opponent's replaceable ones.

A placement's card is the move's secret part (split_move): the public event shows only the
position, and the card goes to the placer alone, so the opponent learns nothing but where.
"""

from __future__ import annotations

from engines.cavemen import cards
from engines.cavemen.decks import take_card, to_inactive
from engines.cavemen.field import card_owner, cols_beside, index, position, replaceable
from engines.cavemen.turns import MAX_PLACED, begin_turn, enter_discard
from engines.core import Event, IllegalMove, Move, Rng, State


def _place_cave(state: State, seat: int, move: Move, events: list[Event]) -> None:
    cell = move.get("cell")
    if not isinstance(cell, str) or not replaceable(cell):
        raise IllegalMove(f"{cell!r} is no replaceable cave: A3, B3, C3, A4, B4 or C4 (CV-2)")
    owner = state["caves"][cell]
    if owner == seat:
        raise IllegalMove(f"the cave {cell} is yours already: a cave replaces one of the opponent's (CV-12)")
    take_card(state, seat, {"card": cards.CAVE})
    state["caves"][cell] = seat
    to_inactive(state, owner, cards.CAVE)
    state["tm"]["placed"] += 1
    events.append(Event("cave", {"seat": seat, "cell": cell, "replaced": owner}))


def _place_caveman(state: State, seat: int, move: Move, events: list[Event]) -> None:
    p, r = position(move, "path", "row")
    card = move.get("card")
    if not cards.is_caveman(card):
        raise IllegalMove(f"{card!r} is not a caveman: one of {', '.join(cards.CAVEMEN)}")
    if state["field"][index(p, r)] is not None:
        raise IllegalMove(f"P{p} r{r} is taken")
    if not any(card_owner(state["caves"], c, r) == seat for c in cols_beside(p)):
        raise IllegalMove(f"P{p} r{r} is beside none of your caves or fires (CV-12)")
    take_card(state, seat, move)
    state["field"][index(p, r)] = {"owner": seat, "card": card, "up": False, "known": 0, "id": state["next_id"]}
    state["next_id"] += 1
    state["tm"]["placed"] += 1
    events.append(Event("placed", {"seat": seat, "path": p, "row": r}))
    events.append(Event("placed", {"seat": seat, "path": p, "row": r, "card": card}, to=(seat,)))


def on_place(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    mtype = move["type"]
    if mtype == "end":
        events.append(Event("ended", {"seat": seat, "phase": "place"}))
    elif mtype == "cave":
        _place_cave(state, seat, move, events)
    else:
        _place_caveman(state, seat, move, events)
    if mtype == "end" or not state["hands"][seat] or state["tm"]["placed"] >= MAX_PLACED:
        if not enter_discard(state, seat, events):
            begin_turn(state, 1 - seat, events)
