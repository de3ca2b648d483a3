"""The text board: labels at both edges, the viewer's side, colours, pieces, status line."""

from __future__ import annotations

import re

import pytest

import engines
from engines.core import color_wanted
from engines.magier.board import CELLS, COORDS, INDEX, RADIUS, ROWS
from engines.magier.diagram import position

E = engines.get("magier")
ESC = "\x1b["


def _start(seat):
    state, _ = E.setup(2, E.check_options({"blind": False}, 2), None)
    return E.render(E.view(state, seat))


def _board(text: str) -> list[str]:
    return text.splitlines()[: 2 * RADIUS + 3]


def _cells_on_screen(seat) -> dict[str, tuple[int, int]]:
    """Cell -> (line, column) of its token on an empty board drawn for seat."""
    lines = _board(E.render(E.view(position({}), seat)))
    out = {}
    for r in range(-RADIUS, RADIUS + 1):
        letter = ROWS[RADIUS - r]
        names = [c for c in CELLS if c[0] == letter]
        if seat == 1:
            names.reverse()
        (line_no,) = [i for i, line in enumerate(lines) if line.split()[:1] == [letter]]
        body = lines[line_no]
        cols = [m.start() for m in re.finditer(r"[.*]", body)]
        assert len(cols) == len(names)
        out.update({n: (line_no, c) for n, c in zip(names, cols, strict=True)})
    return out


def test_board_has_row_letters_and_numbers() -> None:
    lines = _board(_start(0))
    assert lines[0].split() == ["5", "6", "7", "8", "9"]
    assert lines[-1].split() == ["1", "2", "3", "4", "5"]
    assert lines[1].split() == ["i", "4", "B", "B", ".", "B", "B", "i"]  # i7 is not a start cell
    assert lines[9].split() == ["a", "R", "R", ".", "R", "R", "6", "a"]
    assert lines[5].split() == ["e", ".", ".", "*", ".", "*", ".", "*", ".", ".", "e"]
    assert lines[6].split()[-2:] == ["9", "d"] and lines[4].split()[:2] == ["f", "1"]
    text = _start(0)
    assert "Red 0 : 0 Black" in text and "red places a wisdom (you)" in text


@pytest.mark.parametrize("seat", [0, 1, None])
def test_every_row_is_lettered_at_both_ends(seat) -> None:
    lines = _board(E.render(E.view(position({"e5": "R", "a1": "r2"}), seat)))
    rows = [line.split() for line in lines[1:-1]]
    letters = [row[0] for row in rows]
    assert letters == (list(ROWS) if seat == 1 else list(reversed(ROWS)))
    assert all(row[0] == row[-1] for row in rows)


@pytest.mark.parametrize("seat", [0, 1, None])
def test_every_diagonal_is_numbered_at_both_ends_on_its_own_line(seat) -> None:
    """Each number n stands just beyond the first and the last cell of diagonal n, in line with it."""
    where = _cells_on_screen(seat)
    lines = _board(E.render(E.view(position({}), seat)))
    for n in range(1, 10):
        cells = sorted(where[c] for c in CELLS if c[1:] == str(n))  # top to bottom
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:], strict=False)}
        assert steps == {(1, 2)}, "a diagonal runs from top left to bottom right, also turned round"
        (top_line, top_col), (bottom_line, bottom_col) = cells[0], cells[-1]
        assert lines[top_line - 1][top_col - 2] == str(n)
        assert lines[bottom_line + 1][bottom_col + 2] == str(n)
        assert sum(line.split().count(str(n)) for line in lines) == 2


def test_black_sees_the_board_turned_round_and_the_spectator_sees_red_at_the_bottom() -> None:
    red, black, watcher = _board(_start(0)), _board(_start(1)), _board(_start(None))
    assert watcher == red
    assert black[1].split()[0] == "a" and black[-2].split()[0] == "i"
    assert black[-2].split() == ["i", "B", "B", ".", "B", "B", "4", "i"]  # black's own back row at the bottom
    assert black[0].split() == ["5", "4", "3", "2", "1"] and black[-1].split() == ["9", "8", "7", "6", "5"]
    assert "R" not in " ".join(black[6:]) and "B" not in " ".join(black[:5])
    assert "turned round" in _start(1) and "Seen from red's side" in _start(None)
    where = _cells_on_screen(1)
    assert where["e5"] == _cells_on_screen(0)["e5"], "the centre stays where it is"
    assert where["i9"][0] > where["a1"][0] and where["i9"][1] < where["a1"][1]


