"""Text notation for Das magische Hexagon: what a player types, and how moves are printed.

Cells: a row letter a..i (row a is Red's back row, row i Black's) and a number
1..9 that stays constant along the top-left to bottom-right diagonal; row a
holds a1..a5, row e e1..e9, row i i5..i9, the centre flame is e5. The rendered
board prints each row letter at both ends of its row and each number at both
ends of its diagonal, and is drawn from the viewer's side (black's turned round).

Moves (case and extra spaces do not matter):

    place c3 2      place a wisdom of value 2 on c3 (also "c3 2", "c3=2";
                    values 1, 2, -1; "+1" is accepted)
    b2-c2           step from b2 to the neighbouring cell c2, pushing what is in
                    front; over the edge the neighbour is the far end of the line
                    (e.g. a1-a5 steps west from a1 under wrap=line)
    b2 ne           the same step given by a direction: e, ne, nw, w, sw, se
                    as drawn on the player's own board, so for Black (whose
                    board is turned round) "ne" is Red's "sw"
                    (also "step b2 ne", "step b2-c2")
    a1-a5 (wraps)   how a step through the edge is printed; the note may be
                    typed or left out
    b2xd2xd4        a jump from b2, landing on d2, then d4 (also "jump b2 d2 d4");
                    a jump is played by its shortest path (the one the moves list
                    shows): another valid path to the same cell is read as that one
    pass            only when no other move is legal (ruling MH-12)

`format` always writes the first form of each line (a step to a cell that is
not a plain neighbour gets " (wraps)": it leaves the board and comes back at
the far end of its line, or on the torus, ruling MH-4), so
parse(format(m)) == m.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engines.core import IllegalMove, Move, View
from engines.magier.board import (
    ADJACENT,
    CELLS,
    DIRECTIONS,
    FLAMES,
    INDEX,
    OPPOSITE,
    STEP,
    WRAPS,
    cell_index,
    describe_bad_cell,
    direction_index,
    step_direction,
)
from engines.magier.mechanics import Refused, cells_from_board, jump, jump_names

# [0-9], not \d: \d matches "٣" and "３", and int() reads them as 3 (protocol.numbers says why)
_CELL = r"[a-z][0-9]{1,2}"
_PLACE = re.compile(rf"^(?:place\s+)?({_CELL})(?:\s*=\s*|\s+)([+-]?[0-9]{{1,6}})$")
_PLACE_BARE = re.compile(rf"^place\s+({_CELL})$")
_STEP_CELLS = re.compile(rf"^(?:step\s+)?({_CELL})\s*(?:-|\s)\s*({_CELL})$")
_STEP_DIR = re.compile(rf"^(?:step\s+)?({_CELL})\s+([a-z]{{1,2}})$")
_JUMP_X = re.compile(rf"^(?:jump\s+)?{_CELL}(?:\s*x\s*{_CELL})+$")
_JUMP_WORDS = re.compile(rf"^jump(?:\s+{_CELL}){{2,}}$")

HELP = "moves look like: place c3 2 | b2-c2 | b2 ne | b2xd2xd4 | pass"
WRAPS_NOTE = "(wraps)"


def _cell(name: str) -> str:
    i = cell_index(name)
    if i is None:
        raise IllegalMove(describe_bad_cell(name))
    return CELLS[i]


def _wrap(view: Mapping[str, Any]) -> str:
    options = view.get("options") if isinstance(view, Mapping) else None
    wrap = options.get("wrap") if isinstance(options, Mapping) else None
    return wrap if wrap in WRAPS else "line"


def _is_open(view: Mapping[str, Any]) -> bool:
    options = view.get("options") if isinstance(view, Mapping) else None
    return isinstance(options, Mapping) and options.get("open_placement") is True


def _own_hand(view: Mapping[str, Any]) -> str:
    seat, hands = view.get("seat"), view.get("hands")
    if isinstance(seat, int) and isinstance(hands, list) and 0 <= seat < len(hands):
        values = [str(v) for v in hands[seat] if isinstance(v, int)]
        if values:
            return f" (you still hold {' '.join(values)})"
    return ""


def parse(text: str, view: View) -> Move:
    """Read a move the way a player types it; IllegalMove says what went wrong."""
    if not isinstance(text, str):
        raise IllegalMove(f"a move is text; {HELP}")
    t = " ".join(text.strip().lower().split())
    t = t.removesuffix(WRAPS_NOTE).removesuffix("wraps").strip()
    if not t:
        raise IllegalMove(f"type a move; {HELP}")
    if t == "pass":
        return {"type": "pass"}
    if m := _PLACE.match(t):
        cell, value = _cell(m.group(1)), int(m.group(2))
        if value not in (1, 2, -1):
            raise IllegalMove(f"wisdoms are worth 1, 2 or -1, not {value}{_own_hand(view)}")
        _placeable(cell, view)
        move: Move = {"type": "place", "cell": cell, "value": value}
        if _is_open(view):
            move["open"] = True
        return move
    if m := _PLACE_BARE.match(t):
        raise IllegalMove(
            f"say which wisdom to place: place {_cell(m.group(1))} 1{_own_hand(view)}"
        )
    if _JUMP_X.match(t) or _JUMP_WORDS.match(t):
        names = re.findall(_CELL, t.removeprefix("jump"))
        return {"type": "jump", "path": _listed_path([_cell(n) for n in names], view)}
    if m := _STEP_DIR.match(t):
        src = _cell(m.group(1))
        d = direction_index(m.group(2))
        if d is None:
            raise IllegalMove(
                f"{m.group(2)!r} is not a direction: use one of {', '.join(DIRECTIONS)}"
            )
        if isinstance(view, Mapping) and view.get("seat") == 1:  # Black's board is drawn turned round
            d = OPPOSITE[d]
        return {"type": "step", "from": src, "to": CELLS[STEP[_wrap(view)][cell_index(src)][d]]}
    if m := _STEP_CELLS.match(t):
        src, dst = _cell(m.group(1)), _cell(m.group(2))
        if step_direction(cell_index(src), cell_index(dst), _wrap(view)) is None:
            raise IllegalMove(
                f"{dst} is not next to {src}: a step goes to a neighbouring cell; for a jump write {src}x{dst}"
            )
        return {"type": "step", "from": src, "to": dst}
    raise IllegalMove(f"cannot read {text.strip()!r}; {HELP}")


def _placeable(cell: str, view: View) -> None:
    """MH-6 said where the player typed it: "e5 is a flame", "d4 is occupied", before a listing
    of legal moves could only say the move is not among them. The rules check it again."""
    if cell_index(cell) in FLAMES:
        raise IllegalMove(f"{cell} is a flame: wisdoms may not be placed on flames")
    board = view.get("board") if isinstance(view, Mapping) else None
    if isinstance(board, Mapping) and board.get(cell) is not None:
        raise IllegalMove(f"{cell} is occupied: a wisdom goes onto an empty cell")


def _listed_path(path: list[str], view: View) -> list[str]:
    """A valid jump typed along another path than the listed one (shortest, MH-9) becomes the
    listed one: both leave the same position, and apply takes only the listed path. A path
    that is no jump on the view's board stays as typed, for apply to say why."""
    seat = view.get("seat") if isinstance(view, Mapping) else None
    board = view.get("board") if isinstance(view, Mapping) else None
    if isinstance(seat, bool) or seat not in (0, 1) or not isinstance(board, Mapping) or len(path) < 2:
        return path
    try:
        cells = cells_from_board(board)
        jump(cells, [INDEX[c] for c in path], seat)
    except (Refused, KeyError, TypeError, AttributeError):
        return path
    return jump_names(cells, INDEX[path[0]]).get(INDEX[path[-1]], path)


