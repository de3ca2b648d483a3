"""A bot plays my seat: the lease that keeps its mail from the player (signed, under /v1).

`pbem bot` plays a seat for days; a your-turn mail for each of its decisions would reach a
player who is not deciding (hundreds in one game). So the bot says it is playing, and the
server sends that seat no your-turn mail, reminder or last warning while the lease runs:

- POST /v1/games/ID/bot `{"minutes": N}` (1 to 1440): the caller's seat is played by a bot for
  the next N minutes; the answer is `{"game", "seat", "until"}`. A running bot renews it well
  before `until` (client/play.py renews at a third of the lease).
- DELETE /v1/games/ID/bot: the bot has stopped; mail goes to the player again at once.

A lease that is not renewed ends by itself: a bot that crashed, lost its network or was killed
silences the seat's mail for at most N minutes. The game-over mail is always sent.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Blueprint, Response, jsonify

from server.http.api import body
from server.http.auth import current_account
from server.http.errors import ApiProblem
from server.http.visibility import game_for
from server.store.models import Account, BotLease, Game, Seat, database, utcnow

bot_bp = Blueprint("bot", __name__, url_prefix="/v1")
LONGEST_MINUTES = 24 * 60


def _seat_of(game: Game, account: Account) -> int:
    row = Seat.get_or_none((Seat.game == game) & (Seat.account == account))
    if row is None:
        raise ApiProblem(403, "you hold no seat in this game")
    return int(row.seat)


def _iso(value: dt.datetime | None) -> str | None:
    return value.strftime("%Y-%m-%dT%H:%M:%SZ") if value else None


def _answer(game: Game, seat: int, until: dt.datetime | None) -> dict[str, Any]:
    return {"game": game.id, "seat": seat, "until": _iso(until)}


@bot_bp.post("/games/<game_id>/bot")
def lease(game_id: str) -> Response:
    game = game_for(game_id)
    account = current_account()
    minutes = body().get("minutes")
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= LONGEST_MINUTES:
        raise ApiProblem(400, f"minutes: a whole number from 1 to {LONGEST_MINUTES}")
    seat = _seat_of(game, account)
    if game.status == "over":
        raise ApiProblem(409, "the game is over: no bot plays it")
    until = utcnow().replace(microsecond=0) + dt.timedelta(minutes=minutes)
    with database.atomic():
        updated = BotLease.update(until=until, account=account).where(
            (BotLease.game == game) & (BotLease.seat == seat)
        ).execute()
        if not updated:
            BotLease.insert(game=game, seat=seat, account=account, until=until).on_conflict_ignore().execute()
    return jsonify(_answer(game, seat, until))


@bot_bp.delete("/games/<game_id>/bot")
def release(game_id: str) -> Response:
    game = game_for(game_id)
    account = current_account()
    seat = _seat_of(game, account)
    BotLease.delete().where((BotLease.game == game) & (BotLease.seat == seat)).execute()
    return jsonify(_answer(game, seat, None))

