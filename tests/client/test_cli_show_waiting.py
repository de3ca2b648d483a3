"""`pbem show` without a game shows the one waiting for your move (several: listed; none: said),
and the shell completes game ids from the local store, without asking the server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.client.test_cli_daily_use import ROOT, Cli, two_player_game
from tests.conftest import LiveServer

pytest.importorskip("engines.magier")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def test_show_without_a_game_shows_the_one_waiting_for_you(cli: Cli, live_server: LiveServer) -> None:
    first = two_player_game(cli, live_server)  # ada (red) to move
    shown = cli("ada", "show").stdout
    assert f"Das magische Hexagon - game {first} | YOUR TURN" in shown, shown
    assert "no game is waiting for your move" in cli("bo", "show").stdout
    assert json.loads(cli("bo", "show", "--json").stdout) == {"waiting": []}
    second = json.loads(cli("ada", "new", "magier", "--option", "blind=false", "--json").stdout)["id"]
    cli("bo", "join", second)
    listed = cli("ada", "show").stdout
    assert listed.startswith("2 games are waiting for your move")
    assert f"pbem show {first}" in listed and f"pbem show {second}" in listed
    assert "YOUR TURN" not in listed  # a list, no board
    assert "name the game to watch" in cli("nobody", "--server", live_server.url, "show", code=1).stderr


def complete(home: Path, words: str) -> list[str]:
    """What the installed bash script gets for COMP_WORDS (the last word being completed)."""
    env = {**os.environ, "_PBEM_COMPLETE": "complete_bash", "PBEM_HOME": str(home),
           "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    code = "import sys; sys.argv[0] = 'pbem'; from client.cli import main; main()"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT, timeout=60)
    return done.stdout.split()


def test_completion_completes_game_ids_from_the_local_store(cli: Cli, live_server: LiveServer, tmp_path: Path) -> None:
    game = two_player_game(cli, live_server)
    cli("ada", "show", game)
    home = tmp_path / "ada"
    assert complete(home, f"pbem show {game[:3]}") == [game]
    assert complete(home, f"pbem log {game[:2]}") == [game]
    assert complete(home, "pbem move ") == [game]
    assert complete(home, "pbem show ffff" if not game.startswith("ffff") else "pbem show 0000") == []
    assert complete(tmp_path / "nobody", "pbem show ") == []  # an empty home: nothing, no error
