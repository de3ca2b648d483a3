"""What a listed move would do, said before it is played: what a step pushes and burns, what a
jump passes over (MH-8..MH-10).

A move's text ("b2-c2", "b2xd2xd4") names only where the magician goes; the pushed line and a
wisdom burnt on a flame are what decide a turn, and a player reading the list of moves should
not have to work them out by hand. The preview plays the move on the seat's own view with the
same mechanics the rules use, so it says what will happen; it names a wisdom's value only
where the view shows it (one's own, a burnt one, an open game's), never a concealed one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.magier.board import ADJACENT, CELLS, INDEX, WRAPS, step_direction
from engines.magier.mechanics import MAGICIAN, Refused, cells_from_board, step

_COLOURS = ("red", "black")


def _piece(piece: Mapping[str, Any] | None) -> str:
    """A piece as the board draws it: R/B a magician, r2 / b? a wisdom (? concealed)."""
    if piece is None:
        return "."
    seat = piece.get("seat")
    if piece.get("kind") == MAGICIAN:
        return "RB"[seat]
    value = piece.get("value")
    return "rb"[seat] + ("?" if value is None else str(value))


def _burnt(piece: Mapping[str, Any], cell: str, seat: int) -> str:
    owner = _COLOURS[piece["seat"]]
    value = piece.get("value")
    if value is None:
        return f"burns {owner}'s wisdom on {cell} (its value scores for you)"
    points = "point" if abs(value) == 1 else "points"
    return f"burns {owner}'s wisdom on {cell}: {value:+d} {points} for {_COLOURS[seat]}"


def describe_move(view: Mapping[str, Any], move: Mapping[str, Any]) -> str | None:
    """"pushes r1 from c2 to d2; burns black's wisdom on e5: +2 points for red", "jumps over c3
    and d4; pushes and burns nothing", or None for a move with nothing to add (a placement, a
    pass) or one this view cannot play (then the rules' refusal says why, not a preview)."""
    seat, board = view.get("seat"), view.get("board")
    if isinstance(seat, bool) or seat not in (0, 1) or not isinstance(board, Mapping):
        return None
    options = view.get("options") if isinstance(view.get("options"), Mapping) else {}
    wrap = options.get("wrap") if options.get("wrap") in WRAPS else "line"
    try:
        cells = cells_from_board(board)
        if move.get("type") == "step":
            src, dst = INDEX[move["from"]], INDEX[move["to"]]
            d = step_direction(src, dst, wrap)
            if d is None:
                return None
            out = step(cells, src, d, wrap, seat)
            return _step_words(cells, out.moved, out.burned, seat)
        if move.get("type") == "jump":
            path = [INDEX[c] for c in move["path"]]
            return _jump_words(path)
    except (Refused, KeyError, TypeError, IndexError):
        return None
    return None


def _step_words(cells: list[Any], moved: list[tuple[int, int]], burned: list[tuple[int, Any]], seat: int) -> str:
    if not moved:
        return "pushes nothing"
    burnt_at = {flame for flame, _ in burned}
    pushes = [
        f"{_piece(cells[a])} from {CELLS[a]} to {CELLS[b]}" for a, b in reversed(moved) if b not in burnt_at
    ]
    said = "pushes " + ", ".join(pushes) if pushes else ""
    burns = "; ".join(_burnt(piece, CELLS[flame], seat) for flame, piece in burned)
    return "; ".join(x for x in (said, burns) if x)


def _jump_words(path: list[int]) -> str:
    over = []
    for at, land in zip(path, path[1:], strict=False):
        middle = next((m for m in ADJACENT[at] if m >= 0 and land in ADJACENT[m] and _between(at, m, land)), None)
        if middle is not None:
            over.append(CELLS[middle])
    if not over:
        return "pushes and burns nothing"
    cells = ", ".join(over[:-1]) + " and " + over[-1] if len(over) > 1 else over[0]
    return f"jumps over {cells}; pushes and burns nothing"


def _between(at: int, middle: int, land: int) -> bool:
    """Whether `middle` lies straight between `at` and `land` (one hop of a jump)."""
    d = ADJACENT[at].index(middle)
    return ADJACENT[middle][d] == land
