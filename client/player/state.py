"""A seat's verified look at a game, as the seams of the player pass it on, and the signal
that the log moved on between two looks (look again rather than act on a stale head)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from client.verify import Synced
from engines.core import Engine


@dataclass
class GameState:
    """A seat's verified look at a game: the server's view answer plus the checked log."""

    game: str
    engine: Engine
    seat: int
    status: str
    to_move: int | None
    head: dict[str, Any]
    view: dict[str, Any]
    synced: Synced
    # The view exactly as the log commits to it, before this seat's own store filled in what
    # only it knows (a blind game): the server's list of moves must be the moves of this one.
    raw_view: dict[str, Any] | None = None

    @property
    def my_turn(self) -> bool:
        return self.status == "running" and self.to_move == self.seat


class Moved(Exception):
    """The server answered for another head than the one verified: a move landed meanwhile."""
