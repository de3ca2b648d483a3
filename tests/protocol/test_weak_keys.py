"""Weak keys: small-order and non-canonical keys and signatures are refused.

A small-order Ed25519 public key (the identity point `01 00..00`, for one) makes
`[k]A` vanish from the verification equation `[S]B = R + [k]A`, so one fixed
signature verifies for every message. protocol.keys refuses such keys,
non-canonical key encodings, signatures whose R is small-order or non-canonical,
and signatures whose S is not below L, even where `cryptography` accepts them.

The constants in protocol.keys are proved here with a tiny, test-only, pure-Python
edwards25519 (affine coordinates; the addition law is complete because d is not a
square mod p). It is slow and not constant-time: never use it for anything else.
"""

from __future__ import annotations

import hashlib

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from protocol.keys import (
    FIELD_P,
    GROUP_L,
    SMALL_ORDER_Y,
    TAG_MOVE,
    SigningKey,
    is_canonical_point,
    is_public_key_hex,
    is_small_order_point,
    is_strong_signature,
    verify,
)

# --- test-only edwards25519: -x^2 + y^2 = 1 + d x^2 y^2 over GF(p) ---------------

P = 2**255 - 19
D = -121665 * pow(121666, -1, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
IDENTITY = (0, 1)
Y8 = 2707385501144840649318225287225658788936804267575313519463743609750303402022
BASE_Y = 4 * pow(5, -1, P) % P  # RFC 8032: the base point B has y = 4/5, x even
L = 2**252 + 27742317777372353535851937790883648493


def x_from_y(y: int, sign: int) -> int | None:
    """RFC 8032 5.1.3 decoding of x from y; None when y is not on the curve."""
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    xx = u * pow(v, -1, P) % P
    x = pow(xx, (P + 3) // 8, P)
    if x * x % P != xx:
        x = x * SQRT_M1 % P
    if x * x % P != xx:
        return None
    if x == 0 and sign:
        return None
    return P - x if (x & 1) != sign else x


def add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    (x1, y1), (x2, y2) = a, b
    t = D * x1 * x2 * y1 * y2 % P
    x3 = (x1 * y2 + x2 * y1) * pow(1 + t, -1, P) % P
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, -1, P) % P
    return x3, y3


def on_curve(pt: tuple[int, int]) -> bool:
    x, y = pt
    return (-x * x + y * y - 1 - D * x * x * y * y) % P == 0


def mul(k: int, pt: tuple[int, int]) -> tuple[int, int]:
    acc = IDENTITY
    while k:
        if k & 1:
            acc = add(acc, pt)
        pt = add(pt, pt)
        k >>= 1
    return acc


def decode(encoding: bytes) -> tuple[int, int] | None:
    """Canonical decoding only (y < p)."""
    n = int.from_bytes(encoding, "little")
    y, sign = n & ((1 << 255) - 1), n >> 255
    if y >= P:
        return None
    x = x_from_y(y, sign)
    return None if x is None else (x, y)


def encode(pt: tuple[int, int]) -> bytes:
    x, y = pt
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def order_divides_8(pt: tuple[int, int]) -> bool:
    return mul(8, pt) == IDENTITY


# --- proofs of the constants ------------------------------------------------------


def test_weak_keys_issue6_constants_match_protocol_keys():
    """protocol.keys uses the same p, L and blocklist as these proofs."""
    assert FIELD_P == P
    assert GROUP_L == L
    assert SMALL_ORDER_Y == {0, 1, P - 1, Y8, P - Y8}


def test_weak_keys_issue6_each_blocklisted_y_is_a_point_of_order_dividing_8():
    """Each listed y gives, with either sign, a point P with 8P = identity."""
    orders = {}
    for y in sorted(SMALL_ORDER_Y):
        for sign in (0, 1):
            x = x_from_y(y, sign)
            if x is None:  # only y = 1 and y = p-1 have x = 0, so no "negative" twin
                assert y in (1, P - 1) and sign == 1
                continue
            pt = (x, y)
            assert on_curve(pt)
            assert order_divides_8(pt), y
            orders[pt] = min(n for n in (1, 2, 4, 8) if mul(n, pt) == IDENTITY)
    assert len(orders) == 8  # 8 distinct points
    assert sorted(orders.values()) == [1, 2, 4, 4, 8, 8, 8, 8]
    assert orders[(0, 1)] == 1 and orders[(0, P - 1)] == 2


def test_weak_keys_issue6_blocklist_is_the_whole_8_torsion():
    """The multiples of one order-8 point have exactly the listed y values.

    The 8-torsion of edwards25519 is cyclic of order 8 (the curve has order 8 * L, L
    prime), so it has exactly 8 points and these are all of them: nothing is missing.
    """
    t = (x_from_y(Y8, 0), Y8)
    multiples = [mul(k, t) for k in range(8)]
    assert len(set(multiples)) == 8
    assert {y for _, y in multiples} == SMALL_ORDER_Y


def test_weak_keys_issue6_group_order_l_and_base_point():
    """L is the order of B (LB = identity, B != identity); B is RFC 8032's."""
    b = (x_from_y(BASE_Y, 0), BASE_Y)
    assert encode(b).hex() == "58" + "66" * 31
    assert b != IDENTITY and mul(L, b) == IDENTITY
    assert not order_divides_8(b)


def test_weak_keys_issue6_random_public_key_is_not_small_order():
    """A generated key decodes to a point of order L, not a small-order one."""
    for _ in range(3):
        raw = bytes.fromhex(SigningKey.generate().public_hex)
        pt = decode(raw)
        assert pt is not None and encode(pt) == raw
        assert not order_divides_8(pt)
        assert mul(L, pt) == IDENTITY
        assert is_canonical_point(raw) and not is_small_order_point(raw)
        assert is_public_key_hex(raw.hex())


# --- the attack -------------------------------------------------------------------

IDENTITY_KEY = "01" + "00" * 31
B_HEX = "58" + "66" * 31
# R = B, S = 1: [S]B = R + [k]A holds for every k when A is the identity. R is a
# point of large order and S < L, so only the key check can stop this signature.
FIXED_SIG_B = B_HEX + "01" + "00" * 31
# R = identity, S = 0: same idea, stopped by both the key and the R checks.
FIXED_SIG_ID = IDENTITY_KEY + "00" * 32


def library_accepts(public_hex: str, message: bytes, signature_hex: str) -> bool:
    key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex))
    try:
        key.verify(bytes.fromhex(signature_hex), message)
    except InvalidSignature:
        return False
    return True


