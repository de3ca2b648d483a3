"""One name for one thing on the board, in the log and in the prompts, and a final board that
hides nothing and names who left.

- FS-4 / FS-7 (the circuit, captures): the log names a space as the board does ("Queen s0"),
  never by the internal number ("space 5").
- FS-8 (turning home): the prompt names the own s2 the same way.
- FS-15 (private answers), FS-25 (what is public): the revealed view of a finished game shows
  every hand and the stack in order, and changes no seat's view; with the record folded from
  the reveal's events (every answer opened, `recall`) it shows every answer too.
- Leaving a game of three or four (RULES.md, "Leaving"): the seat that left is marked out.
"""

from __future__ import annotations

import copy

from engines import get
from tests.engines.feuersalamander.memory import seen_by
from tests.engines.feuersalamander.test_rules import T, play, rig

E = get("feuersalamander")


def test_fs7_the_log_names_the_space_of_a_capture_as_the_board_does() -> None:
    st = rig(3, hands=[[], ["row5"], []], figures=["home", "home", 5], turn=0)
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, events = play(st, 0, "move sum")  # 4 steps: the King ends on the Queen's s0
    told = [E.describe_event(e.to_json()) for e in events]
    assert "King goes to Queen s0" in told
    assert "King lands on Monk at Queen s0: Monk goes to the dungeon" in told
    assert not any("space 5" in t for t in told if t)
    board = E.render(E.view(st, 1))
    queen = next(line for line in board.splitlines() if line.strip().startswith("Queen") and "s0[" in line)
    assert "s0[K]" in queen, "the board shows the King on Queen s0 too"
    assert "Monk s2 is s2 of the Monk's block" in board


def test_fs8_the_prompt_to_turn_home_names_the_own_s2_by_its_board_name() -> None:
    st = rig(2, hands=[[], []], figures=[1, "home"], turn=0)
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, _ = play(st, 0, "move sum")  # passes the King's own s2 with steps left
    assert st["pending"]["kind"] == "home"
    text = E.render(E.view(st, 0))
    assert "left, on King s2)" in text and "step(s)" not in text


def _finished_three(everything: bool = True) -> tuple[dict, object]:
    """A game of three the King won after asking the Queen about air (YES), and the record of a
    reader of it: the spectator's, with every private event the reveal opened when `everything`."""
    st = rig(3, hands=[["fire", "row5"], ["air", "two-stone"], ["row2"]], figures=[4, "home", "home"])
    st, _ = play(st, 0, "throw", *T(2, 1, "stone-key"))
    st, _ = play(st, 0, "stone fire 5 two")
    st, _ = play(st, 0, "move diff")  # the King steps onto the Queen's s0
    st, events = play(st, 0, "ask queen air")
    record = E.recall(None, seen_by(events, None, everything), None)
    st["deck"] = ["row3", "earth", "water"]
    st, _ = E.leave(st, 1, "resigned")
    st, _ = E.leave(st, 2, "forfeited")
    assert st["result"] is not None
    return st, record


def test_fs15_the_revealed_view_shows_every_hand_the_stack_and_every_answer() -> None:
    st, record = _finished_three()
    kept = copy.deepcopy(st)
    views = [E.view(st, s) for s in (0, 1, 2, None)]
    revealed = E.revealed_view(st)
    assert st == kept and [E.view(st, s) for s in (0, 1, 2, None)] == views, "pure, views unchanged"
    text = E.render({**revealed, "record": record})
    assert "King    hand fire, row 5;" in text and "Queen   hand air, two-stone;" in text
    assert "Draw stack (top first): row 3, earth, water" in text
    assert "King asked Queen about air: YES" in text and "not shown to you" not in text
    _, public = _finished_three(everything=False)
    hidden = E.render({**revealed, "record": public})
    assert "King asked Queen about air: (answer not shown to you)" in hidden, "the public log alone keeps it"
    assert text.splitlines()[0].startswith("Der Feuersalamander; everything revealed")
    assert "Game over: Monk forfeited: King is the last player in." in text


def test_leaving_the_seats_that_left_are_marked_out_and_no_reader_is_named() -> None:
    st, _ = _finished_three()
    for view in (E.view(st, None), E.revealed_view(st)):
        text = E.render(view)
        lines = [x for x in text.splitlines() if "; score " in x]
        assert next(x for x in lines if x.startswith("  Queen ")).endswith("; OUT: left the game")
        assert next(x for x in lines if x.startswith("  Monk ")).endswith("; OUT: left the game")
        assert not next(x for x in lines if x.startswith("  King ")).endswith("left the game")
        assert "spectator" not in text and "you are" not in text and "Waiting" not in text
    # Two seats: a resignation ends the game outside the rules (no result in the state).
    two = rig(2, hands=[["fire"], ["air"]])
    text = E.render(E.revealed_view(two))
    assert "Game over: a resignation, a forfeit or an abort ended the game" in text
    assert "throw the sticks" not in text


def test_fs15_the_last_line_says_what_the_step_did_but_never_a_private_answer() -> None:
    st = rig(3, hands=[[], ["row5"], []], figures=["home", "home", 5], turn=0)
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    move = E.parse("move sum", E.view(st, 0))
    st, events = play(st, 0, move)
    last = {"seat": 0, "move": move, "events": [e.to_json() for e in events if e.public]}
    text = E.render({**E.view(st, 2), "last": last})
    line = next(x for x in text.splitlines() if x.startswith("Last: "))
    assert line.startswith("Last: King move sum: King moves 4 steps, by the sum; King goes to Queen s0")
    assert "Monk goes to the dungeon" in line
    ask = E.parse("ask queen row 5", E.view(st, 0))
    st, events = play(st, 0, ask)
    everything = {"seat": 0, "move": ask, "events": [e.to_json() for e in events]}  # private ones too
    line = next(x for x in E.render({**E.view(st, 2), "last": everything}).splitlines() if x.startswith("Last: "))
    assert line.startswith("Last: King ask queen row 5: King asks Queen about row 5")
    assert "yes" not in line.lower().replace("king asks", "") and "holds" not in line
    assert "Last:" not in E.render(E.view(st, 2)), "no step attached, no Last: line"


def test_fs7_the_listed_move_says_where_the_figure_lands_and_whom_it_catches() -> None:
    st = rig(3, hands=[[], ["row5"], []], figures=["home", "home", 5], turn=0)
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    view = E.view(st, 0)
    said = {E.format(m): E.describe_move(view, m) for m in E.moves_from_view(view)}
    assert said["move sum"] == "4 steps to Queen s0: the Monk there goes to the dungeon; you may ask the Queen"
    assert said["move diff"] == "2 steps to King s3"
    assert E.describe_move(E.view(st, None), {"type": "move", "how": "sum"}) is None
