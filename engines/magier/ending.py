"""The end of the game: five points burnt (MH-13), two passes in a row (MH-12), or the
move limit (MH-14), checked after every movement turn.

In a blind game a push that burns waits for its owner's reveal, and the end is decided
then, for the seat that pushed; so the check is apart from the turn that triggers it.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, Seat, State
from engines.magier.state import SEAT_NAMES
from engines.magier.turns import count_turn

WINNING_SCORE = 5  # MH-13


def end_of_movement_turn(new: State, seat: Seat) -> list[Event]:
    """MH-12, MH-13, MH-14, checked after every movement turn."""
    count_turn(new, seat)
    return check_end(new, seat)


def check_end(new: State, seat: Seat) -> list[Event]:
    """MH-12, MH-13, MH-14 after a movement turn of `seat` (in a blind game, after the
    reveal of what that turn burnt)."""
    moves = new["moves"]
    scores = new["scores"]
    limit = new["options"]["move_limit"]
    name = SEAT_NAMES[seat]
    result = None
    if scores[seat] >= WINNING_SCORE:
        result = {
            "winner": seat,
            "scores": list(scores),
            "reason": f"{name} burned {scores[seat]} points",
        }
    elif new["passes"] >= 2:
        result = by_score(scores, "both players passed in a row")
    elif min(moves) >= limit:
        result = by_score(scores, f"the move limit of {limit} moves per side was reached")
    if result is None:
        return []
    new["phase"] = "over"
    new["turn"] = None
    new["result"] = result
    return [Event("game_over", dict(result))]


def by_score(scores: list[int], reason: str) -> dict[str, Any]:
    """The result when the game stops short of MH-13: the higher score wins, equal is a draw."""
    winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    return {"winner": winner, "scores": list(scores), "reason": reason}
