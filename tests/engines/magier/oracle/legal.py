"""ORACLE: the legal-move functions of engines/magier/rules.py as they were before the
speed work (commit beeba44), on the oracle's mechanics: what the live movement moves must equal."""

from __future__ import annotations

from typing import Any

from tests.engines.magier.oracle.board import CELLS, FLAMES, STEP
from tests.engines.magier.oracle.mechanics import (
    Outcome,
    Refused,
    cells_from_board,
    is_own_magician,
    jump_destinations,
    position_key,
    step,
)

Move = dict[str, Any]
State = dict[str, Any]


def placement_moves(state: State, seat: int) -> list[Move]:
    """MH-6: any remaining value of one's own on any empty non-flame cell."""
    board = state["board"]
    values = sorted(set(state["hands"][seat]), reverse=True)
    extra = {"open": True} if state["options"]["open_placement"] else {}
    return [
        {"type": "place", "cell": name, "value": v, **extra}
        for i, name in enumerate(CELLS)
        if i not in FLAMES and name not in board
        for v in values
    ]


def movement_moves(state: State, seat: int) -> list[Move]:
    """Every step and one canonical jump per destination that MH-8..MH-11 allow."""
    cells = cells_from_board(state["board"])
    wrap = state["options"]["wrap"]
    now = position_key(cells)
    banned = state["prev_position"]
    moves: list[Move] = []
    for src, piece in enumerate(cells):
        if not is_own_magician(piece, seat):
            continue
        for d in range(6):
            try:
                out = step(cells, src, d, wrap, seat)
            except Refused:
                continue
            if _repeats(out, now, banned) is None:
                moves.append({"type": "step", "from": CELLS[src], "to": CELLS[STEP[wrap][src][d]]})
        for dest, path in jump_destinations(cells, src).items():
            new = list(cells)
            new[dest], new[src] = cells[src], None
            if _repeats(Outcome(new), now, banned) is None:
                moves.append({"type": "jump", "path": [CELLS[i] for i in path]})
    return moves


def _repeats(out: Outcome, now: str, banned: str | None) -> str | None:
    """MH-11: why the resulting position is not allowed, or None if it is."""
    key = position_key(out.cells)
    if key == now:
        return "that move does not change the position"
    if banned is not None and key == banned:
        return (
            "that move would bring back the position before your opponent's last move "
            "(ruling MH-11, see `pbem rules magier`)"
        )
    return None
