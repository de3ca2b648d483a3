"""ORACLE: frozen copy of engines/magier/mechanics.py before the speed work that made
its move listing cheap (commit beeba44); tests/engines/magier/test_oracle_moves.py checks the
live one against it.

How pieces move: steps with pushes (MH-8, MH-10) and jumps (MH-9).

These functions work on a *cells* list (index -> piece dict or None) and know
nothing of turns, phases or scores, so the rules and the bots share them: a bot
simulates a move on its view's board exactly as the engine will play it. They
depend only on what is public (which cells hold which colour and kind), never
on a wisdom's value, so legality can never leak a concealed value.

A piece is {"seat": s, "kind": "magician"} or {"seat": s, "kind": "wisdom",
"value": v}; pieces are never mutated, only moved between cells.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.engines.magier.oracle.board import ADJACENT, CELLS, DIRECTIONS, FLAMES, INDEX, SIZE, STEP

Piece = dict[str, Any]
Cells = list[Piece | None]

MAGICIAN = "magician"
WISDOM = "wisdom"


class Refused(Exception):
    """A physically impossible or forbidden move; the message is for the player."""


@dataclass
class Outcome:
    """The board after a move, and what happened on the way."""

    cells: Cells
    moved: list[tuple[int, int]] = field(default_factory=list)  # pushed pieces, far end first
    burned: list[tuple[int, Piece]] = field(default_factory=list)  # (flame, piece)


def token(piece: Piece | None) -> str:
    """One letter per cell for position keys: R/B magicians, r/b wisdoms, '.' empty."""
    if piece is None:
        return "."
    return ("RB" if piece["kind"] == MAGICIAN else "rb")[piece["seat"]]


def position_key(cells: Sequence[Piece | None]) -> str:
    """MH-11's 'position': what everyone sees on the board, values left out.

    Values are left out on purpose: whether a move is legal must not depend on
    anything the mover's opponent is not allowed to know.
    """
    return "".join(token(p) for p in cells)


def cells_from_board(board: Mapping[str, Piece]) -> Cells:
    cells: Cells = [None] * SIZE
    for name, piece in board.items():
        cells[INDEX[name]] = piece
    return cells


def board_from_cells(cells: Sequence[Piece | None]) -> dict[str, Piece]:
    return {CELLS[i]: p for i, p in enumerate(cells) if p is not None}


def is_own_magician(piece: Piece | None, seat: int) -> bool:
    return piece is not None and piece["kind"] == MAGICIAN and piece["seat"] == seat


def step(cells: Sequence[Piece | None], src: int, d: int, wrap: str, seat: int) -> Outcome:
    """MH-8: the magician on src steps in direction d, pushing the line in front.

    The line in front (any pieces) moves one cell along the ring of its line;
    it needs an empty cell at its end. If the scan comes back to src the ring is
    full and cannot be pushed. Then MH-10: a wisdom landing on a flame burns if
    it is the opponent's and makes the move illegal if it is the mover's own.
    """
    if not is_own_magician(cells[src], seat):
        raise Refused(f"no magician of yours on {CELLS[src]}")
    table = STEP[wrap]
    target = table[src][d]
    chain: list[int] = []
    cur = target
    while cells[cur] is not None:
        if cur == src:
            raise Refused(
                f"{CELLS[src]} {DIRECTIONS[d]}: that line is a full ring with no empty cell, it cannot be pushed"
            )
        chain.append(cur)
        cur = table[cur][d]
    new = list(cells)
    moved: list[tuple[int, int]] = []
    for i in reversed(chain):
        j = table[i][d]
        new[j] = cells[i]
        moved.append((i, j))
    new[target] = cells[src]
    new[src] = None
    burned: list[tuple[int, Piece]] = []
    for _, j in moved:
        piece = new[j]
        if j in FLAMES and piece is not None and piece["kind"] == WISDOM:
            if piece["seat"] == seat:
                raise Refused(f"that push would burn your own wisdom on the flame at {CELLS[j]}")
            burned.append((j, piece))
    for j, _ in burned:
        new[j] = None
    burned.sort(key=lambda b: b[0])
    return Outcome(new, moved, burned)


def _hops(cells: Sequence[Piece | None], src: int, at: int) -> list[int]:
    """Landing cells of single jumps from `at` (src counts as empty: the mover is in the air)."""
    out = []
    for d in range(6):
        over = ADJACENT[at][d]
        if over < 0 or over == src or cells[over] is None:
            continue
        land = ADJACENT[over][d]
        if land < 0 or land == src or cells[land] is not None:
            continue
        out.append(land)
    return out


def jump_destinations(cells: Sequence[Piece | None], src: int) -> dict[int, list[int]]:
    """MH-9: every cell a jump from src can end on, with one canonical path each.

    Breadth-first in direction order, so the canonical path is a shortest one
    and ties go to the lower direction index. The board does not change while
    the magician is in the air, so every reachable cell has a path that never
    revisits a cell (a shortest one), and two paths to the same cell give the
    same position: listing destinations loses no move.
    """
    paths: dict[int, list[int]] = {src: [src]}
    frontier = [src]
    while frontier:
        nxt = []
        for at in frontier:
            for land in _hops(cells, src, at):
                if land not in paths:
                    paths[land] = paths[at] + [land]
                    nxt.append(land)
        frontier = nxt
    del paths[src]
    return dict(sorted(paths.items()))


def jump(cells: Sequence[Piece | None], path: Sequence[int], seat: int) -> Outcome:
    """Play a jump along an explicit path (any valid path, not only the canonical one)."""
    src = path[0]
    if not is_own_magician(cells[src], seat):
        raise Refused(f"no magician of yours on {CELLS[src]}")
    if len(path) < 2:
        raise Refused("a jump needs at least one landing cell, e.g. e4xe6")
    visited = {src}
    for at, land in zip(path, path[1:], strict=False):
        if land in visited:
            raise Refused(
                f"a jump may not land on {CELLS[land]} again: it was already visited in this move"
            )
        if land not in _hops(cells, src, at):
            raise Refused(_why_no_hop(cells, src, at, land))
        visited.add(land)
    new = list(cells)
    new[path[-1]] = cells[src]
    new[src] = None
    return Outcome(new)


def _why_no_hop(cells: Sequence[Piece | None], src: int, at: int, land: int) -> str:
    for d in range(6):
        over = ADJACENT[at][d]
        if over >= 0 and ADJACENT[over][d] == land:
            if over == src or cells[over] is None:
                return f"cannot jump from {CELLS[at]} to {CELLS[land]}: {CELLS[over]} between them is empty"
            return f"cannot jump from {CELLS[at]} to {CELLS[land]}: {CELLS[land]} is occupied"
    return (
        f"cannot jump from {CELLS[at]} to {CELLS[land]}: a jump goes over one adjacent piece "
        "to the cell straight behind it, and never across the edge"
    )
