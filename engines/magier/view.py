"""What each seat may see: of the state (`view`, MH-7, MH-15) and of a move (`split_move`).

Kept apart from the transitions so that what leaves the server is decided in one place,
and a reader can check it without reading how moves are played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Move, Seat, State, View
from engines.magier.board import CELLS, FLAMES
from engines.magier.mechanics import MAGICIAN, WISDOM
from engines.magier.state import SEAT_NAMES

_FLAME_NAMES = tuple(CELLS[i] for i in sorted(FLAMES))


def view(state: State, seat: Seat | None) -> View:
    """MH-7, MH-15: own values, burnt values and open placements are visible, nothing else.
    Every list and dict is fresh: a reader changing the view cannot change the state."""
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
        raise ValueError(f"magier has seats 0 and 1, not {seat!r}")
    options = state["options"]
    is_open = options["open_placement"]
    board = {}
    # One pass with the piece dicts built inline, no call per piece: an audit builds views
    # at every step of a game it replays, so this loop sets how fast it runs.
    for name, piece in state["board"].items():
        owner = piece["seat"]
        if piece["kind"] != WISDOM:
            board[name] = {"seat": owner, "kind": MAGICIAN}
        elif "commit" in piece:  # blind: nobody's value is here
            board[name] = {"seat": owner, "kind": WISDOM, "value": None, "commit": piece["commit"]}
        else:
            board[name] = {"seat": owner, "kind": WISDOM, "value": piece["value"] if is_open or owner == seat else None}
    hands = [list(h) if is_open or s == seat else [None] * len(h) for s, h in enumerate(state["hands"])]
    out = {
        "game": "magier",
        "seat": seat,
        "seat_names": list(SEAT_NAMES),
        "options": dict(options),
        "phase": state["phase"],
        "turn": state["turn"],
        "board": board,
        "flames": list(_FLAME_NAMES),
        "hands": hands,
        "scores": list(state["scores"]),
        "burned": [dict(b) for b in state["burned"]],
        "moves": list(state["moves"]),
        "move_limit": options["move_limit"],
        "ply": state["ply"],
        "passes": state["passes"],
        "prev_position": state["prev_position"],
        "last_move": None if state["last_move"] is None else dict(state["last_move"]),
        "last_seat": state["last_seat"],
        "result": None if state["result"] is None else dict(state["result"]),
    }
    if "pending" in state:
        out["pending"] = [dict(p) for p in state["pending"]]
    return out


def split_move(move: Move) -> tuple[Move, Any]:
    """A concealed placement hides its value; everything else is public.

    split_move sees no options, so an open placement says so itself with
    "open": true (legal_moves and parse add it), and apply insists that the
    flag matches the game's option.
    """
    if not isinstance(move, Mapping):
        return move, None  # not a move at all: apply will say so
    if move.get("type") == "place" and move.get("open") is not True:
        public = {k: v for k, v in move.items() if k != "value"}
        return public, {"value": move.get("value")}
    return dict(move), None
