"""The text board: labels, pieces, concealed values, status line."""

from __future__ import annotations

import engines
from engines.magier.diagram import position

E = engines.get("magier")


def test_board_has_row_letters_and_numbers() -> None:
    state, _ = E.setup(2, E.check_options({}, 2), None)
    text = E.render(E.view(state, 0))
    lines = text.splitlines()
    for letter in "abcdefghi":
        assert any(line.lstrip().startswith(letter + " ") for line in lines[:9])
    assert lines[9].split() == ["1", "2", "3", "4", "5"]
    assert lines[8].split()[-1] == "6" and lines[5].split()[-1] == "9"
    assert lines[0].split() == ["i", "B", "B", ".", "B", "B"]  # i7 is not a start cell
    assert lines[8].split()[:6] == ["a", "R", "R", ".", "R", "R"]
    assert lines[4].split() == ["e", ".", ".", "*", ".", "*", ".", "*", ".", "."]
    assert "Red 0 : 0 Black" in text and "red places a wisdom (you)" in text


def test_own_values_shown_hidden_ones_as_question_marks() -> None:
    state = position({"e4": "R", "e6": "B", "a1": "r2", "a2": "r-1", "i9": "b1"})

    def board(seat):
        return " ".join(E.render(E.view(state, seat)).splitlines()[:10]).split()

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
