"""Magier's move generation, made fast, equals the one before (oracle/, a frozen copy).

The speed work on engines/magier/mechanics.py changed how moves are found, not which:
position keys, one breadth-first jump search (on the cells with the mover lifted), and
`movement_moves` (from cells; `board_moves` from a board), which lists the steps and jumps
MH-8..MH-11 allow without building a board per candidate (only the moves of a magician that
MH-11 can bite are played out and compared). On random boards
(sparse to full, so pushes, full rings MH-8, burns and own-wisdom refusals MH-10, jumps MH-9
all occur), both wraps (MH-4), and a banned position (MH-11) that is often exactly the
outcome of one candidate or differs from one in a single cell, the live functions must give
what the oracle gives: the same moves in the same order, the same outcomes and refusals.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engines import get
from engines.core import Rng
from engines.magier import mechanics
from engines.magier.board import SIZE, STEP, WRAPS
from tests.depth import examples
from tests.engines.magier.oracle import legal as oracle_legal
from tests.engines.magier.oracle import mechanics as oracle

SETTINGS = settings(max_examples=examples(2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAGIER = get("magier")


@st.composite
def boards(draw: st.DrawFn) -> tuple[list[Any], int, str, str | None]:
    density = draw(st.sampled_from([0.2, 0.4, 0.6, 0.8, 0.95, 1.0]))
    rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
    cells: list[Any] = []
    for _ in range(SIZE):
        if rnd.random() >= density:
            cells.append(None)
        elif rnd.random() < 0.5:
            cells.append({"seat": rnd.randrange(2), "kind": "magician"})
        else:
            cells.append({"seat": rnd.randrange(2), "kind": "wisdom", "value": rnd.choice([2, 1, -1])})
    seat = draw(st.integers(0, 1))
    wrap = draw(st.sampled_from(WRAPS))
    how = draw(st.sampled_from(["none", "outcome", "outcome", "near", "near", "random", "now"]))
    banned = None
    if how == "now":
        banned = oracle.position_key(cells)
    elif how == "random":
        banned = "".join(rnd.choice(".RBrb") for _ in range(SIZE))
    elif how == "outcome":
        outcomes = _oracle_outcomes(cells, seat, wrap)
        banned = oracle.position_key(rnd.choice(outcomes)) if outcomes else None
    elif how == "near":  # an outcome but for one cell: equal on every cell a candidate changes
        outcomes = _oracle_outcomes(cells, seat, wrap)
        if outcomes:
            key = list(oracle.position_key(rnd.choice(outcomes)))
            i = rnd.randrange(SIZE)
            key[i] = rnd.choice([t for t in ".RBrb" if t != key[i]])
            banned = "".join(key)
    return cells, seat, wrap, banned


def _oracle_outcomes(cells: list[Any], seat: int, wrap: str) -> list[list[Any]]:
    """Every board a step or jump of `seat` can make (what MH-11's banned position may be)."""
    out = []
    for src in range(SIZE):
        if not oracle.is_own_magician(cells[src], seat):
            continue
        for d in range(6):
            try:
                out.append(oracle.step(cells, src, d, wrap, seat).cells)
            except oracle.Refused:
                pass
        for dest in oracle.jump_destinations(cells, src):
            new = list(cells)
            new[dest], new[src] = cells[src], None
            out.append(new)
    return out


def _state(cells: list[Any], wrap: str, banned: str | None) -> dict[str, Any]:
    return {"board": oracle.board_from_cells(cells), "options": {"wrap": wrap}, "prev_position": banned}


@SETTINGS
@given(boards())
def test_movement_moves_equal_the_oracle_mh8_to_mh11(board: tuple[list[Any], int, str, str | None]) -> None:
    cells, seat, wrap, banned = board
    want = oracle_legal.movement_moves(_state(cells, wrap, banned), seat)
    assert mechanics.movement_moves(cells, seat, wrap, banned) == want


def test_a_banned_outcome_is_left_out_mh11() -> None:
    """Not vacuous: a board where banning one step's outcome removes exactly that step."""
    cells: list[Any] = [None] * SIZE
    cells[30] = {"seat": 0, "kind": "magician"}
    free = mechanics.movement_moves(cells, 0, "line", None)
    target = STEP["line"][30][0]
    after = list(cells)
    after[target], after[30] = cells[30], None
    banned = mechanics.position_key(after)
    moves = mechanics.movement_moves(cells, 0, "line", banned)
    assert len(moves) == len(free) - 1 and all(m in free for m in moves)
    assert {"type": "step", "from": mechanics.CELLS[30], "to": mechanics.CELLS[target]} not in moves


@SETTINGS
@given(boards())
@example(([{"seat": 0, "kind": "magician"}] * SIZE, 0, "line", None))
def test_steps_jumps_and_keys_equal_the_oracle_mh8_mh9_mh10(board: tuple[list[Any], int, str, str | None]) -> None:
    cells, seat, wrap, _ = board
    assert mechanics.position_key(cells) == oracle.position_key(cells)
    for src in range(SIZE):
        assert mechanics.jump_destinations(cells, src) == oracle.jump_destinations(cells, src)
        for d in range(6):
            assert _step(mechanics, cells, src, d, wrap, seat) == _step(oracle, cells, src, d, wrap, seat)
        for path in oracle.jump_destinations(cells, src).values():
            assert _jump(mechanics, cells, path, seat) == _jump(oracle, cells, path, seat)
            assert _jump(mechanics, cells, path[:1] + path[2:], seat) == _jump(oracle, cells, path[:1] + path[2:], seat)


def _step(module: Any, cells: list[Any], src: int, d: int, wrap: str, seat: int) -> Any:
    try:
        out = module.step(cells, src, d, wrap, seat)
    except module.Refused as exc:
        return str(exc)
    return out.cells, out.moved, out.burned


def _jump(module: Any, cells: list[Any], path: list[int], seat: int) -> Any:
    try:
        out = module.jump(cells, path, seat)
    except module.Refused as exc:
        return str(exc)
    return out.cells


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(WRAPS))
def test_engine_legal_moves_equal_the_oracle_along_random_games(seed: int, wrap: str) -> None:
    """The engine's own legal_moves (listing.py on the live mechanics) still list what it did."""
    rnd = random.Random(seed)
    state, _ = MAGIER.setup(2, {"wrap": wrap, "open_placement": True, "move_limit": 60}, Rng(b"m %d" % seed))
    while (seat := MAGIER.to_move(state)) is not None:
        legal = MAGIER.legal_moves(state, seat)
        if state["phase"] == "movement":
            want = oracle_legal.movement_moves(state, seat) or [{"type": "pass"}]
            assert legal == want
            cells = mechanics.cells_from_board(state["board"])
            assert (mechanics.movement_moves(cells, seat, wrap, state["prev_position"]) or [{"type": "pass"}]) == want
        else:
            assert legal == oracle_legal.placement_moves(state, seat)
        state, _ = MAGIER.apply(state, seat, rnd.choice(legal), Rng(b"x"))


def test_each_call_lists_anew_and_apply_leaves_listed_moves_as_they_were() -> None:
    """movement_moves shares its plain step moves between calls (to list them cheaply):
    emptying one returned list changes no later one, and the engine applying a listed move
    changes none."""
    rnd = random.Random(5)
    state, _ = MAGIER.setup(2, {"open_placement": True, "move_limit": 40}, Rng(b"fresh"))
    while (seat := MAGIER.to_move(state)) is not None:
        if state["phase"] != "movement":
            state, _ = MAGIER.apply(state, seat, rnd.choice(MAGIER.legal_moves(state, seat)), Rng(b"x"))
            continue
        cells = mechanics.cells_from_board(state["board"])
        first = mechanics.movement_moves(cells, seat, "line", state["prev_position"])
        snapshot = [dict(m) for m in first]
        first.clear()
        again = mechanics.movement_moves(cells, seat, "line", state["prev_position"])
        assert again == snapshot == oracle_legal.movement_moves(state, seat)
        move = rnd.choice(again) if again else {"type": "pass"}
        state, _ = MAGIER.apply(state, seat, move, Rng(b"x"))
        assert again == snapshot, "applying a listed move changed a listed move"
