"""POST /v1/games/ID/claim: take over the seat an invitation by e-mail kept, with its mailed token.

An account's address is what its owner typed: anyone may register zoe@example.org. So a seat
kept for an address is not given to the account that says it has the address; it goes to the
account that presents the one-time token mailed there (server/ledger/invitations.py `claim`),
which proves it reads that mailbox. The token opens a private game to its holder for this
request alone (`game_for`'s `admit`): whoever lacks it, signed or not, gets the 404 of a
missing game, as for every other route that names a private game.

The token travels in the body, never in the path or the query, so it is in no request log.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from server.http.api import body, ledger, summary
from server.http.auth import current_account
from server.http.visibility import game_for
from server.ledger.invitations import invite_with_token

claim_bp = Blueprint("claim", __name__, url_prefix="/v1")


@claim_bp.post("/games/<game_id>/claim")
def claim(game_id: str) -> Response:
    """The seat kept for an address becomes the caller's kept seat (then `join` takes it)."""
    token = body().get("token")  # a malformed body is the same 400 for any id: nothing told
    game_for(game_id, admit=lambda game: invite_with_token(game, token) is not None)
    account = current_account()
    return jsonify(summary(ledger().claim(game_id, account, token)))
