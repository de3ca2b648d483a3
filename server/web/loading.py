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

from engines.core import Engine
from protocol.audit import Verdict, replay_states
from protocol.entries import FORMAT
from protocol.revealed import revealed_view
from server.ledger.records import LedgerError, is_game_id
from server.ledger.rules import rules_of
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
    """The state with everything face up, as the terminal client draws its final screens
    (protocol.revealed), else the spectator's view."""
    return revealed_view(engine, state, seats) or engine.view(state, None)


def text_board(engine: Engine, view: Any) -> str:
    """The same text board as `pbem show` (the board's text alternative)."""
    try:
        return str(engine.render(view))
    except Exception:  # noqa: BLE001 - a page is still served; the SVG and history stand
        return "(this position has no text board)"


def engine_of(game: Game) -> Engine | None:
    """The rules the game began with (its genesis's version); None when this server lacks them."""
    try:
        return rules_of(game)
    except LedgerError:
        return None
