"""`make bench`'s issue-9 figures at a tiny size, so the bench cannot rot unnoticed.

Runs the real code paths (gunicorn server and ceiling app over HTTP, the in-process long
game) and checks the JSON document's shape and counts. It asserts no speed: the figures are
ratios for `make bench` to report, never a pass/fail of the test suite.
"""

from __future__ import annotations

import json

import pytest

import engines
from bench import run
from bench.flatness import TOY, flatness, long_toy, min_n
from bench.http_load import http_load


def test_http_load_and_flatness_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 9 figures 1 and 2: 2 bot threads, 20 moves, SQLite only; 38-move long games."""
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
