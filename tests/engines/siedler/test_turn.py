"""The turn (SI-8..SI-13, SI-15..SI-22, SI-40, SI-43..SI-46): one scenario per ruling."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.siedler import cards, hands
from engines.siedler import principality as pr
from tests.engines.siedler.table import (
    E,
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


def test_si10_production_doubling_and_the_cap_of_3() -> None:
    s = opening()
    me = s["turn"]
    p = s["principalities"][me]
    # seat 0's start regions: grain 1 (below -1); seat 1: gold 1 (above 1)
    fields = next(r for *_, r in pr.regions(s["principalities"][0]) if r["card"] == "fields-1")
    gold = next(r for *_, r in pr.regions(s["principalities"][1]) if r["card"] == "goldfield-1")
    assert fields["stock"] == 1 and gold["stock"] == 1
    put(s, 0, "grain-mill", 0, "below")  # borders regions -1 and 1 below: fields-1 is at -1 below
    s, events = play(s, me, {"type": "roll"}, dice_key(1, "tournament"))
    fields = next(r for *_, r in pr.regions(s["principalities"][0]) if r["card"] == "fields-1")
    gold = next(r for *_, r in pr.regions(s["principalities"][1]) if r["card"] == "goldfield-1")
    assert fields["stock"] == 3  # 1 + 1 + the mill's second
    assert gold["stock"] == 2
    assert p is not s["principalities"][me]  # apply does not change its input


def test_si10_a_region_holding_2_gains_only_1_even_doubled() -> None:
    s = opening()
    put(s, 0, "grain-mill", 0, "below")
    next(r for *_, r in pr.regions(s["principalities"][0]) if r["card"] == "fields-1")["stock"] = 2
    s, _ = play(s, s["turn"], {"type": "roll"}, dice_key(1, "tournament"))
    assert next(r for *_, r in pr.regions(s["principalities"][0]) if r["card"] == "fields-1")["stock"] == 3


def test_si15_brigand_attack_takes_gold_and_wool_above_7() -> None:
    s = opening(brigand_grace_turns=0)
    me = s["turn"]
    set_stock(s, me, gold=2, wool=2, ore=3, grain=1)  # 8 + lumber 1 + brick 1 = 10 > 7
    set_stock(s, 1 - me, gold=1, wool=1)  # 6: safe
    s, events = play(s, me, {"type": "roll"}, dice_key(6 if me == 1 else 5, "brigand"))
    assert stock(s, me)["gold"] == 0 and stock(s, me)["wool"] == 0 and stock(s, me)["ore"] == 3
    assert stock(s, 1 - me)["gold"] >= 1


def test_si15_garrison_regions_are_not_counted() -> None:
    """SI-15: a Garrison's two regions are not counted (they are not shielded from the loss:
    test_review.test_si15_over_7_loses_all_gold_and_wool_those_beside_a_garrison_too)."""
    s = opening(brigand_grace_turns=0)
    me = s["turn"]
    p = s["principalities"][me]
    guarded = [pr.region_at(p, -1, "above"), pr.region_at(p, 1, "above")]  # wool and gold
    for *_, r in pr.regions(p):
        r["stock"] = 3 if r in guarded else 1
    put(s, me, "garrison", 0, "above")  # 6 guarded + 4 counted: no attack
    s2, events = play(s, me, {"type": "roll"}, dice_key(4, "brigand"))
    assert [e.data["counted"] for e in events if e.kind == "brigand" and e.data["seat"] == me] == [4]
    assert stock(s2, me)["wool"] == 3 and stock(s2, me)["gold"] == 3
    # a Garrison above settlement 2 guards the gold field (col 1) and hills (col 3), not the
    # pasture: 18 - 6 = 12 counted, so all gold and wool go, the guarded gold too
    pr.center(s["principalities"][me], 0)["above"] = [None]
    put(s, me, "garrison", 2, "above")
    for *_, r in pr.regions(s["principalities"][me]):
        r["stock"] = 3
    s2, _ = play(s, me, {"type": "roll"}, dice_key(4, "brigand"))
    assert stock(s2, me)["wool"] == 0 and stock(s2, me)["gold"] == 0


def test_si15_no_brigand_in_the_first_two_turns_and_the_ore_option() -> None:
    s = opening()  # grace 2 by default
    me = s["turn"]
    set_stock(s, me, gold=3, wool=3, ore=3)
    s2, events = play(s, me, {"type": "roll"}, dice_key(None, "brigand"))
    assert any(e.kind == "brigand" and e.data.get("grace") for e in events)
    s = opening(brigand_grace_turns=0, brigand_loses="ore+wool")
    me = s["turn"]
    set_stock(s, me, gold=3, wool=3, ore=3)
    s, _ = play(s, me, {"type": "roll"}, dice_key(None, "brigand"))
    assert stock(s, me)["ore"] == 0 and stock(s, me)["wool"] == 0 and stock(s, me)["gold"] >= 3


def test_si16_trade_advantage_is_a_decision_of_the_windmill_holder_even_off_turn() -> None:
    s = opening()
    me = s["turn"]
    cityfy(s, 1 - me)
    put(s, 1 - me, "marketplace", 0, "above")
    s["tokens"]["windmill"] = 1 - me
    set_stock(s, me, ore=2)
    s, _ = play(s, me, {"type": "roll"}, dice_key(None, "trade"))
    assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "choose"
    assert {"type": "choose", "resource": "ore"} in E.legal_moves(s, 1 - me)
    before = stock(s, 1 - me)["ore"]
    s, _ = play(s, 1 - me, {"type": "choose", "resource": "ore"})
    assert stock(s, me)["ore"] == 1 and stock(s, 1 - me)["ore"] == before + 1


def test_st12_privateer_fleet_blocks_trade_advantage() -> None:
    s = opening()
    me = s["turn"]
    cityfy(s, 1 - me)
    put(s, 1 - me, "marketplace", 0, "above")
    put(s, me, "privateer-fleet", 0, "above")
    s["tokens"]["windmill"] = 1 - me
    s, events = play(s, me, {"type": "roll"}, dice_key(None, "trade"))
    assert any(e.kind == "trade_advantage" and e.data.get("blocked") for e in events)
    assert s["pending"]["kind"] == "action"


def test_si16_knight_tournament_strictly_more() -> None:
    s = opening()
    me = s["turn"]
    put(s, 1 - me, "knight-falk", 0, "above")
    s, events = play(s, me, {"type": "roll"}, dice_key(None, "tournament"))
    assert E.to_move(s) == 1 - me and s["pending"]["why"] == "tournament"
    s = opening()
    s, events = play(s, s["turn"], {"type": "roll"}, dice_key(None, "tournament"))
    assert s["pending"]["kind"] == "action"  # a tie: nobody


def test_si16_year_of_plenty_active_first_and_si17_no_room_is_lost() -> None:
    s = opening()
    me = s["turn"]
    set_stock(s, 1 - me, ore=3)
    s, _ = play(s, me, {"type": "roll"}, dice_key(6 if me == 0 else 5, "plenty"))
    assert E.to_move(s) == me
    s, _ = play(s, me, {"type": "choose", "resource": "wool"})
    assert E.to_move(s) == 1 - me
    s, events = play(s, 1 - me, {"type": "choose", "resource": "ore"})
    assert stock(s, 1 - me)["ore"] == 3
    assert [e.data["stored"] for e in events if e.kind == "takes"] == [0]


def test_si8_roads_and_settlements_at_the_ends() -> None:
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, brick=3, lumber=3, grain=1, wool=1)
    legal = E.legal_moves(s, me)
    assert {"type": "build", "what": "road", "end": "right"} in legal
    assert not any(m.get("what") == "settlement" for m in legal)  # no road end yet
    s, _ = play(s, me, {"type": "build", "what": "road", "end": "right"})
    assert pr.ends(s["principalities"][me])["right"] == (3, "road")
    with pytest.raises(IllegalMove, match="never beside another road"):
        play(s, me, {"type": "build", "what": "road", "end": "right"})
    assert s["supply"]["road"] == 6
    top2 = s["region_pile"][:2]
    s, events = play(s, me, {"type": "build", "what": "settlement", "end": "right"})
    assert s["pending"] == {"kind": "region", "seat": me, "card": top2[0], "col": 5}
    s, _ = play(s, me, {"type": "place", "side": "below"})
    p = s["principalities"][me]
    assert pr.region_at(p, 5, "below") == {"card": top2[0], "stock": 0}
    assert pr.region_at(p, 5, "above") == {"card": top2[1], "stock": 0}
    assert s["supply"]["settlement"] == 4 and s["pending"]["kind"] == "action"


def test_si8_city_replaces_a_settlement() -> None:
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, ore=3, grain=2)
    before = E.view(s, me)["points"][me]["vp"]
    s, _ = play(s, me, {"type": "build", "what": "city", "at": 2})
    assert pr.center(s["principalities"][me], 2) == {"card": "city", "above": [None, None], "below": [None, None]}
    assert s["supply"] == {"road": 7, "settlement": 6, "city": 6}
    assert E.view(s, me)["points"][me]["vp"] == before + 1
    with pytest.raises(IllegalMove):
        play(s, me, {"type": "build", "what": "city", "at": 2})


def test_si9_red_expansions_need_a_city_site() -> None:
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "library", "abbey")
    set_stock(s, me, lumber=3, ore=3, brick=2)
    with pytest.raises(IllegalMove, match="free city site"):
        play(s, me, {"type": "expand", "card": "library", "at": 1, "side": "above"})
    s, _ = play(s, me, {"type": "expand", "card": "abbey", "at": 1, "side": "above"})
    assert pr.center(s["principalities"][me], 0)["above"] == ["abbey"]
    assert "abbey" not in s["hands"][me]
    cityfy(s, me, 2)
    s, _ = play(s, me, {"type": "expand", "card": "library", "at": 2, "side": "below"})
    assert pr.center(s["principalities"][me], 2)["below"] == ["library", None]


def test_si21_bank_fleet_and_mint_rates() -> None:
    s = to_action(opening())
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, ore=3, wool=2, gold=1)
    assert {"type": "trade", "give": "ore", "rate": 3, "get": "grain"} in E.legal_moves(s, me)
    with pytest.raises(IllegalMove, match="3:1"):
        play(s, me, {"type": "trade", "give": "ore", "rate": 2, "get": "grain"})
    put(s, me, "wool-fleet", 0, "above")
    cityfy(s, me, 2)
    put(s, me, "mint", 2, "above")
    s, _ = play(s, me, {"type": "trade", "give": "wool", "rate": 2, "get": "grain"})
    s, _ = play(s, me, {"type": "trade", "give": "gold", "rate": 1, "get": "brick"})
    s, _ = play(s, me, {"type": "trade", "give": "ore", "rate": 3, "get": "lumber"})
    assert stock(s, me) == {"lumber": 1, "wool": 0, "grain": 1, "brick": 1, "ore": 0, "gold": 0}


def test_si22_trade_between_players_waits_for_the_answer() -> None:
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, wool=1)
    set_stock(s, 1 - me, ore=1)
    s, _ = play(s, me, {"type": "offer", "give": {"wool": 1}, "get": {"ore": 1}})
    assert E.to_move(s) == 1 - me and E.legal_moves(s, 1 - me) == [{"type": "accept"}, {"type": "decline"}]
    s2, _ = play(s, 1 - me, {"type": "decline"})
    assert E.to_move(s2) == me and stock(s2, me)["wool"] == 1
    mine, theirs = stock(s, me), stock(s, 1 - me)
    s, _ = play(s, 1 - me, {"type": "accept"})
    assert stock(s, me)["ore"] == mine["ore"] + 1 and stock(s, me)["wool"] == 0
    assert stock(s, 1 - me)["wool"] == theirs["wool"] + 1 and stock(s, 1 - me)["ore"] == 0
    assert E.to_move(s) == me


def test_si12_hand_step_draw_up_to_the_limit() -> None:
    s = to_action(opening())
    me = s["turn"]
    s["piles"][3].extend(s["hands"][me])
    s["hands"][me] = []
    s, _ = play(s, me, {"type": "end"})
    assert s["pending"]["kind"] == "hand" and not s["pending"]["may_exchange"]
    top = s["piles"][4][0]
    s, events = play(s, me, {"type": "draw", "pile": 4})
    assert s["hands"][me] == [top]
    assert [e.to for e in events if e.kind == "took_cards"] == [(me,)]
    assert all(m["type"] in ("draw", "search") for m in E.legal_moves(s, me))
    s, _ = play(s, me, {"type": "draw", "pile": 4})
    s, _ = play(s, me, {"type": "draw", "pile": 4})
    assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "roll"  # nothing left: the turn ends


def test_si12_search_costs_two_or_one_with_a_town_hall() -> None:
    s = to_action(opening())
    me = s["turn"]
    s["piles"][3].extend(s["hands"][me][:1])
    del s["hands"][me][:1]
    set_stock(s, me, ore=2)
    s, _ = play(s, me, {"type": "end"})
    with pytest.raises(IllegalMove, match="costs 2"):
        play(s, me, {"type": "search", "pile": 0, "pay": ["ore"]})
    want = s["piles"][0][5]
    s, events = play(s, me, {"type": "search", "pile": 0, "pay": ["ore", "ore"]})
    assert stock(s, me)["ore"] == 0
    assert E.view(s, me)["searching"]["pile"] == 0 and E.view(s, 1 - me)["searching"] is None
    s, _ = play(s, me, {"type": "take", "cards": [want]})
    assert want in s["hands"][me]
    t = opening()
    cityfy(t, t["turn"], 0)
    put(t, t["turn"], "town-hall", 0, "above")
    assert hands.search_cost(t, t["turn"]) == 1
    put(t, t["turn"], "parliament", 0, "below")
    assert hands.search_cost(t, t["turn"]) == 0


def test_si12_excess_goes_under_piles_then_si44_exchange_under_the_same_pile() -> None:
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "spy")
    s, _ = play(s, me, {"type": "end"})
    assert s["pending"]["may_exchange"]
    assert {m["type"] for m in E.legal_moves(s, me)} == {"return"}
    s, _ = play(s, me, {"type": "return", "card": "spy", "pile": 6})
    assert s["piles"][6][-1] == "spy"
    assert {m["type"] for m in E.legal_moves(s, me)} == {"done", "exchange"}
    card = s["hands"][me][0]
    s, _ = play(s, me, {"type": "exchange", "card": card, "pile": 2})
    assert s["piles"][2][-1] == card
    with pytest.raises(IllegalMove, match="pile 3"):
        play(s, me, {"type": "draw", "pile": 1})
    top = s["piles"][2][0]
    s, _ = play(s, me, {"type": "draw", "pile": 2})
    assert top in s["hands"][me] and E.to_move(s) == 1 - me


def test_si13_abbey_and_library_raise_the_hand_limit() -> None:
    s = opening()
    me = s["turn"]
    assert hands.hand_limit(s, me) == 3
    put(s, me, "abbey", 0, "above")
    cityfy(s, me, 2)
    put(s, me, "library", 2, "above")
    assert hands.hand_limit(s, me) == 5
    assert E.view(s, 1 - me)["hand_limits"][me] == 5


def test_si19_knight_token_strictly_more_and_a_tie_returns_it() -> None:
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "knight-siegfried")
    set_stock(s, me, ore=1)
    s, events = play(s, me, {"type": "expand", "card": "knight-siegfried", "at": 1, "side": "above"})
    assert s["tokens"]["knight"] == me and any(e.kind == "token" for e in events)
    assert E.view(s, me)["points"][me]["vp"] == 3
    put(s, 1 - me, "knight-hagen", 0, "above")  # 1 strength each: a tie
    s, _ = play(s, me, {"type": "end"})
    assert s["tokens"]["knight"] is None


def test_si19_windmill_needs_a_city() -> None:
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "lumber-fleet")
    set_stock(s, me, wool=1, lumber=1)
    s, _ = play(s, me, {"type": "expand", "card": "lumber-fleet", "at": 1, "side": "above"})
    assert s["tokens"]["windmill"] is None
    set_stock(s, me, ore=3, grain=2)
    s, _ = play(s, me, {"type": "build", "what": "city", "at": 2})
    assert s["tokens"]["windmill"] == me
    s2 = to_action(opening(windmill_needs_city=False))
    me = s2["turn"]
    give_hand(s2, me, "lumber-fleet")
    set_stock(s2, me, wool=1, lumber=1)
    s2, _ = play(s2, me, {"type": "expand", "card": "lumber-fleet", "at": 1, "side": "above"})
    assert s2["tokens"]["windmill"] == me


def test_si20_win_at_12_on_own_turn_and_at_the_start_of_the_next() -> None:
    s = to_action(opening(target=3))
    me = s["turn"]
    set_stock(s, me, ore=3, grain=2)
    s, events = play(s, me, {"type": "build", "what": "city", "at": 2})
    assert E.result(s)["winner"] == me and E.to_move(s) is None
    s = to_action(opening(target=3))
    me = s["turn"]
    cityfy(s, 1 - me, 0)  # the opponent has 3 now, not on his turn
    s, _ = play(s, me, {"type": "end"})
    while E.result(s) is None and E.to_move(s) == me:
        s, _ = play(s, me, E.legal_moves(s, me)[0])
    assert E.result(s)["winner"] == 1 - me


def test_si46_the_victory_flag() -> None:
    s = to_action(opening())
    me = s["turn"]
    assert s["flag"] == {"seat": None, "vp": 2}
    set_stock(s, me, ore=3, grain=2)
    s, events = play(s, me, {"type": "build", "what": "city", "at": 2})
    assert s["flag"] == {"seat": me, "vp": 3}
    assert to_action(opening("basic"))["flag"] is None


def test_si40_removal_goes_to_the_discard_pile_and_frees_the_site() -> None:
    s = to_action(opening())
    me = s["turn"]
    put(s, me, "garrison", 0, "above")
    give_hand(s, me, "abbey")
    set_stock(s, me, lumber=1, ore=1, brick=1)
    s, _ = play(s, me, {"type": "remove", "at": 1, "side": "above", "level": 0})
    assert s["discard"] == ["garrison"] and "garrison" not in s["hands"][me]
    s, _ = play(s, me, {"type": "expand", "card": "abbey", "at": 1, "side": "above"})
    assert pr.center(s["principalities"][me], 0)["above"] == ["abbey"]


def test_si43_si45_university_needs_library_or_abbey_when_built_one_each() -> None:
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 2)
    set_stock(s, me, ore=2, wool=2, gold=1)
    with pytest.raises(IllegalMove, match="needs your Library or Abbey"):
        play(s, me, {"type": "expand", "card": "university", "at": 2, "side": "above"})
    put(s, me, "abbey", 0, "above")
    s, _ = play(s, me, {"type": "expand", "card": "university", "at": 2, "side": "above"})
    assert s["display"] == ["university"]
    s, _ = play(s, me, {"type": "remove", "at": 1, "side": "above", "level": 0})
    assert "university" in pr.built(s["principalities"][me])  # stays without the abbey
    put(s, me, "library", 2, "below")
    set_stock(s, me, ore=2, wool=2, gold=1)
    with pytest.raises(IllegalMove, match="only one University"):
        play(s, me, {"type": "expand", "card": "university", "at": 2, "side": "above"})


def test_st3_crane_and_st7_castle_discounts() -> None:
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 0)
    put(s, me, "crane", 0, "above")
    put(s, me, "castle", 0, "below")
    empty(s, me)
    set_stock(s, me, ore=2, grain=2)
    assert {"type": "build", "what": "city", "at": 2, "omit": "ore"} in E.legal_moves(s, me)
    s, _ = play(s, me, {"type": "build", "what": "city", "at": 2, "omit": "ore"})
    assert stock(s, me)["ore"] == 0
    give_hand(s, me, "knight-siegfried")
    s, _ = play(s, me, {"type": "expand", "card": "knight-siegfried", "at": 2, "side": "above"})  # costs nothing now
    give_hand(s, me, "abbey")
    set_stock(s, me, lumber=1, ore=1, brick=1)
    with pytest.raises(IllegalMove, match="only a Crane .* red expansion"):
        play(s, me, {"type": "expand", "card": "abbey", "at": 2, "side": "below", "omit": "ore"})


def test_st6_customs_office_brings_gold_after_production() -> None:
    s = opening()
    me = s["turn"]
    put(s, me, "customs-office", 0, "above")
    gold = stock(s, me)["gold"]
    s, _ = play(s, me, {"type": "roll"}, dice_key(None, "tournament"))
    assert stock(s, me)["gold"] >= gold + 1


def test_st10_embassy_owner_sees_what_the_opponent_draws() -> None:
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, 1 - me, 0)
    put(s, 1 - me, "embassy", 0, "above")
    s["piles"][3].extend(s["hands"][me][:1])
    del s["hands"][me][:1]
    s, _ = play(s, me, {"type": "end"})
    s, events = play(s, me, {"type": "draw", "pile": 0})
    assert [e.to for e in events if e.kind == "took_cards"] == [(0, 1)]


def test_st13_imelda_weakens_opposing_knights_and_smithy_strengthens() -> None:
    from engines.siedler import scoring

    s = opening()
    put(s, 0, "knight-otto", 0, "above")  # 3
    put(s, 0, "smithy", 0, "below")  # +1
    assert scoring.strength(s, 0) == 4
    put(s, 1, "imelda", 0, "above")
    assert scoring.strength(s, 0) == 3 and scoring.tournament(s, 1) == 1
    put(s, 1, "cannon", 2, "above")
    assert scoring.strength(s, 1) == 3  # a cannon is strength, not a knight
    assert not cards.is_knight("cannon")
    put(s, 1, "knight-hugo", 2, "below")  # ST-14: a knight, 2 strength and 4 tournament points
    assert cards.is_knight("knight-hugo") and scoring.strength(s, 1) == 5 and scoring.tournament(s, 1) == 5
    assert scoring.strength(s, 0) == 3


def test_si12_no_extra_draws_or_returns_at_the_limit() -> None:
    """The hand step allows exactly one exchange: no return-and-draw cycling, no drawing past the limit."""
    s = to_action(opening())
    me = s["turn"]
    s, _ = play(s, me, {"type": "end"})
    assert s["pending"]["may_exchange"]
    with pytest.raises(IllegalMove, match="at its limit"):
        play(s, me, {"type": "return", "card": s["hands"][me][0], "pile": 0})
    with pytest.raises(IllegalMove, match="at its limit"):
        play(s, me, {"type": "draw", "pile": 0})
    t = to_action(opening())
    me = t["turn"]
    t["piles"][0].append(t["hands"][me].pop())
    t, _ = play(t, me, {"type": "end"})
    with pytest.raises(IllegalMove, match="draw or search"):
        play(t, me, {"type": "return", "card": t["hands"][me][0], "pile": 0})


def test_moves_hold_plain_data_only() -> None:
    s = to_action(opening())
    me = s["turn"]
    for bad in ({"type": "end", "x": True}, {"type": "remove", "at": 1, "side": "above", "level": True}, {"type": "draw", "pile": 1.0}):
        with pytest.raises(IllegalMove):
            play(s, me, bad)
