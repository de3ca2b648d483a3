"""Feuersalamander's pinned games (tracing.py): 2, 3 and 4 seats, low and default targets.

Moves drawn uniformly from the legal list would nearly always be one of the thousands of
listed claims, and nearly every claim fails, so a game would never end. `choose` plays
like the random bot instead (a kind of move first, then one of that kind) and, half the
time it may claim, lays a combination that holds (it reads the hands from the state: a
trace is not a player). So the games reach their ends (a claim reaching the target, or a
deck that can no longer make a combination) through questions, answers, failed and laid
claims, exchanges, the dungeon and the double rule: all that versions 3, 4 and 5 store,
show or answer differently.

Leaving (three or four seats) is no move, so no trace plays it: the scenario tests do
(tests/engines/feuersalamander/test_versions.py, test_leaving.py).
"""

from __future__ import annotations

import random
from typing import Any

GAMES = [
    {"seats": seats, "options": options, "seed": f"feuersalamander {seats} {n}", "plies": plies}
    for seats, options, n, plies in [
        (2, {}, 0, 1000),
        (2, {"target": 12}, 1, 400),
        (2, {"target": 30}, 2, 500),
        (3, {"target": 20}, 0, 500),
        (3, {"target": 5000}, 2, 2000),
        (4, {"target": 16}, 0, 500),
        (4, {"target": 40}, 1, 700),
        (4, {"target": 60}, 2, 700),
    ]
]

# The only kind of answer in advance Feuersalamander has: `forced` (answered for every seat at
# every step; version 5 answers fewer decisions with it than 3 and 4).
RULES = [{"kind": "forced"}]


def _holds(state: dict[str, Any], move: dict[str, Any]) -> bool:
    return all(item["card"] in state["hands"][item["seat"]] for item in move["named"])


def choose(engine: Any, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rnd: random.Random) -> Any:
    """A kind of move uniformly, then one move of it; a claim that holds half the time one exists."""
    if not legal:
        return None
    by_type: dict[str, list[dict[str, Any]]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    if "claim" in by_type and rnd.random() < 0.8:
        good = [m for m in by_type["claim"] if _holds(state, m)]
        if good:
            return good[rnd.randrange(len(good))]
    kind = sorted(by_type)[rnd.randrange(len(by_type))]
    return by_type[kind][rnd.randrange(len(by_type[kind]))]
