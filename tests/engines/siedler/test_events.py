"""Event cards (SI-16 event face; the ten basic events; ST-15 Raid)."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.siedler import principality as pr
from tests.engines.siedler.table import E, cityfy, dice_key, opening, play, put


def with_event(card: str, variant: str = "tournament-new-players") -> tuple[dict, int]:
    """The opening with `card` on top of the event deck."""
    s = opening(variant)
    deck = s["event_deck"]
    deck.remove(card)
    deck.insert(0, card)
    return s, s["turn"]


def roll_event(s: dict, me: int) -> tuple[dict, list]:
    return play(s, me, {"type": "roll"}, dice_key(None, "event"))


def test_the_event_card_goes_under_the_deck() -> None:
    s, me = with_event("productive-year")
    size = len(s["event_deck"])
    s, events = roll_event(s, me)
    assert s["event_deck"][-1] == "productive-year" and len(s["event_deck"]) == size
    assert s["last_event"] == "productive-year"
    assert [e.data["card"] for e in events if e.kind == "event_card"] == ["productive-year"]


def test_plague_regions_by_cities_lose_one_once_aqueduct_and_bath_house_protect() -> None:
    s, me = with_event("plague")
    cityfy(s, me, 0)
    cityfy(s, me, 2)  # the regions on col 1 border both cities: they lose 1 only
    for *_, r in pr.regions(s["principalities"][me]):
        r["stock"] = 3
    cityfy(s, 1 - me, 0)
    put(s, 1 - me, "bath-house", 0, "above")
    s, events = roll_event(s, me)
    lost = {e.data["seat"]: e.data["lost"] for e in events if e.kind == "plague"}
    assert len(lost[me]) == 6 and lost[1 - me] == []
    before_production = [
        e.data for e in events if e.kind == "produced" and e.data["seat"] == me
    ][0]["gains"]
    grown = {g["region"] for g in before_production if g["gained"]}
    assert all(r["stock"] == 2 for *_, r in pr.regions(s["principalities"][me]) if r["card"] not in grown)
    s, me = with_event("plague")
    cityfy(s, me, 0)
    put(s, me, "aqueduct", 0, "above")
    s, events = roll_event(s, me)
    assert [e.data["protected"] for e in events if e.kind == "plague" and e.data["seat"] == me] == ["aqueduct"]
    assert all(r["stock"] >= 1 for *_, r in pr.regions(s["principalities"][me]))


def test_productive_year_gives_garrison_regions_one_per_garrison() -> None:
    s, me = with_event("productive-year")
    put(s, me, "garrison", 0, "above")
    put(s, me, "garrison", 2, "above")  # the region over the road borders both
    s, events = play(s, me, {"type": "roll"}, dice_key(None, "event"))
    p = s["principalities"][me]
    produced = s["dice"]["production"]
    from engines.siedler import cards

    def expect(col: int, n: int) -> int:
        r = pr.region_at(p, col, "above")
        return min(3, 1 + n + (1 if cards.card(r["card"])["number"] == produced else 0))

    assert [pr.region_at(p, c, "above")["stock"] for c in (-1, 1, 3)] == [expect(-1, 1), expect(1, 2), expect(3, 1)]


def test_progress_one_resource_per_abbey_and_library_active_first() -> None:
    s, me = with_event("progress")
    put(s, 1 - me, "abbey", 0, "above")
    put(s, 1 - me, "abbey", 2, "above")
    s, _ = roll_event(s, me)
    assert E.to_move(s) == 1 - me and s["pending"]["why"] == "progress"
    s, _ = play(s, 1 - me, {"type": "choose", "resource": "ore"})
    assert E.to_move(s) == 1 - me
    s, _ = play(s, 1 - me, {"type": "choose", "resource": "ore"})
    assert s["pending"]["kind"] == "action"


def test_civil_war_each_loses_a_unit_chosen_by_the_opponent_church_protects() -> None:
    s, me = with_event("civil-war")
    put(s, me, "knight-conrad", 0, "above")
    put(s, 1 - me, "knight-hagen", 0, "above")
    cityfy(s, 1 - me, 2)
    put(s, 1 - me, "church", 2, "above")
    put(s, 1 - me, "knight-karl", 2, "below")
    s, _ = roll_event(s, me)
    assert E.to_move(s) == me and s["pending"]["kind"] == "civil_war"
    assert E.legal_moves(s, me) == [{"type": "target", "at": 1, "side": "above", "level": 0}]  # Karl is safe
    s, _ = play(s, me, {"type": "target", "at": 1, "side": "above", "level": 0})
    assert "knight-hagen" in s["hands"][1 - me]
    assert E.to_move(s) == 1 - me
    s, _ = play(s, 1 - me, {"type": "target", "at": 1, "side": "above", "level": 0})
    assert "knight-conrad" in s["hands"][me]
    # both are above their limit now: each puts the excess under piles at once, the roller first
    assert s["pending"] == {"kind": "excess", "seat": me}
    s, _ = play(s, me, {"type": "return", "card": "knight-conrad", "pile": 0})
    assert s["pending"] == {"kind": "excess", "seat": 1 - me}
    s, _ = play(s, 1 - me, {"type": "return", "card": "knight-hagen", "pile": 1})
    assert s["pending"]["kind"] == "action"


def test_conflict_the_knight_holder_puts_two_opponent_cards_under_piles() -> None:
    s, me = with_event("conflict")
    put(s, 1 - me, "knight-conrad", 0, "above")
    s["tokens"]["knight"] = 1 - me
    hand = list(s["hands"][me])
    s, events = roll_event(s, me)
    assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "conflict"
    assert len(s["hands"][me]) == 1
    taken = [e for e in events if e.kind == "conflict_cards"][0]
    assert sorted(taken.data["cards"] + s["hands"][me]) == sorted(hand)
    s, _ = play(s, 1 - me, {"type": "under", "pile": 3})
    s, _ = play(s, 1 - me, {"type": "under", "pile": 4})
    assert s["pending"]["kind"] == "action"
    assert s["piles"][3][-1] in hand and s["piles"][4][-1] in hand


def test_master_builder_swaps_from_different_piles_active_first() -> None:
    s, me = with_event("master-builder")
    s, _ = roll_event(s, me)
    assert E.to_move(s) == me and s["pending"]["kind"] == "master_builder"
    card = s["hands"][me][0]
    want = s["piles"][5][2]
    s, events = play(s, me, {"type": "swap", "card": card, "pile": 5})
    assert E.view(s, me)["searching"]["pile"] == 5
    s, _ = play(s, me, {"type": "take", "cards": [want]})
    assert want in s["hands"][me] and s["piles"][5][-1] == card
    assert E.to_move(s) == 1 - me
    with pytest.raises(IllegalMove):
        play(s, 1 - me, {"type": "swap", "card": s["hands"][1 - me][0], "pile": 5})
    s, _ = play(s, 1 - me, {"type": "pass"})
    assert s["pending"]["kind"] == "action"


def test_year_end_shuffles_the_whole_deck() -> None:
    s, me = with_event("year-end")
    deck = sorted(s["event_deck"])
    s, events = roll_event(s, me)
    assert sorted(s["event_deck"]) == deck
    assert any(e.kind == "event_deck_shuffled" for e in events)


def test_st15_raid_only_when_exactly_one_has_a_knight() -> None:
    s, me = with_event("raid")
    put(s, me, "abbey", 0, "above")
    put(s, me, "garrison", 0, "below")
    s2, events = roll_event(s, me)
    assert any(e.kind == "raid" and e.data["seat"] is None for e in events)
    put(s, 1 - me, "knight-otto", 2, "above")
    s, _ = roll_event(s, me)
    assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "raid_name"
    sites = [{"at": 1, "side": "above", "level": 0}, {"at": 1, "side": "below", "level": 0}]
    assert E.legal_moves(s, 1 - me) == [{"type": "name", "sites": sites}] + [{"type": "name", "sites": [x]} for x in sites]
    s, _ = play(s, 1 - me, {"type": "name", "sites": sites})
    assert E.to_move(s) == me
    s, _ = play(s, me, {"type": "target", "at": 1, "side": "below", "level": 0})
    assert "garrison" in s["hands"][me] and pr.center(s["principalities"][me], 0)["above"] == ["abbey"]


def test_raid_is_not_in_the_basic_game() -> None:
    s = opening("basic")
    assert "raid" not in s["event_deck"]
