"""A plain-text hexagon for the terminal, drawn from a view (never from the state).

Red sits at the bottom (rows a, b), Black at the top (rows h, i). Row letters
stand on the left; the cell numbers 1..5 stand under row a and 6..9 at the ends
of rows a..d, where their diagonals leave the board, as on an Abalone board.

    .  empty          *  flame           R  B  magicians
    r2 b-1  wisdoms with their value     r? b?  value concealed from you
    R* B*  a magician standing on a flame
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import View
from engines.magier.board import COORDS, FLAMES, INDEX, RADIUS, ROWS, coord_name

_NAMES = ["red", "black"]
_MARGIN = 4


def _column(q: int, r: int) -> int:
    return _MARGIN + 2 * (2 * q + r + 2 * RADIUS)


def _token(name: str, piece: Mapping[str, Any] | None) -> str:
    flame = INDEX[name] in FLAMES
    if piece is None:
        return "*" if flame else "."
    seat = piece.get("seat")
    if piece.get("kind") == "magician":
        return "RB"[seat] + ("*" if flame else "")
    value = piece.get("value")
    return "rb"[seat] + ("?" if value is None else str(value))


def _put(line: list[str], col: int, text: str) -> None:
    while len(line) < col + len(text):
        line.append(" ")
    line[col : col + len(text)] = list(text)


def board_lines(board: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The board alone, one text line per row, top (row i) first."""
    lines = []
    for r in range(-RADIUS, RADIUS + 1):
        row = [(q, rr) for q, rr in COORDS if rr == r]
        line: list[str] = []
        first = row[0]
        _put(line, _column(*first) - 3, ROWS[RADIUS - r])
        for q, rr in row:
            name = coord_name(q, rr)
            _put(line, _column(q, rr) - 1, _token(name, board.get(name)).center(3))
        last_q = row[-1][0]
        if r > 0:  # the diagonal of number last_q + 6 ends below this row's last cell
            _put(line, _column(last_q + 1, r) - 1, f" {last_q + RADIUS + 2}")
        lines.append("".join(line).rstrip())
    bottom: list[str] = []
    for q in range(-RADIUS, 1):
        _put(bottom, _column(q, RADIUS + 1), str(q + RADIUS + 1))
    lines.append("".join(bottom).rstrip())
    return lines


def _hand(values: list[Any]) -> str:
    if not values:
        return "none"
    if all(v is None for v in values):
        return f"{len(values)} concealed"
    return " ".join("?" if v is None else str(v) for v in values)


def status_lines(view: View) -> list[str]:
    """Scores, phase, whose turn, what is left to place, what happened last."""
    seat = view.get("seat")
    scores = view.get("scores", [0, 0])
    out = [f"Red {scores[0]} : {scores[1]} Black   (5 points win)"]
    result = view.get("result")
    phase = view.get("phase")
    if result is not None:
        winner = result.get("winner")
        who = "draw" if winner is None else f"{_NAMES[winner]} wins"
        out.append(f"Game over: {who} ({result.get('reason')})")
    else:
        turn = view.get("turn")
        you = " (you)" if turn is not None and turn == seat else ""
        if phase == "placement":
            out.append(
                f"Placement, turn {view.get('ply', 0) + 1}: {_NAMES[turn]} places a wisdom{you}"
            )
        else:
            moves, limit = view.get("moves", [0, 0]), view.get("move_limit")
            out.append(
                f"Movement: {_NAMES[turn]} to move{you}; moves red {moves[0]}/{limit}, black {moves[1]}/{limit}"
            )
    hands = view.get("hands", [[], []])
    if phase == "placement":
        out.append(f"To place: red {_hand(hands[0])}; black {_hand(hands[1])}")
    burned = view.get("burned") or []
    if burned:
        text = ", ".join(f"{'rb'[b['owner']]}{b['value']} on {b['cell']}" for b in burned)
        out.append(f"Burnt: {text}")
    last = view.get("last_move")
    if last is not None:
        from engines.magier.notation import format as fmt

        out.append(f"Last: {_NAMES[view['last_seat']]} {fmt(last)}")
    if view.get("passes"):
        out.append(f"Passes in a row: {view['passes']}")
    out.append(f"You are {_NAMES[seat]}" if seat in (0, 1) else "You are watching")
    return out


def render(view: View) -> str:
    lines = board_lines(view.get("board", {}))
    lines.append("")
    lines.append(". empty  * flame  R B magicians  r2 b? wisdoms (? = concealed)  R* on a flame")
    lines.extend(status_lines(view))
    return "\n".join(lines) + "\n"
