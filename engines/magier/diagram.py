"""Build positions from a few pieces, for tests, puzzles and bug reports.

A diagram is a dict {cell: token}: "R" / "B" a red / black magician, "r2",
"b-1", "r+1" a wisdom with its value. Unlisted cells are empty; the pieces need
not be a complete set, so a ruling can be shown with only the pieces it needs:

    position({"a1": "R", "a2": "b1", "a3": "b2"})   # Red to move, movement phase
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.core import State
from engines.magier.board import CELLS, INDEX
from engines.magier.mechanics import MAGICIAN, WISDOM, cells_from_board, position_key
from engines.magier.state import check_options, new_state


def piece(tok: str) -> dict[str, Any]:
    """'R' -> red magician, 'b-1' -> black wisdom worth -1."""
    if tok in ("R", "B"):
        return {"seat": "RB".index(tok), "kind": MAGICIAN}
    if len(tok) >= 2 and tok[0] in "rb":
        return {"seat": "rb".index(tok[0]), "kind": WISDOM, "value": int(tok[1:])}
    raise ValueError(f"not a piece token: {tok!r} (use R, B, r2, b-1, ...)")


def token(p: Mapping[str, Any]) -> str:
    """Inverse of `piece`; a concealed value (None, in views) prints as '?'."""
    if p["kind"] == MAGICIAN:
        return "RB"[p["seat"]]
    value = p.get("value")
    return "rb"[p["seat"]] + ("?" if value is None else str(value))


def position(
    pieces: Mapping[str, str],
    *,
    turn: int = 0,
    options: Mapping[str, Any] | None = None,
    scores: Sequence[int] = (0, 0),
    hands: Sequence[Sequence[int]] = ((), ()),
    moves: Sequence[int] = (0, 0),
    passes: int = 0,
    prev: Mapping[str, str] | None = None,
    commit: Callable[[str, int], str] | None = None,
) -> State:
    """A complete state with exactly these pieces; placement phase if a hand is not empty.

    `prev` is the diagram of the position before the last turn (MH-11); by
    default nothing is banned. A diagram names values, so the game is not blind
    unless `commit` is given: then it is, and the wisdom on cell c worth v holds only
    `commit(c, v)` (its owner keeps the value), and the hands hold one null per wisdom.
    """
    blind = commit is not None
    state = new_state(check_options({"blind": blind, **dict(options or {})}, 2))
    board = {}
    for c, t in pieces.items():
        p = piece(t)
        if blind and p["kind"] == WISDOM:
            p = {"seat": p["seat"], "kind": WISDOM, "commit": commit(CELLS[INDEX[c]], p["value"])}  # type: ignore[misc]
        board[CELLS[INDEX[c]]] = p
    state["board"] = dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]]))
    state["hands"] = [sorted(h, reverse=True) for h in hands]
    if blind:
        state["hands"] = [[None] * len(h) for h in hands]
    state["phase"] = "placement" if any(state["hands"]) else "movement"
    state["turn"] = turn
    state["scores"] = list(scores)
    state["moves"] = list(moves)
    state["passes"] = passes
    state["ply"] = 14 + sum(moves) if state["phase"] == "movement" else 14 - sum(map(len, hands))
    if prev is not None:
        state["prev_position"] = position_key(
            cells_from_board({c: piece(t) for c, t in prev.items()})
        )
    return state


def picture(board: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """The diagram of a state's or a view's board, for compact assertions."""
    return {c: token(p) for c, p in sorted(board.items(), key=lambda kv: INDEX[kv[0]])}
