"""Bots play legal moves from a view only (with the record of the questions the client folds from
the log, when it attaches one); simple bots finish games at the default target."""

from __future__ import annotations

import random

import pytest

from engines import get
from engines.core import Rng
from engines.feuersalamander import bots
from tests.engines.feuersalamander.memory import Memory

E = get("feuersalamander")


def run(n: int, names: list[str], seed: int, target: int = 84, cap: int = 4000) -> tuple[dict, int]:
    st, events = E.setup(n, {"target": target}, Rng(b"bots %d %d" % (n, seed)))
    memory = Memory(E, n)
    memory.step(events)
    rnd = random.Random(seed)
    table = E.bots()
    moves = 0
    while E.to_move(st) is not None and moves < cap:
        seat = E.to_move(st)
        legal = E.legal_moves(st, seat)
        move = table[names[seat]](memory.view(st, seat), legal, rnd)
        assert move in legal or move["type"] == "claim"
        st, events = E.apply(st, seat, move, Rng(b"bots %d %d %d" % (n, seed, moves)))
        memory.step(events)
        moves += 1
    return st, moves


def test_bot_names() -> None:
    assert set(E.bots()) == {"random", "simple"}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_simple_bots_finish_games_at_84(n: int) -> None:
    for seed in range(3):
        st, moves = run(n, ["simple"] * n, seed)
        result = E.result(st)
        assert result is not None, f"{n} players, seed {seed}: no end after {moves} moves"
        assert max(result["scores"]) >= 84 or "no complete combination" in result["reason"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_bot_games_end_at_a_low_target(n: int) -> None:
    """With target 1 any laid combination ends the game: random play gets there."""
    for seed in (0,):
        st, moves = run(n, ["random"] * n, seed, target=1, cap=30000)
        assert E.result(st) is not None, f"{n} players, seed {seed}: no end after {moves} moves"


def test_mixed_bots_play_legal_moves() -> None:
    st, _ = run(3, ["simple", "random", "simple"], 7, target=30, cap=1500)


def test_simple_bot_claims_what_a_yes_answer_told_it() -> None:
    view = {
        "seat": 0,
        "seats": 2,
        "hand": ["fire", "row5"],
        "revealed": [[], []],
        "losses": [0, 0],
        "record": {
            "questions": [{"by": 0, "to": 1, "coord": "three-stone", "answer": True, "turn": 1, "losses": 0, "seen": True}],
            "claims": [],
        },
        "pending": {"kind": "throw", "seat": 0, "may_claim": True, "again": False, "freed": False},
    }
    claim = {"type": "claim", "own": ["fire", "row5"], "named": [{"seat": 1, "card": "three-stone"}]}
    assert bots.simple_bot(view, [{"type": "throw"}, claim], random.Random(0)) == claim
    stale = {**view, "losses": [0, 1]}
    assert bots.simple_bot(stale, [{"type": "throw"}, claim], random.Random(0)) == {"type": "throw"}
    forgetful = {k: v for k, v in view.items() if k != "record"}
    assert bots.simple_bot(forgetful, [{"type": "throw"}, claim], random.Random(0)) == {"type": "throw"}, (
        "without a record the bot plays on what the view shows"
    )


def test_simple_bot_does_not_ask_again_what_its_record_holds() -> None:
    view = {
        "seat": 0,
        "seats": 2,
        "hand": ["fire", "row5"],
        "revealed": [[], []],
        "losses": [0, 0],
        "stones": [None, {"wing": "air", "row": 2, "field": 3}],
        "pending": {"kind": "question", "seat": 0, "target": 1},
    }
    assert bots.simple_bot(view, [], random.Random(0)) == {"type": "ask", "seat": 1, "coord": "three-stone"}
    asked = {"by": 0, "to": 1, "coord": "three-stone", "answer": False, "turn": 1, "losses": 0, "seen": True}
    remembering = {**view, "record": {"questions": [asked], "claims": []}}
    move = bots.simple_bot(remembering, [], random.Random(0))
    assert move["type"] == "ask" and move["coord"] != "three-stone"


def test_simple_bot_asks_what_the_stone_suggests() -> None:
    view = {
        "seat": 0,
        "seats": 2,
        "hand": ["fire", "row5"],
        "revealed": [[], []],
        "losses": [0, 0],
        "stones": [None, {"wing": "air", "row": 2, "field": 3}],
        "pending": {"kind": "question", "seat": 0, "target": 1},
    }
    move = bots.simple_bot(view, [], random.Random(0))
    assert move == {"type": "ask", "seat": 1, "coord": "three-stone"}


def test_bots_see_only_the_view() -> None:
    st, _ = E.setup(2, {}, Rng(b"view only"))
    view = E.view(st, E.to_move(st))
    assert "hands" not in view and "deck" not in view
