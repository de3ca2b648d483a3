"""A submission's shape, checked before any rule reads it, and the refusal every step raises.

A signed envelope has exactly eight members (a ninth, `sealed`, only where protocol.sealing says), each of exactly one JSON type: Python and
canonical JSON both blur 1.0, true and 1, so a loose check here would let the server
take what the audit later refuses. Every step module below `protocol.steps` raises
StepError with the HTTP status the server answers.
"""

from __future__ import annotations

import re
from typing import Any

HEX64 = re.compile(r"[0-9a-f]{64}")


class StepError(Exception):
    """A submission the protocol refuses; `status` is the HTTP status the server answers with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def is_int(value: Any) -> bool:
    """A JSON integer: not a boolean, not a float that happens to be whole (1.0 is not a seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


ENVELOPE_KEYS = frozenset({"game", "move", "nonce", "prev", "seat", "secret_commit", "seq", "ts"})


def check_envelope(env: Any, optional: frozenset[str] = frozenset()) -> None:
    """An object with exactly the eight members of an envelope, each of its one type (400).

    `optional`: members a move may add where its rules say (`sealed`, protocol.sealing, which
    decides once the move and its rules version are known); a resignation adds none."""
    if not isinstance(env, dict):
        raise StepError("the envelope must be a JSON object")
    if not ENVELOPE_KEYS <= set(env) <= ENVELOPE_KEYS | optional:
        raise StepError(f"the envelope must have exactly the fields {sorted(ENVELOPE_KEYS)}")
    check_envelope_types(env)


def check_envelope_types(env: dict[str, Any]) -> None:
    """Every member of a signed envelope has exactly one type: `1.0` and `true` are not seats.

    Python compares 1.0 == 1 and True == 1, and canonical JSON writes 1.0 as 1, so
    a loose check would let a float seat through the server and fail the audit later.
    """
    if not isinstance(env.get("game"), str):
        raise StepError("the envelope's game must be a string")
    if not is_int(env.get("seq")) or not is_int(env.get("seat")):
        raise StepError("the envelope's seq and seat must be whole numbers")
    if not isinstance(env.get("prev"), str) or not isinstance(env.get("ts"), str):
        raise StepError("the envelope's prev and ts must be strings")
    if not isinstance(env.get("move"), dict):
        raise StepError("the move must be a JSON object")
    committed = env.get("secret_commit")
    if committed is not None and not (isinstance(committed, str) and HEX64.fullmatch(committed)):
        raise StepError("secret_commit must be null or 32 bytes, hex")
    if not isinstance(env.get("nonce"), str) or not HEX64.fullmatch(env["nonce"]):
        raise StepError("the nonce must be 32 bytes, hex")
