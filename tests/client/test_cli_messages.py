"""The client's error lines are sentences for people: no status code, no Python or JSON
literal, no traceback, whatever the common mistake."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from client.cli import app
from tests.conftest import LiveServer

pytest.importorskip("engines.magier")

MACHINE = re.compile(r"error \d{3}|\{'|\{\"|\[\d+, |Traceback|internal error")


def run(tmp_path: Path, who: str, *args: str, ok: bool = False) -> str:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(tmp_path / who), "COLUMNS": "80"})
    assert (result.exit_code == 0) == ok, (args, result.output)
    for line in result.output.splitlines():
        assert not MACHINE.search(line), (args, line)
    return result.output


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_common_errors_are_sentences(live_server: LiveServer, tmp_path: Path) -> None:
    for name in ("ada", "bo"):
        run(tmp_path, name, "init", "--server", live_server.url, "--name", name,
            "--email", f"{name}@example.org", ok=True)
    game = json.loads(run(tmp_path, "ada", "new", "magier", "--json", ok=True))["id"]
    run(tmp_path, "bo", "join", game, ok=True)
    run(tmp_path, "ada", "show", "0123456789abcdef")  # unknown game
    refused = run(tmp_path, "ada", "invite", "0123456789abcdef", "bo", "--cancel")
    assert "the server refused" in refused or "no game" in refused, refused
    run(tmp_path, "ada", "move", game, "no such move at all")  # illegal move
    run(tmp_path, "ada", "new", "magier", "--option", "nonsense=1")  # bad option
    run(tmp_path, "ada", "--server", "ftp://nowhere", "games")  # bad URL
    run(tmp_path, "ada", "--server", f"http://127.0.0.1:{free_port()}", "games")  # server down


def test_a_refusal_keeps_the_servers_words_not_its_code() -> None:
    from client.commands.app import api_error_line

    line = api_error_line(409, "a move was played since", {"seq": 4})
    assert line == "pbem: the server refused: a move was played since (the game has moved on: its log now has 5 entries)"
    assert "409" in api_error_line(409, "stale", None, debug=True)
    assert api_error_line(0, "cannot reach the server at http://x", None) == "pbem: cannot reach the server at http://x"


def test_abort_and_resign_piped_want_yes_instead_of_a_prompt(live_server: LiveServer, tmp_path: Path) -> None:
    """Piped, a prompt would take a script's next line as the answer: the command says to add
    --yes and does nothing."""
    run(tmp_path, "ada", "init", "--server", live_server.url, "--name", "ada",
        "--email", "ada@example.org", ok=True)
    game = json.loads(run(tmp_path, "ada", "new", "magier", "--json", ok=True))["id"]
    env = {"PBEM_HOME": str(tmp_path / "ada"), "COLUMNS": "80"}
    for command in ("abort", "resign"):
        asked = CliRunner().invoke(app, [command, game], env=env, input="y\n")
        assert asked.exit_code == 2 and "--yes" in asked.output and "[y/N]" not in asked.output, asked.output
    assert game in run(tmp_path, "ada", "games", ok=True)
    assert "aborted" in run(tmp_path, "ada", "abort", game, "--yes", ok=True)


def test_after_an_interrupt_the_client_tells_whether_the_move_was_played(make_player) -> None:  # type: ignore[no-untyped-def]
    """Ctrl-C while sending: the request may have landed; the log says which, by the move's
    own signature."""
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("magier", {}, join=True)["id"]
    bo.join(game)
    mover = ada if ada.state(game).my_turn else bo
    st = mover.state(game)
    mover.list_moves(game)
    done = mover.move(game, 1)
    sig = done["entry"]["body"]["sig"]
    assert mover.played(game, st.head["seq"] + 1, sig) is True
    assert mover.played(game, st.head["seq"] + 1, "0" * 128) is False
    assert "already played" in mover.interrupted_words(game, st.head["seq"] + 1, sig)
    assert "nothing changed" in mover.interrupted_words(game, st.head["seq"] + 1, "0" * 128)


def test_a_typo_shows_the_nearest_forms_or_one_form_a_line() -> None:
    """A mistyped move got the engine's whole grammar on one line of 200 characters."""
    from client.player.moving import nearest_forms

    said = ("cannot read 'atack P2'; moves: move P1 r3 up|down | jump P1 r3 up|down | "
            "attack P2 r4 from P2 r3 | cave B4 | end phase")
    assert nearest_forms(said, "atack P2") == "cannot read 'atack P2'; did you mean: attack P2 r4 from P2 r3"
    lines = nearest_forms(said, "zzz").splitlines()
    assert lines[0] == "cannot read 'atack P2'; moves:" and "  cave B4" in lines and max(map(len, lines)) < 80
    assert nearest_forms("cannot read 'x'; moves: a | b", "x") == "cannot read 'x'; moves: a | b"


LITERAL = re.compile(r"\[\[|\[\]|\bTrue\b|\bFalse\b|\bNone\b|\b1 cards\b")
FINISHING = [("cavemen", 2, {"round_limit": 4}), ("magier", 2, {"blind": False, "move_limit": 8}),
             ("feuersalamander", 3, {"target": 4})]


@pytest.mark.parametrize(("engine", "seats", "options"), FINISHING)
def test_the_client_screens_of_a_finished_game_name_no_literal(
    live_server: LiveServer, tmp_path: Path, engine: str, seats: int, options: dict[str, object]
) -> None:
    """What the client itself writes around the engines' texts (status lines, the end screen,
    the log with every private event revealed, replay, the listings) for a game played to its
    end, read by each player and by a spectator: no code, literal or traceback."""
    import random

    from client.play import Player

    names = ["ada", "bo", "cy"][:seats]
    for name in [*names, "zed"]:
        run(tmp_path, name, "init", "--server", live_server.url, "--name", name, "--email", f"{name}@example.org", ok=True)
    made = ["new", engine, "--seats", str(seats), "--json"] + [f"--option={k}={json.dumps(v)}" for k, v in options.items()]
    game = json.loads(run(tmp_path, "ada", *made, ok=True))["id"]
    for name in names[1:]:
        run(tmp_path, name, "join", game, ok=True)
    players = [Player(tmp_path / n) for n in names]
    rnd = random.Random(5)
    for _ in range(60):
        if not sum(p.play_bot(game, "random", until_over=False, rng=rnd) for p in players):
            break
    for name in names[1:]:  # what the bots did not finish, resignations end
        if json.loads(run(tmp_path, "ada", "show", game, "--json", ok=True))["status"] == "running":
            run(tmp_path, name, "resign", game, "--yes", ok=True)
    assert json.loads(run(tmp_path, "ada", "show", game, "--json", ok=True))["status"] == "over"
    run(tmp_path, "ada", "export", game, "-o", str(tmp_path / "game.json"), ok=True)
    screens = [run(tmp_path, who, *args, ok=True) for who in [*names, "zed"] for args in (
        ("show", game), ("log", game), ("log", game, "--at", "5"), ("games",))]
    screens += [run(tmp_path, "zed", "replay", str(tmp_path / "game.json"), ok=True)]
    audited = run(tmp_path, "zed", "audit", str(tmp_path / "game.json"), ok=True)
    said = audited.split("result: ", 1)[1]  # in the words every screen uses: the players named
    assert re.match(r"(\w+ \(\w+\) (won|resigned|ran out of time)|a draw)", said) and "seat " not in said, audited
    screens.append(audited)
    for screen in screens:
        for line in screen.splitlines():
            assert not LITERAL.search(line), line
    assert "Game over" in screens[0]
