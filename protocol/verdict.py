"""The audit's verdict, and how it names the first entry that fails.

Kept apart from the replay so that what a verdict says (PASS, INCOMPLETE, FAIL, the
entry and the reason) reads in one place, and every phase of the audit fails the same
way: by raising Fail with the entry's seq, caught once in `protocol.audit.audit`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from protocol.canonical import NotCanonical, canonical


@dataclass
class Verdict:
    ok: bool
    complete: bool
    reason: str
    entry: int | None = None
    game: str | None = None
    engine: str | None = None
    result: dict[str, Any] | None = None
    checked: dict[str, int] = field(default_factory=dict)

    @property
    def word(self) -> str:
        if not self.ok:
            return "FAIL"
        return "PASS" if self.complete else "INCOMPLETE"

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.word,
            "ok": self.ok,
            "complete": self.complete,
            "reason": self.reason,
            "entry": self.entry,
            "game": self.game,
            "engine": self.engine,
            "result": self.result,
            "checked": self.checked,
        }


class Fail(Exception):
    """The first check that does not hold: `seq` is the entry's (None for the export itself)."""

    def __init__(self, seq: int | None, reason: str) -> None:
        super().__init__(reason)
        self.seq = seq
        self.reason = reason


def result_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """Without the seed: the result a state-changing system entry says (none: the game goes on)."""
    result = body.get("result")
    return result if isinstance(result, dict) else None


def same(expected: Any, actual: Any) -> bool:
    """Equal as canonical JSON, not as Python values (`true` is not `1` in a signed log); a
    value with no canonical form equals nothing."""
    try:
        return canonical(expected) == canonical(actual)
    except NotCanonical:
        return False


def first_difference(expected: Any, actual: Any, path: str = "body") -> str:
    """The path of the first member where the log and the replay disagree, so that a FAIL
    names the field and not only the entry."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if expected.get(key) != actual.get(key):
                return first_difference(expected.get(key), actual.get(key), f"{path}.{key}")
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (a, b) in enumerate(zip(expected, actual, strict=True)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
    return path
