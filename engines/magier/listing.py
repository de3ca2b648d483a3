"""The legal moves of a seat: one function for the server's state and for the seat's own view.

DESIGN: legal moves are a function of what the seat knows. `moves_of(position, seat)` is
the rules' move generator, and `position` may be the state (`legal_moves`) or the seat's
view (`moves_from_view`): it reads only what `view.view(state, seat)` carries for that
seat, namely the phase, whose turn it is, whether a reveal is pending, the colour and kind
of the piece on every cell (never a value: mechanics moves pieces by colour and kind, and
MH-11 compares positions without values), the position MH-11 bans, the options, and the
seat's own hand. So the client computes from its verified view the very list the server
computes from its state, by the same code.

In a blind game the state's hands are one null per wisdom still to place (the server never
sees a value), and so is the seat's view as the server sends it: both list every value per
free cell. The owner's client fills its view from its own store (blind.fill_view) and the
same function then lists only the values the seat still holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Move
from engines.magier.board import CELLS, FLAMES
from engines.magier.mechanics import board_moves

ALL_VALUES = (2, 1, -1)  # MH-5's values, largest first
PASS: Move = {"type": "pass"}


def moves_of(position: Mapping[str, Any], seat: Any) -> list[Move]:
    """The moves `seat` may make now in `position` (a state, or that seat's view); [] when it
    is not that seat's decision, or when a reveal is pending (only the owner can make it, with
    salts no list holds: blind.reveal_move)."""
    if isinstance(seat, bool) or seat != position["turn"] or position["phase"] == "over":
        return []
    if position.get("pending"):
        return []
    if position["phase"] == "placement":
        return placement_moves(position, seat)
    return movement_moves(position, seat) or [dict(PASS)]


def placement_moves(position: Mapping[str, Any], seat: int) -> list[Move]:
    """MH-6: any remaining value of one's own on any empty non-flame cell. A hand that is not
    known (nulls: a blind game, as the server sees it) may hold any value."""
    board = position["board"]
    hand = position["hands"][seat]
    if any(v is None for v in hand):
        values: tuple[int, ...] | list[int] = ALL_VALUES
    else:
        values = sorted(set(hand), reverse=True)
    extra = {"open": True} if position["options"]["open_placement"] else {}
    return [
        {"type": "place", "cell": name, "value": v, **extra}
        for i, name in enumerate(CELLS)
        if i not in FLAMES and name not in board
        for v in values
    ]


def movement_moves(position: Mapping[str, Any], seat: int) -> list[Move]:
    """Every step and one canonical jump per destination that MH-8..MH-11 allow.

    mechanics.board_moves lists exactly the moves that playing every candidate and comparing
    position keys would (tests/engines/magier/test_oracle_moves.py), without building a board
    per candidate. The list is new; the step moves in it are shared between calls: never
    change one.
    """
    return board_moves(position["board"], seat, position["options"]["wrap"], position["prev_position"])
