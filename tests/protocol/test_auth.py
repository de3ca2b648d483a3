"""Request authentication (protocol/auth.py): what check_request accepts and refuses, and why
a signed request is good for one server, one method, one exact target and one body only."""

from __future__ import annotations

import pytest

from protocol.auth import (
    HEADER_KEY,
    HEADER_NONCE,
    HEADER_SIG,
    HEADER_TIME,
    UPGRADE,
    WINDOW_SECONDS,
    _message_v1,
    check_request,
    request_message,
    sign_request,
)
from protocol.keys import TAG_MOVE, TAG_REQUEST, TAG_REQUEST_V1, SigningKey

NOW = 1_714_564_800
PATH = "/v1/games/g1/moves?x=1"
BODY = b'{"envelope":{},"sig":"00"}'
SERVER = SigningKey.from_seed_hex("33" * 32).public_hex
OTHER_SERVER = SigningKey.from_seed_hex("44" * 32).public_hex
NONCE = "ab" * 16


@pytest.fixture(scope="module")
def key() -> SigningKey:
    return SigningKey.from_seed_hex("11" * 32)


@pytest.fixture(scope="module")
def other() -> SigningKey:
    return SigningKey.from_seed_hex("22" * 32)


@pytest.fixture
def headers(key) -> dict[str, str]:
    return sign_request(key, "POST", PATH, BODY, server=SERVER, now=NOW)


def check(headers, method="POST", path=PATH, body=BODY, server=SERVER, **kw):
    return check_request(headers, server, method, path, body, **kw)


def test_good_request(key, headers):
    assert check(headers, now=NOW) == (key.public_hex, "")
    assert check(headers, "post", now=NOW) == (key.public_hex, "")


def test_get_with_empty_body(key):
    h = sign_request(key, "GET", "/v1/me", b"", server=SERVER, now=NOW)
    assert check(h, "GET", "/v1/me", b"", now=NOW)[0] == key.public_hex


def test_headers_shape(key, headers):
    assert set(headers) == {HEADER_KEY, HEADER_TIME, HEADER_NONCE, HEADER_SIG}
    assert headers[HEADER_KEY] == key.public_hex
    assert headers[HEADER_TIME] == str(NOW)
    assert len(headers[HEADER_SIG]) == 128
    assert len(headers[HEADER_NONCE]) == 32


def test_message_layout():
    msg = request_message(SERVER, "get", "/v1/me", "5", NONCE, b"")
    assert msg == (
        f"{SERVER}\nGET\n/v1/me\n5\n{NONCE}\n"
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    ).encode()


def test_a_request_signed_for_one_server_is_refused_by_another(key, headers):
    """One key may hold accounts on many servers: a request names its server's key, so what
    server A was sent (and could replay) is refused by server B, saying for which server it is."""
    signer, reason = check(headers, server=OTHER_SERVER, now=NOW)
    assert signer is None and "signed for this server" in reason and OTHER_SERVER[:16] in reason
    assert check(sign_request(key, "POST", PATH, BODY, server=OTHER_SERVER, now=NOW), server=OTHER_SERVER, now=NOW)[0]


def test_two_identical_requests_differ_by_their_nonce(key):
    """Two honest requests alike in every byte, in the same second, are two requests (a
    create-game is idempotent on its signature): each has a fresh random nonce."""
    a, b = (sign_request(key, "POST", "/v1/games", BODY, server=SERVER, now=NOW) for _ in range(2))
    assert a[HEADER_NONCE] != b[HEADER_NONCE] and a[HEADER_SIG] != b[HEADER_SIG]


def test_the_nonce_is_signed_and_well_formed(headers):
    h = {**headers, HEADER_NONCE: "cd" * 16}
    assert check(h, now=NOW)[0] is None
    for bad in ("", "AB" * 16, "ab" * 15, "ab" * 17, "zz" * 16):
        signer, reason = check({**headers, HEADER_NONCE: bad}, now=NOW)
        assert signer is None and (HEADER_NONCE in reason or "must be signed" in reason), bad


def test_the_old_request_form_is_refused_with_upgrade(key):
    """An old client's request (pbem/v1/request: no server, a target a query could stand for)
    verifies under the old rules and is refused all the same, saying to upgrade: accepting it
    would keep both holes open."""
    old = {HEADER_KEY: key.public_hex, HEADER_TIME: str(NOW),
           HEADER_SIG: key.sign(TAG_REQUEST_V1, _message_v1("POST", PATH, str(NOW), BODY))}
    assert check(old, now=NOW) == (None, UPGRADE)
    assert check({**old, HEADER_NONCE: NONCE}, now=NOW) == (None, UPGRADE)
    assert "upgrade pbem" in UPGRADE


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("PUT", PATH, BODY),
        ("GET", PATH, BODY),
        ("POST", "/v1/games/g1/moves", BODY),
        ("POST", "/v1/games/g2/moves?x=1", BODY),
        ("POST", PATH + "&y=2", BODY),
        ("POST", PATH, BODY + b" "),
        ("POST", PATH, b""),
        ("POST", PATH, BODY.replace(b"00", b"01")),
    ],
)
def test_refuses_another_method_path_or_body(headers, method, path, body):
    key, reason = check(headers, method, path, body, now=NOW)
    assert key is None
    assert reason.startswith("the request's signature does not verify")


