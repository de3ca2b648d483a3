"""`pbem show` colours the board on a terminal and never when NO_COLOR is set."""

from __future__ import annotations

import io
from typing import Any

import pytest

import engines
from client.display import status
from engines.core import Rng


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _shown(engine_id: str, seats: int = 2) -> dict[str, Any]:
    engine = engines.get(engine_id)
    state, _ = engine.setup(seats, engine.check_options({}, seats), Rng(b"colour"))
    view = engine.view(state, 0)
    return {"engine": engine_id, "status": "running", "view": view, "text": engine.render(view)}


@pytest.mark.parametrize(("engine_id", "seats"), [("magier", 2), ("feuersalamander", 3)])
def test_the_board_is_coloured_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch, engine_id: str, seats: int) -> None:
    shown = _shown(engine_id, seats)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(status.sys, "stdout", _Tty())
    assert "\x1b[" in status.board_text(shown)
    monkeypatch.setenv("NO_COLOR", "1")
    assert status.board_text(shown) == shown["text"]
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(status.sys, "stdout", io.StringIO())  # piped: plain
    assert status.board_text(shown) == shown["text"]
    assert "\x1b[" not in shown["text"]
