"""The cards of Cavemen Playing With Fire (CV-1) and how fights between cavemen end (CV-8..CV-10).

Pure data and pure functions; no state, no randomness.
"""

from __future__ import annotations

CAVE = "cave"
FIRE = "fire"

# CV-1: name -> rank (lower beats higher); Dino has no rank (CV-9).
RANKS: dict[str, int | None] = {
    "ballsy": 1,
    "snappy": 2,
    "gritty": 3,
    "plucky": 4,
    "gutsy": 5,
    "dino": None,
    "zippy": 7,
}
CAVEMEN = tuple(RANKS)
COUNTS = {"ballsy": 1, "snappy": 1, "gritty": 2, "plucky": 1, "gutsy": 3, "dino": 1, "zippy": 1}
DOUBLE = frozenset({"plucky", "gutsy"})  # two moves in the path where they began the turn (CV-6)
RETURNERS = frozenset({"zippy", "ballsy"})  # losing one returns the inactive deck (CV-14)
HAND_CARDS = (CAVE, *CAVEMEN)

FIRES_PER_PLAYER = 3
CAVES_PER_PLAYER = 12
CAVES_LAID = 6  # two above each fire (CV-4)


def is_caveman(card: object) -> bool:
    return isinstance(card, str) and card in RANKS


def label(card: str) -> str:
    """A card as players call it: "Gutsy (5)", "Dino", "cave"."""
    if card in RANKS:
        rank = RANKS[card]
        return card.capitalize() + ("" if rank is None else f" ({rank})")
    return card


def stockpile() -> list[str]:
    """CV-4: the 16 cards left of a deck of 25 once fires and six caves are laid (sorted; shuffle it)."""
    cards = [CAVE] * (CAVES_PER_PLAYER - CAVES_LAID)
    for name in CAVEMEN:
        cards += [name] * COUNTS[name]
    return cards


def sort_hand(cards: list[str]) -> list[str]:
    """Hand order: cavemen by rank (Dino after Gutsy, Zippy last), caves at the end."""
    order = {name: i for i, name in enumerate(HAND_CARDS[1:])}
    order[CAVE] = len(order)
    return sorted(cards, key=lambda c: order.get(c, 99))


def fight(attacker: str, defender: str) -> str:
    """The outcome of an attack: "attacker", "defender", "tie" (both to their inactive decks,
    L79) or "dino" (both leave the game, CV-9). CV-10: Zippy attacking Ballsy wins; otherwise
    Zippy loses to any caveman but Zippy (Ballsy attacking Zippy wins by rank anyway)."""
    if attacker == "dino" or defender == "dino":
        return "dino"
    if attacker == "zippy" and defender == "ballsy":
        return "attacker"
    a, d = RANKS[attacker], RANKS[defender]
    assert a is not None and d is not None
    if a == d:
        return "tie"
    return "attacker" if a < d else "defender"
