"""Leaving a Der Feuersalamander game of three over real HTTP.

One player resigns with `pbem resign`: the others' clients follow (the seat is out, the
game goes on), the bots play on; a second resignation leaves one player in, who wins; the
export audits PASS and names the seats that left last.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from typer.testing import CliRunner

from client.cli import app
from client.play import Player
from protocol.audit import audit


def test_a_player_leaves_a_game_of_three_and_the_others_play_on(make_player: Callable[[str], Player]) -> None:
    ada, bo, cy = make_player("ada"), make_player("bo"), make_player("cy")
    players = [ada, bo, cy]
    game = ada.new_game("feuersalamander", {}, seats=3, join=True)["id"]
    bo.join(game)
    cy.join(game)
    rnd = random.Random(2)
    for _ in range(6):  # a few decisions first
        for p in players:
            p.play_bot(game, "random", until_over=False, rng=rnd)
    runner = CliRunner()
    left = runner.invoke(app, ["resign", game, "--yes"], env={"PBEM_HOME": str(bo.store.home)})
    assert left.exit_code == 0, left.output
    shown = ada.show(game)
    assert shown["status"] == "running" and shown["view"]["out"] == [1]
    for _ in range(15):
        for p in (ada, cy):
            p.play_bot(game, "random", until_over=False, rng=rnd)
        assert bo.play_bot(game, "random", until_over=False, rng=rnd) == 0  # bo never moves again
    log = runner.invoke(app, ["log", game], env={"PBEM_HOME": str(cy.store.home)}).stdout
    assert "bo (Queen) resigned; the others play on" in log
    cy.resign(game)
    over = ada.show(game)
    assert over["status"] == "over" and over["result"]["winner"] == 0
    assert over["result"]["ranks"][1] == 3 and over["result"]["ranks"][2] == 2
    verdict = audit(ada.export(game))
    assert verdict.word == "PASS", verdict.reason
