"""Bots: `random` (any legal move) and `builder` (builds for points, trades toward a build).

Bots see only the seat's view and the legal moves, so they cannot cheat.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engines.core import Move
from engines.siedler import cards

View = dict[str, Any]


def _usual(legal: list[Move]) -> list[Move]:
    """The moves that name no regions: a bot pays and gains as the fixed reading does (SI-4,
    SI-17), so a choice of regions does not weigh a build more than a move without one."""
    return [m for m in legal if "from" not in m and "to" not in m] or legal


def random_bot(view: View, legal: list[Move], rnd: random.Random) -> Move:
    """Any legal move; in the action phase it ends now and then, so games move on."""
    plain = [m for m in _usual(legal) if m["type"] != "offer"] or legal
    return rnd.choice(plain)


def _stock(view: View) -> Counter[str]:
    seat = view["seat"]
    out: Counter[str] = Counter()
    for slot in view["principalities"][seat]["regions"].values():
        for r in slot.values():
            if r is not None:
                out[cards.card(r["card"])["resource"]] += r["stock"]
    return out


def _room(view: View, resource: str) -> int:
    """How many more of this resource the seat's regions can hold."""
    return sum(
        3 - r["stock"]
        for slot in view["principalities"][view["seat"]]["regions"].values()
        for r in slot.values()
        if r is not None and cards.card(r["card"])["resource"] == resource
    )


def _wanted(view: View) -> list[dict[str, int]]:
    """Costs the builder aims at: a city, a settlement, a road, the expansions in hand."""
    costs = [cards.cost("city"), cards.cost("settlement"), cards.cost("road")]
    costs += [cards.cost(c) for c in view["hand"] or [] if cards.kind(c) in cards.EXPANSIONS]
    return costs


def _affordable(stock: Counter[str], cost: dict[str, int]) -> bool:
    return all(stock[r] >= n for r, n in cost.items())


def _score(view: View, move: Move) -> float:
    t = move["type"]
    if t == "build":
        return {"city": 100, "settlement": 90, "road": 50}[move["what"]]
    if t == "expand":
        c = move["card"]
        return 60 + 15 * cards.points(c, "vp") + 3 * sum(cards.points(c, k) for k in ("strength", "commerce"))
    if t == "play":
        return 40
    if t == "trade":
        if not _room(view, move["get"]):
            return -9  # listed (the rules allow it), but the gain would be lost
        stock = _stock(view)
        after = stock.copy()
        after[move["give"]] -= move["rate"]
        after[move["get"]] += 1
        gained = any(_affordable(after, c) and not _affordable(stock, c) for c in _wanted(view))
        return (30 if gained else -1) - move["rate"] / 10  # the best rate first
    if t in ("counter", "accept"):
        return 20
    if t in ("done", "draw", "nocounter", "decline", "roll", "keep"):
        return 10
    if t in ("end", "pass"):
        return 0
    if t in ("remove", "offer", "exchange", "search", "reclaim"):
        return -5
    return 5


def builder_bot(view: View, legal: list[Move], rnd: random.Random) -> Move:
    """Take the best-scoring move (ties at random); resource choices take the scarcest."""
    legal = _usual(legal)
    choices = [m for m in legal if m["type"] == "choose"]
    if choices:
        stock = _stock(view)
        return min(choices, key=lambda m: (stock[m["resource"]], rnd.random()))
    return max(legal, key=lambda m: (_score(view, m), rnd.random()))
