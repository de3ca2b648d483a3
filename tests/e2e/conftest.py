"""Fixtures of the hostile-server tests (test_hostile_server.py, test_hostile_moves.py): the
real app behind a lying middleware and its operator (tests/hostile.py), and players with
their own homes on it. A test module that defines its own `server` or `player` uses that."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from client.play import Player
from tests.hostile import HostileServer, serve_hostile


@pytest.fixture
def server(tmp_path: Path) -> Iterator[HostileServer]:
    with serve_hostile(tmp_path / "server") as hostile:
        yield hostile


@pytest.fixture
def player(server: HostileServer, tmp_path: Path) -> Callable[[str], Player]:
    def make(name: str) -> Player:
        p = Player(tmp_path / "homes" / name)
        p.init_account(server.url, name, f"{name}@example.org")
        return p

    return make
