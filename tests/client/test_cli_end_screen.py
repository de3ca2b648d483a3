"""The end screen of `pbem show`: "Game over" once, who ended the game and how, and who the
reader was (the final board is drawn for every eye, so it cannot name the reader's seat)."""

from __future__ import annotations

from collections.abc import Callable

from typer.testing import CliRunner

from client.cli import app
from client.play import Player


def test_a_resigned_game_says_game_over_who_resigned_and_who_you_were(
    make_player: Callable[[str], Player],
) -> None:
    runner = CliRunner()
    north, south = make_player("north"), make_player("south")
    n_env, s_env = {"PBEM_HOME": str(north.store.home)}, {"PBEM_HOME": str(south.store.home)}
    game = north.new_game("toy", {"rounds": 2}, join=True)["id"]
    south.join(game)
    resigned = runner.invoke(app, ["resign", game, "--yes"], env=s_env)
    assert resigned.exit_code == 0, resigned.output
    shown = runner.invoke(app, ["show", game], env=n_env)
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert "Game over: south (south) resigned; north (north) wins" in lines, shown.stdout
    assert [line.startswith("Game over") for line in lines].count(True) == 1, shown.stdout
    assert "you played north (north)" in lines, shown.stdout
    theirs = runner.invoke(app, ["show", game], env=s_env).stdout.splitlines()
    assert "you played south (south)" in theirs
