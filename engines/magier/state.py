"""The state of Das magische Hexagon: its options, its start, and what every part holds.

The constants and `is_blind` live below every part of the rules (placement, movement,
reveal, the end, the views), so each can read them without importing the Engine.

State (plain JSON, never mutated in place; `apply` builds a new one):

    options        completed options {"wrap", "open_placement", "move_limit", "blind"}
                   (rules version 1: without "blind", see FIRST_DAY_OPTIONS)
    phase          "placement" | "movement" | "over"
    turn           seat to move (0 red, 1 black), None when over
    board          {cell: piece}; piece = {"seat", "kind": "magician"} or
                   {"seat", "kind": "wisdom", "value"}, in a blind game
                   {"seat", "kind": "wisdom", "commit"} (never the value)
    hands          [[values red still has to place], [... black]], largest first;
                   in a blind game one null per wisdom still to place
    scores         [red, black]: values of burnt opponent wisdoms (MH-10)
    burned         [{"cell", "owner", "value", "by", "ply"}] in order of burning
    moves          [red, black]: movement turns taken, passes included (MH-14)
    ply            turns taken in all, placements included
    passes         passes in a row (MH-12)
    prev_position  position key before the last turn: the position the player
                   to move may not bring back (MH-11)
    last_move, last_seat   the public part of the last turn, for display
    result         None while running, else what `result` returns
    pending        only in a blind game: the burnt wisdoms whose owner has yet to
                   reveal them, [{"cell", "owner", "commit", "by", "ply"}]

A returned state may share unchanged parts with the input: treat states as
immutable values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import BadOptions, State
from engines.magier.board import CELLS, INDEX, START, WRAPS
from engines.magier.mechanics import MAGICIAN

SEAT_NAMES = ["red", "black"]
WISDOM_VALUES = [2, 2, 1, 1, 1, -1, -1]  # MH-5, largest first
DEFAULT_OPTIONS: dict[str, Any] = {
    "wrap": "line",
    "open_placement": False,
    "move_limit": 200,
    "blind": True,
}
# Rules version 1 (the first day, before blind games) knew no option `blind`: it refused the
# name and completed options without it, so its games' genesis holds these three, and a
# concealed game keeps its values on the server (is_blind is false without "blind").
FIRST_DAY_OPTIONS: dict[str, Any] = {"wrap": "line", "open_placement": False, "move_limit": 200}
MAX_MOVE_LIMIT = 100_000


def check_options(
    options: Mapping[str, Any], seats: int, defaults: Mapping[str, Any] = DEFAULT_OPTIONS
) -> dict[str, Any]:
    """Complete with defaults (`defaults`: the rules version's, DEFAULT_OPTIONS or
    FIRST_DAY_OPTIONS); refuse anything the engine would have to guess about."""
    if seats != 2:
        raise BadOptions(f"Das magische Hexagon is a game for exactly 2 players, not {seats}")
    if not isinstance(options, Mapping):
        raise BadOptions("options must be a JSON object")
    unknown = sorted(str(k) for k in options if k not in defaults)
    if unknown:
        raise BadOptions(
            f"unknown option {unknown[0]!r}; magier knows: {', '.join(defaults)}"
        )
    out = {**defaults, **options}
    if out["wrap"] not in WRAPS:
        raise BadOptions(f"option wrap must be one of {', '.join(WRAPS)}, not {out['wrap']!r}")
    if not isinstance(out["open_placement"], bool):
        raise BadOptions("option open_placement must be true or false")
    if "blind" in defaults and not isinstance(out["blind"], bool):
        raise BadOptions("option blind must be true or false")
    limit = out["move_limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_MOVE_LIMIT:
        raise BadOptions(f"option move_limit must be a whole number from 1 to {MAX_MOVE_LIMIT}")
    return out


def is_blind(options: Mapping[str, Any]) -> bool:
    """Whether concealed values stay with their owners (the server never holds them)."""
    return options.get("blind") is True and options.get("open_placement") is not True


def new_state(options: Mapping[str, Any]) -> State:
    """MH-3, MH-5, MH-6: magicians on their start cells, all wisdoms still in hand."""
    board = {}
    for seat in (0, 1):
        for i in START[seat]:
            board[CELLS[i]] = {"seat": seat, "kind": MAGICIAN}
    blind = is_blind(options)
    hand: list[Any] = [None] * len(WISDOM_VALUES) if blind else list(WISDOM_VALUES)
    state = {
        "options": dict(options),
        "phase": "placement",
        "turn": 0,
        "board": dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]])),
        "hands": [list(hand), list(hand)],
        "scores": [0, 0],
        "burned": [],
        "moves": [0, 0],
        "ply": 0,
        "passes": 0,
        "prev_position": None,
        "last_move": None,
        "last_seat": None,
        "result": None,
    }
    if blind:
        state["pending"] = []
    return state


def values_text(hand: list[int]) -> str:
    """A hand's values for a refusal's message ("2 1 -1"), "nothing" when empty."""
    return " ".join(str(v) for v in hand) or "nothing"
