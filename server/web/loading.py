"""What a page rests on: the public game, its signed log, and positions replayed from that log.

A running game is drawn from the server's spectator view (what the API serves anyone); a
finished one from the audit's own replay of its log (protocol.audit.replay_states), with every
concealed value face up. Replays are kept per game and head (a finished log never changes), so
stepping through a game replays it once per worker, not once per click.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import engines
from engines.core import Engine
from protocol.audit import Verdict, replay_states
from protocol.entries import FORMAT
from server.ledger.records import is_game_id
from server.store.models import Entry, Game, PrivateGame

REPLAYS_KEPT = 8  # finished games whose replay a worker keeps (a long Siedler game: ~1 MB)


def public_game(game_id: str) -> Game | None:
    """The game if anyone may read it: a private game is None, exactly like a missing one."""
    if not is_game_id(game_id):
        return None
    game = Game.get_or_none(Game.id == game_id)
    if game is None or PrivateGame.select().where(PrivateGame.game == game).exists():
        return None
    return game


def log_of(game: Game) -> list[dict[str, Any]]:
    rows = Entry.select(Entry.data).where(Entry.game == game).order_by(Entry.seq).tuples()
    return [json.loads(data) for (data,) in rows]  # tuples: no model object a row (a long log)


def export_of(game: Game) -> dict[str, Any]:
    """The export exactly as the API's /export and `pbem export` give it."""
    return {"format": FORMAT, "game": game.id, "entries": log_of(game)}


def names_in(entries: list[dict[str, Any]]) -> dict[int, str]:
    """seat -> the name its player signed in the join (the log's word, not the account table's)."""
    out: dict[int, str] = {}
    for entry in entries:
        body = entry.get("body") or {}
        if entry.get("type") == "join" and isinstance(body.get("seat"), int):
            out[body["seat"]] = str(body.get("name"))
    return out


@dataclass(frozen=True)
class Replay:
    """The audit's verdict on a finished log and, on a complete PASS, the state after each entry."""

    verdict: Verdict
    states: dict[int, dict[str, Any] | None] | None


_replays: OrderedDict[tuple[str, str], Replay] = OrderedDict()
_lock = threading.Lock()


def replay_of(game: Game, entries: list[dict[str, Any]]) -> Replay:
    key = (game.id, game.head_hash)
    with _lock:
        if key in _replays:
            _replays.move_to_end(key)
            return _replays[key]
    verdict, states = replay_states({"format": FORMAT, "game": game.id, "entries": entries})
    replay = Replay(verdict, states)
    with _lock:
        _replays[key] = replay
        while len(_replays) > REPLAYS_KEPT:
            _replays.popitem(last=False)
    return replay


def revealed(engine: Engine, state: dict[str, Any], seats: int) -> dict[str, Any]:
    """The state as the spectator's view with everything face up: the engine's own
    `revealed_view`, else the spectator's view with each concealed value filled in from the seat
    that could see it (as the terminal client does for its final screens)."""
    own = getattr(engine, "revealed_view", None)
    if own is not None:
        try:
            view = own(state)
        except Exception:  # noqa: BLE001 - an engine that cannot: the merged views below
            view = None
        if isinstance(view, dict):
            return view
    merged: Any = engine.view(state, None)
    for seat in range(seats):
        merged = _fill(merged, engine.view(state, seat))
    if isinstance(merged, dict) and "seat" in merged:
        merged["seat"] = None  # drawn for nobody: no "you", the usual orientation
    return merged  # type: ignore[no-any-return]


def _fill(base: Any, seen: Any) -> Any:
    """`base` with every None replaced by what `seen` has in that place (same shape kept)."""
    if base is None:
        return seen
    if isinstance(base, dict) and isinstance(seen, dict):
        return {k: _fill(v, seen[k]) if k in seen else v for k, v in base.items()}
    if isinstance(base, list) and isinstance(seen, list) and len(base) == len(seen):
        return [_fill(a, b) for a, b in zip(base, seen, strict=True)]
    return base


def text_board(engine: Engine, view: Any) -> str:
    """The same text board as `pbem show` (the board's text alternative)."""
    try:
        return str(engine.render(view))
    except Exception:  # noqa: BLE001 - a page is still served; the SVG and history stand
        return "(this position has no text board)"


def engine_of(game: Game) -> Engine | None:
    try:
        return engines.get(game.engine)
    except engines.UnknownEngine:
        return None