def wraps(move: Mapping[str, Any]) -> bool:
    """A step that leaves the board and comes back on the other side (MH-4); jumps never wrap."""
    if move.get("type") != "step":
        return False
    src, dst = cell_index(move.get("from")), cell_index(move.get("to"))
    return src is not None and dst is not None and dst not in ADJACENT[src]


def format(move: Move) -> str:  # noqa: A001 - the Engine protocol names it format
    """The canonical text of a move (a concealed placement without its value prints without it)."""
    if not isinstance(move, Mapping):
        raise IllegalMove("not a move")
    kind = move.get("type")
    if kind == "pass":
        return "pass"
    if kind == "reveal" and isinstance(move.get("secrets"), list):
        return "reveal " + ", ".join(_opened(item) for item in move["secrets"])
    if kind == "place" and isinstance(move.get("cell"), str):
        value = move.get("value")
        return f"place {move['cell']}" if value is None else f"place {move['cell']} {value}"
    if kind == "step" and isinstance(move.get("from"), str) and isinstance(move.get("to"), str):
        return f"{move['from']}-{move['to']}" + (" " + WRAPS_NOTE if wraps(move) else "")
    path = move.get("path")
    if kind == "jump" and isinstance(path, list) and all(isinstance(c, str) for c in path):
        return "x".join(path)
    raise IllegalMove(f"not a magier move: {dict(move)!r}")


def _opened(item: Any) -> str:
    """One opened wisdom of a reveal, by its value (the commitment is in the log)."""
    secret = item.get("secret") if isinstance(item, Mapping) else None
    value = secret.get("value") if isinstance(secret, Mapping) else None
    return "?" if value is None else str(value)