def test_legend_explains_the_naming() -> None:
    text = _start(0)
    assert "lettered at both ends" in text and "end each diagonal" in text
    assert "e5 is the centre" in text and "Step directions" in text


def test_black_types_directions_as_drawn_on_its_board() -> None:
    state = position({"e5": "B", "a1": "R"}, turn=1)
    as_black = E.parse("e5 ne", E.view(state, 1))
    as_red = E.parse("e5 sw", E.view(state, 0))
    assert as_black == as_red == {"type": "step", "from": "e5", "to": "d4"}
    assert E.parse("e5 e", E.view(state, None)) == {"type": "step", "from": "e5", "to": "e6"}


def test_colour_only_when_asked() -> None:
    state = position({"e4": "R", "e6": "B", "a1": "r2", "i9": "b1"})
    for seat in (0, 1, None):
        plain = E.render(E.view(state, seat))
        assert ESC not in plain and ESC not in E.render(E.view(state, seat), color=False)
        coloured = E.render(E.view(state, seat), color=True)
        assert "\x1b[1;31mR\x1b[0m" in coloured and "\x1b[30;47mB\x1b[0m" in coloured
        assert "\x1b[1;31mr" in coloured and "\x1b[33m*\x1b[0m" in coloured
        assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain, "colour never moves a character"


def test_color_wanted_honours_no_color_and_the_terminal() -> None:
    assert color_wanted({}, True) is True
    assert color_wanted({"NO_COLOR": ""}, True) is True  # set but empty: no effect
    assert color_wanted({"NO_COLOR": "1"}, True) is False
    assert color_wanted({"NO_COLOR": "yes please"}, True) is False
    assert color_wanted({}, False) is False  # a pipe or a file gets no escape codes


def test_wrap_around_steps_say_so() -> None:
    state = position({"a1": "R", "b2": "R", "i9": "B"})
    view = E.view(state, 0)
    texts = [E.format(m) for m in E.legal_moves(state, 0)]
    assert "a1-a5 (wraps)" in texts and "b2-c3" in texts
    assert all(t.endswith("(wraps)") == (m["type"] == "step" and m["to"] not in _next_to(m["from"]))
               for t, m in zip(texts, E.legal_moves(state, 0), strict=True))
    for t, m in zip(texts, E.legal_moves(state, 0), strict=True):
        assert E.parse(t, view) == m
    assert E.parse("a1-a5", view) == E.parse("a1-a5 (wraps)", view)
    after, _ = E.apply(state, 0, E.parse("a1 w", view), None)
    assert "Last: red a1-a5 (wraps)" in E.render(E.view(after, 1))
    torus = position({"e9": "R", "i9": "B"}, options={"wrap": "torus"})
    assert any(E.format(m).endswith("(wraps)") for m in E.legal_moves(torus, 0) if m["from"] == "e9")
    assert not any("(wraps)" in E.format(m) for m in E.legal_moves(torus, 0) if m["type"] == "jump")


def _next_to(name: str) -> set[str]:
    q, r = COORDS[INDEX[name]]
    near = {(q + dq, r + dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))}
    return {CELLS[i] for i, c in enumerate(COORDS) if c in near}


def test_own_values_shown_hidden_ones_as_question_marks() -> None:
    state = position({"e4": "R", "e6": "B", "a1": "r2", "a2": "r-1", "i9": "b1"})

    def board(seat):
        return " ".join(_board(E.render(E.view(state, seat)))).split()

    red, black, watcher = board(0), board(1), board(None)
    assert "r2" in red and "r-1" in red and "b?" in red and "b1" not in red
    assert "b1" in black and "r?" in black and "r2" not in black
    assert "r?" in watcher and "b?" in watcher and "r2" not in watcher and "b1" not in watcher
    assert "watching" in E.render(E.view(state, None))
    assert "red to move (you)" in E.render(E.view(state, 0))
    assert "(you)" not in E.render(E.view(state, 1))


def test_magician_on_a_flame_and_burns_and_the_end_are_shown() -> None:
    state = position({"e4": "R", "e1": "R", "e2": "b2", "i9": "B"}, scores=(3, 0))
    state, _ = E.apply(state, 0, E.parse("e1-e2", E.view(state, 0)), None)
    text = E.render(E.view(state, 1))
    assert "Red 5 : 0 Black" in text
    assert "Game over: red wins" in text
    assert "Burnt: b2 on e3" in text
    assert "Last: red e1-e2" in text
    moved = position({"e5": "R", "i9": "B"})
    assert "R*" in E.render(E.view(moved, 0))
