"""A replay steps through a finished game without ending it early (README "Playing", `--at N`):
`pbem replay FILE --at N` and `pbem log GAME --at N` draw every position before the entry that
ended the game as a running one (whose turn, what is due), and only from that entry on say
"Game over", with how it ended as the log tells it: won on the board (the engine's result),
a resignation by name, a forfeit by name. For every engine.

The finished exports are the corpus's own (tests/corpus: logs the released code wrote, each
audited PASS there): the demo's games won on the board under today's rules versions, and
resigned and forfeited games; `log --at` plays and resigns a game on the live server.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engines
from client.cli import app
from client.play import Player

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
WON = {  # the demo's games, won on the board, under today's rules versions
    "cavemen": "ebf8a77/cavemen-29bdfefcbf0256e9.json.gz",
    "feuersalamander": "ebf8a77/feuersalamander-faf0c88a59114ce6.json.gz",
    "magier": "ebf8a77/magier-83cc300228932dd4.json.gz",
    "siedler": "ebf8a77/siedler-a642e6fd30aa9534.json.gz",
}
OFF_THE_BOARD = [  # (file, how the last position must say it ended)
    ("3d7acc2/cavemen-resigned-95b77eafcd06dd86.json",
     "Game over: bo-cavemen-resigned (Blue) resigned; ada-cavemen-resigned (Red) wins"),
    ("3d7acc2/magier-resigned-8bb5c420446e96ad.json",
     "Game over: bo-magier-resigned (black) resigned; ada-magier-resigned (red) wins"),
    ("3d7acc2/siedler-resigned-3c9fa5bd3d8ba4c6.json",
     "Game over: bo-siedler-resigned (South) resigned; ada-siedler-resigned (North) wins"),
    ("3d7acc2/feuersalamander-resigned-ea79eabc814ac33a.json",
     "Game over: Queen resigned: King is the last player in."),
    ("3d7acc2/cavemen-forfeit-8cf8c9e6b0a9392d.json",
     "Game over: ada-cavemen-forfeit (Red) ran out of time and forfeited; bo-cavemen-forfeit (Blue) wins"),
    ("3d7acc2/magier-forfeit-b6459d42c96655b0.json",
     "Game over: ada-magier-forfeit (red) ran out of time and forfeited; bo-magier-forfeit (black) wins"),
    ("3d7acc2/siedler-forfeit-678725209d223287.json",
     "Game over: ada-siedler-forfeit (North) ran out of time and forfeited; bo-siedler-forfeit (South) wins"),
]


def _export(tmp_path: Path, name: str) -> tuple[Path, dict[str, Any]]:
    source = CORPUS / name
    text = gzip.decompress(source.read_bytes()).decode() if name.endswith(".gz") else source.read_text()
    path = tmp_path / Path(name).name.removesuffix(".gz")
    path.write_text(text)
    return path, json.loads(text)


def _ending(data: dict[str, Any]) -> int:
    """The entry whose body first carries the result: the one that ended the game."""
    return next(e["seq"] for e in data["entries"] if e["type"] != "reveal" and "result" in e["body"])


def _board(output: str) -> str:
    """What the position says under its entry's words (the reveal's own words say "Game over"),
    with the lines a wide render wraps joined again."""
    board = output.split("\n", 1)[1]
    board = "\n".join(line for line in board.splitlines() if not re.match(r"\s+\d+\s+\w+\s+\d{4}-", line))
    return " ".join(board.split())


def _replay(tmp_path: Path, path: Path, at: int) -> str:
    result = CliRunner().invoke(
        app, ["replay", str(path), "--at", str(at)], env={"PBEM_HOME": str(tmp_path / "home"), "COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    return _board(result.stdout)


def _before(data: dict[str, Any]) -> list[int]:
    started = next(e["seq"] for e in data["entries"] if e["type"] == "start")
    end = _ending(data)
    return sorted({started, (started + end) // 2, end - 1})


@pytest.mark.parametrize("engine", sorted(WON))
def test_a_game_won_on_the_board_is_over_only_at_its_last_position(engine: str, tmp_path: Path) -> None:
    path, data = _export(tmp_path, WON[engine])
    for at in _before(data):
        assert "Game over" not in _replay(tmp_path, path, at), (engine, at)
    reason = data["entries"][-1]["body"]["result"]["reason"]
    for at in (_ending(data), len(data["entries"]) - 1):
        board = _replay(tmp_path, path, at)
        assert re.search(r"Game over: [^.]*" + re.escape(reason), board), (engine, at, board[-400:])
        assert "a resignation, a forfeit or an abort" not in board


@pytest.mark.parametrize("name,said", OFF_THE_BOARD, ids=[Path(n).stem.rsplit("-", 1)[0] for n, _ in OFF_THE_BOARD])
def test_a_game_ended_off_the_board_says_who_ended_it_and_only_at_the_end(name: str, said: str, tmp_path: Path) -> None:
    path, data = _export(tmp_path, name)
    for at in _before(data):
        assert "Game over" not in _replay(tmp_path, path, at), (name, at)
    for at in (_ending(data), len(data["entries"]) - 1):
        board = _replay(tmp_path, path, at)
        assert said in board, (name, at, board[-400:])


@pytest.mark.parametrize("engine", ["cavemen", "feuersalamander", "magier", "siedler"])
def test_log_at_a_position_before_a_resignation_is_not_over(
    engine: str, make_player: Callable[[str], Player], tmp_path: Path
) -> None:
    pytest.importorskip(f"engines.{engine}")
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game(engine, {}, join=True)["id"]
    bo.join(game)
    rnd = random.Random(5)
    for _ in range(4):
        ada.play_bot(game, "random", until_over=False, rng=rnd)
        bo.play_bot(game, "random", until_over=False, rng=rnd)
    runner = CliRunner()
    env = {"PBEM_HOME": str(bo.store.home), "COLUMNS": "80"}
    resigned = runner.invoke(app, ["resign", game, "--yes"], env=env)
    assert resigned.exit_code == 0, resigned.output
    data = bo.export(game)
    colours = engines.get(engine).seat_names(2)
    for at in _before(data):
        shown = runner.invoke(app, ["log", game, "--at", str(at)], env=env)
        assert shown.exit_code == 0, shown.output
        assert "Game over" not in _board(shown.stdout), (engine, at)
    last = runner.invoke(app, ["log", game, "--at", str(len(data["entries"]) - 1)], env=env)
    assert last.exit_code == 0, last.output
    assert f"Game over: bo ({colours[1]}) resigned; ada ({colours[0]}) wins" in _board(last.stdout), last.stdout
