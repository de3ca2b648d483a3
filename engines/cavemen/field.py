"""The field's geometry (CV-2, CV-3): three columns A, B, C of six rows, four paths P0..P3.

Path p runs between column p-1 and column p (P0 left of A, P3 right of C); its six
positions lie beside rows 1..6. A position is stored as the index p * 6 + (row - 1).
Red (seat 0) owns rows 1-2 (fire, permanent cave) and begins with row 3; Blue (seat 1)
owns rows 5-6 and begins with row 4. Only the caves of rows 3 and 4 change hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import IllegalMove

NAMES = ["Red", "Blue"]  # by seat: Red plays up from rows 1-3, Blue down from rows 4-6
PATHS = 4
ROWS = 6
COLS = "ABC"
FIRE_ROW = (1, 6)  # by owner
UP = 1  # rows grow towards Blue: "up" for Red is forward


def index(path: int, row: int) -> int:
    return path * ROWS + row - 1


def path_of(i: int) -> int:
    return i // ROWS


def row_of(i: int) -> int:
    return i % ROWS + 1


def on_field(path: int, row: int) -> bool:
    return 0 <= path < PATHS and 1 <= row <= ROWS


def position(move: Mapping[str, Any], pk: str, rk: str) -> tuple[int, int]:
    """The position a move names under the keys `pk` (path) and `rk` (row), or IllegalMove:
    apply accepts only whole numbers (no 1.0 or true for 1), so a signed move has one meaning."""
    p, r = move.get(pk), move.get(rk)
    if type(p) is not int or type(r) is not int or not on_field(p, r):
        raise IllegalMove(f"no position P{p} r{r}: paths P0..P3, rows r1..r6")
    return p, r


_BESIDE = tuple(tuple(c for c in (p - 1, p) if 0 <= c < len(COLS)) for p in range(PATHS))


def cols_beside(path: int) -> tuple[int, ...]:
    """The columns a path borders (one for an outer path, two for a middle one)."""
    return _BESIDE[path]


def replaceable(cell: str) -> bool:
    """CV-2: only the caves of rows 3 and 4 can be replaced."""
    return len(cell) == 2 and cell[0] in COLS and cell[1] in "34"


def initial_caves() -> dict[str, int]:
    return {f"{c}{r}": (0 if r == 3 else 1) for c in COLS for r in (3, 4)}


def card_owner(caves: dict[str, int], col: int, row: int) -> int:
    """Who owns the card at (column, row): fixed for rows 1-2 and 5-6, `caves` for 3-4."""
    if row <= 2:
        return 0
    if row >= 5:
        return 1
    return caves[f"{COLS[col]}{row}"]


def pos_label(path: int, row: int) -> str:
    return f"P{path} r{row}"


def pos_json(path: int, row: int) -> list[int]:
    return [path, row]


def is_pos(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(type(x) is int for x in value)
        and on_field(value[0], value[1])
    )
