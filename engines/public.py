"""The public facts every engine's view shares with its log: whose decision it is, and the result.

A helper for `public_mismatch` (engines.core.BaseEngine): each entry with views names the seat
to move and, at the end, the result, in the clear; a seat's committed view that names another
seat to decide or another result is false, and its client says so at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def turn_and_result(view: Any, step: Mapping[str, Any], deciding: Any) -> str | None:
    """`deciding`: the seat the view has decide (None: nobody, the game is over)."""
    if not isinstance(view, Mapping):
        return "the view is not an object"
    result = view.get("result")
    if result != step.get("result"):
        return f"the view says the result is {result!r}, the log says {step.get('result')!r}"
    if deciding != step.get("to_move"):
        return f"the view has seat {deciding!r} decide, the log names seat {step.get('to_move')!r} to move"
    return None


def pending_seat(view: Any) -> Any:
    """The seat a view's pending decision names (None when the game is over or nothing is pending)."""
    if not isinstance(view, Mapping) or view.get("result") is not None:
        return None
    pending = view.get("pending")
    return pending.get("seat") if isinstance(pending, Mapping) else None
