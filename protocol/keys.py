"""Ed25519 keys and signatures, hex-encoded on the wire.

Every signature is over a domain tag followed by the message, so that a
signature made for one purpose (a move) can never be replayed for another
(a request, a log entry).

On top of what the library checks, weak encodings are refused, because the
library lets some through and they break what a signature promises: a small-order
public key verifies one fixed signature for every message, so such keys,
non-canonical keys, signatures whose R is small-order or non-canonical, and
signatures whose S is not below the group order are invalid.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from protocol.canonical import NotCanonical, canonical

TAG_ENTRY = b"pbem/v1/entry\n"
TAG_MOVE = b"pbem/v1/move\n"
TAG_JOIN = b"pbem/v1/join\n"
TAG_REQUEST = b"pbem/v2/request\n"
# The old request tag, whose message named neither the server nor an unambiguous target:
# kept only so the server can recognise such a request and refuse it with "upgrade pbem".
TAG_REQUEST_V1 = b"pbem/v1/request\n"
TAG_ANSWERS = b"pbem/v1/answers\n"


class KeyError_(ValueError):
    """A key that cannot be read."""


class SigningKey:
    """A private key with its public half; the only object that can sign."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        raw = private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        self.public_hex = raw.hex()

    @classmethod
    def generate(cls) -> SigningKey:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed_hex(cls, seed_hex: str) -> SigningKey:
        return cls(Ed25519PrivateKey.from_private_bytes(bytes.fromhex(seed_hex)))

    def seed_hex(self) -> str:
        return self._private.private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        ).hex()

    def sign(self, tag: bytes, message: bytes) -> str:
        return self._private.sign(tag + message).hex()

    def save(self, path: Path) -> None:
        """Write the private key as PEM, readable by its owner only (mode 0600)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        pem = self._private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pem)
        os.chmod(path, 0o600)

    @classmethod
    def load(cls, path: Path) -> SigningKey:
        try:
            private = serialization.load_pem_private_key(path.read_bytes(), password=None)
        except (OSError, ValueError) as exc:
            raise KeyError_(f"cannot read key {path}: {exc}") from exc
        if not isinstance(private, Ed25519PrivateKey):
            raise KeyError_(f"{path} is not an Ed25519 key")
        return cls(private)


_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX128 = re.compile(r"[0-9a-f]{128}")

# edwards25519: the field prime, the prime order of the base point, and the y
# coordinates of the 8 points of order dividing 8 (libsodium's blocklist:
# 1 is the identity, p-1 has order 2, 0 order 4, Y8 and p-Y8 order 8).
# tests/protocol/test_weak_keys.py proves these constants.
FIELD_P = 2**255 - 19
GROUP_L = 2**252 + 27742317777372353535851937790883648493
_Y8 = 2707385501144840649318225287225658788936804267575313519463743609750303402022
SMALL_ORDER_Y = frozenset({0, 1, FIELD_P - 1, _Y8, FIELD_P - _Y8})
_Y_MASK = (1 << 255) - 1


def _point_y(encoding: bytes) -> int:
    """The y coordinate of a 32-byte point encoding as written (low 255 bits, little-endian)."""
    return int.from_bytes(encoding, "little") & _Y_MASK


def is_canonical_point(encoding: bytes) -> bool:
    """32 bytes whose y is below p (the sign bit is not looked at)."""
    return len(encoding) == 32 and _point_y(encoding) < FIELD_P


def is_small_order_point(encoding: bytes) -> bool:
    """True if the encoding, canonical or not, either sign bit, names a point of order 1, 2, 4 or 8."""
    return len(encoding) == 32 and _point_y(encoding) % FIELD_P in SMALL_ORDER_Y


def _strong_point(encoding: bytes) -> bool:
    return is_canonical_point(encoding) and not is_small_order_point(encoding)


def is_strong_signature(signature: bytes) -> bool:
    """64 bytes, R canonical and not small-order, S (little-endian) below L."""
    return (
        len(signature) == 64
        and _strong_point(signature[:32])
        and int.from_bytes(signature[32:], "little") < GROUP_L
    )


def is_public_key_hex(value: object) -> bool:
    """Lower-case hex only: one value, one spelling, so nothing signed can be re-spelled.

    Small-order and non-canonical keys are refused: a small-order key verifies one fixed
    signature for every message.
    """
    return _public_key(value) is not None


def _public_key(value: object) -> Ed25519PublicKey | None:
    """The loaded key for a valid public key spelling, else None. Plain strings are checked
    and loaded once (an audit verifies thousands of signatures by a handful of keys, so
    each key is loaded once rather than once per signature); a str subclass, whose equality
    could be anything, is never looked up."""
    if type(value) is str:
        return _cached_key(value)
    return _load_key(value) if isinstance(value, str) else None


@lru_cache(maxsize=1024)
def _cached_key(public_hex: str) -> Ed25519PublicKey | None:
    """Keys are immutable, so one loaded object serves every call."""
    return _load_key(public_hex)


def _load_key(public_hex: str) -> Ed25519PublicKey | None:
    if not _HEX64.fullmatch(public_hex):
        return None
    raw = bytes.fromhex(public_hex)
    if not _strong_point(raw):
        return None
    try:
        return Ed25519PublicKey.from_public_bytes(raw)
    except ValueError:
        return None


def verify(public_hex: str, tag: bytes, message: bytes, signature_hex: str) -> bool:
    """True only for a valid signature; malformed keys or signatures are simply invalid.

    Weak keys and signatures are malformed here even where the library accepts them, since
    a signature must bind its signer to one message: see is_public_key_hex and
    is_strong_signature.
    """
    if not isinstance(signature_hex, str) or not _HEX128.fullmatch(signature_hex):
        return False
    key = _public_key(public_hex)
    if key is None:
        return False
    signature = bytes.fromhex(signature_hex)
    if not is_strong_signature(signature):
        return False
    try:
        key.verify(signature, tag + message)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


def statement_signed(public_hex: str, tag: bytes, statement: object, signature: object) -> bool:
    """Whether `signature` is `public_hex`'s over the canonical JSON of the object `statement`
    under `tag`: a statement that is no object, or no canonical JSON, is signed by nobody."""
    if not isinstance(statement, dict) or not isinstance(signature, str):
        return False
    try:
        message = canonical(statement)
    except (NotCanonical, TypeError, ValueError):
        return False
    return verify(public_hex, tag, message, signature)
