"""Bots for Cavemen. They see a seat's view and the legal moves only (never the state).

"random" picks a kind of move uniformly, then one move of that kind. "simple" puts out a
fire when it can, attacks only when the view tells it it wins (its own card against a
defender it can see, or Ballsy against anything but Ballsy and Dino, which it cannot
rule out, so only against a known card), otherwise runs its cavemen towards the
opponent's fires (Zippy by jumps), places cavemen as far forward as it may and caves
over the opponent's, discards caves it cannot use and reveals with Zippy at random.
"""

from __future__ import annotations

import random
from typing import Any

from engines.cavemen import cards
from engines.cavemen.field import FIRE_ROW, index

Move = dict[str, Any]


def random_bot(view: dict[str, Any], legal: list[Move], rnd: random.Random) -> Move:
    by_type: dict[str, list[Move]] = {}
    for m in legal:
        by_type.setdefault(m["type"], []).append(m)
    kind = rnd.choice(sorted(by_type))
    return rnd.choice(by_type[kind])


def _card_at(view: dict[str, Any], path: int, row: int) -> str | None:
    piece = view["field"][index(path, row)]
    return None if piece is None else piece.get("card")


def wins(view: dict[str, Any], move: Move) -> bool:
    """Whether an attack surely wins from what the view shows."""
    mine = _card_at(view, move["from_path"], move["from_row"])
    theirs = _card_at(view, move["path"], move["row"])
    if mine is None or theirs is None:
        return False
    return cards.fight(mine, theirs) == "attacker"


def _forward(view: dict[str, Any], move: Move) -> int:
    """How many rows a step or jump brings a caveman nearer the opponent's fires."""
    goal = FIRE_ROW[1 - view["seat"]]
    start = move["row"]
    d = 1 if move["dir"] == "up" else -1
    end = start + d * (2 if move["type"] == "jump" else 1)
    return abs(goal - start) - abs(goal - end)


def simple_bot(view: dict[str, Any], legal: list[Move], rnd: random.Random) -> Move:  # noqa: PLR0911
    kinds: dict[str, list[Move]] = {}
    for m in legal:
        kinds.setdefault(m["type"], []).append(m)
    end = {"type": "end"}
    pending = view["pending"]["kind"]
    if pending == "zippy":
        reveals = kinds.get("reveal", [])
        return rnd.choice(reveals) if reveals else {"type": "noreveal"}
    if pending == "redraw":
        return end
    if pending == "move":
        if "extinguish" in kinds:
            return kinds["extinguish"][0]
        sure = [m for m in kinds.get("attack", []) if wins(view, m)]
        if sure:
            return rnd.choice(sure)
        ahead = [m for m in kinds.get("step", []) + kinds.get("jump", []) if _forward(view, m) > 0]
        if ahead:
            best = max(_forward(view, m) for m in ahead)
            return rnd.choice([m for m in ahead if _forward(view, m) == best])
        return end
    if pending == "place":
        places = kinds.get("place", [])
        if places:
            goal = FIRE_ROW[1 - view["seat"]]
            nearest = min(abs(goal - m["row"]) for m in places)
            return rnd.choice([m for m in places if abs(goal - m["row"]) == nearest])
        if "cave" in kinds:
            return rnd.choice(kinds["cave"])
        return end
    if pending == "discard":
        caves = [m for m in kinds.get("discard", []) if m["card"] == cards.CAVE]
        if caves and not any(owner != view["seat"] for owner in view["caves"].values()):
            return caves[0]
        return end
    return rnd.choice(legal)
