"""Request authentication (protocol/auth.py): what check_request accepts and refuses."""

from __future__ import annotations

import pytest

from protocol.auth import (
    HEADER_KEY,
    HEADER_SIG,
    HEADER_TIME,
    WINDOW_SECONDS,
    check_request,
    request_message,
    sign_request,
)
from protocol.keys import TAG_MOVE, TAG_REQUEST, SigningKey

NOW = 1_714_564_800
PATH = "/v1/games/g1/moves?x=1"
BODY = b'{"envelope":{},"sig":"00"}'


@pytest.fixture(scope="module")
def key() -> SigningKey:
    return SigningKey.from_seed_hex("11" * 32)


@pytest.fixture(scope="module")
def other() -> SigningKey:
    return SigningKey.from_seed_hex("22" * 32)


@pytest.fixture
def headers(key) -> dict[str, str]:
    return sign_request(key, "POST", PATH, BODY, now=NOW)


def test_good_request(key, headers):
    assert check_request(headers, "POST", PATH, BODY, now=NOW) == (key.public_hex, "")
    assert check_request(headers, "post", PATH, BODY, now=NOW) == (key.public_hex, "")


def test_get_with_empty_body(key):
    h = sign_request(key, "GET", "/v1/me", b"", now=NOW)
    assert check_request(h, "GET", "/v1/me", b"", now=NOW)[0] == key.public_hex


def test_headers_shape(key, headers):
    assert set(headers) == {HEADER_KEY, HEADER_TIME, HEADER_SIG}
    assert headers[HEADER_KEY] == key.public_hex
    assert headers[HEADER_TIME] == str(NOW)
    assert len(headers[HEADER_SIG]) == 128


def test_message_layout():
    msg = request_message("get", "/v1/me", "5", b"")
    assert (
        msg == b"GET\n/v1/me\n5\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    )


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
    key, reason = check_request(headers, method, path, body, now=NOW)
    assert key is None
    assert reason == "the request's signature does not verify"


@pytest.mark.parametrize("skew", [WINDOW_SECONDS, -WINDOW_SECONDS, 0, 1, -1])
def test_accepts_within_window(headers, skew):
    assert check_request(headers, "POST", PATH, BODY, now=NOW + skew)[0] is not None


@pytest.mark.parametrize("skew", [WINDOW_SECONDS + 1, -WINDOW_SECONDS - 1, 86_400, -86_400])
def test_refuses_outside_window(headers, skew):
    key, reason = check_request(headers, "POST", PATH, BODY, now=NOW + skew)
    assert key is None and "expired" in reason


def test_custom_window(headers):
    assert check_request(headers, "POST", PATH, BODY, now=NOW + 10, window=5)[0] is None
    assert check_request(headers, "POST", PATH, BODY, now=NOW + 10, window=10)[0] is not None


def test_refuses_a_changed_time(headers):
    """The time is signed: moving it (to stay in the window) breaks the signature."""
    h = {**headers, HEADER_TIME: str(NOW + 1)}
    key, reason = check_request(h, "POST", PATH, BODY, now=NOW)
    assert key is None and reason == "the request's signature does not verify"


def test_refuses_another_key(headers, other):
    h = {**headers, HEADER_KEY: other.public_hex}
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None


def test_refuses_a_signature_by_another_key(key, other):
    h = sign_request(other, "POST", PATH, BODY, now=NOW)
    h[HEADER_KEY] = key.public_hex
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None


@pytest.mark.parametrize("position", [0, 1, 63, 64, 127])
def test_refuses_a_changed_signature(headers, position):
    sig = headers[HEADER_SIG]
    flipped = sig[:position] + ("0" if sig[position] != "0" else "1") + sig[position + 1 :]
    h = {**headers, HEADER_SIG: flipped}
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None


def test_refuses_a_signature_made_for_a_move(key):
    """Same message, other domain tag: a move signature is not a request signature."""
    msg = request_message("POST", PATH, str(NOW), BODY)
    h = {HEADER_KEY: key.public_hex, HEADER_TIME: str(NOW), HEADER_SIG: key.sign(TAG_MOVE, msg)}
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None
    h[HEADER_SIG] = key.sign(TAG_REQUEST, msg)
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] == key.public_hex


@pytest.mark.parametrize("missing", [HEADER_KEY, HEADER_TIME, HEADER_SIG])
def test_refuses_missing_headers(headers, missing):
    h = {k: v for k, v in headers.items() if k != missing}
    key, reason = check_request(h, "POST", PATH, BODY, now=NOW)
    assert key is None and "must be signed" in reason
    h[missing] = ""
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None


@pytest.mark.parametrize("bad", ["soon", "1.5", "0x10", ""])
def test_refuses_a_bad_time(key, bad):
    h = {**sign_request(key, "POST", PATH, BODY, now=NOW), HEADER_TIME: bad}
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None


@pytest.mark.parametrize("bad_key", ["zz" * 32, "00", "", "ab" * 33])
def test_refuses_malformed_keys(headers, bad_key):
    h = {**headers, HEADER_KEY: bad_key}
    assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None


def test_refuses_malformed_signature(headers):
    for bad in ("zz" * 64, "00", headers[HEADER_SIG][:-2]):
        h = {**headers, HEADER_SIG: bad}
        assert check_request(h, "POST", PATH, BODY, now=NOW)[0] is None


def test_uses_the_clock_when_now_is_omitted(key):
    h = sign_request(key, "GET", "/v1/me", b"")
    assert check_request(h, "GET", "/v1/me", b"")[0] == key.public_hex
    old = sign_request(key, "GET", "/v1/me", b"", now=NOW)
    assert check_request(old, "GET", "/v1/me", b"")[0] is None


def test_works_with_any_mapping_with_get(key):
    class Headers:
        def __init__(self, data):
            self.data = {k.lower(): v for k, v in data.items()}

        def get(self, name, default=None):
            return self.data.get(name.lower(), default)

    h = Headers(sign_request(key, "GET", "/v1/me", b"", now=NOW))
    assert check_request(h, "GET", "/v1/me", b"", now=NOW)[0] == key.public_hex
