"""`make bench`'s web figures at a tiny size (one short demo game, one round), so they cannot rot
unnoticed. No speed is asserted: the figures are ratios for `make bench` to report."""

from __future__ import annotations

import json

import pytest

from bench import web_pages


def test_web_figures_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    doc = web_pages.web_figures(rounds=1, browser_rounds=1, engine="cavemen")
    json.dumps(doc)
    assert doc["engine"] == "cavemen" and doc["entries"] > 5
    for key in ("first_page_ms", "page_ms", "replay_step_ms", "json_ms", "python_chain_ms", "python_audit_ms"):
        assert doc[key] > 0, key
    assert doc["page_over_json"] > 0 and doc["replay_step_over_json"] > 0
    assert doc.get("browser_audit_ms", 1) > 0 and ("browser_audit_ms" in doc or doc["browser"].startswith("skipped"))
    web_pages.table(doc)
    printed = capsys.readouterr().out
    assert "page/JSON" in printed and "in-browser audit" in printed
