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

from engines.magier.board import ADJACENT, CELLS, DIRECTIONS, FLAMES, INDEX, SIZE, STEP

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


# For each cell, the jumps that stay on the board: (cell jumped over, landing cell), in
# direction order; a jump never wraps (MH-9).
_JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (ADJACENT[at][d], ADJACENT[ADJACENT[at][d]][d])
        for d in range(6)
        if ADJACENT[at][d] >= 0 and ADJACENT[ADJACENT[at][d]][d] >= 0
    )
    for at in range(SIZE)
)


def _jump_parents(cells: Sequence[Piece | None], src: int) -> dict[int, int]:
    """Breadth-first over single jumps from src, in direction order: each reachable cell and the
    cell it was first reached from (src counts as empty: the mover is in the air)."""
    parent = {src: -1}
    frontier = [src]
    while frontier:
        nxt = []
        for at in frontier:
            for over, land in _JUMPS[at]:
                if over != src and land != src and cells[over] is not None and cells[land] is None and land not in parent:
                    parent[land] = at
                    nxt.append(land)
        frontier = nxt
    return parent


def _path(parent: dict[int, int], dest: int) -> list[int]:
    path = [dest]
    while (at := parent[path[-1]]) >= 0:
        path.append(at)
    path.reverse()
    return path


def jump_destinations(cells: Sequence[Piece | None], src: int) -> dict[int, list[int]]:
    """MH-9: every cell a jump from src can end on, with one canonical path each.

    Breadth-first in direction order, so the canonical path is a shortest one
    and ties go to the lower direction index. The board does not change while
    the magician is in the air, so every reachable cell has a path that never
    revisits a cell (a shortest one), and two paths to the same cell give the
    same position: listing destinations loses no move.
    """
    parent = _jump_parents(cells, src)
    return {dest: _path(parent, dest) for dest in sorted(parent) if dest != src}


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


_RAYS: dict[str, tuple[tuple[tuple[int, ...], ...], ...]] = {
    wrap: tuple(tuple(_ray(table, src, d) for d in range(6)) for src in range(SIZE)) for wrap, table in STEP.items()
}


def movement_moves(cells: Sequence[Piece | None], seat: int, wrap: str, banned: str | None) -> list[dict[str, Any]]:
    """Every step and one canonical jump per destination that MH-8..MH-11 allow, in the order
    the rules list them (magicians by cell, then steps by direction, then jumps by destination).

    The same moves as playing `step` and `jump` on every candidate and comparing position keys
    (MH-11: not the position before the move, not `banned`, the one before the opponent's last
    move), without building a board per candidate (the list is made for every decision, by the
    server, the client and every bot, so it must be cheap): a candidate changes a few cells,
    so only those are compared. A step or jump always empties the mover's cell, which held
    its magician, so it never leaves the position unchanged. It brings back `banned` only if
    `banned` shows the mover's cell empty, every cell where `banned` differs from now is
    among the changed ones, and each changed cell matches `banned`. The list is new; the step
    moves in it are shared between calls.
    """
    now = position_key(cells)
    differs: frozenset[int] = frozenset()
    if banned is not None and len(banned) == len(now):
        differs = frozenset(i for i, (a, b) in enumerate(zip(now, banned, strict=True)) if a != b)
    else:
        banned = None  # none, or not a position at all: nothing can bring it back
    table = STEP[wrap]
    prebuilt = _STEP_MOVES[wrap]
    rays = _RAYS[wrap]
    own = "RB"[seat]
    own_wisdom = "rb"[seat]
    moves: list[dict[str, Any]] = []
    append = moves.append
    src = now.find(own)
    while src >= 0:
        # Every candidate empties src: only a banned position with src empty can come back.
        guard = banned is not None and banned[src] == "."
        pre = prebuilt[src]
        for d, ray in enumerate(rays[src]):
            target = ray[0]
            if now[target] == ".":  # a plain step, nothing pushed
                if not (guard and differs <= {src, target} and banned[target] == own):  # type: ignore[index]
                    append(pre[d])
                continue
            for cur in ray:  # the pushed line ends at the first empty cell
                t = now[cur]
                if t == ".":
                    break
                if t == own_wisdom and table[cur][d] in FLAMES:
                    cur = src  # it would burn the mover's own wisdom (MH-10)
                    break
            else:
                continue  # no empty cell: a full ring cannot be pushed (MH-8)
            if cur == src:
                continue
            if guard:
                changes = {src: ".", target: own}
                for i in ray[: ray.index(cur)]:  # each pushed piece moves one cell on; a wisdom on a flame burns
                    j = table[i][d]
                    changes[j] = "." if j in FLAMES and now[i] in "rb" else now[i]
                if differs <= changes.keys() and all(banned[i] == t for i, t in changes.items()):  # type: ignore[index]
                    continue
            append(pre[d])
        paths = jump_names(cells, src)
        for dest in sorted(paths) if paths else ():
            if not (guard and differs <= {src, dest} and banned[dest] == own):  # type: ignore[index]
                append({"type": "jump", "path": paths[dest]})
        src = now.find(own, src + 1)
    return moves


def jump_names(cells: Sequence[Piece | None], src: int) -> dict[int, list[str]]:
    """jump_destinations with the paths as cell names, src itself left out. src holds the
    mover, so no landing cell (empty) is ever src; a jump over src is over an empty cell.
    The listed (canonical) path to each destination: apply takes this one only."""
    paths = {src: [CELLS[src]]}
    frontier = [src]
    while frontier:
        nxt = []
        for at in frontier:
            base = paths[at]
            for over, land in _JUMPS[at]:
                if cells[over] is not None and cells[land] is None and over != src and land not in paths:
                    paths[land] = base + [CELLS[land]]
                    nxt.append(land)
        frontier = nxt
    del paths[src]
    return paths


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
