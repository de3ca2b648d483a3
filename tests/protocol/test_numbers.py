"""The one strict reader of whole numbers from untrusted text (protocol/numbers.py).

Python's `isdigit()` passes "²" which `int()` then refuses (the unexpected errors of the pages'
?page= and ?at=), `int()` reads "١٢", " 12", "1_2" and "+12" as 12, and refuses 5,000 digits
with a ValueError: none of that may reach a caller of `whole`.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol.numbers import INT32_MAX, NotANumber, is_whole, optional, rule, whole

NOT_NUMBERS = [
    "", " ", "²", "³", "٣", "１", "١٢", "߁", "௧", "Ⅻ", "½", " 1", "1 ", "1\n", "\t1", "+1", "1_0", "0x10", "1e3",
    "1.0", "1,0", "--1", "-", "٫", "9" * 5000, "1" + "0" * 4300, "\x00", "1\x00", "𝟏", "¹",
]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_what_is_no_number_is_refused_with_the_parameters_name_and_range(text: str) -> None:
    with pytest.raises(NotANumber) as refused:
        whole(text, "page", 1, 999)
    said = str(refused.value)
    assert said.startswith("page: a whole number from 1 to 999, in ASCII digits, not ")
    assert len(said) < 120  # a 5,000-digit text is not echoed back
    assert refused.value.name == "page" and (refused.value.lowest, refused.value.highest) == (1, 999)


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("7", 7), ("007", 7), ("2147483647", INT32_MAX)])
def test_ascii_digits_in_range_are_read(text: str, value: int) -> None:
    assert whole(text, "n") == value


def test_the_range_holds_at_both_ends() -> None:
    assert whole("1", "n", 1, 5) == 1 and whole("5", "n", 1, 5) == 5
    for text in ("0", "6", "2147483648", "99999999999"):
        with pytest.raises(NotANumber):
            whole(text, "n", 1, 5 if text in ("0", "6") else INT32_MAX)


def test_a_sign_only_where_the_range_goes_below_zero() -> None:
    assert whole("-3", "value", -5, 5) == -3 and whole("3", "value", -5, 5) == 3
    with pytest.raises(NotANumber):
        whole("-3", "seat", 0, 5)
    for text in ("+3", "- 3", "-", "-٣", "--3"):
        with pytest.raises(NotANumber):
            whole(text, "value", -5, 5)


def test_only_text_is_read() -> None:
    for value in (None, 3, 3.0, True, b"3", ["3"]):
        with pytest.raises(NotANumber):
            whole(value, "n")


def test_optional_and_is_whole() -> None:
    assert optional(None, "n") is None and optional("4", "n") == 4
    with pytest.raises(NotANumber):
        optional("", "n")
    assert is_whole("12") and not is_whole("١٢") and not is_whole("12", 0, 9)
    assert rule(0, 9) == "a whole number from 0 to 9, in ASCII digits"


@given(st.text(max_size=30))
def test_any_text_is_a_number_or_a_notanumber_never_another_error(text: str) -> None:
    """Whatever the text, the answer is a number in range that spells back to the text (leading
    zeros aside), or NotANumber: never a ValueError of int(), never a value from other digits."""
    try:
        value = whole(text, "n", -1000, 10**9)
    except NotANumber:
        return
    assert -1000 <= value <= 10**9
    assert text.lstrip("-").lstrip("0") == str(abs(value)).lstrip("0")
    assert text.isascii()


@given(st.integers(min_value=0, max_value=INT32_MAX))
def test_every_number_in_range_reads_back(n: int) -> None:
    assert whole(str(n), "n") == n
