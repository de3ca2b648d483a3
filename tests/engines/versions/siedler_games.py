"""Siedler's pinned games (tracing.py): the tournament game and the basic one, each option
set once, long enough for trades with the bank and the opponent, duels and their counters,
event cards, builds and expansions.

Moves are chosen by kind first (build, trade, play, end, ...), then one of that kind: a
uniform choice among all listed moves would be mostly trades, as every bank rate and bundle
is listed. RULES are forced and every answer Siedler has known: a version that does not know
one refuses it, and that refusal is part of its trace.
"""

from typing import Any

GAMES = [
    {"seats": 2, "options": options, "seed": f"siedler {n}", "plies": plies}
    for n, (options, plies) in enumerate(
        [
            ({}, 500),
            ({}, 500),
            ({"variant": "basic"}, 400),
            ({"brigand_loses": "ore+wool", "brigand_grace_turns": 0, "windmill_needs_city": False}, 400),
            ({"variant": "basic", "target": 7}, 450),
        ]
    )
]

RULES = [
    {"kind": "forced"},
    {"kind": "decline-trades"},
    {"kind": "accept-trade", "give": {"wool": 1}, "get": {"lumber": 1}},
    {"kind": "never-counter"},
    {"kind": "plenty-least-held"},
    {"kind": "never-swap"},
    {"kind": "always-roll"},
]


# how often a kind is chosen where it is listed (others: 2): the game moves on by building
# and playing cards; taking a built card away (remove) only sets it back
WEIGHTS = {"build": 8, "expand": 8, "play": 8, "counter": 8, "remove": 0, "offer": 1}


def choose(engine: Any, state: Any, seat: int, legal: list[Any], rnd: Any) -> Any:
    """A listed move of a kind chosen first (kinds in the order they are first listed)."""
    if not legal:
        return None
    kinds: list[str] = []
    for move in legal:
        if move.get("type") not in kinds:
            kinds.append(move.get("type"))
    weights = [WEIGHTS.get(k, 2) for k in kinds]
    if not any(weights):
        weights = [1] * len(kinds)
    pick, i = rnd.randrange(sum(weights)), 0
    while pick >= weights[i]:
        pick, i = pick - weights[i], i + 1
    kind = kinds[i]
    same = [m for m in legal if m.get("type") == kind]
    return same[rnd.randrange(len(same))]
