"""Helpers for siedler scenario tests: a real game set up by the engine, then arranged.

Chance stays real: `key_for` searches an Rng key whose first throws are the wanted
ones (a production number, an event face, a duel die), so no test fakes the Rng.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Event, Rng
from engines.siedler import principality as pr
from engines.siedler import turn
from engines.siedler.rules import Siedler

E = Siedler()


def key_for(ok: Callable[[Rng], bool], prefix: bytes = b"k") -> bytes:
    """The first key prefix+N whose Rng satisfies `ok` (which draws what the move will draw)."""
    for i in range(100_000):
        key = prefix + str(i).encode()
        if ok(Rng(key)):
            return key
    raise AssertionError("no key found")


def dice_key(production: int | None = None, face: str | None = None) -> bytes:
    """A key for a roll: production die then event die (turn.roll draws in this order)."""

    def ok(rng: Rng) -> bool:
        p = 1 + rng.randbelow(6)
        f = turn.FACES[rng.randbelow(6)]
        return (production is None or p == production) and (face is None or f == face)

    return key_for(ok)


def die_key(*wanted: int) -> bytes:
    """A key whose first production-die throw is one of `wanted` (a duel)."""
    return key_for(lambda rng: 1 + rng.randbelow(6) in wanted)


def new_game(variant: str = "tournament-new-players", *, arranged: bool = True, **options: Any) -> dict[str, Any]:
    """A game after setup; with `arranged` both players have kept the default regions (SI-6)."""
    state, _ = E.setup(2, {"variant": variant, **options}, Rng(b"table"))
    while arranged and state["pending"]["kind"] == "arrange":
        state, _ = play(state, state["pending"]["seat"], {"type": "keep"})
    return state


def play(state: dict[str, Any], seat: int, move: dict[str, Any], key: bytes = b"m") -> tuple[dict[str, Any], list[Event]]:
    return E.apply(state, seat, move, Rng(key))


def opening(variant: str = "tournament-new-players", **options: Any) -> dict[str, Any]:
    """Both starting hands taken (the first three cards of piles 1 and 2): the start player's roll."""
    state = new_game(variant, **options)
    first = state["start_player"]
    for seat, pile in ((first, 0), (1 - first, 1)):
        state, _ = play(state, seat, {"type": "search", "pile": pile})
        state, _ = play(state, seat, {"type": "take", "cards": sorted(state["piles"][pile][:3])})
    assert state["pending"]["kind"] == "roll"
    return state


def to_action(state: dict[str, Any], production: int = 6, face: str = "plenty") -> dict[str, Any]:
    """Roll (with chosen dice) and answer any resource choices until the action phase."""
    seat = state["turn"]
    state, _ = play(state, seat, {"type": "roll"}, dice_key(production, face))
    while state["pending"]["kind"] == "choose":
        state, _ = play(state, state["pending"]["seat"], E.legal_moves(state, state["pending"]["seat"])[0])
    assert state["pending"]["kind"] == "action", state["pending"]
    return state


def set_stock(state: dict[str, Any], seat: int, **stock: int) -> None:
    """Set the stored resources of these types (filled region by region, up to 3 each)."""
    p = state["principalities"][seat]
    for res, n in stock.items():
        for _, _, r in pr.regions(p):
            if _res(r) == res:
                r["stock"] = min(3, n)
                n -= r["stock"]
        assert n == 0, f"no room for all the {res}"


def empty(state: dict[str, Any], seat: int) -> None:
    for _, _, r in pr.regions(state["principalities"][seat]):
        r["stock"] = 0


def _res(r: dict[str, Any]) -> str:
    from engines.siedler import cards

    return cards.card(r["card"])["resource"]


def put(state: dict[str, Any], seat: int, card: str, col: int = 0, side: str = "above", level: int = 0) -> None:
    """An expansion on a site, as if built earlier (taken from its pile, so cards are conserved)."""
    for pile in state["piles"]:
        if card in pile:
            pile.remove(card)
            break
    pr.center(state["principalities"][seat], col)[side][level] = card


def cityfy(state: dict[str, Any], seat: int, col: int = 0) -> None:
    c = pr.center(state["principalities"][seat], col)
    c["card"] = "city"
    c["above"].append(None)
    c["below"].append(None)


def give_hand(state: dict[str, Any], seat: int, *cards_: str) -> None:
    """Move these cards from the piles (or the display) into a hand, keeping the count of cards."""
    for c in cards_:
        for pile in state["piles"]:
            if c in pile:
                pile.remove(c)
                break
        else:
            raise AssertionError(f"{c} is in no pile")
        state["hands"][seat].append(c)


def stock(state: dict[str, Any], seat: int) -> dict[str, int]:
    return pr.resources(state["principalities"][seat])
