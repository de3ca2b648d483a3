"""Request authentication: an Ed25519 signature that binds a request to one server, one
method, one exact target, one moment, one nonce and one body.

No passwords: an account is its public key, and one key may hold accounts on many servers,
so a request names the server it is for by that server's public key: a request signed for
server A does not verify on server B. The target is signed in a canonical form
(`request_target`) made from what the route sees, the decoded path and the raw query, in
which a path segment and a query can never stand for each other: every byte of the path
outside the unreserved characters and `/` is percent-encoded (`?` as `%3F`, `%` as `%25`),
so the first `?` of a target always starts its query. docs/PROTOCOL.md section 16.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from urllib.parse import quote, unquote

from protocol.keys import TAG_REQUEST, TAG_REQUEST_V1, SigningKey, is_public_key_hex, verify

HEADER_KEY = "X-Pbem-Key"
HEADER_TIME = "X-Pbem-Time"
HEADER_NONCE = "X-Pbem-Nonce"
HEADER_SIG = "X-Pbem-Signature"
WINDOW_SECONDS = 300
TIME = re.compile(r"[0-9]{1,12}")  # unix seconds, plain digits: no sign, no "_", no spaces
NONCE = re.compile(r"[0-9a-f]{32}")  # 16 random bytes, lower-case hex
QUERY = re.compile(r"[!-~]*")  # printable ASCII without a space: what a request line can carry
UPGRADE = (
    "this request is signed in the old form (pbem/v1/request), which names neither the server "
    "it is for nor its exact target, so it could be replayed on another server or with its path "
    "read as a query: upgrade pbem (pip install -U pbem) and try again"
)


def request_target(path: str, query: str = "") -> str:
    """The TARGET a request signs, from what the route sees: the decoded path and the raw query.

    The path (a str, as the WSGI app reads it: percent-decoded once, as UTF-8) is written
    as UTF-8 with every byte percent-encoded except the unreserved A-Z a-z 0-9 - . _ ~ and
    `/`, so the encoding is one-to-one and holds no `?`, `#`, `%` or space; then `?` and the
    query exactly as sent when there is one (decoding it would make `a=%26` and `a=&` one).
    """
    return quote(path, safe="/", errors="strict") + (f"?{query}" if query else "")


def wire_target(wire: str) -> str:
    """The TARGET of a request sent with `wire` (the path and query on the request line):
    the path percent-decoded once as UTF-8 (an invalid sequence as U+FFFD, as a WSGI server
    hands it to the app), then `request_target`. A client signs this; the server computes
    the same from its environ (server.http.auth)."""
    path, _, query = wire.partition("?")
    return request_target(unquote(path, errors="replace"), query)


def request_message(
    server_key: str, method: str, target: str, timestamp: str, nonce: str, body: bytes
) -> bytes:
    """SERVER \\n METHOD \\n TARGET \\n TIME \\n NONCE \\n hex(sha256(BODY)), as UTF-8 (ASCII)."""
    digest = hashlib.sha256(body).hexdigest()
    return f"{server_key}\n{method.upper()}\n{target}\n{timestamp}\n{nonce}\n{digest}".encode()


def _message_v1(method: str, target: str, timestamp: str, body: bytes) -> bytes:
    """The old message (pbem/v1/request), only to recognise a request signed by an old client."""
    path, mark, query = target.partition("?")
    signed = unquote(path, errors="replace") + (f"?{query}" if mark and query else "")
    return f"{method.upper()}\n{signed}\n{timestamp}\n{hashlib.sha256(body).hexdigest()}".encode()


def sign_request(
    key: SigningKey,
    method: str,
    wire: str,
    body: bytes,
    *,
    server: str,
    now: float | None = None,
    nonce: str | None = None,
) -> dict[str, str]:
    """The headers that sign a request sent as `method wire` with `body`, for the server
    whose public key is `server`; a fresh random nonce unless one is given (a test vector)."""
    timestamp = str(int(time.time() if now is None else now))
    nonce = secrets.token_hex(16) if nonce is None else nonce
    message = request_message(server, method, wire_target(wire), timestamp, nonce, body)
    return {
        HEADER_KEY: key.public_hex,
        HEADER_TIME: timestamp,
        HEADER_NONCE: nonce,
        HEADER_SIG: key.sign(TAG_REQUEST, message),
    }


def check_request(
    headers: dict[str, str] | object,
    server_key: str,
    method: str,
    target: str,
    body: bytes,
    now: float | None = None,
    window: int = WINDOW_SECONDS,
) -> tuple[str | None, str]:
    """(public key, "") when the request is signed for this server (`server_key`), for this
    method, target and body, and fresh; else (None, the reason). `target` is what the
    server computed from its own view of the request (request_target), never a string the
    client sent. A request in the old form is refused with a reason that says to upgrade."""
    get = headers.get  # type: ignore[attr-defined]
    key, timestamp, sig, nonce = get(HEADER_KEY), get(HEADER_TIME), get(HEADER_SIG), get(HEADER_NONCE)
    if not key or not timestamp or not sig:
        return None, f"this request must be signed ({HEADER_KEY}, {HEADER_TIME}, {HEADER_NONCE}, {HEADER_SIG})"
    if not isinstance(timestamp, str) or not TIME.fullmatch(timestamp):
        return None, f"{HEADER_TIME} must be unix seconds, 1 to 12 decimal digits"
    moment = int(timestamp)
    current = time.time() if now is None else now
    if abs(current - moment) > window:
        return None, "the request's signature has expired (check your clock)"
    if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
        if verify(key, TAG_REQUEST_V1, _message_v1(method, target, timestamp, body), sig):
            return None, UPGRADE
        return None, f"{HEADER_NONCE} must be 32 lower-case hex digits (16 random bytes)"
    if not is_public_key_hex(server_key):
        raise ValueError(f"not a server key: {server_key!r}")
    if verify(key, TAG_REQUEST, request_message(server_key, method, target, timestamp, nonce, body), sig):
        return key, ""
    if verify(key, TAG_REQUEST_V1, _message_v1(method, target, timestamp, body), sig):
        return None, UPGRADE
    return None, (
        "the request's signature does not verify: it must be signed for this server "
        f"(key {server_key[:16]}...), this method, path, query and body"
    )
