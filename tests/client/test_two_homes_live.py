"""Two homes, one key (README "Your key"): a seat played from two machines, alternately and at
once, through the CLI against a live server. Neither home may take the other's moves for a
server's lie (exit 4): the log moved because the other home moved. A number listed on one home
is never played on the other once the game moved on; of two moves sent at once one lands and
the other home is told the game moved."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from client.cli import app
from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
STALE = ("has moved on", "moved while you chose", "it is not your turn")


class Cli:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.runner = CliRunner()

    def env(self, who: str) -> dict[str, str]:
        return {"PBEM_HOME": str(self.tmp_path / who), "COLUMNS": "100", "PBEM_SERVER": ""}

    def __call__(self, who: str, *args: str, code: int | None = 0) -> Any:
        result = self.runner.invoke(app, list(args), env=self.env(who))
        if code is not None:
            assert result.exit_code == code, (who, args, result.exit_code, result.stdout, result.stderr)
        assert result.exit_code != 4, (who, args, result.stderr)
        assert "Traceback" not in result.output and "internal error" not in result.output
        return result

    def spawn(self, who: str, *args: str) -> subprocess.Popen[str]:
        env = {**os.environ, **self.env(who), "NO_COLOR": "1"}
        return subprocess.Popen(
            [sys.executable, "-c", "from client.cli import main; main()", *args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def cavemen_with_two_homes(cli: Cli, server: LiveServer) -> str:
    """ada and bo in a cavemen game; `ada2` a copy of ada's home (the same key, receipts, all)."""
    for name in ("ada", "bo"):
        cli(name, "init", "--server", server.url, "--name", name, "--email", f"{name}@example.org")
    game = str(json.loads(cli("ada", "new", "cavemen", "--json").stdout)["id"])
    cli("bo", "join", game)
    cli("ada", "show", game)
    shutil.copytree(cli.tmp_path / "ada", cli.tmp_path / "ada2")
    return game


def to_move(cli: Cli, game: str) -> int:
    return int(json.loads(cli("bo", "show", game, "--json").stdout)["to_move"])


def test_two_homes_of_one_key_play_a_seat_in_turn_without_a_false_alarm(cli: Cli, live_server: LiveServer) -> None:
    game = cavemen_with_two_homes(cli, live_server)
    homes = ["ada", "ada2"]
    turn = 0
    for _ in range(24):
        seat = to_move(cli, game)
        who = "bo" if seat == 1 else homes[turn % 2]
        if seat == 0:
            turn += 1
            other = homes[turn % 2]
            cli(other, "move", game)  # the other home lists at this head
        cli(who, "move", game)
        cli(who, "move", game, "1", "--yes", "--one")
        if seat == 0:  # the other home's number, listed before this move, is refused, not replayed
            refused = cli(other, "move", game, "1", "--yes", "--one", code=1)
            assert any(s in refused.stderr for s in STALE), refused.stderr
        for home in ("ada", "ada2"):
            cli(home, "show", game)
    for home in ("ada", "ada2"):
        assert cli(home, "games").exit_code == 0


def test_a_listing_copied_with_the_home_is_refused_once_the_other_home_moved(cli: Cli, live_server: LiveServer) -> None:
    """The list of moves a home keeps travels with a copy of it; its numbers are bound to the
    head it was listed at, so the copy cannot play them once the first home moved."""
    for name in ("ada", "bo"):
        cli(name, "init", "--server", live_server.url, "--name", name, "--email", f"{name}@example.org")
    game = str(json.loads(cli("ada", "new", "cavemen", "--json").stdout)["id"])
    cli("bo", "join", game)
    while to_move(cli, game) != 0:
        cli("bo", "move", game)
        cli("bo", "move", game, "1", "--yes", "--one")
    cli("ada", "move", game)
    shutil.copytree(cli.tmp_path / "ada", cli.tmp_path / "ada2")
    cli("ada", "move", game, "1", "--yes", "--one")
    refused = cli("ada2", "move", game, "1", "--yes", "--one", code=1)
    assert "has moved on since you listed the moves" in refused.stderr


def test_two_homes_moving_at_once_one_lands_the_other_is_told_the_game_moved(cli: Cli, live_server: LiveServer) -> None:
    game = cavemen_with_two_homes(cli, live_server)
    races = 0
    for _ in range(12):
        seat = to_move(cli, game)
        if seat == 1:
            cli("bo", "move", game)
            cli("bo", "move", game, "1", "--yes", "--one")
            continue
        for home in ("ada", "ada2"):
            cli(home, "move", game)
        runs = [cli.spawn(home, "move", game, "1", "--yes", "--one") for home in ("ada", "ada2")]
        done = [(p.wait(timeout=120), *p.communicate()) for p in runs]
        codes = sorted(code for code, _, _ in done)
        assert 4 not in codes, done
        assert codes == [0, 1], done
        loser = next(err for code, _, err in done if code == 1)
        assert any(s in loser for s in STALE), loser
        races += 1
        for home in ("ada", "ada2"):
            assert not (cli.tmp_path / home / "pending" / f"{game}.json").exists()
            cli(home, "show", game)
    assert races >= 3


def test_a_kept_move_whose_place_the_other_home_filled_is_dropped_without_an_alarm(cli: Cli, tmp_path: Path) -> None:
    """Home A's move gets no answer (the server fails: 503), so A keeps it to send again; home B
    then fills that place with its own move. A's next command sees the log past its kept move:
    it is forgotten, no alarm, and A plays on."""
    from tests.hostile import problem, serve_hostile

    with serve_hostile(tmp_path / "server") as server:
        game = cavemen_with_two_homes(cli, server)  # type: ignore[arg-type]
        while to_move(cli, game) != 0:
            cli("bo", "move", game)
            cli("bo", "move", game, "1", "--yes", "--one")

        def failing(call: Any) -> Any:
            return problem(503, "the database is busy") if call.method == "POST" and call.path.endswith("/moves") else None

        server.hostile.before.append(failing)
        cli("ada", "move", game)
        kept = cli("ada", "move", game, "1", "--yes", "--one", code=1)
        assert "it is kept and sent again" in kept.stderr
        assert (tmp_path / "ada" / "pending" / f"{game}.json").exists()
        server.hostile.before.remove(failing)
        cli("ada2", "move", game)
        cli("ada2", "move", game, "2", "--yes", "--one")  # another move, at the same place
        cli("ada", "show", game)
        listed = cli("ada", "move", game, code=None)
        assert listed.exit_code in (0, 1), listed.stderr
        if to_move(cli, game) == 0:
            cli("ada", "move", game, "1", "--yes", "--one")
            assert not (tmp_path / "ada" / "pending" / f"{game}.json").exists()
        assert cli("ada", "games").exit_code == 0
