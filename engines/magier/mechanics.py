"""How pieces move: steps with pushes (MH-8, MH-10) and jumps (MH-9).

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

from engines.magier.board import (
    ADJACENT,
    CELLS,
    DIRECTIONS,
    FLAMES,
    INDEX,
    SIZE,
    STEP,
    step_direction,
)

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
    return "".join(["." if p is None else ("RB" if p["kind"] == MAGICIAN else "rb")[p["seat"]] for p in cells])


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


# For each cell, the jumps that stay on the board: (cell jumped over, landing cell, the landing
# cell's name), in direction order; a jump never wraps (MH-9).
_JUMPS: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
    tuple(
        (ADJACENT[at][d], ADJACENT[ADJACENT[at][d]][d], CELLS[ADJACENT[ADJACENT[at][d]][d]])
        for d in range(6)
        if ADJACENT[at][d] >= 0 and ADJACENT[ADJACENT[at][d]][d] >= 0
    )
    for at in range(SIZE)
)


def _jump_tree(air: list[Piece | None], src: int) -> dict[int, list[str]] | None:
    """MH-9 from src on `air`, the cells with the mover lifted off src (air[src] is None: the
    mover is in the air, so no jump goes over its cell): each cell a jump can end on, with its
    canonical path as cell names (src first), or None when there is no jump at all.

    Breadth-first in direction order, so the canonical path is a shortest one and ties go to
    the lower direction index. The board does not change while the magician is in the air, so
    every reachable cell has a path that never revisits a cell (a shortest one), and two paths
    to the same cell give the same position: listing destinations loses no move. The one search
    behind the listing (movement_moves), apply (jump_names) and notation.
    """
    paths: dict[int, list[str]] | None = None
    frontier: list[int] = []
    for over, land, name in _JUMPS[src]:
        if air[land] is None and air[over] is not None:
            if paths is None:
                start = CELLS[src]
                paths = {src: [start]}
            paths[land] = [start, name]
            frontier.append(land)
    if paths is None:
        return None
    while frontier:
        nxt = []
        for at in frontier:
            base = paths[at]
            for over, land, name in _JUMPS[at]:
                if air[land] is None and air[over] is not None and land not in paths:
                    paths[land] = [*base, name]
                    nxt.append(land)
        frontier = nxt
    del paths[src]  # never landed on: it was in `paths` from the start
    return paths


def jump_names(cells: Sequence[Piece | None], src: int) -> dict[int, list[str]]:
    """Every cell a jump of the piece on src can end on, with its canonical (listed) path as
    cell names, src first (_jump_tree); apply takes the listed path only."""
    air = list(cells)
    air[src] = None
    return _jump_tree(air, src) or {}


def jump_destinations(cells: Sequence[Piece | None], src: int) -> dict[int, list[int]]:
    """jump_names with the paths as cell indices, by destination."""
    paths = jump_names(cells, src)
    return {dest: [INDEX[name] for name in paths[dest]] for dest in sorted(paths)}


# A plain step's move per wrap, cell and direction, made once and shared by every list
# movement_moves returns (moves are values: never change one).
_STEP_MOVES: dict[str, tuple[tuple[dict[str, Any], ...], ...]] = {
    wrap: tuple(
        tuple({"type": "step", "from": CELLS[src], "to": CELLS[table[src][d]]} for d in range(6))
        for src in range(SIZE)
    )
    for wrap, table in STEP.items()
}


def _ray(table: tuple[tuple[int, ...], ...], src: int, d: int) -> tuple[int, ...]:
    """The cells a push from src in direction d meets, in order, until the line comes back to
    src (MH-4: a line wraps at the edge, so a push that finds no empty cell is a full ring)."""
    out = []
    cur = table[src][d]
    while cur != src:
        out.append(cur)
        cur = table[cur][d]
    return tuple(out)


# Per wrap and cell, one entry per direction: the step's target, the push's ray (the target
# first), the step's move (shared: see _STEP_MOVES), and the cells of the ray from which a
# pushed wisdom lands on a flame (MH-10).
_Plan = tuple[int, tuple[int, ...], dict[str, Any], frozenset[int]]
_PLANS: dict[str, tuple[tuple[_Plan, ...], ...]] = {
    wrap: tuple(
        tuple(
            (ray[0], ray, _STEP_MOVES[wrap][src][d], frozenset(c for c in ray if table[c][d] in FLAMES))
            for d, ray in enumerate(_ray(table, src, d) for d in range(6))
        )
        for src in range(SIZE)
    )
    for wrap, table in STEP.items()
}


def movement_moves(cells: Sequence[Piece | None], seat: int, wrap: str, banned: str | None) -> list[dict[str, Any]]:
    """Every step and one canonical jump per destination that MH-8..MH-11 allow, in the order
    the rules list them (magicians by cell, then steps by direction, then jumps by destination),
    on a copy of `cells` (see _listed); `board_moves` lists them from a board."""
    own = [i for i, p in enumerate(cells) if p is not None and p["kind"] == MAGICIAN and p["seat"] == seat]
    return _listed(list(cells), own, seat, wrap, banned)


def board_moves(board: Mapping[str, Piece], seat: int, wrap: str, banned: str | None) -> list[dict[str, Any]]:
    """movement_moves on a board {cell name: piece}, its cells and the mover's magicians read
    in one pass."""
    cells: Cells = [None] * SIZE
    own: list[int] = []
    for name, piece in board.items():
        i = INDEX[name]
        cells[i] = piece
        if piece["seat"] == seat and piece["kind"] == MAGICIAN:
            own.append(i)
    own.sort()
    return _listed(cells, own, seat, wrap, banned)


def _listed(cells: Cells, own: list[int], seat: int, wrap: str, banned: str | None) -> list[dict[str, Any]]:
    """The moves of the magicians on `own` (ascending), on `cells` (a list of our own: each
    magician is lifted off its cell for its jump search and put back).

    The same moves as playing `step` and `jump` on every candidate and comparing position keys
    (MH-11: not the position before the move, not `banned`, the one before the opponent's last
    move), without building a board per candidate (the list is made for every decision, by the
    server, the client and every bot, so it must be cheap). A step or jump always empties the
    mover's cell, which held its magician, so it never leaves the position unchanged, and it
    can bring back `banned` only if `banned` shows the mover's cell empty: only that magician's
    moves are played out and compared (_brings_back). The list is new; the step moves in it are
    shared between calls.
    """
    if banned is not None and len(banned) != SIZE:
        banned = None  # not a position at all: nothing can bring it back
    plans = _PLANS[wrap]
    moves: list[dict[str, Any]] = []
    append = moves.append
    for src in own:
        first = len(moves)
        for target, ray, move, burns in plans[src]:
            if cells[target] is None:  # a plain step, nothing pushed
                append(move)
                continue
            for cur in ray:  # a push: the line ends at the first empty cell
                piece = cells[cur]
                if piece is None:
                    append(move)
                    break
                if cur in burns and piece["seat"] == seat and piece["kind"] == WISDOM:
                    break  # it would burn the mover's own wisdom (MH-10)
            # no empty cell: a full ring cannot be pushed (MH-8)
        mover = cells[src]
        cells[src] = None  # in the air
        paths = _jump_tree(cells, src)
        cells[src] = mover
        if paths:
            for dest in sorted(paths):
                append({"type": "jump", "path": paths[dest]})
        if banned is not None and banned[src] == ".":
            moves[first:] = [m for m in moves[first:] if not _brings_back(cells, src, m, seat, wrap, banned)]
    return moves


def _brings_back(cells: Cells, src: int, move: dict[str, Any], seat: int, wrap: str, banned: str) -> bool:
    """MH-11 for a listed step or jump of the magician on src: whether it gives `banned`,
    played out as apply plays it. Only a move that puts the mover where `banned` shows one of
    its colour can: the others are not played."""
    if move["type"] == "step":
        dest = INDEX[move["to"]]
        if banned[dest] != "RB"[seat]:
            return False
        d = step_direction(src, dest, wrap)
        assert d is not None  # a listed step goes to a neighbour
        out = step(cells, src, d, wrap, seat)
    else:
        dest = INDEX[move["path"][-1]]
        if banned[dest] != "RB"[seat]:
            return False
        out = landed(cells, src, dest)
    return position_key(out.cells) == banned


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
    return landed(cells, src, path[-1])


def landed(cells: Sequence[Piece | None], src: int, dest: int) -> Outcome:
    """The board after a jump from src that ends on dest (jumped pieces stay, MH-9)."""
    new = list(cells)
    new[dest] = cells[src]
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
