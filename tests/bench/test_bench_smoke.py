"""`make bench`'s figures at a tiny size, so the bench cannot rot unnoticed.

Runs the real code paths (gunicorn server and ceiling app over HTTP, the in-process long
game, the CLI started as a player starts it) and checks the JSON document's shape and counts. It asserts no speed: the figures are
ratios for `make bench` to report, never a pass/fail of the test suite.
"""

from __future__ import annotations

import json

import pytest

import engines
from bench import cli_start, run
from bench.flatness import TOY, flatness, long_toy, min_n
from bench.http_load import http_load


def test_http_load_and_flatness_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    """Appends over HTTP and flatness: 2 bot threads, 20 moves, SQLite only; 38-move long games."""
    http = http_load(games=1, moves=20, rounds=1, postgresql=False)
    assert http["players"] == 2 and http["workers"] == 2
    assert http["postgresql"].startswith("skipped")
    [sqlite] = http["results"]
    assert sqlite["database"] == "sqlite"
    for side in ("moves", "ceiling"):
        figures = sqlite[side]
        assert "errors" not in figures, figures
        assert figures["requests"] == 20  # a random magier game cannot end within 20 moves
        assert figures["per_s"] > 0 and 0 < figures["p50_ms"] <= figures["p99_ms"]
    assert sqlite["moves_over_ceiling"] > 0 and isinstance(sqlite["met"], bool)

    n = min_n(fresh_games=1)
    with long_toy(n) as toy:
        assert toy
        flat = [flatness(n, fresh_games=1), flatness(n, fresh_games=1, engine_id=TOY, options={})]
    assert TOY not in engines.ids()
    for row in flat:
        assert row["n"] == n and row["moves"] >= n
        assert row["late_over_early"] > 0 and isinstance(row["met"], bool)
    assert [row["engine"] for row in flat] == ["feuersalamander", TOY]

    doc = {"quick": True, "flatness": flat, "http": http}
    json.dumps(doc)  # plain JSON all through
    run._goals_table(doc)
    printed = capsys.readouterr().out
    assert printed.count(f"N = {n} (--quick)") == 2
    assert "sqlite" in printed and "postgresql skipped" in printed


def test_cli_start_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    """One round on a game of one move a seat: every command ran and has a median and a ratio
    to bare python; the code before is timed too where git has it, else said skipped."""
    doc = cli_start.cli_start(rounds=1, moves=1)
    json.dumps(doc)
    rows = {row["command"]: row for row in doc["rows"]}
    now = ["bare", "help", "version", "show"]
    before = ["before_help", "before_version", "before_show"]
    if cli_start.before_available() is None:
        assert list(rows) == now + before and doc["before"] == cli_start.BEFORE
        assert "show_vs_before" in doc and isinstance(doc["show_met"], bool), rows
    else:
        assert list(rows) == now and doc["before"].startswith("skipped")
    for row in rows.values():
        assert "error" not in row, row
        assert row["ms"] > 0 and row["vs_bare"] > 0
    assert isinstance(doc["help_met"], bool) and isinstance(doc["version_met"], bool)
    cli_start.table(doc)
    printed = capsys.readouterr().out
    assert "pbem --help" in printed and "pbem show GAME" in printed and "goal <= x4" in printed
