"""Action cards (SI-23, SI-24, SI-41, SI-42, the basic action cards, ST-4, ST-5, ST-8, ST-11)."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove, Rng
from engines.siedler import plays
from engines.siedler import principality as pr
from tests.engines.siedler.table import (
    E,
    cityfy,
    dice_key,
    die_key,
    give_hand,
    opening,
    play,
    put,
    set_stock,
    stock,
    to_action,
)


def ready(variant: str = "tournament-new-players") -> tuple[dict, int]:
    """The action phase with 3 VP each (a city each), so action cards may be played (SI-41)."""
    s = to_action(opening(variant))
    me = s["turn"]
    cityfy(s, 0, 0)
    cityfy(s, 1, 0)
    return s, me


def test_si41_action_cards_need_3_vp_each_the_scout_excepted() -> None:
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "spy", "scout")
    cityfy(s, me, 0)  # 3 VP against 2
    with pytest.raises(IllegalMove, match="SI-41"):
        play(s, me, {"type": "play", "card": "spy"})
    assert not any(m.get("card") == "spy" for m in E.legal_moves(s, me))
    set_stock(s, me, lumber=2, brick=3, grain=1, wool=1)
    s, _ = play(s, me, {"type": "build", "what": "road", "end": "right"})
    assert any(m.get("card") == "scout" for m in E.legal_moves(s, me))
    cityfy(s, 1 - me, 0)
    assert any(m.get("card") == "spy" for m in E.legal_moves(s, me))


def test_si23_basic_threshold_is_7_between_both() -> None:
    s = to_action(opening("basic"))
    me = s["turn"]
    give_hand(s, me, "spy")
    cityfy(s, me, 0)
    cityfy(s, me, 2)  # 4 + 2 = 6
    assert not plays.threshold_met(s)
    cityfy(s, 1 - me, 0)  # 4 + 3 = 7, the opponent at 3
    assert plays.threshold_met(s)
    cityfy(s, 1 - me, 2)
    t = to_action(opening())
    cityfy(t, t["turn"], 0)
    cityfy(t, t["turn"], 2)
    cityfy(t, 1 - t["turn"], 0)
    t["principalities"][1 - t["turn"]]["centers"]["2"]["card"] = "settlement"
    assert plays.threshold_met(t)  # 4 and 3


def test_si24_the_counter_question_is_asked_even_without_a_counter_card() -> None:
    s, me = ready()
    give_hand(s, me, "arsonist")
    put(s, 1 - me, "abbey", 2, "above")
    assert "bishop" not in s["hands"][1 - me]
    s, events = play(s, me, {"type": "play", "card": "arsonist"})
    assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "counter"
    assert E.legal_moves(s, 1 - me) == [{"type": "nocounter"}]
    assert "arsonist" in s["discard"]
    s, events = play(s, 1 - me, {"type": "nocounter"}, die_key(1, 2, 3, 4, 5))
    duel = [e.data for e in events if e.kind == "duel"][0]
    assert duel["success"] and not duel["countered"]
    assert E.to_move(s) == me and s["pending"]["kind"] == "duel_choice"
    s, events = play(s, me, {"type": "target", "at": 2, "side": "above", "level": 0})
    assert "abbey" in s["hands"][1 - me] and pr.center(s["principalities"][1 - me], 2)["above"] == [None]


def test_si24_a_countered_arsonist_succeeds_only_on_1_2() -> None:
    s, me = ready()
    give_hand(s, me, "arsonist")
    give_hand(s, 1 - me, "bishop")
    put(s, 1 - me, "abbey", 2, "above")
    s, _ = play(s, me, {"type": "play", "card": "arsonist"})
    assert {"type": "counter", "card": "bishop"} in E.legal_moves(s, 1 - me)
    for die, success in ((1, True), (2, True), (3, False), (5, False), (6, False)):
        t, events = play(s, 1 - me, {"type": "counter", "card": "bishop"}, die_key(die))
        duel = [e.data for e in events if e.kind == "duel"][0]
        assert duel["die"] == die and duel["success"] is success and duel["countered"]
        assert "bishop" in t["discard"]


def test_si24_an_uncountered_duel_backfires_on_6() -> None:
    s, me = ready()
    give_hand(s, me, "arsonist")
    put(s, 1 - me, "abbey", 2, "above")
    put(s, me, "garrison", 2, "below")
    s, events = play(s, me, {"type": "play", "card": "arsonist"})
    s, events = play(s, 1 - me, {"type": "nocounter"}, die_key(6))
    assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "duel_choice"
    s, _ = play(s, 1 - me, {"type": "target", "at": 2, "side": "below", "level": 0})
    assert "garrison" in s["hands"][me]


def test_st8_fire_station_shelters_its_city_and_si45_university_goes_to_the_display() -> None:
    s, me = ready()
    give_hand(s, me, "arsonist")
    put(s, 1 - me, "fire-station", 0, "above")
    put(s, 1 - me, "abbey", 0, "below")
    assert not any(m.get("card") == "arsonist" for m in E.legal_moves(s, me))  # nothing to burn
    cityfy(s, 1 - me, 2)
    put(s, 1 - me, "library", 2, "above")
    s["display"].remove("university")
    put(s, 1 - me, "university", 2, "below")
    s, _ = play(s, me, {"type": "play", "card": "arsonist"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(1))
    assert {"type": "target", "at": 1, "side": "below", "level": 0} not in E.legal_moves(s, me)
    s, events = play(s, me, {"type": "target", "at": 2, "side": "below", "level": 0})
    assert s["display"].count("university") == 2 and "university" not in s["hands"][1 - me]


def test_black_knight_needs_an_opposing_knight_herb_woman_counters_cannon_is_no_target() -> None:
    s, me = ready()
    give_hand(s, me, "black-knight")
    put(s, 1 - me, "cannon", 0, "above")
    assert not any(m.get("card") == "black-knight" for m in E.legal_moves(s, me))
    with pytest.raises(IllegalMove, match="no effect"):
        play(s, me, {"type": "play", "card": "black-knight"})
    put(s, 1 - me, "knight-conrad", 2, "above")
    give_hand(s, 1 - me, "herb-woman")
    s, _ = play(s, me, {"type": "play", "card": "black-knight"})
    assert E.legal_moves(s, 1 - me) == [{"type": "counter", "card": "herb-woman"}, {"type": "nocounter"}]
    with pytest.raises(IllegalMove, match="only a Herb Woman"):
        play(s, 1 - me, {"type": "counter", "card": "bishop"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(3))
    assert E.legal_moves(s, me) == [{"type": "target", "at": 2, "side": "above", "level": 0}]


def test_brigands_take_two_resources_of_choice() -> None:
    s, me = ready()
    give_hand(s, me, "brigands")
    set_stock(s, 1 - me, ore=2)
    s, _ = play(s, me, {"type": "play", "card": "brigands"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(4))
    mine = stock(s, me)["ore"]
    s, _ = play(s, me, {"type": "choose", "resource": "ore"})
    s, _ = play(s, me, {"type": "choose", "resource": "ore"})
    assert stock(s, 1 - me)["ore"] == 0 and stock(s, me)["ore"] == mine + 2
    assert s["pending"]["kind"] == "action"


def test_si42_a_spy_takes_actions_and_units_never_buildings() -> None:
    s, me = ready()
    give_hand(s, me, "spy")
    s["piles"][0].extend(s["hands"][1 - me])
    s["hands"][1 - me] = []
    give_hand(s, 1 - me, "abbey", "knight-karl", "caravan")
    s, events = play(s, me, {"type": "play", "card": "spy"})
    spied = [e for e in events if e.kind == "spied"]
    assert spied[0].to == (me,) and spied[0].data["hand"] == ["abbey", "caravan", "knight-karl"]
    assert "secret" not in E.view(s, 1 - me)["pending"] and E.view(s, me)["pending"]["secret"]
    assert {"type": "take", "cards": ["abbey"]} not in E.legal_moves(s, me)
    with pytest.raises(IllegalMove, match="SI-42"):
        play(s, me, {"type": "take", "cards": ["abbey"]})
    s, _ = play(s, me, {"type": "take", "cards": ["knight-karl"]})
    assert "knight-karl" in s["hands"][me] and "knight-karl" not in s["hands"][1 - me]


def test_st5_wall_stops_the_spy_st4_tower_lets_him_only_look() -> None:
    s, me = ready()
    give_hand(s, me, "spy")
    give_hand(s, 1 - me, "caravan")
    put(s, 1 - me, "wall", 2, "above")
    assert not any(m.get("card") == "spy" for m in E.legal_moves(s, me))
    s["principalities"][1 - me]["centers"]["2"]["above"] = [None]
    put(s, 1 - me, "tower", 2, "above")
    s, events = play(s, me, {"type": "play", "card": "spy"})
    assert any(e.kind == "spied" for e in events) and s["pending"]["kind"] == "action"


def test_merchant_and_caravan() -> None:
    s, me = ready()
    give_hand(s, me, "merchant")
    set_stock(s, 1 - me, ore=2)
    set_stock(s, me, ore=0, wool=1)
    s, _ = play(s, me, {"type": "play", "card": "merchant", "take": ["ore", "ore"], "give": "wool"})
    assert stock(s, me)["ore"] == 2 and stock(s, me)["wool"] == 0 and stock(s, 1 - me)["ore"] == 0
    give_hand(s, me, "caravan")
    s, _ = play(s, me, {"type": "play", "card": "caravan", "give": ["ore", "ore"], "get": ["wool", "grain"]})
    assert stock(s, me)["ore"] == 0 and stock(s, me)["wool"] == 1


def test_alchemist_fixes_the_production_die_before_the_roll() -> None:
    s = opening()
    me = s["turn"]
    cityfy(s, 0, 0)
    cityfy(s, 1, 0)
    give_hand(s, me, "alchemist")
    assert {"type": "play", "card": "alchemist", "number": 2} in E.legal_moves(s, me)
    s, events = play(s, me, {"type": "play", "card": "alchemist", "number": 2}, dice_key(5, "tournament"))
    rolled = [e.data for e in events if e.kind == "rolled"][0]
    assert rolled["production"] == 2 and rolled["alchemist"]


def test_scout_chooses_the_regions_seen_by_its_player_alone() -> None:
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "scout")
    set_stock(s, me, lumber=2, brick=3, grain=1, wool=1)
    s, _ = play(s, me, {"type": "build", "what": "road", "end": "left"})
    pile = list(s["region_pile"])
    s, events = play(s, me, {"type": "play", "card": "scout", "end": "left"})
    seen = [e for e in events if e.kind == "region_pile_seen"]
    assert seen[0].to == (me,) and sorted(seen[0].data["cards"]) == sorted(pile)
    assert all(e.data.get("card") not in pile or e.to == (me,) for e in events if e.kind != "region_pile_seen")
    a, b = pile[-1], pile[-2]
    s, events = play(s, me, {"type": "regions", "above": a, "below": b}, b"shuffle")
    p = s["principalities"][me]
    assert pr.region_at(p, -3, "above")["card"] == a and pr.region_at(p, -3, "below")["card"] == b
    assert sorted(s["region_pile"]) == sorted(pile[:-2])


def test_st11_palace_reclaims_a_discarded_card_on_year_of_plenty() -> None:
    s = opening()
    me = s["turn"]
    cityfy(s, me, 0)
    put(s, me, "palace", 0, "above")
    s["discard"].append("garrison")
    s["piles"][0].remove("garrison") if "garrison" in s["piles"][0] else None
    s, _ = play(s, me, {"type": "roll"}, dice_key(None, "plenty"))
    assert {"type": "reclaim", "card": "garrison"} in E.legal_moves(s, me)
    s, _ = play(s, me, {"type": "reclaim", "card": "garrison"})
    assert "garrison" in s["hands"][me] and "garrison" not in s["discard"]
    assert E.to_move(s) == 1 - me and not any(m["type"] == "reclaim" for m in E.legal_moves(s, 1 - me))


def test_rng_is_real() -> None:
    assert Rng(die_key(6)).randbelow(6) == 5


def test_si13_a_defender_whose_abbey_burns_cuts_his_hand_at_once() -> None:
    """SI-24 + SI-13: the burnt Abbey returns to a hand whose limit just fell: excess at once."""
    s, me = ready()
    give_hand(s, me, "arsonist")
    put(s, 1 - me, "abbey", 2, "above")
    assert len(s["hands"][1 - me]) == 3
    s, _ = play(s, me, {"type": "play", "card": "arsonist"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(2))
    s, _ = play(s, me, {"type": "target", "at": 2, "side": "above", "level": 0})
    assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "excess"
    s, _ = play(s, 1 - me, {"type": "return", "card": "abbey", "pile": 4})
    assert len(s["hands"][1 - me]) == 3 and E.to_move(s) == me and s["pending"]["kind"] == "action"


def test_brigands_backfire_the_defender_takes_two() -> None:
    s, me = ready()
    give_hand(s, me, "brigands")
    set_stock(s, me, grain=2)
    s, _ = play(s, me, {"type": "play", "card": "brigands"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(6))
    assert E.to_move(s) == 1 - me and s["pending"]["source"] == me


def test_black_knight_success_moves_the_knight_token() -> None:
    s, me = ready()
    give_hand(s, me, "black-knight")
    put(s, 1 - me, "knight-karl", 2, "above")
    s["tokens"]["knight"] = 1 - me
    s, _ = play(s, me, {"type": "play", "card": "black-knight"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(1))
    s, events = play(s, me, {"type": "target", "at": 2, "side": "above", "level": 0})
    assert "knight-karl" in s["hands"][1 - me] and s["tokens"]["knight"] is None


def test_si18_harbor_adds_one_commerce_per_own_fleet() -> None:
    from engines.siedler import scoring

    s, me = ready()
    put(s, me, "harbor", 0, "above")
    put(s, me, "ore-fleet", 0, "below")
    put(s, me, "wool-fleet", 2, "above")
    assert scoring.commerce(s, me) == 1 + 1 + 1 + 2


def test_st6_customs_office_only_on_a_settlement_site() -> None:
    s, me = ready()  # a city on 1, a settlement on 2
    give_hand(s, me, "customs-office")
    set_stock(s, me, lumber=1, brick=1, wool=1)
    with pytest.raises(IllegalMove, match="settlement site"):
        play(s, me, {"type": "expand", "card": "customs-office", "at": 1, "side": "above"})
    s, _ = play(s, me, {"type": "expand", "card": "customs-office", "at": 2, "side": "above"})
    assert pr.center(s["principalities"][me], 2)["above"] == ["customs-office"]
