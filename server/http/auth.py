"""Who is asking: the signed-request check in front of every private endpoint."""

from __future__ import annotations

from flask import current_app, g, request

from protocol.auth import HEADER_SIG, QUERY, check_request, request_target
from server.http.errors import ApiProblem
from server.store.models import Account, RetiredKey
from server.store.prepared import Prepared

ACCOUNT_BY_KEY = Prepared(lambda key: Account.select().where(Account.key == key).limit(1))
RETIRED_BY_KEY = Prepared(lambda key: RetiredKey.select().where(RetiredKey.key == key).limit(1))


def retired_words(key: str) -> str | None:
    """Why a key an account replaced (POST /v1/keys/rotate) is refused, or None for any other key:
    the words every refusal of it says (401 as a signer, 409 as a new account's key)."""
    row = RETIRED_BY_KEY.first(key)
    if row is None:
        return None
    return (
        f"this key was replaced on this server (at {row.retired_at:%Y-%m-%d %H:%M} UTC): use the new key "
        "(its home, or `pbem init --restore` with its words)"
    )


def signed_target() -> str:
    """The target as signed, computed from what the route sees, never from a string the client
    sent: the WSGI environ's path (SCRIPT_NAME and PATH_INFO, percent-decoded by the server, as
    the URL rules read it) written canonically, and QUERY_STRING exactly as sent (printable
    ASCII: a request line carries nothing else)."""
    try:
        query = request.query_string.decode("ascii")
    except UnicodeDecodeError as exc:
        raise ApiProblem(400, "the query string must be ASCII: percent-encode anything else") from exc
    if not QUERY.fullmatch(query):
        raise ApiProblem(400, "the query string must be printable ASCII: percent-encode anything else")
    return request_target(request.script_root + request.path, query)


def server_key() -> str:
    """This server's public key: every request names it, so one signed for another does not pass."""
    return current_app.extensions["pbem.ledger"].key.public_hex


def signer_key() -> str:
    """The verified public key of this request (401 if unsigned, stale or forged)."""
    if "signer" not in g:
        key, reason = check_request(
            request.headers, server_key(), request.method, signed_target(), request.get_data(cache=True),
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
            retired = retired_words(key)
            if retired is not None:  # it held an account here once: the holder must use the new key
                raise ApiProblem(401, retired)
            raise ApiProblem(403, "no account has this key: run `pbem init` first")
        g.account = account
    return g.account
