"""Notation (the issue's examples), the terminal render and the log in words."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.siedler import log, notation
from tests.engines.siedler.table import E, cityfy, opening, put, to_action


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("build road right", {"type": "build", "what": "road", "end": "right"}),
        ("build settlement left", {"type": "build", "what": "settlement", "end": "left"}),
        ("build city 2", {"type": "build", "what": "city", "at": 2}),
        ("build city 2 omit ore", {"type": "build", "what": "city", "at": 2, "omit": "ore"}),
        ("expand abbey on 3 above", {"type": "expand", "card": "abbey", "at": 3, "side": "above"}),
        ("expand Black Knight on 1 below", {"type": "expand", "card": "black-knight", "at": 1, "side": "below"}),
        ("expand Kloster on 1 below", {"type": "expand", "card": "abbey", "at": 1, "side": "below"}),
        ("trade bank 3 ore for wool", {"type": "trade", "give": "ore", "rate": 3, "get": "wool"}),
        ("offer 1 wool for 2 ore", {"type": "offer", "give": {"wool": 1}, "get": {"ore": 2}}),
        ("play spy", {"type": "play", "card": "spy"}),
        ("play alchemist 4", {"type": "play", "card": "alchemist", "number": 4}),
        ("play merchant take ore ore give wool", {"type": "play", "card": "merchant", "take": ["ore", "ore"], "give": "wool"}),
        ("search pile 4", {"type": "search", "pile": 3}),
        ("search pile 4 pay ore wool", {"type": "search", "pile": 3, "pay": ["wool", "ore"]}),  # the listed order
        ("take pile 2", {"type": "draw", "pile": 1}),
        ("draw pile 2", {"type": "draw", "pile": 1}),
        ("take knight-karl abbey", {"type": "take", "cards": ["abbey", "knight-karl"]}),  # the listed order
        ("remove 2 above 2", {"type": "remove", "at": 2, "side": "above", "level": 1}),
        ("name 1 above, 2 below", {"type": "name", "sites": [{"at": 1, "side": "above", "level": 0}, {"at": 2, "side": "below", "level": 0}]}),
        ("no counter", {"type": "nocounter"}),
        ("End", {"type": "end"}),
    ],
)
def test_notation_reads_the_issue_examples(text: str, move: dict | None) -> None:
    view = E.view(opening(), 0)
    if move is None:
        with pytest.raises(IllegalMove):
            notation.parse(text, view)
        return
    assert notation.parse(text, view) == move
    assert notation.parse(notation.format(move), view) == move


@pytest.mark.parametrize("text", ["", "fly", "build tower left", "expand abbey 3 above", "trade bank 3 ore wool", "play nothing", "choose diamonds"])
def test_notation_errors_are_messages(text: str) -> None:
    with pytest.raises(IllegalMove) as info:
        notation.parse(text, E.view(opening(), 0))
    assert info.value.message


def test_render_shows_both_principalities_hand_piles_tokens_flag() -> None:
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 2)
    put(s, me, "abbey", 2, "above")
    s["flag"] = {"seat": me, "vp": 4}
    s["tokens"]["knight"] = 1 - me
    text = E.render(E.view(s, me))
    assert "settlement 1" in text and "city 2" in text and "Abbey" in text
    rows = {line.split()[0]: line for line in text.splitlines() if line.startswith(" North") or line.startswith(" South")}
    mine, theirs = rows[E.seat_names(2)[me]], rows[E.seat_names(2)[1 - me]]
    assert "(you)" in mine and mine.split()[2] == "3" and "3 of 4" in mine and mine.endswith("flag")
    assert theirs.endswith("knight") and "(you)" not in theirs
    assert "Draw piles (cards left): 1:" in text and "Display (built from here): University, University." in text
    assert "Victory flag: 4 VP" in text
    assert "Your hand (3 of 4):" in text and "\x1b[" not in text
    assert "\x1b[1m" in E.render(E.view(s, me), color=True)
    other = E.render(E.view(s, 1 - me))
    for card in s["hands"][me]:
        assert f"({card})" not in other
    assert "Your hand" not in E.render(E.view(s, None))


def test_describe_event_covers_every_kind_of_a_game() -> None:
    import random

    from engines.core import Rng

    bots = E.bots()
    state, events = E.setup(2, {}, Rng(b"log"))
    rnd = random.Random(3)
    seen = list(events)
    while E.to_move(state) is not None and len(seen) < 4000:
        seat = E.to_move(state)
        move = bots["builder"](E.view(state, seat), E.legal_moves(state, seat), rnd)
        state, events = E.apply(state, seat, move, Rng(b"log %d" % len(seen)))
        seen += events
    for e in seen:
        text = log.describe(e.to_json())
        assert text, e.kind
    assert E.describe_event({"kind": "nonsense", "data": {}}) is None


def test_rules_summary_cites_every_ruling_and_marks_the_house_data() -> None:
    import re
    from importlib import resources

    text = resources.files("engines.siedler").joinpath("RULES.md").read_text(encoding="utf-8")
    ids = {int(n) for n in re.findall(r"\bSI-(\d+)\b", text)}
    assert ids == set(range(1, 25)) | {30, *range(40, 48), 50}
    assert {int(n) for n in re.findall(r"\bST-(\d+)\b", text)} == set(range(1, 16))
    assert "rulings are ours, not the publisher's" in " ".join(text.split())
    assert "shared/" not in text and E.title in text.splitlines()[0]


def test_a_hand_step_search_names_its_price() -> None:
    from tests.engines.siedler.table import play

    s = to_action(opening())
    me = s["turn"]
    s["piles"][0].append(s["hands"][me].pop())
    s, _ = play(s, me, {"type": "end"})
    move = E.parse("search pile 4", E.view(s, me))
    assert move == {"type": "search", "pile": 3, "pay": []}
    with pytest.raises(IllegalMove, match="costs 2 resource"):
        play(s, me, move)
    assert E.parse("take pile 4", E.view(s, me)) == {"type": "draw", "pile": 3}


def test_every_event_kind_the_engine_emits_has_words() -> None:
    import re
    from pathlib import Path

    src = "".join(p.read_text(encoding="utf-8") for p in Path(log.__file__).parent.glob("*.py"))
    kinds = set(re.findall(r'Event\(\s*"([a-z_]+)"', src))
    assert len(kinds) > 40
    for kind in sorted(kinds):
        assert log.describe({"kind": kind, "data": {}, "to": None}), kind
