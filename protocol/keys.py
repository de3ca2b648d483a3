"""Ed25519 keys and signatures, hex-encoded on the wire.

Every signature is over a domain tag followed by the message, so that a
signature made for one purpose (a move) can never be replayed for another
(a request, a log entry).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

TAG_ENTRY = b"pbem/v1/entry\n"
TAG_MOVE = b"pbem/v1/move\n"
TAG_JOIN = b"pbem/v1/join\n"
TAG_REQUEST = b"pbem/v1/request\n"


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


def is_public_key_hex(value: object) -> bool:
    """Lower-case hex only: one value, one spelling, so nothing signed can be re-spelled."""
    if not isinstance(value, str) or not _HEX64.fullmatch(value):
        return False
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(value))
    except ValueError:
        return False
    return True


def verify(public_hex: str, tag: bytes, message: bytes, signature_hex: str) -> bool:
    """True only for a valid signature; malformed keys or signatures are simply invalid."""
    if not isinstance(signature_hex, str) or not _HEX128.fullmatch(signature_hex):
        return False
    if not is_public_key_hex(public_hex):
        return False
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex))
        key.verify(bytes.fromhex(signature_hex), tag + message)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True
