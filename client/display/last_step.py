"""The last step of a game as its public log holds it, for a board that says what just happened.

A view (committed in the signed log) need not record the last move: cavemen's does not, and it
cannot grow a key without breaking the audit of games already played. So the board is drawn
from the view with the last step attached under `last` ({"seat", "move", "events"}, the move's
public part and its public events only), and an engine whose render knows the key writes its
"Last:" line from it (engines/cavemen/recent.py); the others ignore it. Only what every reader
of the log sees goes in: private events stay commitments and are left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

_STEPS = {"timeout", "email_move", "out", "resign", "forfeit"}  # system entries that change the state


def last_step(entries: Sequence[Any]) -> dict[str, Any] | None:
    """The last move (or server step) of these entries, or None when there is none among them
    (the game has not started, or the entries hold only the reveal after it)."""
    for entry in reversed(entries):
        if not isinstance(entry, Mapping):
            return None
        kind, body = entry.get("type"), entry.get("body")
        if kind == "reveal" or not isinstance(body, Mapping):
            continue
        if kind in ("answers", "handover"):
            continue  # a seat's statement or new key changes no position: the step before is still the last
        if kind == "move":
            envelope = body.get("envelope") if isinstance(body.get("envelope"), Mapping) else {}
            return _step(body.get("seat"), envelope.get("move"), body.get("events"))
        if kind == "standing":  # a move played by the seat's answer given in advance
            return _step(body.get("seat"), body.get("move"), body.get("events"))
        if kind == "system" and body.get("kind") in _STEPS and "events" in body:
            seat = body.get("seat")
            if seat is None and isinstance(body.get("envelope"), Mapping):
                seat = body["envelope"].get("seat")
            return _step(seat, body.get("move"), body.get("events"))
        return None
    return None


def _step(seat: Any, move: Any, events: Any) -> dict[str, Any]:
    public = [e for e in events or [] if isinstance(e, Mapping) and "kind" in e and e.get("to") is None]
    return {"seat": seat, "move": move if isinstance(move, Mapping) else None, "events": public}


def with_last(view: Any, entries: Sequence[Any]) -> Any:
    """The view to draw: with the last step attached when there is one (never the view checked
    against the log: only the drawing gets it)."""
    step = last_step(entries)
    if step is None or not isinstance(view, Mapping):
        return view
    return {**view, "last": step}