@pytest.mark.parametrize("sig", [FIXED_SIG_B, FIXED_SIG_ID])
def test_weak_keys_issue6_identity_key_attack_library_accepts_protocol_refuses(sig):
    """`cryptography` accepts one fixed signature of the identity key
    for two different messages (true on the version pinned here); protocol.keys refuses it."""
    m1, m2 = TAG_MOVE + b'{"move":"resign"}', TAG_MOVE + b'{"move":"win"}'
    assert library_accepts(IDENTITY_KEY, m1, sig)
    assert library_accepts(IDENTITY_KEY, m2, sig)
    assert not is_public_key_hex(IDENTITY_KEY)
    assert not verify(IDENTITY_KEY, TAG_MOVE, b'{"move":"resign"}', sig)
    assert not verify(IDENTITY_KEY, TAG_MOVE, b'{"move":"win"}', sig)


# --- refused keys -----------------------------------------------------------------


def small_order_encodings() -> list[str]:
    """Every 32-byte encoding of a small-order point: y or y + p (if below 2^255), either sign."""
    out = []
    for y in sorted(SMALL_ORDER_Y):
        for spelled in (y, y + P):
            if spelled < 2**255:
                for sign in (0, 1):
                    out.append((spelled | (sign << 255)).to_bytes(32, "little").hex())
    return out


SMALL_ORDER_KEYS = small_order_encodings()
NON_CANONICAL_KEYS = [
    (y | (sign << 255)).to_bytes(32, "little").hex() for y in range(P, 2**255) for sign in (0, 1)
]


def test_weak_keys_issue6_encoding_lists_are_complete():
    """5 y values, two of them (0, 1) also spelled y + p, each with 2 signs."""
    assert len(SMALL_ORDER_KEYS) == len(set(SMALL_ORDER_KEYS)) == 14
    assert len(NON_CANONICAL_KEYS) == 38
    assert IDENTITY_KEY in SMALL_ORDER_KEYS


@pytest.mark.parametrize("key", SMALL_ORDER_KEYS)
def test_weak_keys_issue6_small_order_keys_refused(key):
    """Every encoding of a small-order point is refused as a key."""
    raw = bytes.fromhex(key)
    assert is_small_order_point(raw)
    assert not is_public_key_hex(key)
    assert not verify(key, TAG_MOVE, b"m", FIXED_SIG_B)
    assert not verify(key, TAG_MOVE, b"m", SigningKey.generate().sign(TAG_MOVE, b"m"))


