"""Engine throughput: apply() and legal_moves() calls a second in random playouts.

A playout is a game between random movers: the mover picks a kind of move
uniformly (the move's "type"), then one move of that kind, as the engines'
"random" bots do, so Feuersalamander's thousands of listed claims do not drown
the throw and games move on. Only the engine calls are timed (perf_counter
around each call); the random choices and the Rng keys are not. Games are
replayed from fixed seeds until each configuration has made `plies` moves, so
two runs time the same calls.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engines
from engines.core import Engine, Rng

# Options per engine for the playouts: magier places openly (a blind game's placements carry
# commitments a random mover does not make), Feuersalamander aims low (random play rarely
# ends a game at 84), cavemen closed (its default) and open. Siedler plays with its defaults.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "magier": [{"wrap": "line", "open_placement": True}, {"wrap": "torus", "open_placement": True}],
    "feuersalamander": [{"target": 20}],
    "cavemen": [{}, {"open": True}],
}


def configs() -> list[tuple[str, int, dict[str, Any]]]:
    """(engine id, seats, options) timed by `make bench`: every engine at every player count."""
    out = []
    for engine_id in engines.ids():
        engine = engines.get(engine_id)
        for seats in range(engine.min_seats, engine.max_seats + 1):
            out += [(engine_id, seats, dict(o)) for o in OPTIONS.get(engine_id, [{}])]
    return out


@dataclass
class Rates:
    engine: str
    seats: int
    options: dict[str, Any]
    apply_calls: int
    apply_seconds: float
    legal_calls: int
    legal_seconds: float
    games: int

    @property
    def apply_per_s(self) -> float:
        return self.apply_calls / self.apply_seconds

    @property
    def legal_per_s(self) -> float:
        return self.legal_calls / self.legal_seconds

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "seats": self.seats,
            "options": self.options,
            "games": self.games,
            "apply_calls": self.apply_calls,
            "legal_moves_calls": self.legal_calls,
            "apply_per_s": round(self.apply_per_s),
            "legal_moves_per_s": round(self.legal_per_s),
        }


def pick(legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    """A kind of move uniformly, then a move of that kind."""
    kinds = sorted({str(m.get("type")) for m in legal})
    kind = rnd.choice(kinds)
    return rnd.choice([m for m in legal if str(m.get("type")) == kind])


def playout_rates(
    engine: Engine, seats: int, options: dict[str, Any], plies: int, repeat: int = 3
) -> Rates:
    """The best of `repeat` runs of `playout` (the machine is shared: the best run is the one
    least disturbed), apply and legal_moves each at its fastest."""
    return side_by_side([engine], seats, options, plies, repeat)[0]


def side_by_side(
    variants: list[Engine], seats: int, options: dict[str, Any], plies: int, repeat: int = 3
) -> list[Rates]:
    """`playout_rates` of several implementations of one game, their runs interleaved so that
    a busy moment of the machine slows them alike: ratios between them are fair."""
    runs: list[list[Rates]] = [[] for _ in variants]
    for _ in range(repeat):
        for i, engine in enumerate(variants):
            runs[i].append(playout(engine, seats, options, plies))
    best = []
    for timed in runs:
        first = timed[0]
        first.apply_seconds = min(r.apply_seconds for r in timed)
        first.legal_seconds = min(r.legal_seconds for r in timed)
        best.append(first)
    return best


def playout(
    engine: Engine,
    seats: int,
    options: dict[str, Any],
    plies: int,
    seed: int = 9,
    max_game: int = 600,
    clock: Callable[[], float] = time.perf_counter,
) -> Rates:
    """Random games from fixed seeds until `plies` moves were applied; each game stops at
    its end or after `max_game` moves (random Feuersalamander play rarely reaches a target)."""
    apply_s = legal_s = 0.0
    apply_n = legal_n = games = 0
    while apply_n < plies:
        rnd = random.Random(seed * 1_000_003 + games)
        state, _ = engine.setup(seats, options, Rng(b"bench setup %d %d" % (seed, games)))
        games += 1
        for i in range(max_game):
            seat = engine.to_move(state)
            if seat is None or apply_n >= plies:
                break
            t0 = clock()
            legal = engine.legal_moves(state, seat)
            t1 = clock()
            legal_s += t1 - t0
            legal_n += 1
            move = pick(legal, rnd)
            rng = Rng(b"bench move %d %d" % (games, i))
            t0 = clock()
            state, _ = engine.apply(state, seat, move, rng)
            t1 = clock()
            apply_s += t1 - t0
            apply_n += 1
    return Rates(engine.id, seats, dict(options), apply_n, apply_s, legal_n, legal_s, games)
