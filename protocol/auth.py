"""Request authentication: an Ed25519 signature over method, path, time and body hash.

No passwords: an account is its public key. The signed message binds the
request to one method and path (query string included), one moment (the server
accepts a few minutes of clock skew) and one exact body.

The path is signed in one canonical form (`signed_path`), the one a WSGI server
hands the app: percent-decoded once as UTF-8, so `zoe%40example.org` and
`zoe@example.org` are one path (the server cannot tell them apart, and routes
both to the same place), followed by the query string exactly as sent.
"""

from __future__ import annotations

import hashlib
import re
import time
from urllib.parse import unquote

from protocol.keys import TAG_REQUEST, SigningKey, verify

HEADER_KEY = "X-Pbem-Key"
HEADER_TIME = "X-Pbem-Time"
HEADER_SIG = "X-Pbem-Signature"
WINDOW_SECONDS = 300
TIME = re.compile(r"[0-9]{1,12}")  # unix seconds, plain digits: no sign, no "_", no spaces


def signed_path(wire: str) -> str:
    """The PATH a request signs, from the path and query as sent on the wire.

    The path part is percent-decoded once (UTF-8, an invalid sequence as U+FFFD), as the
    server reads it: WSGI gives the app only the decoded path, and encoders differ in what
    they escape (`@`, `+`, `~`, ...), so the encoded form is no common ground. The query is
    kept as sent: decoding it would lose the difference between `a=%26` and `a=&`.
    """
    path, mark, query = wire.partition("?")
    return unquote(path, errors="replace") + (f"?{query}" if mark and query else "")


def request_message(method: str, path: str, timestamp: str, body: bytes) -> bytes:
    return f"{method.upper()}\n{path}\n{timestamp}\n{hashlib.sha256(body).hexdigest()}".encode()


def sign_request(key: SigningKey, method: str, path: str, body: bytes, now: float | None = None) -> dict[str, str]:
    timestamp = str(int(time.time() if now is None else now))
    sig = key.sign(TAG_REQUEST, request_message(method, path, timestamp, body))
    return {HEADER_KEY: key.public_hex, HEADER_TIME: timestamp, HEADER_SIG: sig}


def check_request(
    headers: dict[str, str] | object,
    method: str,
    path: str,
    body: bytes,
    now: float | None = None,
    window: int = WINDOW_SECONDS,
) -> tuple[str | None, str]:
    """(public key, "") when the request is signed and fresh, else (None, the reason)."""
    get = headers.get  # type: ignore[attr-defined]
    key, timestamp, sig = get(HEADER_KEY), get(HEADER_TIME), get(HEADER_SIG)
    if not key or not timestamp or not sig:
        return None, f"this request must be signed ({HEADER_KEY}, {HEADER_TIME}, {HEADER_SIG})"
    if not isinstance(timestamp, str) or not TIME.fullmatch(timestamp):
        return None, f"{HEADER_TIME} must be unix seconds, 1 to 12 decimal digits"
    moment = int(timestamp)
    current = time.time() if now is None else now
    if abs(current - moment) > window:
        return None, "the request's signature has expired (check your clock)"
    if not verify(key, TAG_REQUEST, request_message(method, path, timestamp, body), sig):
        return None, "the request's signature does not verify"
    return key, ""
