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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from engines.magier.board import (
    ADJACENT,
    CELLS,
    COORDS,
    DELTAS,
    DIRECTIONS,
    FLAMES,
    INDEX,
    RADIUS,
    SIZE,
    STEP,
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


# Per wrap and direction, the cells whose next cell that way is a flame: a wisdom pushed from
# one of them lands on the flame (MH-10).
_FEEDS_FLAME: dict[str, tuple[frozenset[int], ...]] = {
    wrap: tuple(frozenset(i for i in range(SIZE) if table[i][d] in FLAMES) for d in range(6))
    for wrap, table in STEP.items()
}


def _first_hop(src: int, d: int) -> tuple[int, tuple[int, dict[str, Any]] | None]:
    """The landing cell of a single jump from src in direction d and (landing cell, its move),
    or (-1, None) off the board (a jump never wraps, MH-9)."""
    over = ADJACENT[src][d]
    land = ADJACENT[over][d] if over >= 0 else -1
    if land < 0:
        return -1, None
    return land, (land, {"type": "jump", "path": [CELLS[src], CELLS[land]]})


# Per wrap, cell and direction: the push ray, the step's move, the cells that feed a flame that
# way, and the single jump's landing cell with its move. A jump goes over the neighbour, which a
# step would push, so one look at the neighbour serves both. The moves are made once and shared
# by every list moves_from_key returns (moves are values: never change one).
_PLAN: dict[str, tuple[tuple[tuple[Any, ...], ...], ...]] = {
    wrap: tuple(
        tuple(
            (_RAYS[wrap][src][d], _STEP_MOVES[wrap][src][d], _FEEDS_FLAME[wrap][d], *_first_hop(src, d))
            for d in range(6)
        )
        for src in range(SIZE)
    )
    for wrap in STEP
}

_TAKEN = str.maketrans(".RBrb", "01111")
Taken = tuple[str, ...]  # per direction "1" if the neighbour is taken, else "0"
StepPlan = tuple[tuple[dict[str, Any], ...], tuple[tuple[Any, ...], ...]]


def _step_plan(plan: tuple[tuple[Any, ...], ...], taken: Taken) -> StepPlan:
    """For one way the six neighbours are taken: the plain steps before the first push, then
    each push (its _PLAN entry) with the plain steps that follow it, in direction order."""
    head: list[dict[str, Any]] = []
    pushes: list[tuple[Any, ...]] = []
    for d, entry in enumerate(plan):
        if taken[d] == "0":
            (pushes[-1][-1] if pushes else head).append(entry[1])
        else:
            pushes.append((*entry, []))
    return tuple(head), tuple((*p[:-1], tuple(p[-1])) for p in pushes)


# Per wrap and cell: what reads its six neighbours off the taken cells ("0"/"1" per cell), and
# the step plan for each answer met so far (_step_plan; at most 64 per cell, made on first
# use so that importing stays quick): plain steps need no look of their own.
_STEPS: dict[str, tuple[tuple[Callable[[str], Taken], dict[Taken, StepPlan]], ...]] = {
    wrap: tuple((itemgetter(*(ray[0] for ray in _RAYS[wrap][src])), {}) for src in range(SIZE)) for wrap in STEP
}


# Single hops of the whole board at once, for the jump search: the board as bits of an int in
# rows of _WIDTH, with two empty columns between rows so that a hop (two cells along a line)
# never lands in another row; a direction is then a shift. _hop_bits sets bit _BIT[at] + 128*d
# when a hop from at in direction d is possible (the cell over it taken, the landing cell empty
# and on the board); _HOPS[at] reads the six bits of a cell into its hops (cell jumped over,
# landing cell and its name as a path's tail), in direction order.
_WIDTH = 2 * RADIUS + 3
_LANE = 128
_BIT: tuple[int, ...] = tuple((RADIUS - r) * _WIDTH + q + RADIUS for q, r in COORDS)
_SHIFTS: tuple[int, ...] = tuple(dq - _WIDTH * dr for dq, dr in DELTAS)
_ON_BOARD = sum(1 << b for b in _BIT)
_SPREAD = sum(1 << (_LANE * d) for d in range(6))
# Per cell, the hops read so far by their bits (at most 64 per cell, made on first use).
_HOPS: tuple[dict[int, tuple[tuple[int, int, list[str]], ...]], ...] = tuple({} for _ in range(SIZE))


def _hops_of(at: int, bits: int) -> tuple[tuple[int, int, list[str]], ...]:
    """The hops of `at` (cell jumped over, landing cell, its name as a path's tail) that its
    six bits of _hop_bits mark, in direction order; remembered in _HOPS."""
    out = []
    for d in range(6):
        over = ADJACENT[at][d]
        if bits >> (_LANE * d) & 1 and over >= 0 and ADJACENT[over][d] >= 0:
            out.append((over, ADJACENT[over][d], [CELLS[ADJACENT[over][d]]]))
    _HOPS[at][bits] = hops = tuple(out)
    return hops


# Per row of the board: its first cell, a mask of its length, and the first cell's bit.
_ROWS: tuple[tuple[int, int, int], ...] = tuple(
    (first, (1 << sum(1 for q, r in COORDS if r == COORDS[first][1])) - 1, _BIT[first])
    for first in range(SIZE)
    if first == 0 or COORDS[first - 1][1] != COORDS[first][1]
)


def _hop_bits(taken: str) -> int:
    """Every single hop on the board, as bits (see _HOPS); `taken` is "1" per taken cell."""
    cells = int(taken[::-1], 2)  # bit i: cell i is taken
    bits = 0
    for first, mask, bit in _ROWS:
        bits |= ((cells >> first) & mask) << bit
    empty = _ON_BOARD & ~bits
    hops = 0
    for d, s in enumerate(_SHIFTS):
        lane = (bits >> s) & (empty >> 2 * s) if s > 0 else (bits << -s) & (empty << -2 * s)
        hops |= lane << (_LANE * d)
    return hops


def movement_moves(cells: Sequence[Piece | None], seat: int, wrap: str, banned: str | None) -> list[dict[str, Any]]:
    """Every step and one canonical jump per destination that MH-8..MH-11 allow, in the order
    the rules list them (magicians by cell, then steps by direction, then jumps by destination).

    The same moves as playing `step` and `jump` on every candidate and comparing position keys
    (MH-11), without building a board per candidate: see `moves_from_key`.
    """
    return moves_from_key(position_key(cells), seat, wrap, banned)


def key_from_board(board: Mapping[str, Piece]) -> str:
    """position_key(cells_from_board(board)) without the cells list in between."""
    key = ["."] * SIZE
    for name, p in board.items():
        key[INDEX[name]] = ("RB" if p["kind"] == MAGICIAN else "rb")[p["seat"]]
    return "".join(key)


def moves_from_key(now: str, seat: int, wrap: str, banned: str | None) -> list[dict[str, Any]]:
    """movement_moves on the position key `now` alone: legality depends only on what is public.

    A candidate changes a few cells, so only those are compared with `banned` (MH-11: not the
    position before the move, not the one before the opponent's last move). A step or jump always
    empties the mover's cell, which held its magician, so it never leaves the position
    unchanged. It brings back `banned` only if `banned` shows the mover's cell empty (rare: such
    a magician takes the careful way, `_guarded_steps`), every cell where `banned` differs from
    now is among the changed ones, and each changed cell matches `banned`. The list is new; the
    plain steps and single jumps in it are shared between calls (issue 9).
    """
    if banned is not None and len(banned) != len(now):
        banned = None  # not a position at all: nothing can bring it back
    differs: frozenset[int] = frozenset()
    steps = _STEPS[wrap]
    taken = now.translate(_TAKEN)
    own = "RB"[seat]
    own_wisdom = "rb"[seat]
    hops = -1  # the board's single hops (_hop_bits), found when a jump search first needs them
    moves: list[dict[str, Any]] = []
    append = moves.append
    src = now.find(own)
    while src >= 0:
        guard = banned is not None and banned[src] == "."
        if guard:
            if not differs:  # src differs, so it is never empty once computed
                differs = frozenset(i for i, (a, b) in enumerate(zip(now, banned, strict=True)) if a != b)  # type: ignore[arg-type]
            first = _guarded_steps(now, seat, wrap, src, banned, differs, append)  # type: ignore[arg-type]
        else:
            neighbours, by_taken = steps[src]
            around = neighbours(taken)
            step_plan = by_taken.get(around)
            if step_plan is None:
                step_plan = by_taken[around] = _step_plan(_PLAN[wrap][src], around)
            head, pushes = step_plan
            moves += head  # plain steps, nothing pushed
            first = []
            for ray, move, burns, land, hop, after in pushes:
                if land >= 0 and now[land] == ".":  # a single jump over the neighbour
                    first.append(hop)
                for cur in ray:  # the pushed line ends at the first empty cell
                    t = now[cur]
                    if t == ".":
                        append(move)
                        break
                    if t == own_wisdom and cur in burns:
                        break  # it would burn the mover's own wisdom (MH-10)
                # no empty cell: a full ring cannot be pushed (MH-8)
                moves += after
        if first:
            if hops < 0:
                hops = _hop_bits(taken)
            found = _jumps(src, first, hops)
            if not guard:
                moves += map(found.__getitem__, sorted(found))
            else:
                moves += (found[dest] for dest in sorted(found) if not (differs <= {src, dest} and banned[dest] == own))  # type: ignore[index]
        src = now.find(own, src + 1)
    return moves


def _guarded_steps(
    now: str, seat: int, wrap: str, src: int, banned: str, differs: frozenset[int], append: Callable[[Any], None]
) -> list[tuple[int, dict[str, Any]]]:
    """The steps of the magician on src when `banned` shows src empty: each one's changed cells
    are compared with `banned` (MH-11). Returns its single jumps, as the plain way finds them."""
    table = STEP[wrap]
    own = "RB"[seat]
    own_wisdom = "rb"[seat]
    first = []
    for d, (ray, move, _, land, hop) in enumerate(_PLAN[wrap][src]):
        target = ray[0]
        if now[target] == ".":  # a plain step, nothing pushed
            if not (differs <= {src, target} and banned[target] == own):
                append(move)
            continue
        if land >= 0 and now[land] == ".":
            first.append(hop)
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
        changes = {src: ".", target: own}
        for i in ray[: ray.index(cur)]:  # each pushed piece moves one cell on; a wisdom on a flame burns
            j = table[i][d]
            changes[j] = "." if j in FLAMES and now[i] in "rb" else now[i]
        if not (differs <= changes.keys() and all(banned[i] == t for i, t in changes.items())):
            append(move)
    return first


def _jumps(src: int, first: list[tuple[int, dict[str, Any]]], hops: int) -> dict[int, dict[str, Any]]:
    """jump_destinations as moves by landing cell, from src's single jumps `first` (in direction
    order); breadth-first in direction order, so each path is the canonical one. src holds the
    mover, so no landing cell (empty) is ever src, and a hop over src (empty while the mover is
    in the air) is left out. `hops` holds the board's single hops (_hop_bits)."""
    found = dict(first)
    frontier = list(found)
    while frontier:
        nxt = []
        for at in frontier:
            bits = (hops >> _BIT[at]) & _SPREAD
            tails = _HOPS[at].get(bits)
            if tails is None:
                tails = _hops_of(at, bits)
            path = None
            for over, land, name in tails:
                if over != src and land not in found:
                    if path is None:
                        path = found[at]["path"]
                    found[land] = {"type": "jump", "path": path + name}
                    nxt.append(land)
        frontier = nxt
    return found


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
