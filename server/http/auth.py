"""Who is asking: the signed-request check in front of every private endpoint."""

from __future__ import annotations

from flask import current_app, g, request

from protocol.auth import HEADER_SIG, check_request
from server.http.errors import ApiProblem
from server.store.models import Account
from server.store.prepared import Prepared

ACCOUNT_BY_KEY = Prepared(lambda key: Account.select().where(Account.key == key).limit(1))


def signed_path() -> str:
    """The path as signed: with the query string exactly as sent (it must be ASCII)."""
    try:
        query = request.query_string.decode("ascii")
    except UnicodeDecodeError as exc:
        raise ApiProblem(400, "the query string must be ASCII: percent-encode anything else") from exc
    return request.path + (f"?{query}" if query else "")


def signer_key() -> str:
    """The verified public key of this request (401 if unsigned, stale or forged)."""
    if "signer" not in g:
        key, reason = check_request(
            request.headers, request.method, signed_path(), request.get_data(cache=True),
            window=current_app.config["AUTH_WINDOW"],
        )
        if key is None:
            raise ApiProblem(401, reason)
        g.signer = key
    return g.signer


def request_signature() -> str:
    """The verified signature of this request (its X-Pbem-Signature, 128 hex)."""
    signer_key()
    return request.headers[HEADER_SIG]


def current_account() -> Account:
    if "account" not in g:
        key = signer_key()
        account = ACCOUNT_BY_KEY.first(key)
        if account is None:
            raise ApiProblem(403, "no account has this key: run `pbem init` first")
        g.account = account
    return g.account
