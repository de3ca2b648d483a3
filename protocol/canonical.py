"""Canonical JSON (RFC 8785) and SHA-256: the two primitives every hash in the log rests on.

`loads_strict` reads JSON that has exactly one meaning: what it refuses (a key given
twice, NaN or Infinity, a number too large for a float, text that is not Unicode,
nesting deeper than a limit) would otherwise be read one way here and maybe another
way by another reader.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

import rfc8785

MAX_DEPTH = 64  # arrays and objects inside one another; an export nests about 8 deep


class NotCanonical(ValueError):
    """A value that has no canonical form (NaN or infinity, an int beyond 2**53, a non-str key)."""


class NotStrictJSON(NotCanonical):
    """Text that is not JSON with exactly one reading (see loads_strict)."""


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


def _short(text: str, limit: int = 40) -> str:
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise NotStrictJSON(f"the key {_short(key)} appears twice in one object")
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise NotStrictJSON(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotStrictJSON(f"the number {_short(text)} is too large for a float")
    return value


def _check(value: Any, max_depth: int) -> None:
    """Depth within max_depth; every string (keys included) Unicode text, no lone surrogate."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            strings = [item]
        elif isinstance(item, (dict, list)):
            if depth + 1 > max_depth:
                raise NotStrictJSON(f"nested deeper than {max_depth} arrays or objects")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
            strings = list(item) if isinstance(item, dict) else []
        else:
            continue
        for text in strings:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise NotStrictJSON("a string holds a lone surrogate (not Unicode text)") from exc


def loads_strict(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON, refusing what another reader could read differently.

    Refused, with NotStrictJSON (a NotCanonical, so a ValueError) and a one-line reason:
    a key twice in one object (readers differ on which value wins), NaN, Infinity and
    numbers that overflow a float, bytes that are not UTF-8 (a BOM included), strings
    with lone surrogates, and more than `max_depth` nested arrays or objects.
    Integers beyond 2**53 are read (they are JSON); canonical() refuses them.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotStrictJSON("the text is not UTF-8") from exc
    if not isinstance(text, str):
        raise NotStrictJSON(f"JSON text must be str or bytes, not {type(text).__name__}")
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_constant=_constant, parse_float=_float)
    except RecursionError as exc:
        raise NotStrictJSON(f"nested deeper than {max_depth} arrays or objects") from exc
    except NotStrictJSON:
        raise
    except ValueError as exc:  # JSONDecodeError, or an integer of more than 4300 digits
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise NotStrictJSON(f"not valid JSON: {reason}") from exc
    _check(value, max_depth)
    return value
