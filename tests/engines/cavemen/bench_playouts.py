"""How fast is Cavemen's apply() in random playouts? (aim: 20,000 a second, the engine
rate `make bench` reports)

    .venv/bin/python tests/engines/cavemen/bench_playouts.py [GAMES]

Plays GAMES random-bot games (half closed, half open) and reports apply() calls a second
(apply alone) and decisions a second for the whole loop (view, legal_moves, bot, apply).
Not a test: figures depend on the machine.
"""

from __future__ import annotations

import random
import sys
import time

from engines.cavemen import ENGINE as E
from engines.core import Rng


def main(games: int) -> None:
    bot = E.bots()["random"]
    applies, in_apply = 0, 0.0
    started = time.perf_counter()
    for seed in range(games):
        state, _ = E.setup(2, {"open": seed % 2 == 1}, Rng(b"bench %d" % seed))
        rnd = random.Random(seed)
        while (seat := E.to_move(state)) is not None:
            move = bot(E.view(state, seat), E.legal_moves(state, seat), rnd)
            rng = Rng(b"bench %d %d" % (seed, applies))
            t0 = time.perf_counter()
            state, _ = E.apply(state, seat, move, rng)
            in_apply += time.perf_counter() - t0
            applies += 1
    total = time.perf_counter() - started
    print(f"{games} games, {applies} apply() calls: {applies / in_apply:,.0f} apply/s; "
          f"{applies / total:,.0f} decisions/s for the whole loop (view, legal_moves, bot, apply)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
