"""What the board, the typed move and the log say must agree, and the final board hides nothing.

- CV-5 (movement along a path): both players see the field the same way round, so Blue's
  "up" lands on the row drawn above, as it does for Red, and the log's "up" means the same.
- CV-8 (attacks): the board says what the last move did ("Last:"), and what the turn did so
  far, so a Gutsy gone from the field is explained on the board itself.
- CV-18 (what is hidden, revealed at the end): a finished game's revealed view shows every
  hand, each stockpile in order, each inactive deck and every face-down identity, without
  changing any seat's view; its board says "Game over", never "Waiting for" or "spectator".
"""

from __future__ import annotations

import copy
from typing import Any

from engines.cavemen import ENGINE as E
from engines.core import Rng
from tests.engines.cavemen.scenario import BLUE, RED, board, do, put


def _rows(text: str) -> list[str]:
    """The field's row lines, top of the screen first."""
    return [line for line in text.splitlines() if line[:1] == "r" and line[1:2].isdigit()]


def _row_of(text: str, token: str) -> int:
    """The row number printed at the start of the line that shows `token`."""
    return next(int(line[1]) for line in _rows(text) if token in line)


def test_cv5_blue_up_lands_on_the_row_drawn_above_on_his_own_board() -> None:
    s = board(turn=BLUE)
    put(s, BLUE, "gritty", 1, 4)
    put(s, RED, "gutsy", 3, 2)
    before = E.render(E.view(s, BLUE))
    lines = [line for line in before.splitlines() if "B:Gritty" in line]
    assert len(lines) == 1 and _row_of(before, "B:Gritty") == 4
    s2, events = do(s, "move P1 r4 up")
    after = E.render(E.view(s2, BLUE))
    assert _row_of(after, "B:Gritty") == 5
    top_down = [int(line[1]) for line in _rows(after)]
    assert top_down == [6, 5, 4, 3, 2, 1], "Blue's board is not turned round"
    assert top_down.index(5) < top_down.index(4), "up on the screen is up in the move"
    logged = [E.describe_event(e.to_json()) for e in events]
    assert "Blue's caveman steps from P1 r4 to P1 r5" in logged
    assert E.format({"type": "step", "path": 1, "row": 4, "dir": "up"}) == "move P1 r4 up"
    assert "Blue's side (your side): rows 4-6, fires on row 6" in after.splitlines()[1]
    assert "forward is up for Red, down for Blue (you are Blue)" in after
    # Blue's "forward" goes towards Red's fires: down the screen, as the legend says.
    s3, _ = do(s, "move P1 r4 forward")
    assert _row_of(E.render(E.view(s3, BLUE)), "B:Gritty") == 3


def test_cv5_red_and_blue_see_every_piece_on_the_same_line() -> None:
    s = board()
    put(s, RED, "gutsy", 0, 3)
    put(s, BLUE, "ballsy", 2, 5)
    red, blue = E.render(E.view(s, RED)), E.render(E.view(s, BLUE))
    assert _row_of(red, "R:Gutsy") == _row_of(blue, "R:??") == 3
    assert _row_of(red, "B:??") == _row_of(blue, "B:Ballsy") == 5
    assert "Red's side (your side)" in red and "Red's side (your side)" not in blue


def _attack_that_fails() -> tuple[dict[str, Any], dict[str, Any], list[Any]]:
    s = board()
    put(s, RED, "gutsy", 2, 3)
    put(s, BLUE, "ballsy", 2, 4)
    put(s, RED, "gritty", 0, 1)
    move = E.parse("attack P2 r4 from P2 r3", E.view(s, RED))
    after, events = E.apply(s, RED, move, Rng(b"fight"))
    return after, move, events


def test_cv8_the_board_says_the_gutsy_attacked_and_left_the_field() -> None:
    after, move, events = _attack_that_fails()
    view = E.view(after, RED)
    last = {"seat": RED, "move": E.split_move(move)[0], "events": [e.to_json() for e in events if e.public]}
    text = E.render({**view, "last": last})
    line = next(x for x in text.splitlines() if x.startswith("Last: "))
    assert line.startswith("Last: Red attack P2 r4 from P2 r3: Red's Gutsy (5) on P2 r3 attacks Ballsy (1)")
    assert "the defender wins: Red's Gutsy (5) leaves the field for the inactive deck" in line
    turn = next(x for x in text.splitlines() if x.startswith("This turn (Red): "))
    assert "a caveman from P2 attacked, and is no longer on the field" in turn
    # Blue reads the same; the board without a step attached has no Last: line at all.
    assert "Last: Red attack P2 r4" in E.render({**E.view(after, BLUE), "last": last})
    assert "Last:" not in E.render(view)


