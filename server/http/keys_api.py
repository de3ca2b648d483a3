"""POST /v1/keys/rotate: an account replaces its key (docs/PROTOCOL.md section 16). The request is
signed by the key it replaces; the ledger checks the statement both keys signed and the
handovers, then applies the whole in one transaction (server/ledger/handing.py)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from server.http.api import body, ledger
from server.http.auth import current_account
from server.http.errors import ApiProblem, problem
from server.ledger.handing import Uncovered, rotate

keys_bp = Blueprint("keys", __name__, url_prefix="/v1")


@keys_bp.post("/keys/rotate")
def post_rotate() -> Response:
    try:
        account = current_account()  # a key already replaced: 401, so a replayed rotation changes nothing
    except ApiProblem as exc:
        if exc.status == 403:  # a stranger's key: there is nothing of theirs to rotate here
            raise ApiProblem(401, "no account has this key on this server: there is no key of yours to replace") from exc
        raise
    data = body()
    try:
        done = rotate(ledger(), account, data)
    except Uncovered as exc:  # the client signs the games named and sends the rotation again
        return problem(409, exc.message, games=exc.games)
    return jsonify(done)
