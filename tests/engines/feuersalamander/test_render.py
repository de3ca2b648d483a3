"""render(view): the hiding place, the circuit, hands, piles, scores, questions, the pending decision.

The questions and claims are drawn from the record the client attaches (`view["record"]`, folded
from the log by `recall`, version 4); without one there are no such lines."""

from __future__ import annotations

import re
from typing import Any

from engines import get
from engines.core import Rng
from tests.engines.feuersalamander.memory import Memory

E = get("feuersalamander")


def table() -> dict:
    st, _ = E.setup(3, {}, Rng(b"render"))
    st["hands"] = [["fire", "row5"], ["air"], ["two-stone"]]
    st["revealed"] = [[], ["air"], []]
    st["figures"] = [5, "dungeon", "home"]
    st["stones"] = [{"wing": "fire", "row": 5, "field": 2}, None, {"wing": "fire", "row": 5, "field": 2}]
    st["discard"] = ["row3", "earth"]
    st["laid"] = [[{"cards": ["water", "row2", "one-stone"], "value": 4}], [], []]
    st["scores"] = [4, 0, 0]
    st["turn"] = 0
    st["pending"] = {"kind": "question", "seat": 0, "target": 1}
    return st


def remembered(seat: int | None) -> Any:
    """What `seat` remembers of the table's past: two questions and a claim, folded from their
    events as the seat reads them in the log (an answer only where it asked or was asked)."""
    steps = [
        [("question", {"by": 0, "to": 1, "coord": "air", "turn": 3, "losses": 0}, None),
         ("answer", {"by": 0, "to": 1, "coord": "air", "answer": True}, [0, 1])],
        [("question", {"by": 1, "to": 2, "coord": "row7", "turn": 4, "losses": 0}, None),
         ("answer", {"by": 1, "to": 2, "coord": "row7", "answer": False}, [1, 2])],
        [("claim", {"seat": 0, "own": ["water", "row2"], "named": [{"seat": 2, "card": "one-stone"}]}, None),
         ("laid", {"seat": 0, "cards": ["water", "row2", "one-stone"], "value": 4, "score": 4}, None)],
    ]
    record = None
    for step in steps:
        events = [{"kind": k, "data": d, "to": to} for k, d, to in step if to is None or seat in to]
        record = E.recall(record, events, seat)
    return record


def drawn(seat: int | None) -> str:
    return E.render({**E.view(table(), seat), "record": remembered(seat)})


def test_render_shows_the_table_for_a_player() -> None:
    text = drawn(0)
    assert "Hiding place" in text and "Air" in text and "Fire" in text
    assert "row 7" in text
    assert "KM" in text, "two stones on one chamber"
    assert "s0[K]" in text, "the King on the Queen's s0"
    assert "Dungeon: Queen" in text
    assert "Your hand: fire, row 5" in text
    assert "known: air" in text
    assert "row 3, earth" in text
    assert "water, row 2, one-stone = 4" in text
    assert "King asked Queen about air: YES" in text
    assert "Queen asked Monk about row 7: (answer not shown to you)" in text
    assert "You stand in Queen's block and may ask Queen one question" in text
    assert "(e.g. ask queen row 5), or ask none (no question)." in text
    assert "Claims:" in text and "King: claim own:water own:row2 monk:one-stone -> laid, 4 points" in text


def test_render_without_a_record_draws_no_questions_and_no_claims() -> None:
    """Version 4: the view keeps no past; a caller that attaches no record gets the table alone."""
    for seat in (0, None):
        text = E.render(E.view(table(), seat))
        assert "Questions" not in text and "asked" not in text and "Claims:" not in text
        assert "Your hand: fire, row 5" in text or seat is None


def test_render_for_the_spectator_shows_no_hand_and_no_answer() -> None:
    text = drawn(None)
    assert "Your hand" not in text and "YES" not in text and "NO" not in text.replace("NOT", "")
    assert "you are watching" in text and "King stands in Queen's block and may ask Queen one question" in text


def test_render_every_view_of_a_played_game() -> None:
    import random

    st, events = E.setup(4, {"target": 20}, Rng(b"render game"))
    memory = Memory(E, 4)
    memory.step(events)
    rnd = random.Random(1)
    for i in range(400):
        seat = E.to_move(st)
        if seat is None:
            break
        for viewer in (None, *range(4)):
            assert E.render(memory.view(st, viewer))
        move = E.bots()["simple"](memory.view(st, seat), E.legal_moves(st, seat), rnd)
        st, events = E.apply(st, seat, move, Rng(b"%d" % i))
        memory.step(events)
    assert E.result(st) is not None
    assert "Game over: Monk reached 48 of 20 points" in E.render(memory.view(st, 0))
    assert "Questions" in E.render(memory.view(st, 0)), "the game had questions: the record draws them"


# ---------------------------------------------------------------- the log in words: start throw, key throw, the card drawn

from tests.engines.feuersalamander.test_rules import T, play, rig  # noqa: E402

ESC = "\x1b["


def test_the_start_throw_is_shown_to_everyone_ties_included() -> None:
    for seed in range(200):
        st, _ = E.setup(3, {}, Rng(b"start %d" % seed))
        if len(st["start_throws"]) > 1:
            break
    else:
        raise AssertionError("no tie in 200 setups")
    first, again = st["start_throws"][0], st["start_throws"][1]
    names = ["King", "Queen", "Monk"]
    expected = (
        "Start throw: " + ", ".join(f"{names[t['seat']]} {t['value']}" for t in first)
        + "; tie, again: " + ", ".join(f"{names[t['seat']]} {t['value']}" for t in again)
    )
    for viewer in (None, 0, 1, 2):
        text = E.render(E.view(st, viewer))
        assert expected in text and f"-> {names[st['start_player']]} starts" in text


