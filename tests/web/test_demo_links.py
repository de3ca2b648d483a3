"""`make demo` prints each game's page: the printed URL is the page the server serves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests

from client import demo
from tests.web.conftest import Site


def test_the_demo_prints_each_games_page(site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo.play(site.url, tmp_path / "homes", "cavemen", tmp_path, {"round_limit": 20}, "cavemen-demo")
    printed = capsys.readouterr().out
    url = re.search(r"its page \(board, replay, history, export\): (\S+)", printed)
    assert url, printed
    page = requests.get(url.group(1), timeout=30)
    assert page.status_code == 200 and "Game over" in page.text
