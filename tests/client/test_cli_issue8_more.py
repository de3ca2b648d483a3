"""The terminal client, second round (issue 8): help that reads well, a question before a
numbered move, profiles, spectators and private games, rematches, forced moves in one go.

Each point is tried through the CLI itself (typer's CliRunner, or a real terminal from a
pty when the point is what happens on a terminal) against a live server."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

from tests.client.test_cli_issue8 import Cli, cli, two_player_game  # noqa: F401 - fixture
from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]


def test_help_shows_arguments_as_man_pages_do(cli: Cli) -> None:  # noqa: F811
    """issue 8: `GAME` and `[MOVE]` in usage lines, no `{GAME}` and no `GAME <str>`; `pbem move
    --help` says a signed move cannot be undone, not even by agreement."""
    helped = cli("ada", "move", "--help").stdout
    assert "Usage: pbem move [OPTIONS] GAME [MOVE]" in helped
    assert "{GAME}" not in helped and "<str>" not in helped
    assert "no undo, not even by agreement" in " ".join(helped.split())
    for command in ("show", "log", "export", "join", "invite", "wait", "vacation", "rules", "audit"):
        text = cli("ada", command, "--help").stdout
        assert "<str>" not in text and "<int>" not in text and "{" not in text.split("\n")[0], command


def _pty_run(args: list[str], env: dict[str, str], answer: bytes) -> tuple[int, str]:
    """`pbem ARGS` on a real terminal (a pty): answer the first question with `answer`."""
    main, child = pty.openpty()
    code = f"import sys; sys.argv = ['pbem'] + {args!r}; from client.cli import main; main()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=child, stdout=child, stderr=child, cwd=ROOT,
        env={**os.environ, **env, "NO_COLOR": "1"},
    )
    os.close(child)
    seen = b""
    answered = False
    while True:
        ready, _, _ = select.select([main], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError(f"no output from pbem for 60 s: {seen.decode(errors='replace')}")
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed: pbem is done
            break
        if not chunk:
            break
        seen += chunk
        if not answered and b"[y/N]" in seen:
            os.write(main, answer)
            answered = True
    os.close(main)
    return proc.wait(timeout=60), seen.decode(errors="replace")


def test_a_numbered_move_is_confirmed_on_a_terminal(cli: Cli, live_server: LiveServer) -> None:  # noqa: F811
    """issue 8: on a terminal, `pbem move G 1` spells the move out and sends it only on yes; a
    no sends nothing; a script (no terminal) and --yes are not asked."""
    game = two_player_game(cli, live_server)
    listing = json.loads(cli("ada", "move", game, "--json").stdout)
    first = listing["moves"][0]["text"]
    env = cli.env("ada")
    code, seen = _pty_run(["move", game, "1"], env, b"n\n")
    assert code == 0 and f"play {first}? It cannot be undone [y/N]" in seen and "not sent" in seen
    assert json.loads(cli("ada", "show", game, "--json").stdout)["head"]["seq"] == 3
    code, seen = _pty_run(["move", game, "1"], env, b"y\n")
    assert code == 0 and f"played {first}" in seen, seen
    assert json.loads(cli("ada", "show", game, "--json").stdout)["head"]["seq"] == 4
    # bo, from a script (CliRunner's stdin is no terminal): no question, the move is sent
    cli("bo", "move", game)
    played = cli("bo", "move", game, "1").stdout
    assert "[y/N]" not in played and "played " in played
    assert json.loads(cli("bo", "show", game, "--json").stdout)["head"]["seq"] == 5
    # --yes on a terminal: not asked
    cli("ada", "move", game)
    code, seen = _pty_run(["move", game, "1", "--yes"], env, b"n\n")
    assert code == 0 and "[y/N]" not in seen and "played " in seen
