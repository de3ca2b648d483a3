"""Where the cards go between the piles (CV-13, CV-14): the hand, the stockpile, the inactive deck.

Kept apart from the phases that move them, so a fight, a placement and the end of a turn
all draw, discard and return the inactive deck by the same few lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.cavemen import cards
from engines.core import Event, IllegalMove, Rng, State

HAND_SIZE = 5


def draw(state: State, seat: int, events: list[Event], why: str = "draw") -> None:
    """CV-13: draw until five cards or the stockpile is empty; the cards go to the drawer only."""
    hand, stock = state["hands"][seat], state["stock"][seat]
    n = min(HAND_SIZE - len(hand), len(stock))
    if n <= 0:
        return
    drawn = stock[:n]
    del stock[:n]
    state["hands"][seat] = cards.sort_hand(hand + drawn)
    events.append(Event("drew", {"seat": seat, "count": n, "stock": len(stock), "why": why}))
    events.append(Event("drew", {"seat": seat, "cards": list(drawn)}, to=(seat,)))


def to_inactive(state: State, seat: int, card: str) -> None:
    state["inactive"][seat].append(card)


def return_inactive(state: State, seat: int, lost: str | None, rng: Rng, events: list[Event]) -> None:
    """CV-14: the inactive deck goes shuffled under the stockpile; the lost card (if it is
    not gone for good) starts the new one."""
    pile = state["inactive"][seat]
    if lost is not None:
        pile.remove(lost)  # it lies on top (just lost); it starts the new inactive deck instead
    rng.shuffle(pile)
    state["stock"][seat].extend(pile)
    state["inactive"][seat] = [] if lost is None else [lost]
    events.append(
        Event("returned", {"seat": seat, "count": len(pile), "stock": len(state["stock"][seat]), "top": lost})
    )


def take_card(state: State, seat: int, move: Mapping[str, Any]) -> str:
    """The move's card, out of the seat's hand (IllegalMove when the hand holds none)."""
    card = move.get("card")
    if not isinstance(card, str) or card not in cards.HAND_CARDS:
        raise IllegalMove(f"{card!r} is not a card of the hand: one of {', '.join(cards.HAND_CARDS)}")
    if card not in state["hands"][seat]:
        raise IllegalMove(f"you hold no {cards.label(card)}")
    state["hands"][seat].remove(card)
    return card
