"""MH-11: a move must change the position, and may not bring back the one before the
opponent's last move.

Positions are compared as everyone sees them (colour and kind per cell, values left out:
mechanics.position_key), so whether a move is legal never depends on a concealed value.
"""

from __future__ import annotations

from engines.magier.mechanics import Outcome, position_key


def repeats(out: Outcome, now: str, banned: str | None) -> str | None:
    """MH-11: why the resulting position is not allowed, or None if it is."""
    key = position_key(out.cells)
    if key == now:
        return "that move does not change the position"
    if banned is not None and key == banned:
        return (
            "that move would bring back the position before your opponent's last move "
            "(ruling MH-11, see `pbem rules magier`)"
        )
    return None
