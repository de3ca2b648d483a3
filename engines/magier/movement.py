"""The movement phase: a step (MH-8, pushing and perhaps burning), a jump (MH-9), or a pass
when no move is left (MH-12), each checked against MH-11 before it is played.

Jumps: `legal_moves` lists one canonical path per reachable destination (shortest, first
direction in board.DIRECTIONS order wins), and `apply` accepts that path only: it accepts
exactly the listed moves. Two paths to the same cell give the same position, so no position
change is lost by listing destinations only; notation.parse turns any valid typed path into
the listed one.

Rules version 2 (`exact` false) took any valid path, and cells spelled in any case with spaces
around them, as it was released: its logs hold such moves, and their event and last move name
the path as played (docs/PROTOCOL.md section 19). Version 3 takes only the listed move.
"""

from __future__ import annotations

from engines.core import Event, IllegalMove, Move, Seat, State
from engines.magier import notation
from engines.magier.board import CELLS, step_direction
from engines.magier.burning import await_reveal, score_burnt
from engines.magier.ending import end_of_movement_turn
from engines.magier.listing import movement_moves
from engines.magier.mechanics import (
    Cells,
    Outcome,
    Refused,
    board_from_cells,
    cells_from_board,
    is_own_magician,
    jump,
    jump_names,
    landed,
    position_key,
    step,
)
from engines.magier.repetition import repeats
from engines.magier.shape import cell, need_cell
from engines.magier.state import is_blind
from engines.magier.turns import count_turn, finish_turn


def _movement_outcome(
    state: State, cells: Cells, seat: Seat, kind: str, move: Move, exact: bool
) -> tuple[Outcome, Event, Move]:
    """Play a step or jump on the board's `cells`; also returns the move with canonical cell names."""
    wrap = state["options"]["wrap"]
    if kind == "step":
        src = need_cell(move, "from", exact)
        dst = need_cell(move, "to", exact)
        d = step_direction(src, dst, wrap)
        if not is_own_magician(cells[src], seat):
            raise IllegalMove(f"no magician of yours on {CELLS[src]}")
        if d is None:
            raise IllegalMove(
                f"{CELLS[dst]} is not next to {CELLS[src]} (a step goes to a neighbouring cell; "
                f"for a jump write {CELLS[src]}x{CELLS[dst]})"
            )
        try:
            out = step(cells, src, d, wrap, seat)
        except Refused as exc:
            raise IllegalMove(str(exc)) from None
        pushed = [[CELLS[a], CELLS[b]] for a, b in reversed(out.moved)]
        data = {"seat": seat, "from": CELLS[src], "to": CELLS[dst], "pushed": pushed}
        return out, Event("stepped", data), {"type": "step", "from": CELLS[src], "to": CELLS[dst]}
    path_names = move.get("path")
    if not isinstance(path_names, list) or not path_names:
        raise IllegalMove(
            "a jump needs a path: the start cell, then every landing cell, e.g. e4xe6xg6"
        )
    path = [cell(name, "path", exact) for name in path_names]
    names = [CELLS[i] for i in path]
    if not exact:  # version 2: any valid path, named as played
        try:
            out = jump(cells, path, seat)
        except Refused as exc:
            raise IllegalMove(str(exc)) from None
        return out, Event("jumped", {"seat": seat, "path": names}), {"type": "jump", "path": names}
    src = path[0]
    listed = jump_names(cells, src).get(path[-1]) if is_own_magician(cells[src], seat) else None
    if names != listed:  # every path to a cell gives the same position: the list holds one
        try:
            jump(cells, path, seat)  # no jump at all: say why
        except Refused as exc:
            raise IllegalMove(str(exc)) from None
        raise IllegalMove(
            f"that jump is listed by its shortest path: write {'x'.join(listed or names)} "
            f"(any path to {names[-1]} leaves the same position)"
        )
    out = landed(cells, src, path[-1])  # the listed path is a valid jump by construction
    return out, Event("jumped", {"seat": seat, "path": names}), {"type": "jump", "path": names}


def apply_movement(
    state: State, seat: Seat, kind: str, move: Move, exact: bool = True
) -> tuple[State, list[Event]]:
    """A step, jump or pass by `seat`; MH-11 is checked here, where the position before is known.
    `exact` false: the move read as version 2 read it (any valid jump path, lenient cells)."""
    if state["phase"] != "movement":
        left = len(state["hands"][seat])
        raise IllegalMove(f"place your wisdoms first ({left} left), e.g. place c3 1")
    cells = cells_from_board(state["board"])
    now = position_key(cells)
    if kind == "pass":
        options = movement_moves(state, seat)
        if options:
            raise IllegalMove(
                f"you may pass only when you have no legal move; you could play {notation.format(options[0])}"
            )
        new = dict(state)
        events = [Event("passed", {"seat": seat})]
        finish_turn(state, new, seat, {"type": "pass"}, now=now)
        new["passes"] = state["passes"] + 1
        return new, events + end_of_movement_turn(new, seat)
    out, event, canonical = _movement_outcome(state, cells, seat, kind, move, exact)
    why = repeats(out, now, state["prev_position"])
    if why is not None:
        raise IllegalMove(why)
    new = dict(state)
    new["board"] = board_from_cells(out.cells)
    events = [event]
    if out.burned and is_blind(state["options"]):
        pending, waiting = await_reveal(state, seat, out.burned)
        events.extend(waiting)
        finish_turn(state, new, seat, canonical, now=now)
        new["passes"] = 0
        new["pending"] = pending
        count_turn(new, seat)
        return new, events  # the owner reveals next; then MH-13 and the rest are decided
    if out.burned:
        new["scores"], new["burned"], burnt = score_burnt(state, seat, out.burned)
        events.extend(burnt)
    finish_turn(state, new, seat, canonical, now=now)
    new["passes"] = 0
    return new, events + end_of_movement_turn(new, seat)
