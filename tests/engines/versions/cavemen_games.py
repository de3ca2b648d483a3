"""Cavemen's pinned games (tracing.py): the closed and the open game, several seeds.

The first eight end by a fire put out (CV-11) or run 300 plies: moves, placements, caves,
fights, Zippy's reveal, the returned inactive deck. The last two draw after three rounds
(round_limit, CV-17). Cavemen has no answers in advance of its own, so the example rule is
`forced` only (tracing.py's default), the one rule its versions 1 and 2 answer differently.
"""

GAMES = [
    {"seats": 2, "options": {"open": is_open}, "seed": f"cavemen {is_open} {n}", "plies": 300}
    for is_open in (False, True)
    for n in range(4)
] + [
    {"seats": 2, "options": {"open": is_open, "round_limit": 3}, "seed": f"cavemen {is_open} short", "plies": 300}
    for is_open in (False, True)
]
