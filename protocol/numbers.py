"""Whole numbers read from untrusted text: one strict function for the whole surface.

Python's own tests for digits are wider than what a request, a page's query, a mail line or a
typed argument should mean: `"²".isdigit()` is true and `int("²")` fails (an unexpected error
where a 400 belongs); `int("١٢")`, `int(" 12 ")`, `int("1_2")` and `int("+12")` all give 12 (five
spellings of one number, some of which a signature check, a log line or a human reader takes
for something else); and `int()` refuses a text of more than 4,300 digits (sys.int_max_str_digits)
with a ValueError again. So every number taken from outside is read here: ASCII digits only, an
optional "-" only where a sign is allowed, no space, no "+", no "_", a bounded length (checked
before `int()` runs) and a bounded range, and an error that names the parameter and its range.

Nothing here imports anything of the project's: the server, the client and the engines may all
use it.
"""

from __future__ import annotations

import re
from typing import Any

_DIGITS = re.compile(r"[0-9]+")  # a character class, not \d: \d matches "١" and "１" too
_SIGNED = re.compile(r"-?[0-9]+")
INT32_MAX = 2**31 - 1  # what every database column of ours compares without an error


class NotANumber(ValueError):
    """A text that is not a whole number in the range asked for; str() is the one-line reason."""

    def __init__(self, name: str, text: object, lowest: int, highest: int) -> None:
        self.name = name
        self.text = text
        self.lowest = lowest
        self.highest = highest
        super().__init__(f"{name}: {rule(lowest, highest)}, not {shown(text)}")


def rule(lowest: int, highest: int) -> str:
    """The range in words: 'a whole number from 0 to 99, in ASCII digits'."""
    return f"a whole number from {lowest} to {highest}, in ASCII digits"


def shown(text: object, longest: int = 24) -> str:
    """The refused text as the error quotes it: repr, cut short (a 5,000-digit text is not echoed)."""
    said = repr(text)
    return said if len(said) <= longest else said[: longest - 4] + "...'"


def whole(text: object, name: str, lowest: int = 0, highest: int = INT32_MAX) -> int:
    """The whole number `text` spells, from `lowest` to `highest`, else NotANumber naming `name`.

    ASCII digits, with one leading "-" only when `lowest` is negative; leading zeros are read
    ("007" is 7) up to the length of the longest number in range, so the text is never longer
    than the range needs before `int()` sees it."""
    if not isinstance(text, str):
        raise NotANumber(name, text, lowest, highest)
    width = max(len(str(lowest)), len(str(highest)))
    pattern = _SIGNED if lowest < 0 else _DIGITS
    if len(text) > width or not pattern.fullmatch(text):
        raise NotANumber(name, text, lowest, highest)
    value = int(text)
    if not lowest <= value <= highest:
        raise NotANumber(name, text, lowest, highest)
    return value


def optional(text: object, name: str, lowest: int = 0, highest: int = INT32_MAX) -> int | None:
    """None for None (the parameter was not given), else `whole(...)`; an empty text is refused."""
    return None if text is None else whole(text, name, lowest, highest)


def is_whole(text: Any, lowest: int = 0, highest: int = INT32_MAX) -> bool:
    """True when `whole(text, ...)` would return a number (for a choice between readings)."""
    try:
        whole(text, "", lowest, highest)
    except NotANumber:
        return False
    return True
