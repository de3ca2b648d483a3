"""ORACLE: frozen copy of engines/feuersalamander/cards.py before the speed work (see oracle/rules.py).

Salamander cards and the 84 chambers of the hiding place (FS-1, FS-2, FS-10, FS-13).

Cards are plain strings so that hands, the deck and the discard pile are plain
JSON lists: a wing is its element ("fire"), a row is "row1".."row7", a stone
field is "one-stone", "two-stone" or "three-stone". Cards of one value are
interchangeable, so a card is fully described by its value.
A chamber is a dict {"wing": "water", "row": 5, "field": 3}.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

WINGS = ["air", "water", "earth", "fire"]
ROWS = [f"row{r}" for r in range(1, 8)]
STONES = ["one-stone", "two-stone", "three-stone"]
FIELD_WORDS = ["one", "two", "three"]
KINDS = ["wing", "row", "stone"]
ALL_CARDS = WINGS + ROWS + STONES

# FS-1: how many copies of each card the deck holds (47 in all).
ROW_COUNTS = [1, 2, 3, 4, 3, 2, 1]
COUNTS: dict[str, int] = {
    **{w: 4 for w in WINGS},
    **{f"row{r}": c for r, c in zip(range(1, 8), ROW_COUNTS, strict=True)},
    **{s: 5 for s in STONES},
}


def is_card(card: Any) -> bool:
    return isinstance(card, str) and card in COUNTS


def new_deck() -> list[str]:
    """The 47 cards in a fixed order; the shuffle (core.Rng) makes it a deck."""
    return [c for c in ALL_CARDS for _ in range(COUNTS[c])]


def kind(card: str) -> str:
    if card in WINGS:
        return "wing"
    if card in STONES:
        return "stone"
    if card in ROWS:
        return "row"
    raise ValueError(f"not a card: {card!r}")


def value(card: str) -> int:
    """FS-1 values: wings 1-4 in the order Air, Water, Earth, Fire; row number; stones 1-3."""
    k = kind(card)
    if k == "wing":
        return WINGS.index(card) + 1
    if k == "stone":
        return STONES.index(card) + 1
    return int(card[3:])


def sort_key(card: str) -> tuple[int, int]:
    """Wing, row, stone; within a kind by value: the order every list is shown in."""
    return KINDS.index(kind(card)), value(card)


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)


def combo_value(cards: Sequence[str]) -> int:
    """A combination scores the product of its three values (1..84)."""
    total = 1
    for c in cards:
        total *= value(c)
    return total


def is_combination(cards: Sequence[str]) -> bool:
    return len(cards) == 3 and sorted(kind(c) for c in cards) == sorted(KINDS)


def hand_ok(hand: Sequence[str]) -> bool:
    """The double rule (FS-10): at most two cards, never two of one kind."""
    kinds = [kind(c) for c in hand]
    return len(hand) <= 2 and len(set(kinds)) == len(kinds)


def discard_options(hand: Sequence[str]) -> list[str]:
    """Cards whose discard restores the double rule; empty when the hand already obeys it.

    Equal cards are one option: which copy goes makes no difference.
    """
    if hand_ok(hand):
        return []
    options = []
    for i, c in enumerate(hand):
        rest = list(hand[:i]) + list(hand[i + 1 :])
        if hand_ok(rest) and c not in options:
            options.append(c)
    return sorted_cards(options)


def chamber(wing: str, row: int, field: int) -> dict[str, Any]:
    return {"wing": wing, "row": row, "field": field}


def all_chambers() -> list[dict[str, Any]]:
    """FS-2: 4 wings x 7 rows x 3 stone fields."""
    return [chamber(w, r, f) for w in WINGS for r in range(1, 8) for f in (1, 2, 3)]


def chamber_matches(ch: dict[str, Any], card: str) -> bool:
    """Whether a stone on this chamber tells the truth about holding `card`."""
    k = kind(card)
    if k == "wing":
        return ch["wing"] == card
    if k == "row":
        return ch["row"] == value(card)
    return ch["field"] == value(card)


def consistent_chambers(hand: Sequence[str]) -> list[dict[str, Any]]:
    """FS-13: the chambers a stone may be placed on, truthful to every card in hand."""
    return [ch for ch in all_chambers() if all(chamber_matches(ch, c) for c in hand)]


def is_chamber(ch: Any) -> bool:
    return (
        isinstance(ch, dict)
        and ch.get("wing") in WINGS
        and type(ch.get("row")) is int
        and 1 <= ch["row"] <= 7
        and type(ch.get("field")) is int
        and 1 <= ch["field"] <= 3
    )


def card_label(card: str) -> str:
    """How a card reads in text: "fire", "row 5", "three-stone"."""
    if card in ROWS:
        return f"row {card[3:]}"
    return card


def chamber_label(ch: dict[str, Any]) -> str:
    return f"{ch['wing']} {ch['row']} {FIELD_WORDS[ch['field'] - 1]}"