@pytest.mark.parametrize("skew", [WINDOW_SECONDS, -WINDOW_SECONDS, 0, 1, -1])
def test_accepts_within_window(headers, skew):
    assert check(headers, now=NOW + skew)[0] is not None


@pytest.mark.parametrize("skew", [WINDOW_SECONDS + 1, -WINDOW_SECONDS - 1, 86_400, -86_400])
def test_refuses_outside_window(headers, skew):
    key, reason = check(headers, now=NOW + skew)
    assert key is None and "expired" in reason


def test_custom_window(headers):
    assert check(headers, now=NOW + 10, window=5)[0] is None
    assert check(headers, now=NOW + 10, window=10)[0] is not None


def test_refuses_a_changed_time(headers):
    """The time is signed: moving it (to stay in the window) breaks the signature."""
    h = {**headers, HEADER_TIME: str(NOW + 1)}
    key, reason = check(h, now=NOW)
    assert key is None and reason.startswith("the request's signature does not verify")


def test_refuses_another_key(headers, other):
    h = {**headers, HEADER_KEY: other.public_hex}
    assert check(h, now=NOW)[0] is None


def test_refuses_a_signature_by_another_key(key, other):
    h = sign_request(other, "POST", PATH, BODY, server=SERVER, now=NOW)
    h[HEADER_KEY] = key.public_hex
    assert check(h, now=NOW)[0] is None


@pytest.mark.parametrize("position", [0, 1, 63, 64, 127])
def test_refuses_a_changed_signature(headers, position):
    sig = headers[HEADER_SIG]
    flipped = sig[:position] + ("0" if sig[position] != "0" else "1") + sig[position + 1 :]
    h = {**headers, HEADER_SIG: flipped}
    assert check(h, now=NOW)[0] is None


def test_refuses_a_signature_made_for_a_move(key):
    """Same message, other domain tag: a move signature is not a request signature."""
    msg = request_message(SERVER, "POST", PATH, str(NOW), NONCE, BODY)
    h = {HEADER_KEY: key.public_hex, HEADER_TIME: str(NOW), HEADER_NONCE: NONCE, HEADER_SIG: key.sign(TAG_MOVE, msg)}
    assert check(h, now=NOW)[0] is None
    h[HEADER_SIG] = key.sign(TAG_REQUEST, msg)
    assert check(h, now=NOW)[0] == key.public_hex


@pytest.mark.parametrize("missing", [HEADER_KEY, HEADER_TIME, HEADER_SIG])
def test_refuses_missing_headers(headers, missing):
    h = {k: v for k, v in headers.items() if k != missing}
    key, reason = check(h, now=NOW)
    assert key is None and "must be signed" in reason
    h[missing] = ""
    assert check(h, now=NOW)[0] is None


@pytest.mark.parametrize("bad", ["soon", "1.5", "0x10", ""])
def test_refuses_a_bad_time(key, bad):
    h = {**sign_request(key, "POST", PATH, BODY, server=SERVER, now=NOW), HEADER_TIME: bad}
    assert check(h, now=NOW)[0] is None


@pytest.mark.parametrize("bad_key", ["zz" * 32, "00", "", "ab" * 33])
def test_refuses_malformed_keys(headers, bad_key):
    h = {**headers, HEADER_KEY: bad_key}
    assert check(h, now=NOW)[0] is None


def test_refuses_malformed_signature(headers):
    for bad in ("zz" * 64, "00", headers[HEADER_SIG][:-2]):
        h = {**headers, HEADER_SIG: bad}
        assert check(h, now=NOW)[0] is None


def test_uses_the_clock_when_now_is_omitted(key):
    h = sign_request(key, "GET", "/v1/me", b"", server=SERVER)
    assert check(h, "GET", "/v1/me", b"")[0] == key.public_hex
    old = sign_request(key, "GET", "/v1/me", b"", server=SERVER, now=NOW)
    assert check(old, "GET", "/v1/me", b"")[0] is None


def test_works_with_any_mapping_with_get(key):
    class Headers:
        def __init__(self, data):
            self.data = {k.lower(): v for k, v in data.items()}

        def get(self, name, default=None):
            return self.data.get(name.lower(), default)

    h = Headers(sign_request(key, "GET", "/v1/me", b"", server=SERVER, now=NOW))
    assert check(h, "GET", "/v1/me", b"", now=NOW)[0] == key.public_hex


def test_the_protocol_docs_target_examples_hold():
    """docs/PROTOCOL.md section 16's table of TARGETs is what wire_target computes."""
    import re
    from pathlib import Path

    from protocol.auth import wire_target

    doc = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = doc[doc.index("Examples of TARGET"):doc.index("## 17.")]
    rows = re.findall(r"^\| `([^`]+)` \| `([^`]+)`", section, re.M)
    assert len(rows) >= 8
    for sent, target in rows:
        assert wire_target(sent) == target, (sent, target)
