"""Positions of a finished game, drawn with every hidden value filled in.

Only a log that replays to a complete PASS is drawn: before the reveal the server's seed is
secret, and a failing log must not be shown as if it were a game.
"""

from __future__ import annotations

from typing import Any

from client.player.engine import local_engine, render
from client.player.errors import ClientError
from engines.core import Engine


def revealed_view(engine: Engine, state: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """A finished game's state drawn with everything face up: the engine's own revealed view
    (every hand, what was left to draw), else the spectator's view with every hidden value
    filled in from the seat that could see it; None when neither works (the seat's view is
    shown then). Only ever called with a state replayed from a complete, passing audit."""
    own = getattr(engine, "revealed_view", None)
    if callable(own):
        try:
            shown = own(state)
        except Exception:  # noqa: BLE001 - an engine that fails here still has the merge below
            shown = None
        if isinstance(shown, dict):
            return shown
    try:
        merged = engine.view(state, None)
        for seat in range(seats):
            merged = fill_hidden(merged, engine.view(state, seat))
        if isinstance(merged, dict) and "seat" in merged:
            merged["seat"] = None  # drawn for nobody's seat: no "you", the usual orientation
    except Exception:  # noqa: BLE001 - an engine that cannot do it still shows the seat's view
        return None
    return merged  # type: ignore[no-any-return]


def final_note(view: Any) -> str | None:
    """What `pbem show` says over a finished game's final position: everything revealed, or,
    in a blind game, that unburnt values were never revealed (only the reader's own are shown)."""
    if not isinstance(view, dict):
        return None
    board = view.get("board")
    concealed = isinstance(board, dict) and any(
        isinstance(p, dict) and "value" in p and p["value"] is None for p in board.values()
    )
    if not concealed:
        return "the final position, everything revealed (the log replayed: PASS)"
    return (
        "the final position (the log replayed: PASS); a blind game never reveals unburnt "
        "wisdoms: yours are filled in from your own store, the others stay concealed"
    )


def position_in_export(data: Any, seq: int) -> dict[str, Any]:
    """{"seq", "entries", "engine", "view", "text", "verdict"}: the position after entry `seq`
    of an exported game, replayed by the audit; a ClientError for a log that is not a complete
    PASS (FAIL: it must not be drawn; INCOMPLETE: the seed is still secret) or a bad `seq`."""
    return positions_in_export(data, [seq])[0]


def positions_in_export(data: Any, seqs: list[int]) -> list[dict[str, Any]]:
    """position_in_export for several entries, from one replay."""
    from protocol.audit import replay_states

    entries = data.get("entries") if isinstance(data, dict) else None
    count = len(entries) if isinstance(entries, list) else 0
    for seq in seqs:
        if count and not 0 <= seq < count:
            raise ClientError(f"there is no entry {seq}: the log has entries 0 to {count - 1}")
    verdict, states = replay_states(data)
    if not verdict.ok:
        raise ClientError(f"the log does not pass the audit, so it is not replayed: {verdict.reason}")
    if not verdict.complete:
        raise ClientError(
            "the game is not over: the server's seed stays secret until the reveal, so its "
            "positions can be replayed only then"
        )
    engine = local_engine(str(verdict.engine))
    genesis = entries[0].get("body") or {}  # type: ignore[index]
    out = []
    for seq in seqs:
        state = (states or {}).get(seq)
        if state is None:
            started = next((e["seq"] for e in entries if e.get("type") == "start"), None)  # type: ignore[union-attr]
            raise ClientError(
                f"entry {seq} comes before the start (entry {started}): there is no position yet"
            )
        view = revealed_view(engine, state, int(genesis.get("seats") or 0))
        if view is None:
            view = engine.view(state, None)
        out.append({"seq": seq, "entries": count, "engine": engine.id, "view": view,
                    "text": render(engine, view), "verdict": verdict.word})
    return out


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
