"""The public games a spectator may watch, listed without an account.

Players find their own games in their signed list; someone who only wants to watch has no seat
and perhaps no account, yet should find the running games and name one by a short prefix of its
id, as players do. Private games are never listed here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from server.store.models import Game, PrivateGame


def watchable(prefix: str | None, summarize: Callable[[Game], dict[str, Any]]) -> list[dict[str, Any]]:
    """The running public games, newest entry first, or, with `prefix`, the public games whose id
    starts with it (any status: a finished game is watched too). A prefix that is not 4 to 16
    hex characters matches nothing. Each item is the game's summary (`summarize`) with the
    fields a player's list has: no seat, no invitation, the newest entry's time."""
    query = Game.select().where(Game.id.not_in(PrivateGame.select(PrivateGame.game)))
    if prefix:
        if not re.fullmatch(r"[0-9a-f]{4,16}", prefix):
            return []
        query = query.where(Game.id.startswith(prefix))
    else:
        query = query.where(Game.status == "running")
    games = []
    for game in query.order_by(Game.updated.desc()).limit(100):
        item = summarize(game)
        item.update(my_seat=None, invited_seat=None, updated=game.updated.strftime("%Y-%m-%d %H:%M UTC"))
        games.append(item)
    return games
