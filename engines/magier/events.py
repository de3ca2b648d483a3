"""The magier log's public events in words, so `pbem log` reads as a game: pure, no rules here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.magier.notation import WRAPS_NOTE, wraps

SEATS = ["red", "black"]


def _seat(value: Any) -> str:
    return SEATS[value] if isinstance(value, int) and 0 <= value < len(SEATS) else f"seat {value}"


def describe(event: Mapping[str, Any]) -> str | None:
    """One event ({"kind", "data", "to"}) in words, or None for one not worth a line."""
    kind, data = event.get("kind"), event.get("data") or {}
    if not isinstance(data, Mapping):
        return None
    if kind == "setup":
        magicians = data.get("magicians") or {}
        where = "; ".join(f"{colour} magicians on {' '.join(cells)}" for colour, cells in magicians.items())
        return f"the board is set: {where}; flames on {' '.join(data.get('flames') or [])}"
    if kind == "placed":
        value = f" of value {data['value']}, face up," if "value" in data else " (face down)"
        return f"{_seat(data.get('seat'))} places a wisdom{value} on {data.get('cell')}"
    if kind == "phase":
        return "every wisdom is placed: the movement phase begins"
    if kind == "stepped":
        text = f"{_seat(data.get('seat'))} steps from {data.get('from')} to {data.get('to')}"
        pushed = data.get("pushed") or []
        if pushed:
            text += ", pushing " + ", ".join(
                f"{a} to {b}" + (" " + WRAPS_NOTE if wraps({"type": "step", "from": a, "to": b}) else "")
                for a, b in pushed
            )
        return text
    if kind == "jumped":
        return f"{_seat(data.get('seat'))} jumps {' to '.join(data.get('path') or [])}"
    if kind == "passed":
        return f"{_seat(data.get('seat'))} has no legal move and passes"
    if kind == "burned":
        return (
            f"a flame on {data.get('cell')} burns {_seat(data.get('owner'))}'s wisdom of value "
            f"{data.get('value')}: {data.get('value')} point(s) for {_seat(data.get('by'))}"
        )
    if kind == "burning":
        return (
            f"a flame on {data.get('cell')} burns {_seat(data.get('owner'))}'s wisdom: "
            f"{_seat(data.get('owner'))} must reveal its value (blind game)"
        )
    if kind == "game_over":
        winner = data.get("winner")
        who = "a draw" if winner is None else f"{_seat(winner)} wins"
        scores = data.get("scores")
        told = ", ".join(f"{_seat(s)} {n}" for s, n in enumerate(scores)) if isinstance(scores, list) else ""
        return f"game over: {who} ({data.get('reason')}" + (f"; scores {told})" if told else ")")
    return None
