"""Seat secrets (docs/PROTOCOL.md section 7a): derived salts and sealed boxes.

Hostile inputs first: a box is read from a log the server wrote, so whatever it holds must
open only for its own key, game, seq and purpose, and must never raise. Then the known-answer
vectors of section 18, with the HKDF recomputed by hand from RFC 5869 so the vector does not
merely repeat the library.
"""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path

import pytest

from protocol.canonical import canonical
from protocol.keys import SigningKey
from protocol.seat_secrets import (
    BOX_MOST,
    SEAT_SECRETS_SALT,
    _seal_with_nonce,
    box_problem,
    derive,
    open_box,
    seal,
    secret_salt,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"

# section 18's player key (RFC 8032 section 7.1 TEST 1), game g1, seq 4, SALT = a5 x 32
PLAYER_SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
SALT = "a5" * 32
VALUE = {"salt": SALT, "secret": {"value": 3}}
NONCE = bytes(range(12))
DERIVE_SEAL_G1_4 = "14b604892483579a27cc768e13bca476d33c9eba8ae2b29b46e32b601206d06d"
SECRET_SALT_G1_4 = "bdf40392b9dd36e33eb82bf91aa86ea563976b497cff4e9346f3be5d0d199f06"
BOX_G1_4 = (
    "000102030405060708090a0b0b54142d6686ec9b379029958549a5661f1788246d9d22cdf3d039a1a5ffcd7c"
    "beb1e0e78d1170210ec7395845d35642cd8fac69684093c9271ecd166d691145809fbb1a3b13128126609a733f"
    "145cae44d3eab1b74d95b2d37d33160f62385dc958606a773dc3c72d6248fddbac4c1d"
)


@pytest.fixture(scope="module")
def key() -> SigningKey:
    return SigningKey.from_seed_hex(PLAYER_SEED)


# --- hostile ----------------------------------------------------------------------------------


def test_a_box_opens_only_at_its_own_place_for_its_own_key(key):
    box = seal(key, "g1", 4, VALUE)
    assert open_box(key, "g1", 4, box) == VALUE
    other = SigningKey.generate()
    assert open_box(other, "g1", 4, box) is None
    assert open_box(key, "g2", 4, box) is None
    assert open_box(key, "g1", 5, box) is None
    assert open_box(key, "g1", 4, box, purpose="handover") is None
    # a box sealed for another purpose does not open as a seal either
    assert open_box(key, "g1", 4, seal(key, "g1", 4, VALUE, purpose="handover")) is None


def test_every_flipped_byte_breaks_the_box(key):
    box = seal(key, "g1", 4, VALUE)
    raw = bytes.fromhex(box)
    for i in range(len(raw)):
        flipped = raw[:i] + bytes([raw[i] ^ 0x01]) + raw[i + 1:]
        assert open_box(key, "g1", 4, flipped.hex()) is None, i
    assert open_box(key, "g1", 4, box[:-2]) is None  # cut short
    assert open_box(key, "g1", 4, box + "00") is None  # one byte more


def test_two_seals_of_one_value_differ(key):
    """A fresh nonce each time: equal boxes would tell the table two placements are equal."""
    assert seal(key, "g1", 4, VALUE) != seal(key, "g1", 4, VALUE)


@pytest.mark.parametrize(
    "box",
    [
        None,
        1,
        ["00" * 40],
        {"box": "00"},
        b"00" * 40,
        "",
        "zz" * 40,
        "AB" * 40,  # upper case: a second spelling of the same bytes
        " " + "ab" * 40,
        "ab" * 40 + "\n",
        "abc" * 27,  # odd length
        "ab" * 29,  # shorter than nonce, tag and the shortest value
        "ab" * (12 + 16 + BOX_MOST + 1),  # more than BOX_MOST bytes of value
        "ab" * (4 * 1024 * 1024),  # 8 MB of hex
        "\u0660" * 80,  # Arabic-Indic digits: str.isdigit, not hex
    ],
)
def test_hostile_boxes_have_a_problem_and_do_not_open(key, box):
    assert isinstance(box_problem(box), str)
    assert open_box(key, "g1", 4, box) is None


def test_well_formed_garbage_does_not_open(key):
    box = "ab" * (12 + 16 + 40)
    assert box_problem(box) is None
    assert open_box(key, "g1", 4, box) is None


def test_a_box_holding_no_canonical_json_does_not_open(key):
    """Sealed by someone with the key but not by `seal` (JSON with spaces, two keys alike, not JSON):
    one box has one meaning, so none of these opens."""
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    aad = canonical({"game": "g1", "purpose": "seal", "seq": 4})
    for plain in (b'{"a": 1}', b'{"a":1,"a":2}', b"\xff\xfe", b"NaN", b'{"a":1.5e999}'):
        box = (NONCE + ChaCha20Poly1305(derive(key, "seal", "g1", 4)).encrypt(NONCE, plain, aad)).hex()
        assert open_box(key, "g1", 4, box) is None, plain


def test_the_size_limits_are_the_words_limits(key):
    assert box_problem("ab" * (12 + 16 + 2)) is None
    assert box_problem("ab" * (12 + 16 + 1)) is not None
    assert box_problem("ab" * (12 + 16 + BOX_MOST)) is None
    assert box_problem("ab" * (12 + 16 + BOX_MOST + 1)) is not None
    with pytest.raises(ValueError):
        seal(key, "g1", 4, "x" * BOX_MOST)


# --- derivation -------------------------------------------------------------------------------


def _hkdf_by_hand(ikm: bytes, salt: bytes, info: bytes) -> bytes:
    """RFC 5869 with SHA-256, one block of output."""
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    return hmac.new(prk, info + b"\x01", hashlib.sha256).digest()


def test_derive_is_hkdf_over_the_seed_and_the_place(key):
    info = canonical({"game": "g1", "purpose": "seal", "seq": 4})
    assert info == b'{"game":"g1","purpose":"seal","seq":4}'
    assert derive(key, "seal", "g1", 4) == _hkdf_by_hand(bytes.fromhex(PLAYER_SEED), SEAT_SECRETS_SALT, info)


def test_derivations_differ_by_every_input(key):
    seen = {
        derive(key, "salt", "g1", 4),
        derive(key, "seal", "g1", 4),
        derive(key, "salt", "g2", 4),
        derive(key, "salt", "g1", 5),
        derive(SigningKey.generate(), "salt", "g1", 4),
    }
    assert len(seen) == 5
    assert secret_salt(key, "g1", 4) == derive(key, "salt", "g1", 4).hex()


# --- known answers (docs/PROTOCOL.md section 18) -----------------------------------------------


def test_vectors(key):
    assert derive(key, "seal", "g1", 4).hex() == DERIVE_SEAL_G1_4
    assert secret_salt(key, "g1", 4) == SECRET_SALT_G1_4
    assert _seal_with_nonce(key, "g1", 4, VALUE, "seal", NONCE) == BOX_G1_4
    assert open_box(key, "g1", 4, BOX_G1_4) == VALUE


def test_the_document_carries_the_vectors():
    doc = DOC.read_text(encoding="utf-8")
    for value in (DERIVE_SEAL_G1_4, SECRET_SALT_G1_4, BOX_G1_4):
        assert value in doc
