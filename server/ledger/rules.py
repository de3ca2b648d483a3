"""The rules a game is played under: the engine version its genesis names, never simply the
newest (docs/PROTOCOL.md section 19). A server upgraded in the middle of a game appends, shows, answers and mails
it under the rules it began with; a game whose version this server does not keep (made by a
newer pbem, then the server downgraded) is refused with both versions, never played under
other rules than its own.
"""

from __future__ import annotations

import json

import engines
from engines.core import Engine
from server.ledger.records import LedgerError
from server.store.models import Entry, Game


def version_of(game: Game) -> str | None:
    """The version the game's genesis names: its column (schema 4), else the genesis itself."""
    if game.engine_version:
        return str(game.engine_version)
    row = Entry.get_or_none((Entry.game == game.id) & (Entry.seq == 0))
    if row is None:
        return None
    version = json.loads(row.data).get("body", {}).get("engine_version")
    return version if isinstance(version, str) else None


def rules_of(game: Game) -> Engine:
    """The engine that plays `game` (LedgerError 501 when this server lacks its engine or version)."""
    try:
        return engines.get(game.engine, version_of(game))
    except (engines.UnknownEngine, engines.UnknownVersion) as exc:
        raise LedgerError(
            501, f"game {game.id}: {exc.message}: this server cannot play it (upgrade pbem-server)"
        ) from exc
