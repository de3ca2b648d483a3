"""An entry's hash as the chain links it, or the server's fault said as a VerifyError; a key's
fingerprint as people compare it."""

from __future__ import annotations

import hashlib
from typing import Any

from client.logcheck.errors import VerifyError
from protocol.canonical import NotCanonical
from protocol.entries import entry_hash


def hash_of(entry: dict[str, Any]) -> str:
    """An entry without a canonical form has no hash: the server's fault, said as one."""
    try:
        return entry_hash(entry)
    except NotCanonical as exc:
        raise VerifyError(f"entry {entry.get('seq')!r} has no canonical form: {exc}") from exc


def key_fingerprint(public_hex: str) -> str:
    """The first 64 bits of SHA-256 over the public key, in groups of four hex digits."""
    digest = hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:16]
    return " ".join(digest[i : i + 4] for i in range(0, 16, 4))
