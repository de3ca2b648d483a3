"""The deadline endpoints (docs/API.md): abort a stale game, take a vacation.

Config: ABORT_AFTER_DAYS (default 30: a running game nobody has moved in for that long
may be aborted by its creator), VACATION_DAYS (default 21: each account's yearly budget).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from server.clock import clock, sweeper
from server.http.api import body, ledger, summary
from server.http.auth import current_account
from server.http.visibility import game_for

DEADLINE_DEFAULTS: dict[str, Any] = {
    "ABORT_AFTER_DAYS": sweeper.DEFAULT_ABORT_AFTER_DAYS,
    "VACATION_DAYS": sweeper.DEFAULT_VACATION_DAYS,
}

deadline_bp = Blueprint("deadlines", __name__, url_prefix="/v1")


def _config(name: str) -> int:
    return int(current_app.config.get(name, DEADLINE_DEFAULTS[name]))


@deadline_bp.post("/games/<game_id>/abort")
def abort(game_id: str) -> Response:
    """The creator ends a game that never started, or one nobody has moved in for ABORT_AFTER_DAYS."""
    game_for(game_id)
    account = current_account()
    body()  # an empty object, or nothing; a malformed body is still a 400
    entry = sweeper.abort_game(ledger(), game_id, account, clock.now(), _config("ABORT_AFTER_DAYS"))
    return jsonify({"entry": entry, "game": summary(game_for(game_id))})


@deadline_bp.get("/me/vacation")
def vacation_status() -> Response:
    return jsonify(sweeper.vacation_status(current_account(), clock.now(), _config("VACATION_DAYS")))


@deadline_bp.post("/me/vacation")
def take_vacation() -> Response:
    """`{"days": N}`: stop this account's clocks in every game for N days (within the budget)."""
    account = current_account()
    data = body()
    return jsonify(
        sweeper.take_vacation(ledger(), account, data.get("days"), clock.now(), _config("VACATION_DAYS"))
    )
