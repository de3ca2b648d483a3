"""End to end over real HTTP: bots play a closed and an open Cavemen game through the client code.

The log must audit PASS; every private payload (draws, the identity of each placed
caveman, Zippy's closed reveals) reaches exactly its seat and matches its public
commitment; the spectator's summary never carries a hand; each placement's card is a
committed secret, revealed only at the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from client.play import Player
from protocol.audit import audit
from protocol.steps import check_payload


def play_out(game: str, players: list[Player], bots: list[str], seed: int) -> int:
    """Drive both seats' bots from one thread until the game is over."""
    rnd = random.Random(seed)
    total = 0
    for _ in range(5000):
        made = sum(p.play_bot(game, bot, until_over=False, rng=rnd) for p, bot in zip(players, bots, strict=True))
        total += made
        if made == 0:
            return total
    raise AssertionError("the game did not end within 5000 rounds")


@pytest.mark.parametrize("open_game", [False, True], ids=["closed", "open"])
def test_two_bots_play_cavemen_and_the_log_audits_pass(make_player: Callable[[str], Player], open_game: bool) -> None:
    players = [make_player(name) for name in ("red", "blue")]
    game = players[0].new_game("cavemen", {"open": open_game, "round_limit": 40}, seats=2)["id"]
    for p in players:
        p.join(game)
    moves = play_out(game, players, ["simple", "random"], seed=7 if open_game else 5)
    assert moves > 10

    summary = players[0].summary(game)
    assert summary["status"] == "over"
    assert summary["result"]["winner"] in (0, 1, None)
    assert summary["view"]["hand"] is None  # the spectator's view: no hand

    export = players[1].export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    assert verdict.result == summary["result"]

    entries = export["entries"]
    public_moves = [(e["body"].get("envelope") or e["body"]).get("move") for e in entries]
    placements = [m for m in public_moves if isinstance(m, dict) and m.get("type") == "place"]
    assert placements, "cavemen were placed"
    assert all("card" not in m for m in placements), "a placed card is secret in the log (CV-18)"
    for seat, player in enumerate(players):
        payloads = player.store.evidence(game)["payloads"]
        assert payloads, "every seat drew cards privately"
        for p in payloads:
            assert seat in p["to"]
            assert check_payload(p, entries[p["seq"]]["body"]["events"][p["index"]])
        addressed = {
            (e["seq"], i)
            for e in entries
            for i, ev in enumerate(e["body"].get("events", []))
            if "commit" in ev and seat in ev["to"]
        }
        assert addressed == {(p["seq"], p["index"]) for p in payloads}
