"""Who is still in the game. The turn order, the ranking at the end and leaving itself all read
the record of seats that left; it stands here, below all three, so none of them imports another
for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.feuersalamander.circuit import NAMES


def name(seat: int) -> str:
    return NAMES[seat]


def out_seats(state: Mapping[str, Any]) -> list[int]:
    """The seats that left the game, in the order they left (the key is absent until one does)."""
    return list(state.get("out") or [])


# The decisions of a seat's own turn: a seat that left has none (its forced ones stay:
# deal, discard, exchange, which the server makes for it).
TURN_KINDS = frozenset({"throw", "keys", "stone", "move", "home", "claim", "question"})
