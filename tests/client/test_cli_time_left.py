"""`pbem show` says how long the player to move has left beside the absolute deadline:
nobody plans their day by a UTC timestamp."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable

from typer.testing import CliRunner

from client.cli import app
from client.display.status import time_left
from client.play import Player


def test_show_gives_the_time_left_beside_the_deadline(make_player: Callable[[str], Player]) -> None:
    runner = CliRunner()
    north, south = make_player("north"), make_player("south")
    n_env, s_env = {"PBEM_HOME": str(north.store.home)}, {"PBEM_HOME": str(south.store.home)}
    made = runner.invoke(app, ["new", "toy", "--days", "3", "--on-expiry", "forfeit", "--json"], env=n_env)
    assert made.exit_code == 0, made.output
    game = json.loads(made.stdout)["id"]
    assert runner.invoke(app, ["join", game], env=s_env).exit_code == 0
    shown = runner.invoke(app, ["show", game], env=n_env).stdout
    assert re.search(r"decide by \S+Z, 3 d 1[12] h left \(then: forfeit\)", shown), shown


def test_time_left_in_words() -> None:
    now = dt.datetime(2026, 5, 4, 8, 0, tzinfo=dt.UTC)
    assert time_left("2026-05-06T11:30:00Z", now) == "2 d 3 h left"
    assert time_left("2026-05-04T10:05:00Z", now) == "2 h 5 min left"
    assert time_left("2026-05-04T08:20:00Z", now) == "20 min left"
    assert time_left("2026-05-04T07:00:00Z", now) == "overdue"


def test_games_gives_the_time_left_and_marks_what_is_new(make_player: Callable[[str], Player]) -> None:
    runner = CliRunner()
    north, south = make_player("north"), make_player("south")
    n_env, s_env = {"PBEM_HOME": str(north.store.home)}, {"PBEM_HOME": str(south.store.home)}
    made = runner.invoke(app, ["new", "toy", "-O", "rounds=2", "--days", "2", "--json"], env=n_env)
    game = json.loads(made.stdout)["id"]
    assert runner.invoke(app, ["join", game], env=s_env).exit_code == 0
    assert runner.invoke(app, ["show", game], env=s_env).exit_code == 0  # south looks
    listed = runner.invoke(app, ["games"], env=s_env).stdout
    assert re.search(r"  [12] d \d+ h left", listed), listed
    assert "left left" not in listed and "time left:" not in listed, listed  # said once, not "time left: 2 d 3 h left"
    assert "new since you looked" not in listed
    assert runner.invoke(app, ["move", game, "hide 2"], env=n_env).exit_code == 0
    assert "new since you looked" in runner.invoke(app, ["games"], env=s_env).stdout
