"""The terminal picture of a Cavemen view: from the player's side, hidden cards as backs."""

from __future__ import annotations

from engines.cavemen import ENGINE as E
from engines.core import Rng
from tests.engines.cavemen.scenario import BLUE, RED, board, put


def _position() -> dict:
    s = board(phase="move")
    put(s, RED, "gutsy", 1, 3)
    put(s, BLUE, "ballsy", 2, 5)
    put(s, BLUE, "snappy", 0, 4, known=2)
    put(s, BLUE, "gritty", 3, 5, up=True, known=2)
    s["hands"] = [["zippy", "cave"], ["dino"]]
    s["inactive"] = [["cave", "gritty"], ["plucky"]]
    s["caves"]["B4"] = RED
    return s


def test_red_sees_his_names_the_opponents_backs_and_knowns() -> None:
    text = E.render(E.view(_position(), RED))
    assert "R:Gutsy" in text and "B:??" in text and "B:Snappy!" in text and "B:Gritty^" in text
    assert "Ballsy" not in text.split("Your hand")[0].replace("R:/B:", "")
    assert "Your hand: 1. Zippy (7), 2. cave" in text
    assert "Red: hand 2, stockpile 0, inactive deck 2 (top: Gritty (3))" in text
    assert "Blue: hand 1, stockpile 0, inactive deck 1 (top: Plucky (4))" in text
    assert "Your inactive deck (top last): cave, Gritty (3)" in text
    assert "Your decision" in text and "\x1b[" not in text
    assert text.startswith("Cavemen Playing With Fire (closed game), turn 5 (round 3 of 150), you are Red")
    rows = [line[:3] for line in text.splitlines() if line.startswith("r")]
    assert rows == ["r6 ", "r5 ", "r4 ", "r3 ", "r2 ", "r1 "], "Red's own side at the bottom"
    assert "[cave R]" in [line for line in text.splitlines() if line.startswith("r4")][0]


def test_blue_sees_the_field_the_same_way_round_and_the_spectator_no_hand() -> None:
    text = E.render(E.view(_position(), BLUE))
    rows = [line[:3] for line in text.splitlines() if line.startswith("r")]
    assert rows == ["r6 ", "r5 ", "r4 ", "r3 ", "r2 ", "r1 "], "one orientation: up is up for both"
    assert "B:Ballsy" in text and "R:??" in text and "Waiting for Red" in text
    assert "Dino" in text  # his own hand
    spectator = E.render(E.view(_position(), None))
    assert "Your hand" not in spectator and "you are watching" in spectator and "B:Snappy" in spectator


def test_colour_only_when_asked() -> None:
    view = E.view(_position(), RED)
    assert "\x1b[31m" in E.render(view, color=True) and "\x1b[" not in E.render(view)


def test_game_over_line() -> None:
    s = board()
    put(s, RED, "gritty", 0, 6)
    s, _ = E.apply(s, RED, {"type": "extinguish", "col": "A", "path": 0, "row": 6}, Rng(b"x"))
    assert "Game over: Red wins" in E.render(E.view(s, BLUE)) and "[out  B]" in E.render(E.view(s, BLUE))
