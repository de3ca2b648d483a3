"""Versions (docs/PROTOCOL.md section 19): every Siedler rules version a game was made with stays playable and auditable,
each exactly as its logs record it (RULES.md "Versions"; the pinned traces in
tests/engines/versions/data/siedler-*.json check whole games).

Each difference between the kept versions, shown on one position:

- 1 -> 2 (the first day's rules, 7c96fc7..d1a8887; f508846's review made 2): SI-45 one per
  player is the University's rule alone (1: a built University forbade a second of any
  card); SI-46 the flag shows the leader's VP and passes on strictly more than the holder
  has (1: it kept the highest VP reached); SI-15 regions beside a Garrison are only not
  counted (1: nor robbed); SI-50 the Spy is always a decision (1: with nothing to take it
  took nothing at once, which told a spectator what the hand held). Version 1 lists only
  the best bank rate and a resource with room, Caravans and Merchants of one resource and
  the fullest Raid, and its apply takes the best bank rate alone.
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
from engines.siedler import principality as pr
from tests.engines.siedler.table import (
    cityfy,
    dice_key,
    empty,
    give_hand,
    opening,
    play,
    put,
    set_stock,
    stock,
    to_action,
)
from tests.engines.siedler.test_events import with_event
from tests.engines.siedler.test_review import grab, place, ready, university_and_a_garrison
from tests.engines.test_siedler_regions import ore_regions, rich_state

V1, V2, V3, V4 = VERSIONS["1"], VERSIONS["2"], VERSIONS["3"], VERSIONS["4"]
FORCED = {"kind": "forced"}
ROLL = {"kind": "always-roll"}
COUNTERS = ("bishop", "herb-woman")


def _names_regions(move: dict[str, Any]) -> bool:
    return "from" in move or "to" in move


def test_siedler_keeps_versions_1_to_4_and_new_games_get_4() -> None:
    assert list(engines.versions("siedler")) == ["1", "2", "3", "4"]
    assert engines.get("siedler") is ENGINE is V4
    for version, engine in VERSIONS.items():
        assert engines.get("siedler", version) is engine and engine.version == version
    with pytest.raises(engines.UnknownVersion):
        engines.get("siedler", "0")


def test_version_2_lists_no_region_choices_si_4() -> None:
    """Version 3's list is version 2's with the choices of regions added, in the same order."""
    state, me = rich_state()
    three = V3.legal_moves(state, me)
    two = V2.legal_moves(state, me)
    assert any(_names_regions(m) for m in three)
    assert two == [m for m in three if not _names_regions(m)]
    assert V2.moves_from_view(V2.view(state, me)) == two
    assert V4.legal_moves(state, me) == three


def test_version_2_refuses_a_move_naming_regions_version_3_takes_it() -> None:
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


def test_version_2_reads_a_move_as_the_release_did() -> None:
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


def test_forced_answers_the_counter_question_only_before_version_4_si_24() -> None:
    state, defender = _counter_question()
    view = V4.view(state, defender)
    assert V4.moves_from_view(view) == [{"type": "nocounter"}]
    for engine in (V1, V2, V3):  # released before forced_public: forced plays every one-move decision
        assert engine.forced_any and engine.forced_public(view)
        assert engine.standing_move(view, FORCED) == {"type": "nocounter"}
    assert V4.standing_move(view, FORCED) is None  # it would tell the table the hand holds no counter
    assert not V4.forced_any and not V4.forced_public(view)


def test_the_roll_is_forced_before_version_4_and_always_roll_answers_it_in_4() -> None:
    state = opening()
    seat = state["turn"]
    for card in [c for c in state["hands"][seat] if c == "alchemist"]:
        state["hands"][seat].remove(card)
        state["piles"][0].append(card)
    view = V4.view(state, seat)
    assert V4.moves_from_view(view) == [{"type": "roll"}]
    assert V1.standing_move(view, FORCED) == V3.standing_move(view, FORCED) == {"type": "roll"}
    assert V4.standing_move(view, FORCED) is None
    assert V4.standing_move(view, V4.check_rule(ROLL)) == {"type": "roll"}


def test_always_roll_is_refused_by_versions_1_2_and_3() -> None:
    for engine in (V1, V2, V3):
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
def test_every_call_of_client_and_server_works_for_each_version(version: str) -> None:
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
        if version in ("1", "2"):
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


# ---------------------------------------------------------------- version 1 -> 2: f508846's review


def _both(state: dict[str, Any], seat: int, move: dict[str, Any], key: bytes = b"m") -> dict[str, Any]:
    """The move under version 1 and under version 2: {"1": (state, events), "2": ...}."""
    return {v: VERSIONS[v].apply(state, seat, move, Rng(key)) for v in ("1", "2")}


def test_si_45_version_1_read_one_per_player_off_a_built_university() -> None:
    """SI-45: a seat with a University built and a Garrison builds a second Garrison in
    version 2 (one per player is the University's own rule); version 1 asked the built
    cards, so the University forbade a second of any card."""
    s, me = university_and_a_garrison()
    second = {"type": "expand", "card": "garrison", "at": 2, "side": "below"}
    assert second in V2.legal_moves(s, me) and second not in V1.legal_moves(s, me)
    after, _ = V2.apply(s, me, second, Rng(b"m"))
    assert pr.built(after["principalities"][me]).count("garrison") == 2
    with pytest.raises(IllegalMove, match="only one Garrison"):
        V1.apply(s, me, second, Rng(b"m"))
    # without the University both take it: version 1 knew no other limit
    pr.center(s["principalities"][me], 2)["above"][0] = None
    s["display"].append("university")
    assert second in V1.legal_moves(s, me) and second in V2.legal_moves(s, me)


def test_si_46_version_1_s_flag_keeps_the_highest_vp_reached() -> None:
    """SI-46: the holder falls from 4 VP to 3 and the opponent reaches 4. Version 2's flag
    shows the leader's VP and passes to the opponent (4 > 3); version 1's keeps showing 4
    with the holder, and only more than 4 would take it."""
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, ore=3, grain=2)
    s, _ = V1.apply(s, me, {"type": "build", "what": "city", "at": 2}, Rng(b"m"))
    cityfy(s, me, 0)  # 4 VP
    s, _ = V1.apply(s, me, {"type": "end"}, Rng(b"m"))
    assert s["flag"] == {"seat": me, "vp": 4}
    pr.center(s["principalities"][me], 0).update(card="settlement", above=[None], below=[None])  # 3 VP
    cityfy(s, 1 - me, 0)
    cityfy(s, 1 - me, 2)  # the opponent at 4
    move = V1.legal_moves(s, me)[0]
    assert move == V2.legal_moves(s, me)[0]
    after = _both(s, me, move)
    assert after["2"][0]["flag"] == {"seat": 1 - me, "vp": 4}
    assert [e.data for e in after["2"][1] if e.kind == "flag"] == [{"seat": 1 - me, "vp": 4}]
    assert after["1"][0]["flag"] == {"seat": me, "vp": 4}
    assert not [e for e in after["1"][1] if e.kind == "flag"]
    for seat in (0, 1, None):
        assert V1.view(after["1"][0], seat)["flag"] == {"seat": me, "vp": 4}


def test_si_15_version_1_s_brigand_spared_the_regions_beside_a_garrison() -> None:
    """SI-15: 18 resources, a Garrison beside the gold field: 12 counted, over 7. Version 2
    takes all the gold and wool, the guarded gold too; version 1 took only the unguarded."""
    s = opening(brigand_grace_turns=0)
    me = s["turn"]
    for *_, r in pr.regions(s["principalities"][me]):
        r["stock"] = 3
    place(s, me, "garrison", 2, "above")  # guards the gold field (col 1) and the hills (col 3)
    after = _both(s, me, {"type": "roll"}, dice_key(4, "brigand"))
    lost = {v: [e.data for e in events if e.kind == "brigand" and e.data["seat"] == me][0] for v, (_, events) in after.items()}
    assert lost["2"] == {"seat": me, "counted": 12, "lost": {"gold": 3, "wool": 3}}
    assert lost["1"] == {"seat": me, "counted": 12, "lost": {"gold": 0, "wool": 3}}
    assert stock(after["2"][0], me)["gold"] == 0 and stock(after["1"][0], me)["gold"] == 3
    assert stock(after["1"][0], me)["wool"] == 0


def _spy_against(hand: tuple[str, ...]) -> tuple[dict[str, Any], int]:
    s, me = ready()
    grab(s, me, "spy")
    s["piles"][0].extend(s["hands"][1 - me])
    s["hands"][1 - me] = []
    give_hand(s, 1 - me, *hand)
    return s, me


def test_si_50_version_1_s_spy_with_nothing_to_take_asked_nothing() -> None:
    """SI-50: a Spy against a hand of buildings. Version 2 asks the spy anyway ("take
    nothing" alone); version 1 took nothing at once, so the spectator saw the action phase
    go on, where against a unit he saw the spy decide: the hand's kind was told."""
    s, me = _spy_against(("abbey", "colossus"))
    spy = {"type": "play", "card": "spy"}
    after = _both(s, me, spy)
    two, one = after["2"][0], after["1"][0]
    assert two["pending"]["kind"] == "spy" and V2.legal_moves(two, me) == [{"type": "take", "cards": []}]
    assert one["pending"]["kind"] == "action" and V1.to_move(one) == me
    assert [e.data for e in after["1"][1] if e.kind == "spy_takes"] == [{"seat": me, "took": False}]
    assert not [e for e in after["2"][1] if e.kind == "spy_takes"]
    spectator = {}
    for hand in (("abbey", "colossus"), ("abbey", "knight-karl")):
        s, me = _spy_against(hand)
        for v, (state, _) in _both(s, me, spy).items():
            spectator.setdefault(v, []).append(VERSIONS[v].view(state, None)["pending"])
    assert spectator["2"][0] == spectator["2"][1] == {"kind": "spy", "seat": me}
    assert spectator["1"] == [{"kind": "action", "seat": me}, {"kind": "spy", "seat": me}]


def _filtered(two: list[dict[str, Any]], one: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Version 2's list with only the moves version 1 lists: version 1's order is the same."""
    return [m for m in two if m in one]


def test_version_1_lists_the_best_bank_rate_and_only_a_resource_with_room_si_21() -> None:
    """Version 1 listed one rate per resource (the best) and no trade into a full type, and
    its apply refused any rate but the best; a trade into a full type it took (the gain is
    lost, SI-4). Version 2 lists both rates and the full types and takes the bank's 3."""
    s = to_action(opening())
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, ore=3, wool=3)  # the one ore and the one wool region full
    place(s, me, "ore-fleet", 0, "above")
    one, two = V1.legal_moves(s, me), V2.legal_moves(s, me)
    trades = {v: [(m["rate"], m["get"]) for m in moves if m["type"] == "trade" and m["give"] == "ore"] for v, moves in (("1", one), ("2", two))}
    assert trades["2"] == [(2, g) for g in ("lumber", "wool", "grain", "brick", "gold")] + [(3, g) for g in ("lumber", "wool", "grain", "brick", "gold")]
    assert trades["1"] == [(2, g) for g in ("lumber", "grain", "brick", "gold")]
    assert one == _filtered(two, one) and V1.moves_from_view(V1.view(s, me)) == one
    bank = {"type": "trade", "give": "ore", "rate": 3, "get": "grain"}
    V2.apply(s, me, bank, Rng(b"m"))
    with pytest.raises(IllegalMove, match="at 2:1"):
        V1.apply(s, me, bank, Rng(b"m"))
    full = {"type": "trade", "give": "ore", "rate": 2, "get": "wool"}
    after, events = V1.apply(s, me, full, Rng(b"m"))
    assert [e.data["stored"] for e in events if e.kind == "bank_trade"] == [0] and stock(after, me)["wool"] == 3


def test_version_1_lists_caravan_and_merchant_with_one_resource() -> None:
    """Merchant and Caravan ("up to 2"): version 1 listed the one-resource choices only
    (cc519b7 added the two-resource ones); its apply took either."""
    s, me = ready()
    grab(s, me, "merchant", "caravan")
    empty(s, me)
    empty(s, 1 - me)
    set_stock(s, me, wool=2)
    set_stock(s, 1 - me, ore=2, grain=1)
    one, two = V1.legal_moves(s, me), V2.legal_moves(s, me)
    cards_ = [m for m in one if m.get("card") in ("merchant", "caravan")]
    assert cards_ and all(len(m.get("take", m.get("give"))) == 1 for m in cards_)
    assert {"type": "play", "card": "merchant", "take": ["ore", "ore"], "give": "ore"} in two
    assert {"type": "play", "card": "caravan", "give": ["wool", "wool"], "get": ["ore", "ore"]} in two
    assert one == _filtered(two, one) and len(two) > len(one)
    V1.apply(s, me, {"type": "play", "card": "merchant", "take": ["ore", "ore"], "give": "ore"}, Rng(b"m"))


def test_version_1_s_raider_names_as_many_buildings_as_he_can() -> None:
    """ST-15 Raid, "up to three": version 1 listed only the namings of three (as many as
    there are, up to three); version 2 lists fewer too."""
    s, me = with_event("raid")
    for card, (col, side) in zip(["abbey", "garrison", "smithy", "tower"], [(0, "above"), (0, "below"), (2, "above"), (2, "below")], strict=True):
        place(s, me, card, col, side)
    place(s, 1 - me, "knight-otto", 2, "above")
    event = {"type": "roll"}
    raider = 1 - me
    after = _both(s, me, event, dice_key(None, "event"))
    one, two = V1.legal_moves(after["1"][0], raider), V2.legal_moves(after["2"][0], raider)
    assert after["1"][0] == after["2"][0]
    assert len(two) == 4 + 6 + 4 and len(one) == 4 and all(len(m["sites"]) == 3 for m in one)
    assert one == two[:4]
