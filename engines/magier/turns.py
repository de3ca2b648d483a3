"""What every turn leaves behind, whatever it was: whose turn is next, and MH-11's memory.

Placements, steps, jumps and passes all end here, so the position MH-11 bans and the
count MH-14 limits are kept the same way for each of them.
"""

from __future__ import annotations

from engines.core import Move, Seat, State
from engines.magier.mechanics import cells_from_board, position_key


def finish_turn(old: State, new: State, seat: Seat, public: Move, now: str | None = None) -> None:
    """Bookkeeping shared by every turn: who is next, and what MH-11 must remember."""
    if now is None:
        now = position_key(cells_from_board(old["board"]))
    new["prev_position"] = now
    new["ply"] = old["ply"] + 1
    new["turn"] = 1 - seat
    new["last_move"] = public
    new["last_seat"] = seat


def count_turn(new: State, seat: Seat) -> None:
    """MH-14 counts movement turns, passes included."""
    moves = list(new["moves"])
    moves[seat] += 1
    new["moves"] = moves
