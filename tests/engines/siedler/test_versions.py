"""Issue 32: every Siedler rules version a game was made with stays playable and auditable,
each exactly as its logs record it (RULES.md "Versions"; the pinned traces in
tests/engines/versions/data/siedler-*.json check whole games).

Each difference between the kept versions, shown on one position:

- 2 -> 3: moves may name the regions a payment takes from and a gain goes to (SI-4, SI-17).
  Version 2 lists no such choice and refuses a move that names one; its other moves are
  read as the release read them (an offer of more than one for one, which version 3's one
  listed spelling refuses).
- 3 -> 4: `forced` answers only decisions whose number of options is public (not the roll,
  not the counter question, SI-24), and the answer kind always-roll exists.

New games get version 4.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engines
from engines.answers import BadRule
from engines.core import IllegalMove, Rng
from engines.siedler import ENGINE, VERSIONS
from tests.engines.siedler.table import cityfy, give_hand, opening, play, put, to_action
from tests.engines.test_siedler_regions import ore_regions, rich_state

V2, V3, V4 = VERSIONS["2"], VERSIONS["3"], VERSIONS["4"]
FORCED = {"kind": "forced"}
ROLL = {"kind": "always-roll"}
COUNTERS = ("bishop", "herb-woman")


def _names_regions(move: dict[str, Any]) -> bool:
    return "from" in move or "to" in move


def test_issue_32_siedler_keeps_versions_2_3_and_4_and_new_games_get_4() -> None:
    assert list(engines.versions("siedler")) == ["2", "3", "4"]
    assert engines.get("siedler") is ENGINE is V4
    for version, engine in VERSIONS.items():
        assert engines.get("siedler", version) is engine and engine.version == version
    with pytest.raises(engines.UnknownVersion):
        engines.get("siedler", "1")


def test_issue_32_version_2_lists_no_region_choices_si_4() -> None:
    """Version 3's list is version 2's with the choices of regions added, in the same order."""
    state, me = rich_state()
    three = V3.legal_moves(state, me)
    two = V2.legal_moves(state, me)
    assert any(_names_regions(m) for m in three)
    assert two == [m for m in three if not _names_regions(m)]
    assert V2.moves_from_view(V2.view(state, me)) == two
    assert V4.legal_moves(state, me) == three


def test_issue_32_version_2_refuses_a_move_naming_regions_version_3_takes_it() -> None:
    state, me = rich_state()
    _, four, six = ore_regions(me)
    named = {"type": "build", "what": "city", "at": 1, "from": sorted([four, four, six])}
    V3.apply(state, me, named, Rng(b"m"))
    with pytest.raises(IllegalMove, match="from"):
        V2.apply(state, me, named, Rng(b"m"))
    text = f"build city 1 from {four} {four} {six}"
    view = V2.view(state, me)
    assert V3.parse(text, view) == named
    with pytest.raises(IllegalMove, match="version 2"):
        V2.parse(text, view)
    plain = {"type": "build", "what": "city", "at": 1}  # the fixed reading: the same in both
    assert V2.apply(state, me, plain, Rng(b"m"))[0] == V3.apply(state, me, plain, Rng(b"m"))[0]


def test_issue_32_version_2_reads_a_move_as_the_release_did() -> None:
    """The release (8722713) took an offer of two ore for one wool (SI-22 offers of any size);
    later within version 2 only the listed one-for-one offers were taken. A log of either
    period replays under version 2; versions 3 and 4 take only the listed spelling."""
    state, me = rich_state()
    offer = {"type": "offer", "give": {"ore": 2}, "get": {"wool": 1}}
    assert offer not in V2.legal_moves(state, me)
    after, _ = V2.apply(state, me, offer, Rng(b"m"))
    assert after["pending"]["kind"] == "answer" and after["pending"]["give"] == {"ore": 2}
    for engine in (V3, V4):
        with pytest.raises(IllegalMove):
            engine.apply(state, me, offer, Rng(b"m"))


def _counter_question() -> tuple[dict[str, Any], int]:
    """An Arsonist played against a defender who holds no Bishop and no Herb Woman: the
    counter question (SI-24) with one move, nocounter."""
    state = to_action(opening())
    me = state["turn"]
    cityfy(state, 0, 0)
    cityfy(state, 1, 0)  # 3 VP each: action cards may be played (SI-41)
    put(state, 1 - me, "abbey", 0, "above")
    hand = state["hands"][1 - me]
    for card in [c for c in hand if c in COUNTERS]:
        hand.remove(card)
        state["piles"][0].append(card)
    give_hand(state, me, "arsonist")
    arson = next(m for m in V4.legal_moves(state, me) if m["type"] == "play" and m.get("card") == "arsonist")
    state, _ = play(state, me, arson)
    assert state["pending"]["kind"] == "counter" and state["pending"]["seat"] == 1 - me
    return state, 1 - me


def test_issue_32_forced_answers_the_counter_question_only_before_version_4_si_24() -> None:
    state, defender = _counter_question()
    view = V4.view(state, defender)
    assert V4.moves_from_view(view) == [{"type": "nocounter"}]
    assert V2.standing_move(view, FORCED) == V3.standing_move(view, FORCED) == {"type": "nocounter"}
    assert V4.standing_move(view, FORCED) is None  # it would tell the table the hand holds no counter
    assert V2.forced_public(view) and V3.forced_public(view) and not V4.forced_public(view)


def test_issue_32_the_roll_is_forced_before_version_4_and_always_roll_answers_it_in_4() -> None:
    state = opening()
    seat = state["turn"]
    for card in [c for c in state["hands"][seat] if c == "alchemist"]:
        state["hands"][seat].remove(card)
        state["piles"][0].append(card)
    view = V4.view(state, seat)
    assert V4.moves_from_view(view) == [{"type": "roll"}]
    assert V3.standing_move(view, FORCED) == {"type": "roll"}
    assert V4.standing_move(view, FORCED) is None
    assert V4.standing_move(view, V4.check_rule(ROLL)) == {"type": "roll"}


def test_issue_32_always_roll_is_refused_by_versions_2_and_3() -> None:
    for engine in (V2, V3):
        assert "always-roll" not in [k["kind"] for k in engine.answer_kinds()]
        with pytest.raises(BadRule, match="always-roll"):
            engine.check_rule(ROLL)
        with pytest.raises(BadRule, match="always-roll"):
            engine.parse_rule("always-roll")
        assert engine.parse_rule("never-counter") == {"kind": "never-counter"}
        assert "everyone can see" not in engine.answer_kinds()[0]["text"]
    assert V4.parse_rule("always-roll") == ROLL
    assert "always-roll" in [k["kind"] for k in V4.answer_kinds()]
    assert "everyone can see" in V4.answer_kinds()[0]["text"]


@pytest.mark.parametrize("version", sorted(VERSIONS))
def test_issue_32_every_call_of_client_and_server_works_for_each_version(version: str) -> None:
    """A bot game under the version: the lists from the view, the render of every view, each
    listed move written and read back, every event in words, no honest view called false."""
    engine = VERSIONS[version]
    bots = engine.bots()
    rnd = random.Random(f"versions {version}")
    state, events = engine.setup(2, {}, Rng(b"versions %s" % version.encode()))
    for ply in range(250):
        seat = engine.to_move(state)
        if seat is None:
            break
        view = json.loads(json.dumps(engine.view(state, seat)))
        legal = engine.legal_moves(state, seat)
        assert engine.moves_from_view(view) == legal
        assert engine.render(view) and engine.render(engine.view(state, None))
        if version == "2":
            assert not any(_names_regions(m) for m in legal)
        for move in rnd.sample(legal, min(5, len(legal))):
            assert engine.parse(engine.format(move), view) == move
        bot = bots["builder" if ply % 2 else "random"]
        move = bot(view, legal, rnd)
        state, events = engine.apply(state, seat, move, Rng(b"versions %d" % ply))
        step = {
            "events": [e.to_json() for e in events if e.public],
            "to_move": engine.to_move(state),
            "result": engine.result(state),
        }
        for s in (0, 1):
            assert engine.public_mismatch(json.loads(json.dumps(engine.view(state, s))), json.loads(json.dumps(step))) is None
        for event in events:
            engine.describe_event(event.to_json())
    assert state["turn_no"] > 5
