"""Canonical JSON (RFC 8785) and SHA-256: the two primitives every hash in the log rests on.

`canonical` is byte for byte RFC 8785 (the `rfc8785` package is the reference). On the
protocol's own value domain (exact dict with str keys, list, tuple, str, bool, None, int
within +-(2**53 - 1)) it uses the standard library's C JSON encoder, which writes that domain
exactly as RFC 8785 does: sorted keys, no whitespace, the same string escapes (backslash
escapes for the quote, the backslash, b, t, n, f, r; "u00xx" in lowercase hex for the other
control characters; everything else as UTF-8).
The one difference, key order, is avoided: Python sorts keys by code point, RFC 8785 by UTF-16
code unit, and the two orders differ only for characters beyond U+FFFF, so an object with
such a key goes the slow way. Everything else (floats, big ints, subclasses, lone
surrogates, cycles, other types) goes to `rfc8785` as before, which writes it or refuses it.
tests/protocol/test_canonical_fast.py proves the two equal on generated values.

`canonical_own` is for values our own code builds (an engine's state or view): inside
`inputs_checked()` (which the audit opens only when every entry of the log it replays lay
in the domain, so whatever reached the engines from the log did) it writes them with the C
encoder without the domain check, which costs about as much as the encoding itself; outside
it, it is `canonical`. It is exact only on the domain: a float, an integer beyond 2**53, a
non-str key or an astral key would be written differently (the tests show where), so it
relies on the engines keeping their states and views within it, which the tests check on
random games of every engine. Log values always take the checked path.

`loads_strict` reads JSON that has exactly one meaning: what it refuses (a key given
twice, NaN or Infinity, a number too large for a float, text that is not Unicode,
nesting deeper than a limit) would otherwise be read one way here and maybe another
way by another reader.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import rfc8785

MAX_DEPTH = 64  # arrays and objects inside one another; an export nests about 8 deep


class NotCanonical(ValueError):
    """A value that has no canonical form (NaN or infinity, an int beyond 2**53, a non-str key)."""


class NotStrictJSON(NotCanonical):
    """Text that is not JSON with exactly one reading (see loads_strict)."""


_INT_MAX = 2**53 - 1  # RFC 8785 3.2.2.3 via rfc8785: integers beyond it have no exact form
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def _not_json(value: Any) -> Any:
    raise TypeError(f"a {type(value).__name__} is not JSON")


def _made_once() -> Any:
    """The C encoder with the settings below, made once: JSONEncoder.encode makes a new one on
    every call, which costs more than encoding a small value (a move key, an envelope)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # no C accelerator (another Python): the standard encoder, as before
        return json.JSONEncoder(
            ensure_ascii=False, separators=(",", ":"), sort_keys=True, allow_nan=False, check_circular=False
        ).encode
    # markers None: no cycle check (a cycle ends in RecursionError); then default, the string
    # writer (not ASCII-only), no indent, the separators, sort_keys, skipkeys off, allow_nan off
    chunks = make(None, _not_json, json.encoder.encode_basestring, None, ":", ",", True, False, False)

    def encode(value: Any) -> str:
        return "".join(chunks(value, 0))

    return encode


_encode = _made_once()


_LEAVES = frozenset({str, bool, type(None)})


def _plain(value: Any) -> bool:
    """Within the fast path's domain (see the module docstring); exact types only, so a subclass
    that might write itself differently never takes the fast path. Leaves are checked inline:
    a call per leaf would cost as much as the encoding."""
    t = type(value)
    if t is dict:
        for key, item in value.items():
            if type(key) is not str or not (key.isascii() or _ASTRAL.search(key) is None):
                return False
            t = type(item)
            if t in _LEAVES:
                continue
            if t is int:
                if -_INT_MAX <= item <= _INT_MAX:
                    continue
                return False
            if not _plain(item):
                return False
        return True
    if t is list or t is tuple:
        for item in value:
            t = type(item)
            if t in _LEAVES:
                continue
            if t is int:
                if -_INT_MAX <= item <= _INT_MAX:
                    continue
                return False
            if not _plain(item):
                return False
        return True
    if t in _LEAVES:
        return True
    return t is int and -_INT_MAX <= value <= _INT_MAX


def _fast(value: Any) -> bytes | None:
    """The C encoder's output when `value` is in the fast path's domain, else None."""
    try:
        if not _plain(value):
            return None
        return _encode(value).encode("utf-8")
    except (RecursionError, UnicodeEncodeError):  # too deep, a cycle, a lone surrogate
        return None


def canonical(value: Any) -> bytes:
    fast = _fast(value)
    if fast is not None:
        return fast
    return _reference(value)


def canonical_plain(value: Any) -> tuple[bytes, bool]:
    """`canonical(value)`, and whether the value lay in the fast path's domain (the audit
    learns so of every log entry while hashing it, at no extra cost)."""
    fast = _fast(value)
    if fast is not None:
        return fast, True
    return _reference(value), False


def _reference(value: Any) -> bytes:
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, TypeError, ValueError) as exc:
        raise NotCanonical(f"value has no canonical JSON form: {exc}") from exc


# Set by inputs_checked(): every value that reached the engines from outside lay in the domain.
_INPUTS_CHECKED: ContextVar[bool] = ContextVar("pbem_inputs_checked", default=False)


@contextmanager
def inputs_checked() -> Iterator[None]:
    """Within it, canonical_own trusts our own code's values to lie in the domain. Opened by
    the audit only once every entry of the log has been found in the domain; a context
    variable, so another thread or request is never affected."""
    token = _INPUTS_CHECKED.set(True)
    try:
        yield
    finally:
        _INPUTS_CHECKED.reset(token)


def canonical_own(value: Any) -> bytes:
    """Canonical JSON of a value our own code built from checked inputs (an engine's state or
    view): within inputs_checked(), the C encoder without the domain check; else canonical()."""
    if _INPUTS_CHECKED.get():
        try:
            return _encode(value).encode("utf-8")
        except (TypeError, ValueError, RecursionError, UnicodeEncodeError):
            pass  # not JSON at all (a set, NaN, a cycle, a lone surrogate): canonical says which
    return canonical(value)


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


INT_DIGITS = 400  # far beyond any integer canonical() writes (2**53 has 16 digits)


def _int(text: str) -> int:
    """A JSON integer (ASCII digits and a "-" by the grammar), refused before int() runs when
    longer than INT_DIGITS: int() would refuse 4,300 digits with advice meant for programmers."""
    if len(text.lstrip("-")) > INT_DIGITS:
        raise NotStrictJSON(f"an integer of {len(text.lstrip('-'))} digits: at most {INT_DIGITS}")
    return int(text)


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
    numbers that overflow a float, integers of more than INT_DIGITS digits, bytes that are not UTF-8 (a BOM included), strings
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
        value = json.loads(
            text, object_pairs_hook=_object, parse_constant=_constant, parse_float=_float, parse_int=_int
        )
    except RecursionError as exc:
        raise NotStrictJSON(f"nested deeper than {max_depth} arrays or objects") from exc
    except NotStrictJSON:
        raise
    except ValueError as exc:  # JSONDecodeError, or an integer of more than 4300 digits
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise NotStrictJSON(f"not valid JSON: {reason}") from exc
    _check(value, max_depth)
    return value
