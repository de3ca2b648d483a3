"""A finished game reviewed through the CLI shows every hand and every draw: the final `show`,
`replay` and `log --at` draw the engine's revealed view of the audited final state, and the log
tells what each private event was (dealt, drawn, placed face down), recomputed by the replay
once the seed is public. While the game runs, nothing of the other seat's is told (CV-18: every
identity is revealed when the game ends, not before)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import engines
from client.play import Player
from protocol.audit import final_state, private_events
from tests.client.test_cli_daily_use import Cli, init, play_out
from tests.conftest import LiveServer

pytest.importorskip("engines.cavemen")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def test_a_finished_games_show_replay_and_log_reveal_every_hand_and_draw(
    cli: Cli, live_server: LiveServer, tmp_path: Path
) -> None:
    init(cli, live_server, "ada", "bo")
    game = json.loads(cli("ada", "new", "cavemen", "--json").stdout)["id"]
    cli("bo", "join", game)
    ada, bo = Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")
    rnd = random.Random(7)
    ada.play_bot(game, "random", until_over=False, rng=rnd)
    bo.play_bot(game, "random", until_over=False, rng=rnd)
    running = cli("ada", "log", game).stdout
    assert "private event for other eyes" in running or "private events for other eyes" in running
    assert "to bo (Blue):" not in running and "replayed after the game" not in running  # nothing leaks

    play_out(game, [ada, bo])
    export = ada.export(game)
    verdict, state = final_state(export)
    assert verdict.word == "PASS" and state is not None
    engine = engines.get("cavemen")
    revealed = engine.revealed_view(state)
    assert revealed is not None
    board = engine.render(revealed)  # every hand, stockpile and face-down caveman face up

    shown = cli("ada", "show", game).stdout
    assert board in shown, shown
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    assert board in cli("nobody", "replay", str(path)).stdout
    last = len(export["entries"]) - 1
    assert board in cli("bo", "log", game, "--at", str(last)).stdout

    told = cli("ada", "log", game).stdout
    assert "for other eyes" not in told, told
    assert "every private event above was replayed from the revealed log (audit PASS)" in told
    _, private = private_events(export)
    theirs = [p for items in (private or {}).values() for p in items if p["to"] == [1]]
    assert theirs, "bo was dealt cards in private"
    for payload in theirs:
        text = engine.describe_event(payload["event"])
        if text:
            assert f"to bo (Blue): {text}  [private then; replayed after the game]" in told
    assert re.search(r"- to bo \(Blue\): you draw [A-Z]", told)  # bo's deal, by card
