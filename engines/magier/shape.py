"""A move's shape and its cell names, read exactly as the rules list them.

`apply` accepts exactly the moves `legal_moves` lists, nothing normalised (cell names as
listed, no case folded or space stripped; no extra key; an int is an int), so a move's
signed text has one meaning and carries no message. Every kind of move reads its cells
through here, so none of them can be more lenient than the others.

Rules version 2 read a cell leniently (case folded, spaces around it stripped: "E4 " was
e4), and its logs hold such moves: `exact=False` keeps that reading for them (docs/PROTOCOL.md section 19).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import IllegalMove, Move
from engines.magier.board import CELLS, INDEX, cell_index, describe_bad_cell

FIELDS = {
    "place": {"type", "cell", "value", "open", "secret_commit"},
    "reveal": {"type", "secrets"},
    "step": {"type", "from", "to"},
    "jump": {"type", "path"},
    "pass": {"type"},
}
# Rules version 1 had no blind games: no commitment in a placement, no reveal.
FIRST_DAY_FIELDS = {
    kind: fields - {"secret_commit"} for kind, fields in FIELDS.items() if kind != "reveal"
}


def need_cell(move: Move, field: str, exact: bool = True) -> int:
    return cell(move.get(field), field, exact)


def cell(name: Any, field: str, exact: bool = True) -> int:
    """The cell of exactly this name, as the rules list it: no case folded, no space stripped,
    so a move's signed text has one spelling and cannot carry a message. With `exact` false
    (version 2) the name is read as board.cell_index reads what a player types."""
    if not isinstance(name, str):
        raise IllegalMove(f'the move needs a cell name in {field!r}, e.g. "e4"')
    i = INDEX.get(name)
    if i is not None:
        return i
    near = cell_index(name)
    if near is not None:
        if not exact:
            return near
        raise IllegalMove(
            f"there is no cell {name!r}: cells are written exactly like {CELLS[near]} "
            "(lower case, no spaces)"
        )
    raise IllegalMove(describe_bad_cell(name))


def check_shape(move: Any, fields: Mapping[str, set[str]] = FIELDS) -> str:
    """The move's type, once it is an object with a known type and only that type's fields
    (`fields`: the rules version's, FIELDS or FIRST_DAY_FIELDS)."""
    if not isinstance(move, Mapping):
        raise IllegalMove('a move must be a JSON object such as {"type": "pass"}')
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in fields:
        kinds = "place, step, jump, pass or reveal" if "reveal" in fields else "place, step, jump or pass"
        raise IllegalMove(f"a move needs a type: {kinds}")
    extra = sorted(str(k) for k in move if k not in fields[kind])
    if extra:
        raise IllegalMove(f"a {kind} move has no field {extra[0]!r}")
    return kind
