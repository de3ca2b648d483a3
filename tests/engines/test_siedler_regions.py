"""SI-4 and SI-17: a payment takes from the regions the player names and a gain goes to the region
he names; a move that names none pays and gains as before (the fullest pay, the emptiest with
room gains); the list offers each outcome once."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from engines.core import IllegalMove, Rng
from engines.siedler import amounts
from engines.siedler import principality as pr
from protocol.canonical import canonical
from tests.engines.exact import assert_view_moves
from tests.engines.siedler.oracle.rules import Siedler as Oracle
from tests.engines.siedler.table import E, dice_key, opening, play, to_action

ORACLE = Oracle()


def extend(state: dict[str, Any], seat: int, above: str, below: str) -> None:
    """A road and a settlement at the right end with these two regions, as if built earlier
    (the regions taken from the region pile, holding 0)."""
    p = state["principalities"][seat]
    right = max(pr.centers(p))
    pr.add_road(p, right + 1)
    pr.add_settlement(p, right + 2)
    p["regions"] = {**p["regions"], str(right + 3): {"above": {"card": above, "stock": 0}, "below": {"card": below, "stock": 0}}}
    for rid in (above, below):
        state["region_pile"].remove(rid)
    state["supply"]["road"] -= 1
    state["supply"]["settlement"] -= 1


def region(state: dict[str, Any], seat: int, rid: str) -> dict[str, Any]:
    return next(r for *_, r in pr.regions(state["principalities"][seat]) if r["card"] == rid)


def stocks(state: dict[str, Any], seat: int) -> dict[str, int]:
    return {r["card"]: r["stock"] for *_, r in pr.regions(state["principalities"][seat])}


def set_regions(state: dict[str, Any], seat: int, **held: int) -> None:
    """Stocks by region id (written with _ for -: mountains_2=3)."""
    for rid, n in held.items():
        region(state, seat, rid.replace("_", "-"))["stock"] = n


def rich_state() -> tuple[dict[str, Any], int]:
    """The player on turn in his action phase with two mountains, two fields, two pastures."""
    s = to_action(opening())
    me = s["turn"]
    ore, grain = ("mountains-2", "fields-1") if me == 0 else ("mountains-3", "fields-2")
    extend(s, me, "mountains-4", "fields-3")
    extend(s, me, "mountains-6", "pasture-5")
    for rid, n in {ore: 2, "mountains-4": 2, "mountains-6": 1, grain: 1, "fields-3": 2}.items():
        region(s, me, rid)["stock"] = n
    return s, me


def ore_regions(me: int) -> tuple[str, str, str]:
    return ("mountains-2" if me == 0 else "mountains-3", "mountains-4", "mountains-6")


def test_si4_a_city_is_paid_from_the_named_regions() -> None:
    s, me = rich_state()
    first, four, six = ore_regions(me)
    named = sorted([four, four, six])
    move = {"type": "build", "what": "city", "at": 1, "from": named}
    assert move in E.legal_moves(s, me)
    after, _ = play(s, me, move)
    assert region(after, me, first)["stock"] == 2  # untouched: the fixed reading would take from it
    assert region(after, me, four)["stock"] == 0 and region(after, me, six)["stock"] == 0
    assert pr.resources(after["principalities"][me])["grain"] == 1  # grain as the fixed reading takes it


def test_si4_the_default_when_none_is_named_is_todays_fixed_reading() -> None:
    """The move without "from" gives the state the engine before (the oracle, version 2) gives."""
    s, me = rich_state()
    move = {"type": "build", "what": "city", "at": 1}
    ours, _ = play(s, me, move)
    theirs, _ = ORACLE.apply(s, me, move, Rng(b"m"))
    assert canonical(ours) == canonical(theirs)
    first, four, six = ore_regions(me)
    assert (region(ours, me, first)["stock"], region(ours, me, four)["stock"], region(ours, me, six)["stock"]) == (0, 1, 1)


def test_si4_si17_a_bank_trade_names_where_it_pays_from_and_where_the_gain_goes() -> None:
    s, me = rich_state()
    first, four, six = ore_regions(me)
    pasture = "pasture-3" if me == 0 else "pasture-4"  # holds 1; pasture-5, holding 0, is the fixed reading's
    move = {"type": "trade", "give": "ore", "rate": 3, "get": "wool", "from": sorted([first, four, four]), "to": [pasture]}
    assert move in E.legal_moves(s, me)
    after, events = play(s, me, move)
    assert region(after, me, first)["stock"] == 1 and region(after, me, four)["stock"] == 0
    assert region(after, me, pasture)["stock"] == 2 and region(after, me, "pasture-5")["stock"] == 0
    said = [E.describe_event(e.to_json()) for e in events if e.kind == "bank_trade"]
    assert said == [f"{E.seat_names(2)[me]} trades 3 ore for 1 wool (paid from {', '.join(sorted([first, four, four]))}) (stored on {pasture})"]
    plain, _ = play(s, me, {"type": "trade", "give": "ore", "rate": 3, "get": "wool"})
    theirs, _ = ORACLE.apply(s, me, {"type": "trade", "give": "ore", "rate": 3, "get": "wool"}, Rng(b"m"))
    assert canonical(plain) == canonical(theirs)


def test_si17_a_resource_of_choice_goes_to_the_named_region() -> None:
    """Year of plenty: each player takes 1 resource of choice; the taker names the region."""
    s = opening()
    me = s["turn"]
    extend(s, me, "mountains-4", "fields-3")
    s, _ = play(s, me, {"type": "roll"}, dice_key(5 if me == 0 else 4, "plenty"))  # produces nothing of ore
    assert s["pending"]["kind"] == "choose" and s["pending"]["seat"] == me
    first = "mountains-2" if me == 0 else "mountains-3"
    before = stocks(s, me)
    legal = E.legal_moves(s, me)
    assert {"type": "choose", "resource": "ore"} in legal  # the fixed reading: the emptiest, mountains-4
    assert {"type": "choose", "resource": "ore", "to": [first]} in legal
    after, _ = play(s, me, {"type": "choose", "resource": "ore", "to": [first]})
    assert region(after, me, first)["stock"] == before[first] + 1 and region(after, me, "mountains-4")["stock"] == 0
    usual, _ = play(s, me, {"type": "choose", "resource": "ore"})
    assert region(usual, me, "mountains-4")["stock"] == 1
    theirs, _ = ORACLE.apply(s, me, {"type": "choose", "resource": "ore"}, Rng(b"m"))
    assert canonical(usual) == canonical(theirs)


def refusal(s: dict[str, Any], me: int, move: dict[str, Any]) -> str:
    with pytest.raises(IllegalMove) as err:
        play(s, me, move)
    assert move not in E.legal_moves(s, me)
    return err.value.message


def test_si4_refusals_no_resource_another_type_not_yours_wrong_count() -> None:
    s, me = rich_state()
    first, four, six = ore_regions(me)
    region(s, me, six)["stock"] = 0
    city = {"type": "build", "what": "city", "at": 1}
    msg = refusal(s, me, {**city, "from": sorted([four, four, six])})
    assert "mountains-6 holds no ore" in msg
    msg = refusal(s, me, {**city, "from": sorted([four, four, four])})
    assert "mountains-4 holds 2 ore: it cannot give 3" in msg
    msg = refusal(s, me, {**city, "from": sorted([four, four, "pasture-5"])})
    assert "pasture-5 holds wool" in msg and "ore" in msg
    theirs = "mountains-3" if me == 0 else "mountains-2"
    msg = refusal(s, me, {**city, "from": sorted([four, four, theirs])})
    assert f"{theirs} is not one of your regions" in msg
    msg = refusal(s, me, {**city, "from": [four]})
    assert "takes 3 ore" in msg
    msg = refusal(s, me, {**city, "from": ["castle"]})
    assert "no region called" in msg
    msg = refusal(s, me, {**city, "from": sorted([first, first, four])})  # the fixed reading spelt out
    assert "usual choice" in msg
    msg = refusal(s, me, {**city, "from": [four, first, four]})
    assert "alphabetical order" in msg
    msg = refusal(s, me, {**city, "from": []})
    assert "names the regions" in msg


def test_si17_refusals_no_room_another_type_not_yours() -> None:
    s, me = rich_state()
    pasture = "pasture-3" if me == 0 else "pasture-4"
    region(s, me, pasture)["stock"] = 3
    trade = {"type": "trade", "give": "ore", "rate": 3, "get": "wool"}
    msg = refusal(s, me, {**trade, "to": [pasture]})
    assert f"{pasture} is full (3 of 3)" in msg and "at most 3" in msg
    msg = refusal(s, me, {**trade, "to": ["mountains-4"]})
    assert "mountains-4 holds ore" in msg and "wool" in msg
    theirs = "pasture-4" if me == 0 else "pasture-3"
    msg = refusal(s, me, {**trade, "to": [theirs]})
    assert f"{theirs} is not one of your regions" in msg
    region(s, me, "pasture-5")["stock"] = 3
    msg = refusal(s, me, {**trade, "to": ["pasture-5"]})
    assert "regions are full" in msg and "lost" in msg
    assert not [m for m in E.legal_moves(s, me) if m["type"] == "trade" and m["get"] == "wool" and "to" in m]


def outcome(s: dict[str, Any], me: int, move: dict[str, Any]) -> bytes:
    after, _ = play(s, me, move)
    return canonical(stocks(after, me))


def test_si4_si17_listed_choices_differ_in_outcome_and_miss_none() -> None:
    """Every listed way to pay for the city (and to make a bank trade) leaves different stocks,
    and every way of naming regions the rules allow gives one of the listed outcomes."""
    s, me = rich_state()
    legal = E.legal_moves(s, me)
    view = E.view(s, me)
    ores, grains = [r for r in stocks(s, me) if r.startswith("mountains")], [r for r in stocks(s, me) if r.startswith("fields")]
    for base, pools in (
        ({"type": "build", "what": "city", "at": 1}, [(ores, 3), (grains, 2)]),
        ({"type": "trade", "give": "ore", "rate": 3, "get": "grain"}, [(ores, 3)]),
    ):
        listed = [m for m in legal if all(m.get(k) == v for k, v in base.items()) and "omit" not in m]
        seen = [outcome(s, me, m) for m in listed]
        assert len(set(seen)) == len(seen) > 1
        allowed = set()
        for combo in product(*[product(pool, repeat=n) for pool, n in pools]):
            move = {**base, "from": sorted(x for part in combo for x in part)}
            amounts.tidy(move, view)  # each resource's part that is the fixed reading left out
            try:
                allowed.add(outcome(s, me, move))
            except IllegalMove:
                continue  # a region named more often than it holds
        if base["type"] == "trade":  # the gain's choices too, each with each payment
            for to in pools[0][0] + ["fields-3", "fields-1" if me == 0 else "fields-2"]:
                for m in [m for m in listed if "to" not in m]:
                    move = {**m, "to": [to]}
                    amounts.tidy(move, view)
                    try:
                        allowed.add(outcome(s, me, move))
                    except IllegalMove:
                        continue
        assert allowed == set(seen)


def test_si4_si17_the_view_lists_the_same_moves_and_the_notation_reads_them_back() -> None:
    s, me = rich_state()
    assert_view_moves(E, s, (0, 1, None))
    view = E.view(s, me)
    for m in E.legal_moves(s, me):
        assert E.parse(E.format(m), view) == m
    first, four, six = ore_regions(me)
    typed = E.parse(f"build city 1 from {six}, {four} {four}", view)
    assert typed == {"type": "build", "what": "city", "at": 1, "from": sorted([four, four, six])}
    # the fixed reading named: read as the move without it; a grain part that is not: kept
    assert E.parse(f"build city 1 from {first} {first} {four}", view) == {"type": "build", "what": "city", "at": 1}
    grain = "fields-1" if me == 0 else "fields-2"
    assert E.parse(f"build city 1 from {first} {first} {four} fields-3 {grain}", view) == {"type": "build", "what": "city", "at": 1}
    mixed = E.parse(f"build city 1 from {first} {first} {four} fields-3 fields-3", view)
    assert mixed == {"type": "build", "what": "city", "at": 1, "from": ["fields-3", "fields-3"]}
    assert mixed in E.legal_moves(s, me)
    assert E.format(mixed) == "build city 1 from fields-3 fields-3"
    pasture = 3 if me == 0 else 4
    trade = {"type": "trade", "give": "ore", "rate": 3, "get": "wool"}
    assert E.parse(f"trade bank 3 ore for wool to Pasture {pasture}", view) == {**trade, "to": [f"pasture-{pasture}"]}
    assert E.parse("trade bank 3 ore for wool to wool5", view) == trade  # the emptiest: the fixed reading
    with pytest.raises(IllegalMove, match="is no region"):
        E.parse("build city 1 from abbey", view)


def test_si4_bots_keep_the_fixed_reading() -> None:
    s, me = rich_state()
    legal = E.legal_moves(s, me)
    assert any("from" in m for m in legal)
    for name, bot in E.bots().items():
        for seed in range(30):
            move = bot(E.view(s, me), legal, random.Random(seed))
            assert "from" not in move and "to" not in move, name


def test_si4_a_scouts_settlement_is_paid_from_the_named_regions() -> None:
    """The Scout builds a settlement: its price too comes from the regions the player names."""
    from tests.engines.siedler.table import give_hand

    s, me = rich_state()
    give_hand(s, me, "scout")
    grain = "fields-1" if me == 0 else "fields-2"
    pr.add_road(s["principalities"][me], -1)  # a road at the left end, as if built earlier
    for rid, n in {"pasture-5": 1, grain: 1, "fields-3": 2}.items():
        region(s, me, rid)["stock"] = n
    moves = [m for m in E.legal_moves(s, me) if m.get("card") == "scout"]
    assert {"type": "play", "card": "scout", "end": "left"} in moves
    named = {"type": "play", "card": "scout", "end": "left", "from": [grain]}  # the fixed reading takes fields-3
    assert named in moves
    assert len({outcome(s, me, m) for m in moves}) == len(moves)
    after, _ = play(s, me, named)
    assert region(after, me, grain)["stock"] == 0 and region(after, me, "fields-3")["stock"] == 2
    assert E.parse(E.format(named), E.view(s, me)) == named
    usual, _ = play(s, me, {"type": "play", "card": "scout", "end": "left"})
    assert region(usual, me, "fields-3")["stock"] == 1
