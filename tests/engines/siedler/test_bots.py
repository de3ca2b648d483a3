"""The bots play from the view alone and finish games (builder), both variants."""

from __future__ import annotations

import random

import pytest

from engines.core import Rng
from tests.engines.siedler.table import E


@pytest.mark.parametrize("variant", ["tournament-new-players", "basic"])
@pytest.mark.parametrize("seed", [1, 2])
def test_builder_games_end_with_a_winner_at_12(variant: str, seed: int) -> None:
    bots = E.bots()
    state, _ = E.setup(2, {"variant": variant}, Rng(b"bots %d" % seed))
    rnd = random.Random(seed)
    for i in range(3000):
        seat = E.to_move(state)
        if seat is None:
            break
        legal = E.legal_moves(state, seat)
        move = bots["builder"](E.view(state, seat), legal, rnd)
        assert move in legal
        state, _ = E.apply(state, seat, move, Rng(b"bots %d %d" % (seed, i)))
    result = E.result(state)
    assert result is not None and result["scores"][result["winner"]] >= 12


def test_random_bot_picks_a_legal_move() -> None:
    state, _ = E.setup(2, {}, Rng(b"r"))
    rnd = random.Random(0)
    for i in range(200):
        seat = E.to_move(state)
        legal = E.legal_moves(state, seat)
        move = E.bots()["random"](E.view(state, seat), legal, rnd)
        assert move in legal
        state, _ = E.apply(state, seat, move, Rng(b"r %d" % i))
