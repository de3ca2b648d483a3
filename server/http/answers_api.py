"""POST /v1/games/<id>/answers: a seat signs how it answers some decisions in advance
(docs/API.md, "Standing answers"). The ledger checks and appends the statement, then plays what
it prescribes at once; the answer is the mover's view after all of it, as a move's is."""

from __future__ import annotations

from flask import Blueprint, Response

from server.http.api import _after_append, body, ledger
from server.http.auth import current_account
from server.http.visibility import game_for
from server.ledger.answering import set_answers

answers_bp = Blueprint("answers", __name__, url_prefix="/v1")


@answers_bp.post("/games/<game_id>/answers")
def post_answers(game_id: str) -> Response:
    game_for(game_id)  # a private game is absent for anyone who may not read it
    account = current_account()
    data = body()
    appended = set_answers(ledger(), game_id, account, data.get("statement"), data.get("sig"))
    return _after_append(appended)
