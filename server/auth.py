"""Who is asking: the signed-request check in front of every private endpoint."""

from __future__ import annotations

from flask import current_app, g, request

from protocol.auth import check_request
from server.errors import ApiProblem
from server.models import Account


def signer_key() -> str:
    """The verified public key of this request (401 if unsigned, stale or forged)."""
    path = request.path + (f"?{request.query_string.decode()}" if request.query_string else "")
    key, reason = check_request(
        request.headers, request.method, path, request.get_data(cache=True),
        window=current_app.config["AUTH_WINDOW"],
    )
    if key is None:
        raise ApiProblem(401, reason)
    return key


def current_account() -> Account:
    if "account" not in g:
        key = signer_key()
        account = Account.get_or_none(Account.key == key)
        if account is None:
            raise ApiProblem(403, "no account has this key: run `pbem init` first")
        g.account = account
    return g.account
