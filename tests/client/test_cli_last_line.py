"""`pbem show` of a running cavemen game says what the last step did ("Last:"), from the public
log: the cavemen view records no last move, so the client attaches the log's last step to the
board it draws (client/display/last_step.py). The revealed final board is left as it is.

CV-12 (placing face down) and CV-18 (what is hidden): a placement's "Last:" line names the
position, never the card, to the opponent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.client.test_cli_daily_use import Cli, init
from tests.conftest import LiveServer

pytest.importorskip("engines.cavemen")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def _last(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("Last: ")]


def test_cv12_show_says_what_the_last_step_did_and_never_the_placed_card(cli: Cli, live_server: LiveServer) -> None:
    init(cli, live_server, "ada", "bo")
    game = json.loads(cli("ada", "new", "cavemen", "--json").stdout)["id"]
    cli("bo", "join", game)
    cli("ada", "move", game, "end phase")  # Red's redraw
    assert _last(cli("bo", "show", game).stdout) == ["Last: Red end phase"]
    cli("bo", "move", game, "end phase")  # Blue's redraw: Red's first turn, the place phase
    hand = json.loads(cli("ada", "show", game, "--json").stdout)["view"]["hand"]
    card = next(c for c in hand if c != "cave")
    cli("ada", "move", game, f"place {card} P1 r3")
    shown = cli("bo", "show", game)
    assert _last(shown.stdout) == ["Last: Red place a caveman P1 r3: Red places a caveman face down on P1 r3"]
    as_json = json.loads(cli("bo", "show", game, "--json").stdout)
    assert as_json["last"]["move"] == {"type": "place", "path": 1, "row": 3}
    assert "last" not in as_json["view"], "the verified view is shown as the log committed it"
    mine = cli("ada", "show", game).stdout
    assert _last(mine)[0].startswith("Last: Red place a caveman P1 r3")
