"""Answers given in advance against two lying servers (the real app, its operator holding the
key and the database, tests/hostile.py): a standing move the rule does not prescribe, caught
by its seat's client at once (exit 4), and a standing move by a statement its seat revoked,
caught by every player's client (exit 4). The honest path is tests/client/test_answers_live.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import engines
from client.play import Player
from protocol.standing import prescribed
from tests.client.standing_forgery import FORCED, forged_standing, views_seq
from tests.client.test_answers_live import fs_game
from tests.hostile import HostileServer, assert_cli_refuses, cli

FS = engines.get("feuersalamander")


def until_alice_decides(server: HostileServer, players: list[Player], game: str, forced: bool) -> dict[str, Any]:
    """Bots play until alice (seat 0) is to move with a forced decision (or, forced=False, a
    real choice); returns the server's state then."""
    rnd = random.Random(7)
    for _ in range(300):
        state = server.operator.state(game)
        seat = FS.to_move(state)
        if seat is None:  # the deal let a claim end the game first (seldom): nothing to test on
            pytest.skip("the game ended before such a decision of alice's came up")
        if seat == 0 and (prescribed(FS, state, 0, [FORCED]) is not None) == forced:
            return state
        players[seat].play_bot(game, "random", until_over=False, rng=rnd)
    raise AssertionError("no such decision of alice's came up")


def forge(server: HostileServer, game: str, state: dict[str, Any], statement: int, move: dict[str, Any]) -> int:
    """The operator plays `move` for alice 'by' rule 0 of her statement at entry `statement`,
    as a standing entry signed and chained like any other; returns its seq."""
    entries = server.operator.entries(game)
    seq = entries[-1]["seq"] + 1
    step = forged_standing(
        FS, state, 0, (statement, [FORCED]), 0, move, server.operator.seed(game), seq, views_seq(entries), seats=2
    )
    server.operator.append(game, "standing", step.body, step)
    return seq


def test_a_standing_move_the_rule_does_not_prescribe_is_caught_by_its_seat_at_once(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """alice answers forced throws in advance; at a real choice the operator plays one of her
    legal moves 'by' that answer. Her client recomputes the answer from the position the server
    must tell her (opened against the log's commitment): forced prescribes nothing there."""
    (alice, bob), game = fs_game(player)
    stated = alice.set_answers(game, [FORCED])["entry"]
    state = until_alice_decides(server, [alice, bob], game, forced=False)
    seq = forge(server, game, state, stated, FS.legal_moves(state, 0)[-1])
    assert_cli_refuses(
        alice, "show", game,
        words=f"TAMPERING: entry {seq} played '",
    )
    refused = cli(alice, "show", game)
    assert "by your standing answer 'play forced moves" in refused.stderr
    assert "but your answers prescribe nothing here" in refused.stderr
    assert cli(bob, "show", game).exit_code == 0  # bob cannot see alice's position: the audit checks it


def test_a_standing_move_after_revocation_is_caught_by_every_client(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """alice answered forced throws in advance, then revoked them all. The operator plays a
    forced throw for her anyway, naming her old statement: the log itself shows the statement
    in force is the revocation, so her client and bob's both refuse it."""
    (alice, bob), game = fs_game(player)
    stated = alice.set_answers(game, [FORCED])["entry"]
    revoked = alice.set_answers(game, [])["entry"]
    state = until_alice_decides(server, [alice, bob], game, forced=True)
    found = prescribed(FS, state, 0, [FORCED])
    assert found is not None
    forge(server, game, state, stated, found[1])
    words = f"the server played a standing answer for seat 0 that it revoked at entry {revoked}"
    assert_cli_refuses(alice, "show", game, words=words)
    assert_cli_refuses(bob, "show", game, words=words)
