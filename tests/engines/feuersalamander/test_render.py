"""render(view): the hiding place, the circuit, hands, piles, scores, questions, the pending decision."""

from __future__ import annotations

from engines import get
from engines.core import Rng

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
    st["questions"] = [
        {"by": 0, "to": 1, "coord": "air", "answer": True, "turn": 3, "losses": 0},
        {"by": 1, "to": 2, "coord": "row7", "answer": False, "turn": 4, "losses": 0},
    ]
    st["turn"] = 0
    st["pending"] = {"kind": "question", "seat": 0, "target": 1}
    return st


def test_render_shows_the_table_for_a_player() -> None:
    text = E.render(E.view(table(), 0))
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
    assert "You: ask a question, or no question to Queen" in text


def test_render_for_the_spectator_shows_no_hand_and_no_answer() -> None:
    text = E.render(E.view(table(), None))
    assert "Your hand" not in text and "YES" not in text and "NO" not in text.replace("NOT", "")
    assert "spectator" in text and "King: ask a question" in text


def test_render_every_view_of_a_played_game() -> None:
    import random

    st, _ = E.setup(4, {"target": 20}, Rng(b"render game"))
    rnd = random.Random(1)
    for i in range(400):
        seat = E.to_move(st)
        if seat is None:
            break
        for viewer in (None, *range(4)):
            assert E.render(E.view(st, viewer))
        st, _ = E.apply(st, seat, E.bots()["simple"](E.view(st, seat), E.legal_moves(st, seat), rnd), Rng(b"%d" % i))
    assert E.result(st) is not None
    assert "Game over: Monk reached 48 of 20 points" in E.render(E.view(st, 0))
