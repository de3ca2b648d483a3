"""A finished game's position with everything face up, as the terminal, the web page and the
replay draw it: one definition, so that every screen shows the same final board.

Only ever called with a state replayed from a complete, passing audit (the seed and every
secret public by then), never with a running game's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engines.core import Engine
from protocol.story import ending

__all__ = ["at_end", "at_position", "engine_revealed", "ending", "fill_hidden", "revealed_view"]  # ending: protocol.story's, as before


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


def at_position(view: dict[str, Any], seq: int, end: tuple[int, str] | None) -> dict[str, Any]:
    """A revealed view marked for the position right after entry `seq` of a finished game:
    `over` only from the entry that ended it on (a replay steps through positions in which the
    game still ran, though every one is drawn face up), and there `ended`, how it ended in the
    log's words, for a render whose state has no result (a resignation, a forfeit, an abort)."""
    over = end is not None and seq >= end[0]
    marked = {**view, "over": over}
    marked.pop("ended", None)
    if over and end is not None:
        marked["ended"] = end[1]
    return marked


def at_end(view: dict[str, Any], entries: Iterable[Mapping[str, Any]], engine: Any = None) -> dict[str, Any]:
    """A finished game's final view marked as `at_position` marks its last entry: over, and,
    for a game ended off the board, how it ended in the log's words (`pbem show`, a
    spectator's screen and the game-over mail draw it, so the board says "Game over" with who
    ended the game and how, never the generic line)."""
    entries = list(entries)
    seq = entries[-1].get("seq") if entries else None
    return at_position(view, seq if isinstance(seq, int) else 0, ending(entries, engine))
