"""Shared fixtures: finished and unfinished toy logs written by tests/protocol/ledger.py."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:  # `tests.protocol.toy` must import however pytest is started
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402

from tests.protocol.ledger import Ledger  # noqa: E402


@pytest.fixture(scope="session")
def finished_ledger() -> Ledger:
    """A whole game: genesis, 2 joins, start, 4 moves (two hides with secrets, two throws), reveal.

    Treat it as read-only; tests tamper with `finished_ledger.export()`, which is a deep copy.
    """
    return Ledger("finished").play()


@pytest.fixture
def finished(finished_ledger: Ledger) -> dict:
    return finished_ledger.export()
