"""Two greedy bots finish a game well before the move limit (engines/magier/bots.py).

The bot of before parried every single threat and made no progress of its own, so two of them
either shuffled through the same four-ply loop (a step, the answer, the step back, the answer
back) or wandered until the move limit of 200 moves per side. On the games below it reached that
limit every time (measured once, same seeds, same options); the bot of now burns its way to a
result in a fraction of it, and a long standstill (`quiet`) makes it take more risk.

A bot's choice is not replayed by an audit (a player signs it as his own move; the server's
timeout move is a uniform draw, protocol/server_moves.py), so the bot is the same in every rules
version, and the pinned traces (tests/engines/versions) do not play it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engines
from engines.magier.bots import QUIET, quiet

LIMIT = 200  # the default move_limit, movement turns per side (MH-14)
# (options, seed): games the bot of before played to the move limit
STALLED = [
    ({"blind": False}, 3),  # a four-ply loop from move 60 on
    ({"blind": False}, 4),
    ({"blind": False}, 7),
    ({"blind": False, "open_placement": True}, 0),
    ({"blind": False, "open_placement": True}, 2),
    ({"blind": False, "open_placement": True}, 3),
    ({"blind": False, "open_placement": True}, 5),
]


def play(version: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    engine = engines.get("magier", version)
    bot = engine.bots()["greedy"]
    rnd = random.Random(seed)
    state, _ = engine.setup(2, engine.check_options(options, 2), None)
    while (seat := engine.to_move(state)) is not None:
        legal = engine.legal_moves(state, seat)
        move = bot(engine.view(state, seat), legal, rnd)
        assert move in legal
        state, _ = engine.apply(state, seat, move, None)
    return state


def test_two_greedy_bots_finish_far_below_the_move_limit() -> None:
    lengths = []
    for options, seed in STALLED:
        state = play("4", options, seed)
        assert state["result"]["reason"].endswith("points"), (options, seed, state["result"])  # MH-13
        assert max(state["moves"]) < 0.65 * LIMIT, (options, seed, state["moves"])
        lengths.append(max(state["moves"]))
    assert sum(lengths) / len(lengths) < 0.4 * LIMIT, lengths


@pytest.mark.parametrize("version", ["1", "2", "3"])
def test_the_bot_plays_the_same_in_every_rules_version(version: str) -> None:
    """Nothing audited depends on it: a game of an older version is finished as quickly."""
    options, seed = STALLED[0]
    if version == "1":  # version 1 knows no option `blind`: the same concealed game
        options = {}
    assert play(version, options, seed)["moves"] == play("4", {"blind": False}, seed)["moves"]


def test_quiet_counts_the_plies_since_the_last_burn() -> None:
    assert quiet({"ply": 14, "burned": []}) == 0  # movement begins after seven placements each
    assert quiet({"ply": 60, "burned": [{"ply": 30}, {"ply": 41}]}) == 19
    assert quiet({"ply": 14 + QUIET}) == QUIET
