"""Positions of a finished game, drawn with every hidden value filled in.

Only a log that replays to a complete PASS is drawn: before the reveal the server's seed is
secret, and a failing log must not be shown as if it were a game.
"""

from __future__ import annotations

__all__ = ["fill_hidden", "final_note", "position_in_export", "positions_in_export", "revealed_view"]

from typing import Any

from client.display.record import recaller, revealed_records, with_record
from client.player.engine import local_engine, render
from client.player.errors import ClientError, UnsupportedGame
from protocol.revealed import at_position, ending, fill_hidden, revealed_view


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


def position_in_export(data: Any, seq: int, private: Any = None) -> dict[str, Any]:
    """{"seq", "entries", "engine", "view", "text", "verdict"}: the position after entry `seq`
    of an exported game, replayed by the audit; a ClientError for a log that is not a complete
    PASS (FAIL: it must not be drawn; INCOMPLETE: the seed is still secret) or a bad `seq`.
    The view carries the record of everything up to there (every private event the replay
    opened: `private`, protocol.audit.private_events, replayed here when not given)."""
    return positions_in_export(data, [seq], private)[0]


def positions_in_export(data: Any, seqs: list[int], private: Any = None) -> list[dict[str, Any]]:
    """position_in_export for several entries, from one replay (two for an engine that keeps a
    record and no `private` given)."""
    from protocol.audit import replay_states

    entries = data.get("entries") if isinstance(data, dict) else None
    count = len(entries) if isinstance(entries, list) else 0
    for seq in seqs:
        if count and not 0 <= seq < count:
            raise ClientError(f"there is no entry {seq}: the log has entries 0 to {count - 1}")
    verdict, states = replay_states(data)
    if not verdict.supported:
        raise UnsupportedGame(f"{verdict.reason}; this pbem cannot replay it")
    if not verdict.ok:
        raise ClientError(f"the log does not pass the audit, so it is not replayed: {verdict.reason}")
    if not verdict.complete:
        raise ClientError(
            "the game is not over: the server's seed stays secret until the reveal, so its "
            "positions can be replayed only then"
        )
    genesis = entries[0].get("body") or {}  # type: ignore[index]
    engine = local_engine(str(verdict.engine), genesis.get("engine_version"))  # the game's own rules
    if private is None and recaller(engine) is not None:
        from protocol.audit import private_events

        private = private_events(data)[1]
    remembered = revealed_records(engine, data, private, seqs)
    end = ending(entries, engine)  # type: ignore[arg-type]
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
        view = with_record(at_position(view, seq, end), remembered.get(seq))  # over only at the end
        out.append({"seq": seq, "entries": count, "engine": engine.id, "engine_version": engine.version, "view": view,
                    "text": render(engine, view), "verdict": verdict.word})
    return out


