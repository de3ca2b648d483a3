"""A plain-text hexagon for the terminal, drawn from a view (never from the state).

The board is drawn from the viewer's side: Red (and a spectator) sees rows a, b
at the bottom; Black sees the board turned round, rows h, i at the bottom.
Every row carries its letter at both ends of its line; every diagonal (the
lines that keep their number, running from top left to bottom right) carries
its number at both ends, just beyond its first and its last cell. A cell is
its row letter and its diagonal number: e5 is the centre flame.

    .  empty          *  flame           R  B  magicians
    r2 b-1  wisdoms with their value     r? b?  value concealed from you
    R* B*  a magician standing on a flame

`render(view, color=True)` colours red and black pieces (and flames) with
ANSI escape codes; the default is plain text. The engine does no I/O: the
caller decides, e.g. with `engines.core.color_wanted(os.environ, isatty)`
(which honours NO_COLOR).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import View
from engines.magier.board import COORDS, FLAMES, INDEX, RADIUS, ROWS, coord_name

_NAMES = ["red", "black"]
_MARGIN = 1
_LABEL_X = 2 * RADIUS + 4  # row letters stand in fixed columns at x = -12 and x = +12

RED = "\x1b[1;31m"
BLACK = "\x1b[30;47m"  # black on light grey: readable on dark and light terminals
FLAME = "\x1b[33m"
RESET = "\x1b[0m"
_PALETTE = {"R": RED, "r": RED, "B": BLACK, "b": BLACK, "*": FLAME}


def turned(seat: Any) -> bool:
    """Black sees the board from its own side: turned by 180 degrees."""
    return seat == 1


def _screen(q: int, r: int, turn: bool) -> tuple[int, int]:
    """Board position (q, r) -> (x, y) on screen; x counts half cells, y lines (0 = top label line)."""
    x, y = 2 * q + r, r
    if turn:
        x, y = -x, -y
    return x, y + RADIUS + 1


def _column(x: int) -> int:
    return _MARGIN + 2 * (x + _LABEL_X)


def _token(name: str, piece: Mapping[str, Any] | None) -> str:
    flame = INDEX[name] in FLAMES
    if piece is None:
        return "*" if flame else "."
    seat = piece.get("seat")
    if piece.get("kind") == "magician":
        return "RB"[seat] + ("*" if flame else "")
    value = piece.get("value")
    return "rb"[seat] + ("?" if value is None else str(value))


def paint(text: str, color: bool) -> str:
    """Colour a token by its first letter (R/r red, B/b black, * flame); plain when color is off."""
    code = _PALETTE.get(text[:1]) if color else None
    return f"{code}{text}{RESET}" if code else text


def _put(line: list[str], col: int, text: str, color: bool = False) -> None:
    """Write text into a line of one-character cells; a coloured token keeps its codes on its own cells."""
    while len(line) < col + len(text):
        line.append(" ")
    line[col : col + len(text)] = list(text)
    code = _PALETTE.get(text[:1]) if color else None
    if code and text.strip():
        line[col] = code + line[col]
        line[col + len(text) - 1] += RESET


def _diagonal_ends() -> dict[int, tuple[tuple[int, int], tuple[int, int]]]:
    """Diagonal number -> the positions just beyond its top and its bottom cell (as seen by Red)."""
    out = {}
    for q in range(-RADIUS, RADIUS + 1):
        rs = [r for qq, r in COORDS if qq == q]
        out[q + RADIUS + 1] = ((q, min(rs) - 1), (q, max(rs) + 1))
    return out


DIAGONAL_ENDS = _diagonal_ends()


def board_lines(
    board: Mapping[str, Mapping[str, Any]], seat: Any = None, color: bool = False
) -> list[str]:
    """The board alone, labels included: 11 lines (a label line, 9 rows, a label line)."""
    turn = turned(seat)
    grid: list[list[str]] = [[] for _ in range(2 * RADIUS + 3)]
    for q, r in COORDS:
        name = coord_name(q, r)
        x, y = _screen(q, r, turn)
        token = _token(name, board.get(name))
        # centre the token on its column: "R" -> " R ", "r-1" stays, "R*" -> "R* "
        start = _column(x) - 1 if len(token) > 1 else _column(x)
        _put(grid[y], start, token, color)
    for r in range(-RADIUS, RADIUS + 1):
        letter = ROWS[RADIUS - r]
        _, y = _screen(0, r, turn)
        _put(grid[y], _column(-_LABEL_X), letter)
        _put(grid[y], _column(_LABEL_X), letter)
    for number, ends in DIAGONAL_ENDS.items():
        for q, r in ends:
            x, y = _screen(q, r, turn)
            _put(grid[y], _column(x), str(number))
    return ["".join(line).rstrip() for line in grid]


def legend_lines(seat: Any = None, color: bool = False) -> list[str]:
    """How to read the board: the naming, the side it is seen from, the symbols."""
    side = (
        "Seen from black's side (turned round): row a at the top, row i at the bottom."
        if turned(seat)
        else "Seen from red's side: row a at the bottom, row i at the top."
    )
    symbols = (
        f"{paint('.', False)} empty  {paint('*', color)} flame  "
        f"{paint('R', color)} {paint('B', color)} magicians  "
        f"{paint('r2', color)} {paint('b?', color)} wisdoms (? = concealed)  "
        f"{paint('R*', color)} on a flame"
    )
    return [
        side,
        "Rows a-i are lettered at both ends; the numbers 1-9 end each diagonal (top left",
        "to bottom right) at both ends. A cell is row + number: e5 is the centre flame.",
        "Step directions (e ne nw w sw se) are as on this board.",
        symbols,
    ]


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
    over = result is not None or bool(view.get("over"))
    if result is not None:
        winner = result.get("winner")
        who = "a draw" if winner is None else f"{_NAMES[winner]} wins"
        out.append(f"Game over: {who} ({result.get('reason')})")
    elif over:  # ended off the board: the caller that read the log says how
        out.append(f"Game over: {view.get('ended') or 'a resignation, a forfeit or an abort ended the game in this position'}")
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
    if phase == "placement" and not over:  # a finished game places nothing more
        out.append(f"To place: red {_hand(hands[0])}; black {_hand(hands[1])}")
    burned = view.get("burned") or []
    if burned:
        text = ", ".join(f"{'rb'[b['owner']]}{b['value']} on {b['cell']}" for b in burned)
        out.append(f"Burnt: {text}")
    pending = view.get("pending") or []
    if pending and not over:
        cells = " ".join(p["cell"] for p in pending)
        out.append(f"Burning on {cells}: {_NAMES[pending[0]['owner']]} reveals its value next")
    last = view.get("last_move")
    if last is not None:
        from engines.magier.notation import format as fmt

        burnt = [b for b in burned if b.get("ply") == view.get("ply")]  # what that move burnt
        did = "; ".join(
            f"burnt {_NAMES[b['owner']]}'s wisdom of value {b['value']} on {b['cell']}" for b in burnt
        )
        out.append(f"Last: {_NAMES[view['last_seat']]} {fmt(last)}" + (f": {did}" if did else ""))
    if view.get("passes"):
        out.append(f"Passes in a row: {view['passes']}")
    if view.get("everything_revealed"):
        out.append("Every wisdom's value is revealed")
    elif view.get("unrevealed"):
        out.append("b? r?: wisdoms that never burnt, which a blind game never reveals")
    if not over:  # a finished game's board is drawn for every eye alike: it names no reader
        out.append(f"You are {_NAMES[seat]}" if seat in (0, 1) else "You are watching")
    return out


def render(view: View, color: bool = False) -> str:
    """The board from the viewer's side, its legend and the status; ANSI colours only when asked.
    A finished game's board is drawn for no seat ("seat" None: it names no reader), but from the
    side of the player who looks at it, where the caller says which (`facing`)."""
    seat = view.get("seat")
    side = seat if seat in (0, 1) else view.get("facing")
    lines = board_lines(view.get("board", {}), side, color)
    lines.append("")
    lines.extend(legend_lines(side, color))
    lines.extend(status_lines(view))
    return "\n".join(lines) + "\n"
