"""The fast canonical JSON (written by the C encoder for speed) is byte for byte the reference `rfc8785`.

protocol.canonical writes the protocol's value domain with the C JSON encoder and sends
everything else to rfc8785. These tests compare the two on generated values: every
scalar the domain has (ints up to and beyond the 2**53 boundary, strings with control
characters, quotes, backslashes, characters beyond U+FFFF and lone surrogates), and
values outside it (floats with -0.0, NaN and infinities, subclasses, tuples, non-str keys),
nested. Where rfc8785 refuses, canonical must refuse too (NotCanonical); where it writes,
canonical must write the same bytes. RFC 8785 section 3.2.3 sorts keys by UTF-16 code
units, which differs from Python's code point order exactly when a key holds a character
beyond U+FFFF next to one in U+E000..U+FFFF: those get tests of their own.

`canonical_own` (an engine's state or view, inside `inputs_checked()`) skips the domain
check: it equals rfc8785 on the domain, is `canonical` outside the context, and the values
where it would differ are listed here; engine states and views along random games of every
engine stay in the domain, which is what lets the audit take it.
"""

from __future__ import annotations

import enum
import random
from collections import OrderedDict
from typing import Any

import pytest
import rfc8785
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import engines
from engines.core import Rng
from protocol.canonical import (
    NotCanonical,
    _fast,
    canonical,
    canonical_own,
    canonical_plain,
    inputs_checked,
)

EXAMPLES = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BOUNDARY = [0, 1, -1, 2**53 - 1, -(2**53 - 1), 2**53, -(2**53), 2**53 + 1, 2**63, -(2**64), 10**30]
# Characters whose handling differs between encoders if anything does: every control
# character, quote, backslash, DEL, the line separators, the last BMP characters (sorted
# after surrogates in UTF-16), the first and last astral ones, and lone surrogates.
SPECIAL = [chr(i) for i in range(0x20)] + [
    '"', "\\", "/", "\x7f", "\u2028", "\u2029", "\ud7ff", "\ue000", "\uffff", "\ufffe",
    "\U00010000", "\U0001f600", "\U0010ffff", "\ud800", "\udfff", "\udc00", "é", "ß", "a", "z", "A",
]


def keys(surrogates: bool) -> st.SearchStrategy[str]:
    chars = st.sampled_from(SPECIAL if surrogates else [c for c in SPECIAL if not 0xD800 <= ord(c) <= 0xDFFF])
    return st.text(chars | st.characters(exclude_categories=() if surrogates else ("Cs",)), max_size=6)


def values(surrogates: bool, outside: bool) -> st.SearchStrategy[Any]:
    """JSON-ish values; `outside` adds what the fast path must hand to rfc8785."""
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-(2**53), 2**53)
        | st.sampled_from(BOUNDARY)
        | keys(surrogates)
    )
    if outside:
        scalars = scalars | st.floats() | st.sampled_from([-0.0, 0.0, 1.0, 1e21, 1e-7, 5e-324, float("nan")])
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=5)
        | st.dictionaries(keys(surrogates), inner, max_size=5)
        | (st.lists(inner, max_size=3).map(tuple) if outside else st.nothing()),
        max_leaves=30,
    )


def reference(value: Any) -> bytes | type[Exception]:
    """rfc8785's answer: the bytes, or that it refuses (the errors canonical turns into NotCanonical)."""
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, TypeError, ValueError):
        return NotCanonical


def ours(value: Any) -> bytes | type[Exception]:
    try:
        return canonical(value)
    except NotCanonical:
        return NotCanonical


@EXAMPLES
@given(values(surrogates=False, outside=False))
@example({"\ue000": 1, "\U0001f600": 2})
@example({"a": [2**53 - 1, -(2**53 - 1)], "b\x00\x1f\x7f": "\"\\\n\r\t\b\f\u2028"})
def test_rfc8785_on_the_value_domain(value: Any) -> None:
    assert ours(value) == reference(value)


@EXAMPLES
@given(values(surrogates=True, outside=True))
@example(-0.0)
@example({"x": [-0.0, 1.0, 2**53]})
@example("\ud800")
@example({"\udfff": 1})
def test_rfc8785_beyond_the_domain_floats_big_ints_surrogates_tuples(value: Any) -> None:
    assert ours(value) == reference(value)


@EXAMPLES
@given(values(surrogates=False, outside=False).filter(lambda v: not _astral_key(v)))
def test_the_fast_path_takes_the_whole_domain(value: Any) -> None:
    """Not vacuous: on the domain (astral keys aside, ints within 2**53) the C encoder writes it."""
    if _within(value):
        assert _fast(value) == rfc8785.dumps(value)


