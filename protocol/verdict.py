"""The audit's verdict, and how it names the first entry that fails.

Kept apart from the replay so that what a verdict says (PASS, INCOMPLETE, FAIL,
UNSUPPORTED, the entry and the reason) reads in one place, and every phase of the audit
fails the same way: by raising Fail with the entry's seq, caught once in
`protocol.audit.audit`. Unsupported is the Fail of a log this pbem cannot check (another
export format, engine, engine version or entry type): no inconsistency was found, so
nobody is accused; the reason says which pbem can check it.
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
    # False: this pbem cannot check the log (UNSUPPORTED), which proves nothing either way
    supported: bool = True

    @property
    def word(self) -> str:
        if not self.supported:
            return "UNSUPPORTED"
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
            "supported": self.supported,
        }


class Fail(Exception):
    """The first check that does not hold: `seq` is the entry's (None for the export itself)."""

    def __init__(self, seq: int | None, reason: str) -> None:
        super().__init__(reason)
        self.seq = seq
        self.reason = reason


class Unsupported(Fail):
    """A log this pbem cannot check: the reason names what it lacks and which pbem can."""


# The last commit whose pbem read pbem-log/1 exports: the next one wrote pbem-log/2.
LOG1_LAST_READ = "979a601"


def format_reason(fmt: str, known: str) -> str:
    """Why an export in another format than this pbem's cannot be checked, and by which pbem."""
    if fmt == "pbem-log/1":
        return (
            f"a {fmt} export: this pbem reads {known} only; audit it with the pbem of commit "
            f"{LOG1_LAST_READ}, the last that read {fmt}"
        )
    return f"a {fmt!r} export: this pbem reads {known} only; audit it with a pbem that reads {fmt!r} (upgrade pbem)"


def _number(version: str) -> int | None:
    return int(version) if version.isdigit() else None


def version_gap(engine_id: str, theirs: str, ours: str | list[str]) -> tuple[str, str]:
    """(what is missing, how to get a pbem that has it) when a game was made with `theirs`
    version of an engine and this pbem keeps `ours` (its versions, oldest first): a newer one
    means upgrading pbem; an older one no release kept is a version no landed pbem wrote."""
    known = [ours] if isinstance(ours, str) else list(ours)
    said = f"version{'s' if len(known) > 1 else ''} {', '.join(known)}"
    missing = f"made with {engine_id} version {theirs}; this pbem knows {said}"
    a = _number(theirs)
    numbers = [n for n in map(_number, known) if n is not None]
    if a is not None and numbers and a > max(numbers):
        return missing, f"version {theirs} is newer than this pbem: upgrade pbem"
    return missing, (
        f"this pbem does not keep version {theirs} (no pbem of this line wrote it): use the pbem "
        "that made the game"
    )


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
