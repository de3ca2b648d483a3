"""End to end over real HTTP: three bots play Der Feuersalamander through the client code.

The log must audit PASS; every private payload (deals, drawn cards, answers)
reaches exactly the seats it is for and matches its public commitment; the
spectator's summary never carries a hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from client.play import Player
from protocol.audit import audit
from protocol.steps import check_payload


def play_out(game: str, players: list[Player], bot: str, seed: int) -> int:
    """Drive every seat's bot from one thread until the game is over."""
    rnd = random.Random(seed)
    total = 0
    for _ in range(5000):
        made = sum(p.play_bot(game, bot, until_over=False, rng=rnd) for p in players)
        total += made
        if made == 0:
            return total
    raise AssertionError("the game did not end within 5000 rounds")


def test_three_simple_bots_play_a_whole_game_and_the_log_audits_pass(
    make_player: Callable[[str], Player],
) -> None:
    players = [make_player(name) for name in ("king", "queen", "monk")]
    game = players[0].new_game("feuersalamander", {"target": 20}, seats=3)["id"]
    for p in players:
        p.join(game)
    moves = play_out(game, players, "simple", seed=3)
    assert moves > 10

    summary = players[0].summary(game)
    assert summary["status"] == "over"
    assert summary["result"]["winner"] in (0, 1, 2, None)
    assert summary["view"]["hand"] is None  # the spectator's view: no hand

    export = players[1].export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    assert verdict.result == summary["result"]

    entries = export["entries"]
    for seat, player in enumerate(players):
        payloads = player.store.evidence(game)["payloads"]
        assert payloads, "every seat was dealt cards privately"
        for p in payloads:
            assert seat in p["to"]
            assert check_payload(p, entries[p["seq"]]["body"]["events"][p["index"]])
        # every private event addressed to this seat reached it
        addressed = {
            (e["seq"], i)
            for e in entries
            for i, ev in enumerate(e["body"].get("events", []))
            if "commit" in ev and seat in ev["to"]
        }
        assert addressed == {(p["seq"], p["index"]) for p in payloads}


def test_fs4_two_and_four_players_play_to_the_end_and_audit_pass(make_player: Callable[[str], Player]) -> None:
    """FS-4 with 2 and 4 seats (circuits of 10 and 20 spaces), played over HTTP to the end."""
    for seats in (2, 4):
        players = [make_player(f"p{seats}{i}") for i in range(seats)]
        game = players[0].new_game("feuersalamander", {"target": 6}, seats=seats)["id"]
        for p in players:
            p.join(game)
        play_out(game, players, "simple", seed=seats)
        verdict = audit(players[0].export(game))
        assert verdict.word == "PASS", verdict.reason
