"""`make bench`'s figures at a tiny size, so the bench cannot rot unnoticed.

Runs the real code paths (gunicorn server and ceiling app over HTTP, the in-process long
game, the CLI started as a player starts it) and checks the JSON document's shape and counts. It asserts no speed: the figures are
ratios for `make bench` to report, never a pass/fail of the test suite.
"""

from __future__ import annotations

import json

import pytest

import engines
from bench import cli_start, goals
from bench.flatness import (
    CONFIGS,
    TOY,
    Config,
    flatness,
    flatness_longest,
    flatness_of,
    flatness_to_end,
    long_toy,
    min_n,
    random_length,
)
from bench.http_load import http_load, loads


def test_http_load_smoke() -> None:
    """Appends over HTTP for every engine and mode: 2 bot players, 4 moves a game, SQLite only
    (magier's bots keep the state, the others fetch their view in lockstep phases)."""
    http = http_load(games=1, magier_moves=4, rounds=1, postgresql=False, view_moves=4)
    assert http["players"] == 2 and http["workers"] == 2
    assert http["postgresql"].startswith("skipped")
    assert [r["label"] for r in http["results"]] == [lo.label for lo in loads()]
    assert [r["fetches_view"] for r in http["results"]] == [False, True, True, True, True]
    for row in http["results"]:
        assert row["database"] == "sqlite"
        for side in ("moves", "ceiling"):
            figures = row[side]
            assert "errors" not in figures, (row["label"], figures)
            assert figures["requests"] == 4  # no random game of these ends within 4 moves
            assert figures["per_s"] > 0 and 0 < figures["p50_ms"] <= figures["p99_ms"]
        assert row["moves_over_ceiling"] > 0 and isinstance(row["met"], bool) and isinstance(row["p99_met"], bool)
    json.dumps(http)


def test_flatness_smoke() -> None:
    """Flatness of every engine and mode the way `make bench` finds its late point (fixed N, the
    longest of magier's random games, cavemen to its end), and the toy control, at a tiny size."""
    n = min_n(fresh_games=1)
    rows = [flatness_of(c, n, seeds=1, fresh_games=1) for c in CONFIGS]  # cavemen reaches n: no second try
    with long_toy(n) as toy:
        assert toy
        rows.append(flatness(n, fresh_games=1, engine_id=TOY, options={}))
    assert TOY not in engines.ids()
    assert [r["label"] for r in rows] == [c.label for c in CONFIGS] + [TOY]
    for row in rows:
        assert "error" not in row, row
        assert row["n"] >= n and row["moves"] >= row["n"] and row["n_why"].startswith(f"N = {row['n']}")
        assert row["late_over_early"] > 0 and isinstance(row["met"], bool)
    json.dumps(rows)


def test_flatness_longest_and_to_end_find_the_end() -> None:
    """A late point past the game's end, on the toy (60 moves, whatever the dice): "longest" plays
    the longest random game (its engine-only length) to one move before its end, "to_end" plays
    it to its end; either's window ends just before the last move and N says where that is."""
    width = 19
    with long_toy(30) as toy:
        assert toy
        assert random_length(engines.get(TOY), {}, 0, 10_000) == 60
        longest = flatness_longest(Config("toy", TOY, {}, "longest"), 10_000, seeds=2, window=width, fresh_games=1)
        to_end = flatness_to_end(Config("toy", TOY, {}, "to_end"), 10_000, window=width, fresh_games=1, tries=1)
    assert longest["moves"] == 59 and to_end["moves"] == 60
    for row in (longest, to_end):
        assert row["n"] == 60 - width + width // 2 and row["late_sample"] == "moves 41-59 of the long game"
        assert row["n_why"].startswith(f"N = {row['n']}") and "move 60" in row["n_why"]


def test_goals_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The goals lines from a document's figures: one per figure and engine/mode, met or not."""
    doc = {
        "quick": True,
        "flatness": [{"label": "magier", "engine": "magier", "n": 900, "late_over_early": 1.05, "goal": 1.1, "met": True},
                     {"label": "siedler", "engine": "siedler", "error": "boom"}],
        "audits": [{"label": "cavemen open", "engine": "cavemen", "audit_rate_vs_ed25519": 0.5, "entries": 3,
                    "verdict": "PASS"}],
        "http": {"players": 32, "results": [{"label": "siedler", "database": "sqlite", "moves_over_ceiling": 0.6,
                                             "goal": 0.5, "met": True, "p99_goal_ms": 50.0, "p99_met": False,
                                             "moves": {"p99_ms": 70.0}}]},
        "playouts": [{"engine": "magier", "label": "now", "options": {"wrap": "line"}, "legal_moves_per_s": 21000},
                     {"engine": "magier", "label": "before", "options": {"wrap": "line"}, "legal_moves_per_s": 1}],
    }
    lines = goals.goals(doc)
    assert [(g["who"], g["met"]) for g in lines] == [
        ("magier", True), ("siedler", False), ("cavemen open", False), ("siedler, sqlite", True),
        ("siedler, sqlite", False), ("magier wrap=line", True),
    ]
    goals.table(lines, quick=True)
    printed = capsys.readouterr().out
    assert printed.count("NOT met") == 3 and "failed: boom" in printed and "21,000" in printed


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
