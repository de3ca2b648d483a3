"""MH-1 .. MH-4: the board, its names, flames, start cells and edges."""

from __future__ import annotations

import engines
from engines.magier.board import (
    ADJACENT,
    CELLS,
    COORDS,
    DIRECTIONS,
    FLAMES,
    INDEX,
    SIZE,
    START,
    STEP,
    cell_index,
    describe_bad_cell,
    step_direction,
)
from engines.magier.diagram import picture, position

E = engines.get("magier")


def _lines() -> list[list[int]]:
    """Every maximal straight line of the board, walked with no wrap."""
    lines = []
    for d in (0, 1, 2):  # e, ne, nw: one per axis
        back = (d + 3) % 6
        for i in range(SIZE):
            if ADJACENT[i][back] >= 0:
                continue  # not the start of a line
            line, cur = [], i
            while cur >= 0:
                line.append(cur)
                cur = ADJACENT[cur][d]
            lines.append(line)
    return lines


def test_mh1_hexagon_of_side_5_has_61_cells() -> None:
    assert SIZE == 61
    assert all(abs(q) <= 4 and abs(r) <= 4 and abs(q + r) <= 4 for q, r in COORDS)
    assert len(set(COORDS)) == 61
    assert len(DIRECTIONS) == 6


def test_mh1_every_straight_line_has_5_to_9_cells() -> None:
    lines = _lines()
    assert len(lines) == 27  # 9 lines on each of 3 axes
    assert sorted(len(line) for line in lines) == sorted([5, 6, 7, 8, 9, 8, 7, 6, 5] * 3)


def test_mh1_cell_names_rows_a_to_i_numbers_along_diagonals() -> None:
    assert CELLS[INDEX["e5"]] == "e5" and COORDS[INDEX["e5"]] == (0, 0)
    assert [c for c in CELLS if c[0] == "a"] == ["a1", "a2", "a3", "a4", "a5"]
    assert [c for c in CELLS if c[0] == "e"] == [f"e{n}" for n in range(1, 10)]
    assert [c for c in CELLS if c[0] == "i"] == ["i5", "i6", "i7", "i8", "i9"]
    # the number is constant along the top-left to bottom-right diagonal (direction se)
    assert CELLS[ADJACENT[INDEX["e5"]][DIRECTIONS.index("se")]] == "d5"
    assert cell_index(" E5 ") == INDEX["e5"]
    assert cell_index("a6") is None and cell_index("j1") is None and cell_index(5) is None
    assert "a1 to a5" in describe_bad_cell("a6")
    assert "row letter" in describe_bad_cell("zz")


def test_mh2_five_flames() -> None:
    assert sorted(CELLS[i] for i in FLAMES) == ["c4", "e3", "e5", "e7", "g6"]
    assert {COORDS[i] for i in FLAMES} == {(0, 0), (2, 0), (-2, 0), (1, -2), (-1, 2)}


def test_mh3_start_cells_and_their_reflection() -> None:
    red = {COORDS[i] for i in START[0]}
    assert red == {(q, 3) for q in range(-4, 2)} | {(-4, 4), (-3, 4), (-1, 4), (0, 4)}
    assert {COORDS[i] for i in START[1]} == {(-q, -r) for q, r in red}
    assert [CELLS[i] for i in START[0]] == [
        "a1",
        "a2",
        "a4",
        "a5",
        "b1",
        "b2",
        "b3",
        "b4",
        "b5",
        "b6",
    ]
    state, _ = E.setup(2, E.check_options({"blind": False}, 2), None)
    pic = picture(state["board"])
    assert sorted(c for c, t in pic.items() if t == "R") == sorted(CELLS[i] for i in START[0])
    assert sorted(c for c, t in pic.items() if t == "B") == sorted(CELLS[i] for i in START[1])


def test_mh4_line_wrap_reenters_at_far_end_of_same_line() -> None:
    line = STEP["line"]
    w, e, sw = DIRECTIONS.index("w"), DIRECTIONS.index("e"), DIRECTIONS.index("sw")
    assert CELLS[line[INDEX["a1"]][w]] == "a5"
    assert CELLS[line[INDEX["a5"]][e]] == "a1"
    assert CELLS[line[INDEX["e9"]][e]] == "e1"
    assert CELLS[line[INDEX["a1"]][sw]] == "i9"  # the long diagonal a1 .. i9
    for row in _lines():  # every line is a ring
        d = step_direction(row[0], row[1], "line")
        assert STEP["line"][row[-1]][d] == row[0]


def test_mh4_step_through_the_edge() -> None:
    state = position({"a1": "R", "i9": "B"})
    after, events = E.apply(state, 0, E.parse("a1 w", E.view(state, 0)), None)
    assert picture(after["board"]) == {"a5": "R", "i9": "B"}
    assert events[0].data["to"] == "a5"


def test_mh4_torus_option_is_the_61_cell_hexagonal_torus() -> None:
    torus = STEP["torus"]
    for d in range(6):  # each direction is a permutation, undone by the opposite one
        assert sorted(torus[i][d] for i in range(SIZE)) == list(range(SIZE))
        assert all(torus[torus[i][d]][(d + 3) % 6] == i for i in range(SIZE))
    for i in range(SIZE):  # inside the board it is the plain neighbour
        for d in range(6):
            if ADJACENT[i][d] >= 0:
                assert torus[i][d] == ADJACENT[i][d]
    # leaving e9 eastwards does not come back on row e, unlike wrap=line
    e = DIRECTIONS.index("e")
    assert CELLS[torus[INDEX["e9"]][e]] != "e1"
    assert STEP["line"][INDEX["e9"]][e] == INDEX["e1"]
    state = position({"e9": "R", "i9": "B"}, options={"wrap": "torus"})
    target = CELLS[torus[INDEX["e9"]][e]]
    after, _ = E.apply(state, 0, E.parse("e9 e", E.view(state, 0)), None)
    assert picture(after["board"]) == dict(
        sorted({target: "R", "i9": "B"}.items(), key=lambda kv: INDEX[kv[0]])
    )
