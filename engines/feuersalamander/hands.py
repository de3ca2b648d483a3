"""Cards coming into and leaving a hand (FS-10, FS-12, FS-25): every phase that moves a card
goes through these, so what a hand shows (revealed cards, the card just drawn, the count of
cards it lost) stays right whichever rule moved it."""

from __future__ import annotations

from engines.core import Event, Rng, State
from engines.feuersalamander import cards


def lose(state: State, seat: int, card: str) -> None:
    """A card leaves a hand (always a public act): it is no longer revealed there."""
    state["hands"][seat].remove(card)
    drawn = state.get("drawn")
    if drawn and drawn[seat] is not None and drawn[seat]["card"] == card:
        drawn[seat] = None
    if card in state["revealed"][seat]:
        state["revealed"][seat].remove(card)
    state["losses"][seat] += 1


def reveal(state: State, seat: int, card: str) -> None:
    if card not in state["revealed"][seat]:
        state["revealed"][seat].append(card)
        state["revealed"][seat] = cards.sorted_cards(state["revealed"][seat])


def discard(state: State, seat: int, card: str, why: str, events: list[Event]) -> None:
    lose(state, seat, card)
    state["discard"].append(card)
    events.append(Event("discarded", {"seat": seat, "card": card, "why": why}))


def draw(state: State, seat: int, rng: Rng, events: list[Event]) -> None:
    """Take the top card (FS-10); renew an empty stack from the discard pile (FS-12)."""
    if not state["deck"]:
        if not state["discard"]:
            events.append(Event("no_card", {"seat": seat}))
            return
        deck = state["discard"]
        state["discard"] = []
        rng.shuffle(deck)
        state["deck"] = deck
        events.append(Event("renewed", {"deck_size": len(deck)}))
    card = state["deck"].pop(0)
    state["hands"][seat] = cards.sorted_cards([*state["hands"][seat], card])
    drawn = state.setdefault("drawn", [None] * state["seats"])
    drawn[seat] = {"card": card, "turn": state["turn_no"]}  # for the drawer's eyes only
    events.append(Event("drew", {"seat": seat}))
    events.append(Event("drew", {"card": card}, to=(seat,)))
