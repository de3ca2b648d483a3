"""ORACLE: frozen copy of engines/feuersalamander/sticks.py before the speed work (see oracle/rules.py).

The three throwing sticks (FS-3) and the dungeon's key throw (FS-23).

Every stick has four equally likely faces; one `Rng.randbelow(4)` per stick
picks the face, sticks in the fixed order number A, number B, symbol, so an
auditor replaying the same Rng key sees the same throw.

Number sticks: faces 1, 2, 3, 4; the key is printed on the 1 face.
Symbol stick: faces salamander, salamander, stone, stone-with-key.
A key therefore shows with probability 1/4 on every stick.
"""

from __future__ import annotations

from typing import Any

from engines.core import Rng

SYMBOL_FACES = ["salamander", "salamander", "stone", "stone"]
SYMBOL_KEY_FACE = 3
NUMBER_KEY_VALUE = 1
MAX_KEY_THROWS = 5


def number_stick(rng: Rng) -> int:
    """One number stick: 1..4 (the start-player throw of FS-9 uses this alone)."""
    return rng.randbelow(4) + 1


def symbol_stick(rng: Rng) -> tuple[str, bool]:
    """The symbol stick: (symbol, whether the key shows)."""
    face = rng.randbelow(4)
    return SYMBOL_FACES[face], face == SYMBOL_KEY_FACE


def throw(rng: Rng) -> dict[str, Any]:
    """A normal throw of all three sticks (FS-5) as plain data.

    `keys` records which sticks show their key; it only matters in the dungeon
    but is part of what everybody sees.
    """
    a = number_stick(rng)
    b = number_stick(rng)
    symbol, symbol_key = symbol_stick(rng)
    return {
        "numbers": [a, b],
        "symbol": symbol,
        "keys": [a == NUMBER_KEY_VALUE, b == NUMBER_KEY_VALUE, symbol_key],
    }


def is_pair(t: dict[str, Any]) -> bool:
    a, b = t["numbers"]
    return a == b


def steps(t: dict[str, Any], how: str) -> int:
    """Big steps (sum, 2..8) or small steps (difference, 0..3)."""
    a, b = t["numbers"]
    return a + b if how == "sum" else abs(a - b)


def key_throw(rng: Rng, aside: list[bool]) -> tuple[list[bool], list[bool]]:
    """One key throw with the sticks not yet set aside.

    Returns (keys shown by this throw, sticks set aside afterwards); a stick
    that was aside shows nothing and is not thrown (no randomness consumed).
    """
    shown = [False, False, False]
    for i in range(3):
        if aside[i]:
            continue
        if i < 2:
            shown[i] = number_stick(rng) == NUMBER_KEY_VALUE
        else:
            shown[i] = symbol_stick(rng)[1]
    return shown, [a or s for a, s in zip(aside, shown, strict=True)]


def escape_probability(throws: int = MAX_KEY_THROWS, p: float = 0.25) -> float:
    """Exact chance that all three keys show within `throws` key throws.

    Each stick independently needs one key within the throws: (1-(1-p)^t)^3.
    """
    return (1 - (1 - p) ** throws) ** 3
