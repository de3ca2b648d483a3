"""Canonical JSON (RFC 8785) and SHA-256: the two primitives every hash in the log rests on."""

from __future__ import annotations

import hashlib
from typing import Any

import rfc8785


class NotCanonical(ValueError):
    """A value that has no canonical form (NaN or infinity, an int beyond 2**53, a non-str key)."""


def canonical(value: Any) -> bytes:
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, TypeError, ValueError) as exc:
        raise NotCanonical(f"value has no canonical JSON form: {exc}") from exc


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest(value: Any) -> str:
    """SHA-256 of the canonical form, hex."""
    return sha256_hex(canonical(value))