def test_the_last_key_throw_is_shown_to_everyone_until_the_next_one() -> None:
    st = rig(2, hands=[["fire"], ["row5"]], figures=["dungeon", 3])
    st["pending"] = {"kind": "keys", "seat": 0, "aside": [False] * 3, "throws": 0}
    assert "Last key throw" not in E.render(E.view(st, 1))
    st, _ = play(st, 0, "keys", 0, 1, 3)  # A shows its key, B a 2, the symbol its key
    for viewer in (None, 0, 1):
        assert (
            "Last key throw: King, turn 1, throw 1 of 5: a key on number stick 1 and the symbol stick; "
            "2 of 3 sticks aside" in E.render(E.view(st, viewer))
        )
    for faces in [(1,), (1,), (1,)]:
        st, _ = play(st, 0, "keys", *faces)
    assert "throw 4 of 5: no key; 2 of 3 sticks aside" in E.render(E.view(st, 1))
    st, _ = play(st, 0, "keys", 1)
    text = E.render(E.view(st, 1))
    assert "throw 5 of 5: no key; still in the dungeon" in text and "Dungeon: King" in text
    assert st["pending"]["seat"] == 1, "the key throws are over: the Queen's turn"
    st = rig(2, hands=[["fire"], ["row5"]], figures=["dungeon", 3])
    st["pending"] = {"kind": "keys", "seat": 0, "aside": [True, True, False], "throws": 2}
    st, _ = play(st, 0, "keys", 3)
    assert "throw 3 of 5: a key on the symbol stick; free" in E.render(E.view(st, None))


def test_the_card_just_drawn_is_marked_for_the_drawer_only() -> None:
    st = rig(3, hands=[["fire"], ["row5"], []], deck=["three-stone", "air"])
    st, events = play(st, 0, "throw", *T(2, 3, "salamander"))
    assert "drew" in [e.kind for e in events]
    mine = E.view(st, 0)
    assert mine["drawn"] == {"card": "three-stone", "turn": 1}
    assert "Your hand: fire, three-stone (new)" in E.render(mine)
    for other in (1, 2, None):
        view = E.view(st, other)
        assert view["drawn"] is None and "(new)" not in E.render(view) and "three-stone" not in E.render(view)
    st, _ = play(st, 0, "move sum")
    st = {**st, "turn_no": st["turn_no"] + 1}
    assert "three-stone (drawn in turn 1)" in E.render(E.view(st, 0))


def test_the_drawn_card_that_breaks_the_double_rule_is_marked_while_the_player_discards() -> None:
    st = rig(2, hands=[["fire", "row5"], []], deck=["row3"])
    st, _ = play(st, 0, "throw", *T(1, 4, "salamander"))
    assert st["pending"]["kind"] == "discard"
    text = E.render(E.view(st, 0))
    assert "Your hand: fire, row 3 (new), row 5" in text and "discard a card" in text
    st, _ = play(st, 0, "discard row 3")
    assert E.view(st, 0)["drawn"] is None and "(new)" not in E.render(E.view(st, 0))


def test_colour_highlights_the_drawn_card_only_when_asked() -> None:
    st = rig(2, hands=[["fire"], []], deck=["three-stone"])
    st, _ = play(st, 0, "throw", *T(2, 3, "salamander"))
    assert ESC not in E.render(E.view(st, 0)) and ESC not in E.render(E.view(st, 0), color=False)
    assert "\x1b[7mthree-stone\x1b[0m (new)" in E.render(E.view(st, 0), color=True)
    assert "\x1b[7m" not in E.render(E.view(st, 1), color=True), "nothing to highlight for the others"


def test_colour_draws_each_player_in_its_colour_only_when_asked() -> None:
    """The board in colour: each stone in the hiding place, each figure on the circuit, at home or
    in the dungeon, and each name in its player's colour (King red, Queen blue, Monk green); the
    same text without the codes, and no code at all unless asked."""
    view = E.view(table(), 0)
    plain, coloured = E.render(view), E.render(view, color=True)
    assert ESC not in plain and ESC not in E.render(view, color=False)
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain
    red, blue, green, reset = "\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[0m"
    lines = coloured.splitlines()
    row5 = next(line for line in lines if line.startswith("row 5 "))
    assert f"{red}K{reset}{green}M{reset}" in row5, row5  # King's and Monk's stones share fire 5 two
    assert any(line.startswith(f"  {red}King{reset}    s0[ ]") for line in lines)  # King's block
    assert f"  {blue}Queen{reset}   s0[{red}K{reset}]" in coloured  # the King stands on Queen s0
    assert f"home[{green}M{reset}]" in coloured and f"Dungeon: {blue}Queen{reset}" in coloured
    assert f"  {blue}Queen{reset}   1 card; known: air" in coloured


def test_prompts_say_where_to_read_the_ruling_they_cite() -> None:
    st = rig(2, hands=[["fire"], []])
    st, _ = play(st, 0, "throw", *T(2, 3, "stone"))
    assert "place the playing stone truthfully (ruling FS-13, see `pbem rules feuersalamander`)" in E.render(
        E.view(st, 0)
    )
