"""How the engines' tests compare moves: as canonical JSON (what is signed), and strictly."""

from __future__ import annotations

import json
from typing import Any

from engines.core import Engine
from protocol.canonical import canonical


def strict(move: Any) -> str:
    """The move as JSON text that tells 1, 1.0 and true apart (canonical JSON does not)."""
    return json.dumps(move, sort_keys=True)


def canon(moves: list[dict[str, Any]]) -> list[bytes]:
    return [canonical(m) for m in moves]


def assert_view_moves(engine: Engine, state: dict[str, Any], seats: tuple[int | None, ...]) -> None:
    """For each seat (None: the spectator) the view's list is the state's list, in order, also
    after the view's JSON round trip; a seat not to move has none."""
    for seat in seats:
        view = engine.view(state, seat)
        legal = [] if seat is None else engine.legal_moves(state, seat)
        assert canon(engine.moves_from_view(view)) == canon(legal)
        assert canon(engine.moves_from_view(json.loads(json.dumps(view)))) == canon(legal)
        if seat != engine.to_move(state):
            assert legal == []
