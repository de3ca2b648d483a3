"""protocol.canonical.loads_strict: JSON with exactly one reading, so no two
readers can see two different logs in one file.

An export (or a request body) whose JSON another reader could read differently is
refused: a key given twice (Python's json keeps the last value, other readers the first
or refuse), NaN and Infinity, numbers that overflow a float, text that is not UTF-8,
lone surrogates, and nesting deeper than a limit (json.loads raises RecursionError).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.audit import audit
from protocol.canonical import MAX_DEPTH, NotCanonical, NotStrictJSON, canonical, loads_strict
from tests.protocol.ledger import Ledger
from tests.protocol.toy import lookup


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"a": 1, "a": 2}', "twice"),
        ('{"x": {"a": 1, "b": 2, "a": 1}}', "twice"),
        ('[{"k": 1}, {"k": 1, "k": 1}]', "twice"),
        ("NaN", "NaN"),
        ('{"a": Infinity}', "Infinity"),
        ("[-Infinity]", "Infinity"),
        ("[1e400]", "too large"),
        ("[-1e400]", "too large"),
        ('"\\ud800"', "surrogate"),
        ('{"\\udc00": 1}', "surrogate"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested"),
        ("{", "not valid JSON"),
        ("[1] [2]", "not valid JSON"),
        ("", "not valid JSON"),
        ("1" * 5000, "an integer of 5000 digits: at most 400"),
        ("\ufeff{}", "not valid JSON"),
    ],
)
def test_refused(text: str, why: str) -> None:
    with pytest.raises(NotStrictJSON, match=why) as caught:
        loads_strict(text)
    assert isinstance(caught.value, NotCanonical) and isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)
    with pytest.raises(NotStrictJSON):
        loads_strict(text.encode("utf-8", errors="surrogatepass"))


@pytest.mark.parametrize("raw", [b"\xff", b'"\xc3"', b"\xef\xbb\xbf{}", '{"a": 1}'.encode("utf-16")])
def test_bytes_must_be_utf8_without_bom(raw: bytes) -> None:
    with pytest.raises(NotStrictJSON):
        loads_strict(raw)


def test_the_depth_limit_is_a_parameter() -> None:
    assert loads_strict("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert loads_strict("[[[]]]", max_depth=3) == [[[]]]
    with pytest.raises(NotStrictJSON, match="nested deeper than 2"):
        loads_strict("[[[]]]", max_depth=2)
    assert loads_strict('"scalar"', max_depth=0) == "scalar"


def test_ordinary_json_reads_as_json_loads_does() -> None:
    text = '{"a": [1, 2.5, -0.0, true, null, "x\\u00e9\\ud83d\\ude00"], "b": {"c": {}}, "big": 9007199254740993}'
    assert loads_strict(text) == json.loads(text)
    assert loads_strict(text.encode()) == json.loads(text)


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
))
def test_any_value_json_can_write_reads_back(value: object) -> None:
    assert loads_strict(json.dumps(value)) == value


def test_an_export_with_a_key_twice_is_refused_though_json_loads_reads_it() -> None:
    """The duplicate is placed so that json.loads's reading (the last value) is the true one
    and the audit passes: only a strict reader sees that the text says two things."""
    export = Ledger("strict-dup").play().export()
    assert audit(export, lookup=lookup).word == "PASS"
    text = json.dumps(export)
    game = export["game"]
    forged = text.replace(f'"game": "{game}"', f'"game": "{"0" * 16}", "game": "{game}"', 1)
    assert forged != text
    assert audit(json.loads(forged), lookup=lookup).word == "PASS"  # the lax reader is fooled
    with pytest.raises(NotStrictJSON, match="'game' appears twice"):
        loads_strict(forged)
    assert loads_strict(text) == export
    assert canonical(loads_strict(text)) == canonical(export)
