"""Small points of the daily loop, each tried through the real CLI against a live server: what a
command says when it is given a wrong prefix or a move of several words, and how `pbem --help`
summarises the commands."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from client.cli import app
from client.commands.app import SHORT_HELP
from client.play import Player
from tests.client.test_cli_daily_use import Cli, init, two_player_game
from tests.conftest import LiveServer


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def test_join_with_a_wrong_prefix_points_to_the_open_games(cli: Cli, live_server: LiveServer) -> None:
    init(cli, live_server, "ada", "bo")
    cli("ada", "new", "magier", "--json")
    said = cli("bo", "join", "ffff", code=1)
    assert "pbem games --open" in said.stderr and "--watch" not in said.stderr, said.stderr
    shown = cli("bo", "show", "ffff", code=1)  # watching is what `show` offers
    assert "pbem games --watch" in shown.stderr, shown.stderr


def test_a_move_of_several_words_is_taken_without_quotes(cli: Cli, live_server: LiveServer) -> None:
    init(cli, live_server, "ada", "bo")
    game = json.loads(cli("ada", "new", "toy", "--option", "rounds=2", "--json").stdout)["id"]
    cli("bo", "join", game)
    said = cli("ada", "move", game, "hide", "2")  # as typed at a shell: two words, no quotes
    assert "played hide 2" in said.stdout and "unexpected extra argument" not in said.output, said.output


def test_the_siedler_log_says_tournament_points_decide_the_knight_tournament(tmp_path: Path) -> None:
    """SI-16: tournament points, not strength, decide a knight tournament; a tie is nobody's."""
    source = Path(__file__).resolve().parents[1] / "corpus" / "ebf8a77" / "siedler-a642e6fd30aa9534.json.gz"
    export = tmp_path / "siedler.json"
    export.write_bytes(gzip.decompress(source.read_bytes()))
    told = {}
    for at in (10, 110):  # a tie (0 to 0), then South's 4 to 0
        result = CliRunner().invoke(app, ["replay", str(export), "--at", str(at)], env={"PBEM_HOME": str(tmp_path / "home")})
        assert result.exit_code == 0, result.output
        told[at] = next(line for line in result.stdout.splitlines() if "knight tournament (" in line)
    assert told[10].endswith("knight tournament (tournament points North 0, South 0): a tie, nobody wins"), told
    assert told[110].endswith("knight tournament (tournament points North 0, South 4): South wins"), told
    assert "strength" not in told[10] + told[110]


def test_a_finished_magier_game_is_drawn_from_the_readers_side_with_nothing_left_to_place(
    cli: Cli, live_server: LiveServer
) -> None:
    game = two_player_game(cli, live_server, "--option", "blind=false")
    players = [Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")]
    rnd = random.Random(2)
    for p in players:  # one placement each: the game ends in the placement phase
        p.play_bot(game, "random", until_over=False, rng=rnd)
    cli("bo", "resign", game, "--yes")
    black, red = cli("bo", "show", game).stdout, cli("ada", "show", game).stdout
    assert "Seen from black's side" in black and "Seen from red's side" in red, black
    for shown in (black, red):
        assert "To place:" not in shown and "Game over: bo (black) resigned; ada (red) wins" in shown, shown


def test_help_lists_every_command_with_a_whole_sentence(tmp_path: Path) -> None:
    shown = CliRunner().invoke(app, ["--help"], env={"PBEM_HOME": str(tmp_path), "COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    listed = shown.stdout.split("Commands:", 1)[1].strip().splitlines()
    assert len(listed) == len(SHORT_HELP), listed  # one line each: nothing wrapped, none without one
    for line in listed:
        name, said = line.split(None, 1)
        assert said == SHORT_HELP[name] and said.endswith((".", "?")) and "..." not in said, line
        assert said.count("(") == said.count(")"), line


def test_placing_on_a_flame_says_the_cell_is_a_flame(cli: Cli, live_server: LiveServer) -> None:
    game = two_player_game(cli, live_server, "--option", "blind=false")
    said = cli("ada", "move", game, "place e5 2", code=1).stderr
    assert "e5 is a flame" in said and "not one of your legal moves" not in said, said
