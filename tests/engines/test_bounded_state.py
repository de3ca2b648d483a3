"""No engine's state or view grows with the history: the server serialises the state
and every seat's view on each append, and the audit does the same for every step, so a state
that keeps the game's past makes move 10,000 cost many times move 10. What a player needs of
the past lives in the log (`recall`), not in the state.

Each configuration plays random moves (a kind of move, then a move of that kind, as
bench.playouts.pick does), starting a new game when one ends, and every `CHECK_EVERY` moves
measures the canonical JSON (RFC 8785) of the state and of every view, the spectator's
included. The bound is a multiple of the largest such size at setup, the multiple fixed per
engine below: it does not depend on how many moves were played. Feuersalamander version 3,
which kept every question and claim, passes 39 times its setup size within 5,000 moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engines
from bench.playouts import pick
from engines.core import Engine, Rng, State
from protocol.canonical import canonical
from tests.depth import LONG

MOVES = 20_000 if LONG else 5_000
CHECK_EVERY = 100  # serialising every view each move would cost more than the moves

# Bound = this multiple of the largest canonical state or view at setup, and why it holds.
GROWTH: dict[str, float] = {
    # A fixed board and set of pieces: burned ones are counted once, the last move and position replaced.
    "magier": 3.0,
    # 47 cards that move between stack, hands, discard pile and at most 15 laid combinations; no past.
    "feuersalamander": 3.0,
    # Fixed stocks of cards that only move between field, hands, piles and the gone pile; no past steps.
    "cavemen": 3.0,
    # Fixed piles and decks whose cards move between piles, hands and principalities; counters are numbers.
    "siedler": 3.0,
}

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("magier", 2, {"wrap": "line", "open_placement": True}),
    ("magier", 2, {"wrap": "torus", "open_placement": True}),
    # A low target makes random games long (several thousand moves) without ending them.
    ("feuersalamander", 2, {"target": 20}),
    ("feuersalamander", 3, {"target": 20}),
    ("feuersalamander", 4, {"target": 20}),
    ("cavemen", 2, {"open": False}),
    ("cavemen", 2, {"open": True}),
    ("siedler", 2, {}),
]


def largest(engine: Engine, state: State, seats: int) -> tuple[int, str]:
    """The largest canonical size among the state and every view (spectator's included), and whose."""
    sizes = [(len(canonical(state)), "the state")]
    sizes += [(len(canonical(engine.view(state, seat))), f"the view of {seat}") for seat in [None, *range(seats)]]
    return max(sizes)


def shipped() -> set[str]:
    """The engines the project ships (test toys registered at run time are not among them)."""
    return {e for e in engines.ids() if engines.get(e).__module__.startswith("engines.")}


def test_every_engine_is_configured() -> None:
    """A new engine must say its bound here, else its growth goes unchecked."""
    assert set(GROWTH) == shipped() == {c[0] for c in CONFIGS}


@pytest.mark.parametrize(("engine_id", "seats", "options"), CONFIGS, ids=lambda v: str(v))
def test_state_and_views_stay_within_a_bound_that_does_not_depend_on_the_move_count(
    engine_id: str, seats: int, options: dict[str, Any]
) -> None:
    engine = engines.get(engine_id)
    rnd = random.Random(f"{engine_id} {seats} {sorted(options.items())}")
    state, _ = engine.setup(seats, options, Rng(b"bounded 0"))
    bound = int(GROWTH[engine_id] * largest(engine, state, seats)[0])
    games, played, step = 1, 0, 0
    while played < MOVES:
        seat = engine.to_move(state)
        if seat is None:  # over: a new game, so the run keeps playing
            state, _ = engine.setup(seats, options, Rng(b"bounded %d" % games))
            games, step = games + 1, 0
            continue
        move = pick(engine.legal_moves(state, seat), rnd)
        state, _ = engine.apply(state, seat, move, Rng(b"bounded %d %d" % (games, step)))
        played, step = played + 1, step + 1
        if played % CHECK_EVERY == 0:
            size, whose = largest(engine, state, seats)
            assert size <= bound, (
                f"{engine_id} {seats} {options}: {whose} is {size} bytes at move {step} of game {games} "
                f"({played} moves in all), over the bound {bound} ({GROWTH[engine_id]} x the setup's largest)"
            )