def _astral_key(value: Any) -> bool:
    if isinstance(value, dict):
        return any(max(k, default="a") > "\uffff" or _astral_key(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_astral_key(v) for v in value)
    return False


def _within(value: Any) -> bool:
    if type(value) is int:
        return abs(value) <= 2**53 - 1
    if isinstance(value, dict):
        return all(_within(v) for v in value.values())
    if isinstance(value, list):
        return all(_within(v) for v in value)
    return True


def test_keys_sort_by_utf16_code_units_not_code_points() -> None:
    """RFC 8785 3.2.3: U+1F600 is D83D DE00 in UTF-16, so it sorts before U+E000."""
    value = {"\ue000": 1, "\U0001f600": 2, "a": 3}
    assert canonical(value) == '{"a":3,"\U0001f600":2,"\ue000":1}'.encode()
    assert canonical(value) == rfc8785.dumps(value)
    assert _fast(value) is None, "an astral key takes the reference path"
    assert _fast({"k": "\U0001f600"}) == rfc8785.dumps({"k": "\U0001f600"}), "astral values do not"


@pytest.mark.parametrize(
    "value",
    [2**53 - 1, -(2**53 - 1), 2**53, -(2**53), 1.5, -0.0, float("inf"), "\ud800", {1: 2}, {None: 1}, {True: 1}, {(1,): 2}, b"x", {1, 2}],
    ids=repr,
)
def test_boundaries_and_refusals_agree(value: Any) -> None:
    assert ours(value) == reference(value)


class Colour(enum.IntEnum):
    RED = 1


class Word(str, enum.Enum):  # noqa: UP042 - on purpose: str() of this one is "Word.YES"
    YES = "yes"


class Loud(str):
    def __str__(self) -> str:
        return "LOUD"


@pytest.mark.parametrize(
    "value",
    [Colour.RED, {"c": Colour.RED}, Word.YES, {Word.YES: 1}, Loud("q"), OrderedDict([("b", 1), ("a", 2)]), (1, "a", None)],
    ids=repr,
)
def test_subclasses_take_the_reference_path(value: Any) -> None:
    assert _fast(value) is None or type(value) is tuple
    assert ours(value) == reference(value)


def test_a_cycle_fails_as_before() -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(RecursionError):
        rfc8785.dumps(loop)
    with pytest.raises(RecursionError):
        canonical(loop)


ENGINES = [
    ("magier", 2, {"open_placement": True}),
    ("feuersalamander", 4, {}),
    ("feuersalamander", 2, {}),
    ("cavemen", 2, {"open": False}),
    ("cavemen", 2, {"open": True}),
    ("siedler", 2, {}),
]


@pytest.mark.parametrize(("engine_id", "seats", "options"), ENGINES, ids=repr)
def test_real_states_and_views(engine_id: str, seats: int, options: dict[str, Any]) -> None:
    """The values the protocol commits to most: engine states and views along random games,
    every engine. They lie in the fast domain, so canonical_own (which the audit takes for
    them without the domain check) writes them exactly as rfc8785."""
    engine = engines.get(engine_id)
    rnd = random.Random(3)
    state, _ = engine.setup(seats, options, Rng(b"canonical"))
    for i in range(150):
        for value in [state, *(engine.view(state, s) for s in [None, *range(seats)])]:
            assert _fast(value) is not None
            reference = rfc8785.dumps(value)
            assert canonical(value) == reference
            with inputs_checked():
                assert canonical_own(value) == reference
        seat = engine.to_move(state)
        if seat is None:
            break
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)), Rng(b"%d" % i))


@EXAMPLES
@given(values(surrogates=True, outside=True))
def test_canonical_plain_is_canonical_and_says_the_path(value: Any) -> None:
    expected = ours(value)
    try:
        got, plain = canonical_plain(value)
    except NotCanonical:
        assert expected is NotCanonical
        return
    assert got == expected
    assert plain == (_fast(value) is not None)


@EXAMPLES
@given(values(surrogates=False, outside=False).filter(lambda v: not _astral_key(v) and _within(v)))
@example({"b": [1, True, None, "\x7f\u2028"], "a": {"z": -(2**53 - 1), "y": "\U0001f600"}})
def test_own_values_on_the_domain_are_rfc8785(value: Any) -> None:
    """Inside inputs_checked(), on the domain (ints within 2**53, no astral key): rfc8785's bytes."""
    with inputs_checked():
        assert canonical_own(value) == rfc8785.dumps(value)


@EXAMPLES
@given(values(surrogates=True, outside=True))
def test_own_values_outside_the_context_keep_every_check(value: Any) -> None:
    """Outside inputs_checked() (the server; an audit of a log with a value beyond the domain)
    canonical_own is canonical: rfc8785's bytes or its refusal."""
    try:
        got: bytes | type[Exception] = canonical_own(value)
    except NotCanonical:
        got = NotCanonical
    assert got == reference(value)


@pytest.mark.parametrize(
    ("value", "unchecked"),
    [
        (2.0, b"2.0"),  # RFC 8785 writes 2
        ({"x": 1e16}, b'{"x":1e+16}'),  # RFC 8785 writes 10000000000000000
        (2**53, b"9007199254740992"),  # rfc8785 refuses it (no exact form)
        ({1: "a"}, b'{"1":"a"}'),  # no canonical form: a key must be a string
        ({"\ue000": 1, "\U0001f600": 2}, '{"\ue000":1,"\U0001f600":2}'.encode()),  # code points, not UTF-16
    ],
    ids=repr,
)
def test_own_values_beyond_the_domain_would_differ(value: Any, unchecked: bytes) -> None:
    """Where skipping the domain check would not be RFC 8785: why the audit skips it only for
    engine values replayed from a log whose every entry lay in the domain, and why every
    engine's states and views must stay in it (test_real_states_and_views)."""
    with inputs_checked():
        assert canonical_own(value) == unchecked
    assert ours(value) != unchecked, "rfc8785 writes it otherwise, or refuses it"


@pytest.mark.parametrize("value", [float("nan"), {1, 2}, b"x", {"s": "\ud800"}], ids=repr)
def test_own_values_that_are_not_json_are_refused_as_before(value: Any) -> None:
    with inputs_checked():
        try:
            got: bytes | type[Exception] = canonical_own(value)
        except NotCanonical:
            got = NotCanonical
    assert got == reference(value)


def test_inputs_checked_ends_with_its_block() -> None:
    with inputs_checked():
        assert canonical_own(2.0) == b"2.0"
    assert canonical_own(2.0) == b"2" == rfc8785.dumps(2.0)