@pytest.mark.parametrize("key", NON_CANONICAL_KEYS)
def test_weak_keys_issue6_non_canonical_keys_refused(key):
    """A key whose y is p..2^255-1 (either sign bit) is refused."""
    assert not is_canonical_point(bytes.fromhex(key))
    assert not is_public_key_hex(key)
    assert not verify(key, TAG_MOVE, b"m", FIXED_SIG_B)


def test_weak_keys_issue6_non_canonical_small_order_key_accepted_by_library():
    """The library also takes y = p + 1 (the identity, non-canonical) and
    accepts the fixed signature for any message; protocol.keys refuses it."""
    key = (P + 1).to_bytes(32, "little").hex()
    assert library_accepts(key, b"one", FIXED_SIG_B)
    assert library_accepts(key, b"two", FIXED_SIG_B)
    assert not verify(key, b"", b"one", FIXED_SIG_B)


# --- refused signatures -----------------------------------------------------------


def secret_scalar(seed_hex: str) -> int:
    """RFC 8032 5.1.5: the clamped secret scalar a of a seed (test-only)."""
    h = bytearray(hashlib.sha512(bytes.fromhex(seed_hex)).digest()[:32])
    h[0] &= 248
    h[31] &= 127
    h[31] |= 64
    return int.from_bytes(h, "little")


def test_weak_keys_issue6_identity_r_signature_library_accepts_protocol_refuses():
    """The key's owner can sign with R = identity (S = k*a mod L);
    the library accepts that, protocol.keys refuses a small-order R."""
    signer = SigningKey.generate()
    a, pub = secret_scalar(signer.seed_hex()), bytes.fromhex(signer.public_hex)
    assert encode(mul(a, (x_from_y(BASE_Y, 0), BASE_Y))) == pub  # the scalar is right
    r = bytes.fromhex(IDENTITY_KEY)
    message = TAG_MOVE + b"m"
    k = int.from_bytes(hashlib.sha512(r + pub + message).digest(), "little") % L
    sig = (r + (k * a % L).to_bytes(32, "little")).hex()
    assert library_accepts(signer.public_hex, message, sig)
    assert not is_strong_signature(bytes.fromhex(sig))
    assert not verify(signer.public_hex, TAG_MOVE, b"m", sig)


@pytest.mark.parametrize("r", SMALL_ORDER_KEYS + NON_CANONICAL_KEYS)
def test_weak_keys_issue6_small_order_or_non_canonical_r_refused(r):
    """A signature whose R is small-order or non-canonical is refused."""
    signer = SigningKey.generate()
    good = signer.sign(TAG_MOVE, b"m")
    bad = r + good[64:]
    assert not is_strong_signature(bytes.fromhex(bad))
    assert not verify(signer.public_hex, TAG_MOVE, b"m", bad)


def test_weak_keys_issue6_s_not_below_l_refused():
    """S + L (the malleable twin of a good S) and S = L are refused."""
    signer = SigningKey.generate()
    good = signer.sign(TAG_MOVE, b"m")
    assert verify(signer.public_hex, TAG_MOVE, b"m", good)
    s = int.from_bytes(bytes.fromhex(good[64:]), "little")
    for bad_s in (s + L, L, 2**256 - 1):
        bad = good[:64] + bad_s.to_bytes(32, "little").hex()
        assert not is_strong_signature(bytes.fromhex(bad))
        assert not verify(signer.public_hex, TAG_MOVE, b"m", bad)
    # L - 1 is still in range: only the S check's boundary, the signature is simply wrong
    assert is_strong_signature(bytes.fromhex(good[:64] + (L - 1).to_bytes(32, "little").hex()))


def test_weak_keys_issue6_good_signatures_still_verify():
    """Honest keys and signatures are untouched by these checks."""
    for _ in range(20):
        signer = SigningKey.generate()
        sig = signer.sign(TAG_MOVE, b"m")
        assert is_public_key_hex(signer.public_hex)
        assert is_strong_signature(bytes.fromhex(sig))
        assert verify(signer.public_hex, TAG_MOVE, b"m", sig)
        assert not verify(signer.public_hex, TAG_MOVE, b"n", sig)