def test_cv8_the_listed_attack_says_what_it_meets_and_how_a_known_fight_ends() -> None:
    s = board()
    put(s, RED, "gutsy", 2, 3)
    put(s, BLUE, "ballsy", 2, 4, known=2)
    put(s, RED, "snappy", 0, 3)
    put(s, BLUE, "plucky", 0, 4)
    view = E.view(s, RED)
    said = {E.format(m): E.describe_move(view, m) for m in E.moves_from_view(view)}
    assert said["attack P2 r4 from P2 r3"] == (
        "your Gutsy (5) attacks Ballsy (1): yours would lose and go to the inactive deck"
    )
    assert said["attack P0 r4 from P0 r3"] == "your Snappy (2) attacks a face-down caveman"
    assert said["move P2 r3 down"] == "your Gutsy (5) steps"
    assert said["end phase"] is None
    blue = E.view(s, BLUE)
    assert E.describe_move(blue, {"type": "attack", "path": 0, "row": 3, "from_path": 0, "from_row": 4}) == (
        "your Plucky (4) attacks a face-down caveman"
    ), "Blue does not know the Snappy: the preview does not tell him"


def test_cv18_the_last_line_never_tells_a_private_event() -> None:
    s = board(phase="place")
    s["hands"][RED] = ["zippy", "gutsy"]
    move = {"type": "place", "card": "zippy", "path": 1, "row": 2}
    after, events = E.apply(s, RED, move, Rng(b"p"))
    public, _ = E.split_move(move)
    everything = {"seat": RED, "move": public, "events": [e.to_json() for e in events]}
    text = E.render({**E.view(after, BLUE), "last": everything})
    assert "Zippy" not in text.split("Your hand")[0] and "Last: Red place a caveman P1 r2" in text


def _finished() -> dict[str, Any]:
    s = board()
    put(s, RED, "gritty", 0, 6)
    put(s, RED, "zippy", 3, 2)
    put(s, BLUE, "snappy", 2, 5)
    s["hands"] = [["gutsy", "cave"], ["dino", "plucky"]]
    s["stock"] = [["ballsy", "cave", "gutsy"], ["zippy"]]
    s["inactive"] = [["cave", "plucky"], ["gritty", "gutsy"]]
    s, _ = E.apply(s, RED, {"type": "extinguish", "col": "A", "path": 0, "row": 6}, Rng(b"x"))
    return s


def test_cv18_the_revealed_view_shows_every_hand_pile_and_face_down_caveman() -> None:
    s = _finished()
    kept = copy.deepcopy(s)
    views = [E.view(s, seat) for seat in (RED, BLUE, None)]
    revealed = E.revealed_view(s)
    assert s == kept and [E.view(s, seat) for seat in (RED, BLUE, None)] == views, "pure, views unchanged"
    text = E.render(revealed)
    assert "R:Zippy" in text and "B:Snappy" in text and "??" not in "\n".join(_rows(text))
    assert "Red: hand Gutsy (5), cave" in text and "Blue: hand Dino, Plucky (4)" in text
    assert "stockpile (top first): Ballsy (1), cave, Gutsy (5)" in text
    assert "inactive deck (top last): Gritty (3), Gutsy (5)" in text
    assert text.splitlines()[0].endswith("everything revealed")
    assert "Game over: Red wins (Red put out a fire in column A (CV-11))" in text


def test_cv17_a_final_board_says_game_over_and_names_no_reader() -> None:
    s = _finished()
    spectator = E.render(E.view(s, None))
    assert "Game over: Red wins" in spectator and "spectator" not in spectator and "watching" not in spectator
    assert "Waiting for" not in spectator
    # A resignation ends a game off the board: the state still has Blue to move, no result.
    running = board(turn=BLUE)
    put(running, BLUE, "gutsy", 1, 5)
    text = E.render(E.revealed_view(running))
    assert "Waiting for" not in text and "Your decision" not in text and "spectator" not in text
    assert "Game over: a resignation, a forfeit or an abort ended the game in this position" in text
    assert "you are watching" in E.render(E.view(running, None)), "a running game's spectator is told so"
