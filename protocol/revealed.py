"""A finished game's position with everything face up, as the terminal, the web page and the
replay draw it: one definition, so that every screen shows the same final board.

Only ever called with a state replayed from a complete, passing audit (the seed and every
secret public by then), never with a running game's state.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine


def revealed_view(engine: Engine, state: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The engine's own revealed view (every hand, what was left to draw), else the spectator's
    view with every hidden value filled in from the seat that could see it; None when neither
    works (the caller then shows what it has)."""
    shown = engine_revealed(engine, state)
    if shown is not None:
        return shown
    try:
        merged = engine.view(state, None)
        for seat in range(seats):
            merged = fill_hidden(merged, engine.view(state, seat))
        if isinstance(merged, dict) and "seat" in merged:
            merged["seat"] = None  # drawn for nobody's seat: no "you", the usual orientation
    except Exception:  # noqa: BLE001 - an engine that cannot do it: the caller's fallback
        return None
    return merged if isinstance(merged, dict) else None


def engine_revealed(engine: Any, state: dict[str, Any]) -> dict[str, Any] | None:
    """The engine's own revealed view alone (no merge of the seats' views: the game-over mail
    shows only what the engine itself says the reveal made public); None where it has none or
    fails."""
    own = getattr(engine, "revealed_view", None)
    if not callable(own):
        return None
    try:
        shown = own(state)
    except Exception:  # noqa: BLE001 - an engine that fails here: the caller's fallback
        return None
    return shown if isinstance(shown, dict) else None


def fill_hidden(base: Any, seen: Any) -> Any:
    """`base` with every None (a concealed value) replaced by what `seen` has at that place;
    the shape of `base` is kept (lists of the same length, keys `base` has)."""
    if base is None:
        return seen
    if isinstance(base, dict) and isinstance(seen, dict):
        return {k: fill_hidden(v, seen[k]) if k in seen else v for k, v in base.items()}
    if isinstance(base, list) and isinstance(seen, list) and len(base) == len(seen):
        return [fill_hidden(a, b) for a, b in zip(base, seen, strict=True)]
    return base
