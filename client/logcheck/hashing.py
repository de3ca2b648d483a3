"""An entry's hash as the chain links it, or the server's fault said as a VerifyError."""

from __future__ import annotations

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
