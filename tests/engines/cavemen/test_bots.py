"""Cavemen bots: legal moves only, from the view only; the simple bot attacks when it knows it wins
and runs for a fire."""

from __future__ import annotations

import random

from engines.cavemen import ENGINE as E
from engines.core import Rng
from tests.engines.cavemen.scenario import BLUE, RED, board, put

BOTS = E.bots()


def _choose(state: dict, bot: str = "simple") -> dict:
    seat = E.to_move(state)
    legal = E.legal_moves(state, seat)
    move = BOTS[bot](E.view(state, seat), legal, random.Random(1))
    assert move in legal
    return move


def test_simple_puts_out_a_fire_when_it_can() -> None:
    s = board()
    put(s, RED, "gritty", 2, 6)
    put(s, RED, "snappy", 1, 2)
    assert _choose(s)["type"] == "extinguish"


def test_simple_attacks_a_known_weaker_caveman_but_not_an_unknown_one() -> None:
    s = board()
    put(s, RED, "snappy", 1, 3)
    put(s, BLUE, "gutsy", 1, 4, known=2)
    assert _choose(s) == {"type": "attack", "path": 1, "row": 4, "from_path": 1, "from_row": 3}
    s = board()
    put(s, RED, "snappy", 1, 3)
    put(s, BLUE, "gutsy", 1, 4)  # unknown to Red: it might be Ballsy or Dino
    assert _choose(s)["type"] != "attack"


def test_simple_runs_forward_towards_the_fires() -> None:
    s = board(turn=BLUE)
    put(s, BLUE, "gritty", 2, 4)
    assert _choose(s) == {"type": "step", "path": 2, "row": 4, "dir": "down"}


def test_bots_see_only_the_view_and_finish_games() -> None:
    for bot in ("random", "simple"):
        for seed in range(6):
            s, _ = E.setup(2, {"open": seed % 2 == 0, "round_limit": 60}, Rng(b"b%d" % seed))
            rnd = random.Random(seed)
            for i in range(20000):
                seat = E.to_move(s)
                if seat is None:
                    break
                view = E.view(s, seat)
                move = BOTS[bot](view, E.legal_moves(s, seat), rnd)
                s, _ = E.apply(s, seat, move, Rng(b"%d" % i))
            assert E.result(s) is not None
