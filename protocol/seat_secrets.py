"""A seat's secrets: derived from its private key, or kept in the log sealed to that key.

A client that must remember a random salt until the reveal loses the game when it loses its
home, and two homes of one key cannot share what only one of them drew. So every salt a seat
commits with is derived from its key (HKDF over the place in the log), and the value an
owner-held move keeps from the server travels in the seat's own signed envelope, sealed
(ChaCha20-Poly1305) with a key only the seat's private key derives. The key alone then
rebuilds all of it (docs/PROTOCOL.md section 7a); nobody else, the server and the audit
included, can open a box, so the audit checks only its form (`box_problem`).
"""

from __future__ import annotations

import os
import re
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from protocol.canonical import NotCanonical, canonical, loads_strict
from protocol.keys import SigningKey

SEAT_SECRETS_SALT = b"pbem/v1/seat-secrets"
NONCE_BYTES = 12
TAG_BYTES = 16
BOX_LEAST = 2  # plaintext bytes at least: the shortest object, `{}` (what is sealed is an object or a list)
BOX_MOST = 8192  # plaintext bytes at most: a box is a few records, never a file
_LOWER_HEX = re.compile(r"[0-9a-f]*")


def _info(purpose: str, game: str, seq: int) -> bytes:
    """The HKDF info and the AEAD's associated data: one place in one game, for one purpose."""
    return canonical({"game": game, "purpose": purpose, "seq": seq})


def derive(key: SigningKey, purpose: str, game: str, seq: int) -> bytes:
    """32 bytes only this key's holder can compute, one per (purpose, game, seq).

    HKDF rather than the nonce HMAC (protocol.nonces): a fresh, named derivation for every use
    of the seed keeps a salt from ever serving as a sealing key, and the other way round.
    """
    hkdf = HKDF(
        algorithm=hashes.SHA256(), length=32, salt=SEAT_SECRETS_SALT, info=_info(purpose, game, seq)
    )
    return hkdf.derive(bytes.fromhex(key.seed_hex()))


def secret_salt(key: SigningKey, game: str, seq: int) -> str:
    """The salt of the secret_commit of the seat's move at `seq`: recomputed from the key alone,
    so a home restored from the key's words can still open every commitment it made."""
    return derive(key, "salt", game, seq).hex()


def seal(key: SigningKey, game: str, seq: int, value: Any, purpose: str = "seal") -> str:
    """`value` sealed to this key at this place: lower-case hex of nonce || ciphertext+tag."""
    return _seal_with_nonce(key, game, seq, value, purpose, os.urandom(NONCE_BYTES))


def _seal_with_nonce(key: SigningKey, game: str, seq: int, value: Any, purpose: str, nonce: bytes) -> str:
    """`seal` with a given nonce: for the known-answer vector only (a nonce must never repeat)."""
    plain = canonical(value)
    if len(plain) > BOX_MOST:
        raise ValueError(f"a sealed value holds at most {BOX_MOST} bytes, this one {len(plain)}")
    aead = ChaCha20Poly1305(derive(key, purpose, game, seq))
    return (nonce + aead.encrypt(nonce, plain, _info(purpose, game, seq))).hex()


def open_box(key: SigningKey, game: str, seq: int, box: Any, purpose: str = "seal") -> Any | None:
    """The value sealed in `box` to this key at this place, or None: a box of another key, game,
    seq or purpose, a changed byte, or anything that is no box. Never raises: a box comes from
    a log the server wrote, and a hostile one must not stop a client reading its own game."""
    if box_problem(box) is not None:
        return None
    raw = bytes.fromhex(box)
    nonce, sealed = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
    try:
        aead = ChaCha20Poly1305(derive(key, purpose, game, seq))
        plain = aead.decrypt(nonce, sealed, _info(purpose, game, seq))
        value = loads_strict(plain)
        if canonical(value) != plain:  # only what `seal` writes opens: one box, one meaning
            return None
    except (InvalidTag, NotCanonical, ValueError, TypeError, RecursionError):
        return None
    return value


def box_problem(box: Any) -> str | None:
    """Why `box` is not a well-formed sealed box, in words a refusal says, or None.

    The form alone (the audit cannot open a box): lower-case hex, whole bytes, long enough
    for a nonce, a tag and the shortest value, and no longer than BOX_MOST bytes of value,
    so a box can neither re-spell a signed envelope nor carry a file into the log."""
    if not isinstance(box, str):
        return "a sealed box must be a string of lower-case hex"
    least = 2 * (NONCE_BYTES + TAG_BYTES + BOX_LEAST)
    most = 2 * (NONCE_BYTES + TAG_BYTES + BOX_MOST)
    if len(box) > most:
        return f"a sealed box holds at most {BOX_MOST} bytes of value ({most} hex characters)"
    if not _LOWER_HEX.fullmatch(box) or len(box) % 2:
        return "a sealed box must be lower-case hex of whole bytes"
    if len(box) < least:
        return f"a sealed box is at least {least} hex characters (a nonce, a tag and a value)"
    return None
