"""Cavemen's pinned games (tracing.py): the closed and the open game, several seeds.

Moves lean towards fights (choose): cavemen that attack, move on after a won attack and put
out fires reach the corners of CV-6..CV-11 that purely random play seldom does (a test of
this file caught the change of 33e5642, a Plucky's move after a won first attack). The first
eight games end by a fire put out (CV-11) or run 400 plies; the last two draw after three
rounds (round_limit, CV-17). Cavemen has no answers in advance of its own, so the example
rule is `forced` only (tracing.py's default), the one rule its versions 1 and 2 answer
differently.
"""

from __future__ import annotations

import random
from typing import Any

GAMES = [
    {"seats": 2, "options": {"open": is_open}, "seed": f"cavemen {is_open} {n}", "plies": 400}
    for is_open in (False, True)
    for n in range(4)
] + [
    {"seats": 2, "options": {"open": is_open, "round_limit": 3}, "seed": f"cavemen {is_open} short", "plies": 300}
    for is_open in (False, True)
]


def choose(engine: Any, state: Any, seat: int, legal: list[Any], rnd: random.Random) -> Any:
    """Half the moves as random as any (None: tracing's keyed choice); the other half an attack
    or a fire put out where there is one, else a caveman's move where there is one."""
    if rnd.random() < 0.5:
        return None
    for kinds in (("attack", "extinguish"), ("step", "jump", "side")):
        these = [m for m in legal if m["type"] in kinds]
        if these:
            return these[rnd.randrange(len(these))]
    return None
