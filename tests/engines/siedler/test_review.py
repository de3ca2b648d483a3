"""A hostile rules review of siedler (the rules checked as a judge would): scenarios a rules judge would write, one
per ruling or card, with the departures the review found (each named in its docstring).

The helpers in table.py set up a real game and arrange it; chance stays real (Rng keys
are searched, never faked).
"""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.siedler import build, hands, scoring
from engines.siedler import principality as pr
from tests.engines.siedler.table import (
    E,
    cityfy,
    dice_key,
    die_key,
    empty,
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
    cityfy(s, 0, 0)
    cityfy(s, 1, 0)
    return s, s["turn"]


def grab(s: dict, seat: int, *cards_: str) -> None:
    """give_hand, but a card in a starting hand is taken from there (the card stays unique)."""
    for c in cards_:
        for h in s["hands"]:
            if c in h and not any(c in p for p in s["piles"]):
                h.remove(c)
                s["piles"][0].append(c)
        give_hand(s, seat, c)


def place(s: dict, seat: int, card: str, col: int = 0, side: str = "above", level: int = 0) -> None:
    """put, but a card in a starting hand is taken from there (every card stays unique)."""
    grab(s, seat, card)
    s["hands"][seat].remove(card)
    pr.center(s["principalities"][seat], col)[side][level] = card


def _unbuild(s: dict, seat: int, col: int) -> None:
    """A city back to a settlement (as if it had never been built)."""
    c = pr.center(s["principalities"][seat], col)
    c.update(card="settlement", above=[None], below=[None])


# ---------------------------------------------------------------- SI-45: one University each


def university_and_a_garrison() -> tuple[dict, int]:
    """(state, seat): the seat to act has a University and a Garrison built, a second Garrison
    in hand and its cost in stock, and room for it in its second city (the SI-45 position)."""
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 0)
    cityfy(s, me, 2)
    place(s, me, "abbey", 0, "above")
    s["display"].remove("university")
    put(s, me, "university", 2, "above")
    place(s, me, "garrison", 0, "below")
    give_hand(s, me, "garrison")
    empty(s, me)
    set_stock(s, me, lumber=1, brick=1)
    return s, me


def test_si45_one_per_player_is_the_university_s_rule_only() -> None:
    """Departure: once a University stood, its owner could build no second copy of any
    card (a second Garrison, Library, Cannon...): the "only one" answer of the built
    University was applied to every card. SI-45 limits the University alone."""
    s, me = university_and_a_garrison()
    assert build.expansion_blocker(s, me, "garrison") is None
    assert {"type": "expand", "card": "garrison", "at": 2, "side": "below"} in E.legal_moves(s, me)
    s, _ = play(s, me, {"type": "expand", "card": "garrison", "at": 2, "side": "below"})
    assert pr.built(s["principalities"][me]).count("garrison") == 2
    # the University itself stays one per player, the second one in the display notwithstanding
    assert "only one University" in (build.expansion_blocker(s, me, "university") or "")


def test_si45_a_burnt_university_can_be_built_again_by_either_player() -> None:
    """SI-45: an Arsonist's success puts the University back in the display; the attacker
    (with his Library) may now build it, one each."""
    s, me = ready()
    give_hand(s, me, "arsonist")
    s["display"].remove("university")
    place(s, 1 - me, "library", 0, "above")
    put(s, 1 - me, "university", 0, "below")
    s, _ = play(s, me, {"type": "play", "card": "arsonist"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(1, 2, 3, 4, 5))
    s, _ = play(s, me, {"type": "target", "at": 1, "side": "below", "level": 0})
    assert s["display"] == ["university", "university"]
    place(s, me, "abbey", 0, "above")
    empty(s, me)
    set_stock(s, me, ore=2, wool=2, gold=1)
    s, _ = play(s, me, {"type": "expand", "card": "university", "at": 1, "side": "below"})
    assert s["display"] == ["university"] and "university" in pr.built(s["principalities"][me])


# ---------------------------------------------------------------- SI-46: the victory flag


def test_si46_the_flag_follows_the_leader_down_and_passes_on_strictly_more() -> None:
    """Departure: the flag kept the highest VP ever reached, so a holder who lost points
    kept showing the old number and the opponent had to beat that number, not the
    holder's VP. SI-46: the flag shows the leader and his VP."""
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, ore=3, grain=2)
    s, events = play(s, me, {"type": "build", "what": "city", "at": 2})
    assert s["flag"] == {"seat": me, "vp": 3}
    assert [e.data for e in events if e.kind == "flag"] == [{"seat": me, "vp": 3}]
    cityfy(s, me, 0)  # 4 VP
    s, _ = play(s, me, {"type": "end"})
    assert s["flag"] == {"seat": me, "vp": 4}
    # the holder loses a city's point (as after an Arsonist on a VP building, or a removal)
    _unbuild(s, me, 0)
    cityfy(s, 1 - me, 0)  # the opponent at 3, the holder at 3: a tie keeps the holder
    scoring.update(s, [])
    assert s["flag"] == {"seat": me, "vp": 3}
    cityfy(s, 1 - me, 2)  # 4 > 3: the flag passes, though nobody passed the old 4
    events = []
    scoring.update(s, events)
    assert s["flag"] == {"seat": 1 - me, "vp": 4}
    assert [e.data for e in events if e.kind == "flag"] == [{"seat": 1 - me, "vp": 4}]


def test_si46_the_flag_waits_for_3_vp_and_is_not_in_the_basic_game() -> None:
    """SI-30/SI-46: the flag starts at 2 with nobody; 2 VP each holds nothing."""
    s = to_action(opening())
    assert s["flag"] == {"seat": None, "vp": 2}
    assert E.view(s, 0)["flag"] == {"seat": None, "vp": 2}
    assert to_action(opening("basic"))["flag"] is None


def test_si46_the_victory_flag_is_worth_nothing() -> None:
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, ore=3, grain=2)
    s, _ = play(s, me, {"type": "build", "what": "city", "at": 2})
    assert s["flag"]["seat"] == me and scoring.vp(s, me) == 3


# ---------------------------------------------------------------- SI-15: the brigand


def test_si15_over_7_loses_all_gold_and_wool_those_beside_a_garrison_too() -> None:
    """Departure: the resources beside a Garrison were neither counted nor robbed. SI-15
    shields them from the count only: a player still above 7 loses all his gold and wool."""
    s = opening(brigand_grace_turns=0)
    me = s["turn"]
    p = s["principalities"][me]
    for *_, r in pr.regions(p):
        r["stock"] = 3  # 18
    place(s, me, "garrison", 2, "above")  # guards the gold field (col 1) and the hills (col 3)
    s, events = play(s, me, {"type": "roll"}, dice_key(4, "brigand"))
    brig = [e.data for e in events if e.kind == "brigand" and e.data["seat"] == me][0]
    assert brig["counted"] == 12 and brig["lost"] == {"gold": 3, "wool": 3}
    assert stock(s, me)["gold"] == 0 and stock(s, me)["wool"] == 0


def test_si15_exactly_7_is_safe_and_the_regions_beside_a_garrison_are_not_counted() -> None:
    s = opening(brigand_grace_turns=0)
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, gold=3, wool=3, ore=1)  # 7: not more than 7
    s2, events = play(s, me, {"type": "roll"}, dice_key(5, "brigand"))
    assert stock(s2, me)["gold"] == 3 and stock(s2, me)["wool"] == 3
    set_stock(s, me, gold=3, wool=3, ore=3)  # 9 ...
    place(s, me, "garrison", 0, "below")  # ... but fields-1 and forest-4 below are guarded: still 9
    s2, _ = play(s, me, {"type": "roll"}, dice_key(5, "brigand"))
    assert stock(s2, me)["gold"] == 0 and stock(s2, me)["wool"] == 0 and stock(s2, me)["ore"] == 3
    pr.center(s["principalities"][me], 0)["below"] = [None]
    place(s, me, "garrison", 0, "above")  # pasture-3 and goldfield-6 guarded: 9 - 6 = 3 counted
    s2, events = play(s, me, {"type": "roll"}, dice_key(5, "brigand"))
    assert [e.data["counted"] for e in events if e.kind == "brigand" and e.data["seat"] == me] == [3]
    assert stock(s2, me)["gold"] == 3 and stock(s2, me)["wool"] == 3


def _pass_turn(s: dict) -> dict:
    """The player on turn rolls (Year of plenty), ends, and finishes his hand step."""
    me = s["turn"]
    s = to_action(s, 6, "plenty")
    s, _ = play(s, me, {"type": "end"})
    while E.to_move(s) == me:
        s, _ = play(s, me, E.legal_moves(s, me)[0])
    return s


def test_si15_the_brigand_strikes_from_turn_5_not_in_turns_1_to_4() -> None:
    """SI-15: no attack in each player's first two turns (turns 1-4), from turn 5 on."""
    s = opening()
    for turn_no in (1, 2, 3, 4):
        assert s["turn_no"] == turn_no
        me = s["turn"]
        set_stock(s, me, gold=3, wool=3, ore=3)
        t, events = play(s, me, {"type": "roll"}, dice_key(None, "brigand"))
        assert any(e.kind == "brigand" and e.data.get("grace") for e in events)
        assert stock(t, me)["gold"] == 3
        s = _pass_turn(s)
    assert s["turn_no"] == 5
    me = s["turn"]
    set_stock(s, me, gold=3, wool=3, ore=3)
    s, events = play(s, me, {"type": "roll"}, dice_key(None, "brigand"))
    assert not any(e.data.get("grace") for e in events if e.kind == "brigand")
    assert stock(s, me)["gold"] == 0 and stock(s, me)["wool"] == 0


# ---------------------------------------------------------------- SI-50: the Spy and a spectator


def test_si50_the_spy_is_a_decision_even_when_nothing_can_be_taken() -> None:
    """Departure: with only buildings in the victim's hand the Spy ended at once, with an
    action card or unit he waited for a pick: a spectator (who sees whose decision is
    pending) learnt what kind of cards the hidden hand held. Now the spy always picks,
    "take nothing" being then his only choice."""
    s, me = ready()
    give_hand(s, me, "spy")
    s["piles"][0].extend(s["hands"][1 - me])
    s["hands"][1 - me] = []
    give_hand(s, 1 - me, "abbey", "colossus")
    s, events = play(s, me, {"type": "play", "card": "spy"})
    assert E.to_move(s) == me and s["pending"]["kind"] == "spy"
    assert E.legal_moves(s, me) == [{"type": "take", "cards": []}]
    spectator = E.view(s, None)["pending"]
    assert spectator == {"kind": "spy", "seat": me}
    victim = E.view(s, 1 - me)["pending"]
    assert "secret" not in victim
    s, events = play(s, me, {"type": "take", "cards": []})
    assert s["pending"]["kind"] == "action" and sorted(s["hands"][1 - me]) == ["abbey", "colossus"]


def test_si50_spectator_views_do_not_depend_on_the_kind_of_hidden_cards() -> None:
    """The same Spy against a hand of buildings and a hand with a unit: the spectator's view
    after the play is the same."""
    views = []
    for hand in (("abbey", "colossus"), ("abbey", "knight-karl")):
        s, me = ready()
        give_hand(s, me, "spy")
        s["piles"][0].extend(s["hands"][1 - me])
        s["hands"][1 - me] = []
        give_hand(s, 1 - me, *hand)
        s, _ = play(s, me, {"type": "play", "card": "spy"})
        views.append((E.view(s, None)["pending"], E.to_move(s)))
    assert views[0] == views[1]


# ---------------------------------------------------------------- SI-21: trade rates


def test_si21_the_bank_s_3_to_1_stays_open_beside_a_fleet() -> None:
    """Departure: a seat with a fleet of R was refused the bank's 3 R for 1 (the move had to
    name the best rate). SI-21 gives the fleet as an extra rate, not instead of the bank; and
    as apply takes only listed moves, the list holds both rates, the best first."""
    s = to_action(opening())
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, ore=3)
    place(s, me, "ore-fleet", 0, "above")
    ore = [m for m in E.legal_moves(s, me) if m["type"] == "trade" and m["give"] == "ore" and m["get"] == "wool"]
    assert [m["rate"] for m in ore] == [2, 3]
    s, events = play(s, me, {"type": "trade", "give": "ore", "rate": 3, "get": "wool"})
    assert stock(s, me)["ore"] == 0 and stock(s, me)["wool"] == 1
    with pytest.raises(IllegalMove, match="SI-21"):
        play(s, me, {"type": "trade", "give": "wool", "rate": 2, "get": "ore"})  # no wool fleet


@pytest.mark.parametrize("fleet", ["lumber-fleet", "wool-fleet", "grain-fleet", "brick-fleet", "ore-fleet", "gold-fleet"])
def test_si21_each_trade_fleet_trades_2_of_its_resource_any_number_of_times(fleet: str) -> None:
    """SI-21, the six Trade fleets: 2 of its resource for 1 of choice, again and again; other
    resources stay at 3:1. A fleet is a unit worth 1 commerce (SI-9, SI-18)."""
    res = fleet.removesuffix("-fleet")
    s = to_action(opening())
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, **{res: 3})
    place(s, me, fleet, 0, "above")
    assert scoring.commerce(s, me) == 1
    other = "grain" if res != "grain" else "ore"
    s, _ = play(s, me, {"type": "trade", "give": res, "rate": 2, "get": other})
    set_stock(s, me, **{res: 2})  # one region per type: refill it for the second trade
    s, _ = play(s, me, {"type": "trade", "give": res, "rate": 2, "get": other})
    assert stock(s, me)[res] == 0 and stock(s, me)[other] == 2
    assert not any(m["type"] == "trade" and m["give"] != res and m["rate"] != 3 for m in E.legal_moves(s, me))


def test_si3_gold_buys_nothing_but_trades_and_si21_the_mint_trades_it_1_to_1() -> None:
    s = to_action(opening())
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, gold=3)
    assert not any(m["type"] in ("build", "expand") for m in E.legal_moves(s, me))
    assert {"type": "trade", "give": "gold", "rate": 3, "get": "ore"} in E.legal_moves(s, me)
    cityfy(s, me, 0)
    place(s, me, "mint", 0, "above")
    s, _ = play(s, me, {"type": "trade", "give": "gold", "rate": 1, "get": "ore"})
    s, _ = play(s, me, {"type": "trade", "give": "gold", "rate": 1, "get": "wool"})
    assert stock(s, me)["gold"] == 1 and stock(s, me)["ore"] == 1 and stock(s, me)["wool"] == 1


def test_si4_a_region_holds_at_most_3_and_a_trade_into_a_full_type_is_lost() -> None:
    """SI-4/SI-17: stores are 0-3 a region; a gain with no room is lost. The trade is the
    player's to make, so it is listed (apply takes only listed moves)."""
    s = to_action(opening())
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, ore=3, wool=3)  # one region of each: both full
    assert {"type": "trade", "give": "ore", "rate": 3, "get": "wool"} in E.legal_moves(s, me)
    s, events = play(s, me, {"type": "trade", "give": "ore", "rate": 3, "get": "wool"})
    assert [e.data["stored"] for e in events if e.kind == "bank_trade"] == [0]
    assert stock(s, me)["wool"] == 3 and stock(s, me)["ore"] == 0


# ---------------------------------------------------------------- SI-1, SI-2, SI-47: every card's data


def _cost(text: str) -> dict[str, int]:
    """'2O L' -> {"ore": 2, "lumber": 1} (the cost letters of siedler.md)."""
    letters = {"L": "lumber", "W": "wool", "G": "grain", "B": "brick", "O": "ore", "Au": "gold"}
    out: dict[str, int] = {}
    for word in text.split():
        n = int(word[0]) if word[0].isdigit() else 1
        res = letters[word[1:] if word[0].isdigit() else word]
        out[res] = out.get(res, 0) + n
    return out


# id: (count, kind, placement, cost, points, prerequisite), copied from the rulings by hand
# (siedler.md "Basic expansion cards", siedler-tournament.md ST-1..ST-15), not from cards.json
ALMANAC: dict[str, tuple[int, str, str | None, str, dict[str, int], list[str] | None]] = {
    "abbey": (2, "building", "any", "L O B", {}, None),
    "garrison": (3, "building", "any", "L B", {"commerce": 1}, None),
    "smithy": (1, "building", "any", "2O L", {}, None),
    "brick-factory": (1, "building", "any", "B O", {}, None),
    "iron-foundry": (1, "building", "any", "B O", {}, None),
    "grain-mill": (1, "building", "any", "G B", {}, None),
    "sawmill": (1, "building", "any", "2L", {}, None),
    "woolen-mill": (1, "building", "any", "B W", {}, None),
    **{f"{r}-fleet": (1, "unit", "any", "W L", {"commerce": 1}, None) for r in ("lumber", "wool", "grain", "brick", "ore", "gold")},
    "knight-conrad": (1, "unit", "any", "G O", {"strength": 2, "tournament": 1}, None),
    "knight-falk": (1, "unit", "any", "2G 2O W", {"strength": 1, "tournament": 5}, None),
    "knight-goetz": (1, "unit", "any", "2G 2O 2W", {"strength": 5, "tournament": 2}, None),
    "knight-hagen": (1, "unit", "any", "G O", {"strength": 1, "tournament": 2}, None),
    "knight-karl": (1, "unit", "any", "2G 2O 3W", {"strength": 7, "tournament": 1}, None),
    "knight-otto": (1, "unit", "any", "G 2O W", {"strength": 3, "tournament": 2}, None),
    "knight-pippin": (1, "unit", "any", "G O W", {"strength": 1, "tournament": 3}, None),
    "knight-siegfried": (1, "unit", "any", "O", {"strength": 1, "tournament": 1}, None),
    "knight-walther": (1, "unit", "any", "G O W", {"strength": 3, "tournament": 1}, None),
    "aqueduct": (2, "building", "city", "2L 2O 2B", {"vp": 1}, None),
    "bath-house": (2, "building", "city", "2B O W", {"vp": 1}, None),
    "church": (2, "building", "city", "2O 2G B", {"vp": 1}, None),
    "colossus": (1, "building", "city", "3O 3B 3G", {"vp": 2}, None),
    "counting-house": (1, "building", "city", "2W G B", {"commerce": 3}, None),
    "harbor": (1, "building", "city", "O W B", {"commerce": 1}, None),
    "library": (2, "building", "city", "2L 2O B", {"vp": 1}, None),
    "marketplace": (1, "building", "city", "G W", {"commerce": 2}, None),
    "merchant-guild": (1, "building", "city", "3W 2B G", {"commerce": 4}, None),
    "mint": (1, "building", "city", "2L 2O 2B", {"commerce": 1}, None),
    "town-hall": (2, "building", "city", "2W 2O B", {"vp": 1}, None),
    "university": (2, "building", "city", "2O 2W Au", {"vp": 1}, ["library", "abbey"]),
    "cannon": (2, "unit", "any", "O 2B", {"strength": 3}, ["university"]),
    "crane": (1, "building", "city", "2L O", {}, ["university"]),
    "tower": (2, "building", "any", "2B L", {}, None),
    "wall": (1, "building", "any", "3B", {"vp": 1}, None),
    "customs-office": (2, "building", "settlement", "L B W", {"commerce": 1}, None),
    "castle": (1, "building", "any", "2B O G", {}, None),
    "fire-station": (2, "building", "city", "2B L", {}, None),
    "parliament": (1, "building", "city", "2O 2W G", {"vp": 1}, None),
    "embassy": (1, "building", "city", "2W O Au", {}, None),
    "palace": (1, "building", "city", "2O 2G 2W", {"vp": 2}, None),
    "privateer-fleet": (1, "unit", "any", "W L O", {"commerce": 1}, None),
    "imelda": (1, "unit", "any", "G W Au", {"tournament": 1}, None),
    "knight-hugo": (1, "unit", "any", "G O W", {"strength": 2, "tournament": 4}, None),
}
ACTIONS = {"alchemist": 2, "arsonist": 2, "bishop": 2, "black-knight": 3, "brigands": 1, "caravan": 1,
           "herb-woman": 2, "merchant": 2, "scout": 2, "spy": 3}
EVENTS = {"civil-war": 1, "conflict": 1, "master-builder": 1, "plague": 2, "productive-year": 2, "progress": 2,
          "year-end": 1, "raid": 1}
TOURNAMENT = {"university", "cannon", "crane", "tower", "wall", "customs-office", "castle", "fire-station",
              "parliament", "embassy", "palace", "privateer-fleet", "imelda", "knight-hugo", "raid"}


def test_si1_si2_si47_every_expansion_s_count_cost_points_site_and_prerequisite() -> None:
    from engines.siedler.cards import CATALOG

    for cid, (count, kind, placement, cost, points, prereq) in ALMANAC.items():
        c = CATALOG[cid]
        got = (c["count"], c["kind"], c["placement"], c["cost"], c["points"], c["prerequisite"])
        assert got == (count, kind, placement, _cost(cost), points, prereq), cid
    for cid, count in {**ACTIONS, **EVENTS}.items():
        c = CATALOG[cid]
        assert c["count"] == count and c["cost"] == {} and c["points"] == {} and c["placement"] is None, cid
        assert c["kind"] == ("action" if cid in ACTIONS else "event"), cid
    expansions = {i for i, c in CATALOG.cards.items() if c["kind"] in ("building", "unit", "action", "event")}
    assert expansions == set(ALMANAC) | set(ACTIONS) | set(EVENTS)


def test_si1_source_house_exactly_where_the_rulings_give_no_data() -> None:
    """SI-1/SI-5/SI-47: the region numbers (SI-5) and the whole Tournament Set are HOUSE; every
    other card's data the rulings give, so it is `confirmed`."""
    from engines.siedler.cards import CATALOG

    house = {i for i, c in CATALOG.cards.items() if c["source"] == "house"}
    regions = {i for i, c in CATALOG.cards.items() if c["kind"] == "region"}
    assert house == regions | TOURNAMENT


def test_si30_three_more_piles_hold_the_tournament_set_but_the_display_and_the_raid() -> None:
    """SI-30: five basic piles, then three piles (6, 6, 5) of ST-2..ST-14; both Universities
    in the display; the Raid joins the ten basic events."""
    from collections import Counter

    from tests.engines.siedler.table import new_game

    s = new_game()
    assert [len(p) for p in s["piles"]] == [13, 13, 12, 12, 12, 6, 6, 5]
    extra = Counter(c for p in s["piles"][5:] for c in p)
    want = Counter({c: ALMANAC[c][0] for c in TOURNAMENT - {"university", "raid"}})
    assert extra == want
    assert not any(c in TOURNAMENT for p in s["piles"][:5] for c in p)
    assert s["display"] == ["university", "university"]
    assert sorted(s["event_deck"]) == sorted(c for c, n in EVENTS.items() for _ in range(n))
    b = new_game("basic")
    assert len(b["piles"]) == 5 and b["display"] == [] and "raid" not in b["event_deck"] and len(b["event_deck"]) == 10


# ---------------------------------------------------------------- SI-10 / SI-18: card by card


def _region_of(s: dict, seat: int, resource: str) -> tuple[int, str, dict]:
    from engines.siedler import cards

    return next((c, side, r) for c, side, r in pr.regions(s["principalities"][seat]) if cards.card(r["card"])["resource"] == resource)


@pytest.mark.parametrize(
    "building,resource",
    [("brick-factory", "brick"), ("iron-foundry", "ore"), ("grain-mill", "grain"), ("sawmill", "lumber"), ("woolen-mill", "wool")],
)
def test_si10_each_doubling_building_doubles_its_resource_beside_it_only(building: str, resource: str) -> None:
    """SI-10 and the five doubling buildings: a bordering region of its resource gains 2 on its
    number (cap 3); the same building on the other side of the axis doubles nothing."""
    from engines.siedler import cards

    for side_offset, doubled in ((0, True), (1, False)):
        s = opening()
        me = s["turn"]
        col, side, r = _region_of(s, me, resource)
        site_col = col - 1 if col - 1 in (0, 2) else col + 1
        site_side = side if side_offset == 0 else ("below" if side == "above" else "above")
        place(s, me, building, site_col, site_side)
        number = cards.card(r["card"])["number"]
        r["stock"] = 0
        s, events = play(s, me, {"type": "roll"}, dice_key(number, "tournament"))
        got = next(x for *_, x in pr.regions(s["principalities"][me]) if x["card"] == r["card"])["stock"]
        assert got == (2 if doubled else 1), (building, side_offset)


KNIGHTS = [k for k, v in ALMANAC.items() if k.startswith("knight-")]


@pytest.mark.parametrize("knight", KNIGHTS)
def test_si18_each_knight_costs_its_price_and_brings_its_strength_and_tournament_points(knight: str) -> None:
    """SI-9/SI-18, the nine basic knights and Sir Hugo (ST-14): a unit on any free site,
    paid in full; strength and tournament points as the almanac gives them; the knight
    token for strictly more strength (SI-19)."""
    count, _, _, cost, points, _ = ALMANAC[knight]
    s = to_action(opening("basic" if knight != "knight-hugo" else "tournament-new-players"))
    me = s["turn"]
    grab(s, me, knight)
    empty(s, me)
    price = _cost(cost)
    set_stock(s, me, **price)
    s, events = play(s, me, {"type": "expand", "card": knight, "at": 1, "side": "below"})
    assert sum(stock(s, me).values()) == 0
    assert [e.data["resources"] for e in events if e.kind == "paid"] == [dict(sorted(price.items()))]
    assert scoring.strength(s, me) == points["strength"] and scoring.tournament(s, me) == points["tournament"]
    assert s["tokens"]["knight"] == me and scoring.vp(s, me) == 3


@pytest.mark.parametrize("card,commerce", [("marketplace", 2), ("counting-house", 3), ("merchant-guild", 4), ("mint", 1), ("harbor", 1)])
def test_si18_si19_red_commerce_buildings_and_the_windmill(card: str, commerce: int) -> None:
    """SI-18/SI-19: commerce points of the red buildings; strictly more commerce and a city
    bring the windmill token (1 VP)."""
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 0)
    grab(s, me, card)
    empty(s, me)
    set_stock(s, me, **_cost(ALMANAC[card][3]))
    with pytest.raises(IllegalMove, match="SI-9"):
        play(s, me, {"type": "expand", "card": card, "at": 2, "side": "above"})  # a settlement
    s, _ = play(s, me, {"type": "expand", "card": card, "at": 1, "side": "above"})
    assert scoring.commerce(s, me) == commerce and s["tokens"]["windmill"] == me
    assert scoring.vp(s, me) == 3 + 1


def test_si18_colossus_2_vp_and_the_vp_buildings() -> None:
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 0)
    cityfy(s, me, 2)
    base = scoring.vp(s, me)
    assert base == 4
    for card, (col, side, level) in {"colossus": (0, "above", 0), "library": (0, "above", 1), "town-hall": (0, "below", 0),
                                     "church": (2, "above", 0), "aqueduct": (2, "below", 0), "bath-house": (2, "below", 1)}.items():
        place(s, me, card, col, side, level)
    assert scoring.vp(s, me) == base + 2 + 5


# ---------------------------------------------------------------- the hand step, searches (SI-12, SI-44, ST-9)


def _below_limit(s: dict, me: int, n: int = 1) -> None:
    """Put n of the seat's hand cards back under pile 4 (the hand drops below the limit)."""
    for _ in range(n):
        s["piles"][3].append(s["hands"][me].pop())


def test_st9_parliament_owner_searches_free() -> None:
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 0)
    place(s, me, "parliament", 0, "above")
    _below_limit(s, me)
    empty(s, me)
    s, _ = play(s, me, {"type": "end"})
    assert {"type": "search", "pile": 2, "pay": []} in E.legal_moves(s, me)
    want = s["piles"][2][-1]
    s, events = play(s, me, {"type": "search", "pile": 2, "pay": []})
    s, _ = play(s, me, {"type": "take", "cards": [want]})
    assert want in s["hands"][me]


def test_si12_no_search_without_the_price() -> None:
    s = to_action(opening())
    me = s["turn"]
    _below_limit(s, me)
    empty(s, me)
    set_stock(s, me, ore=1)
    s, _ = play(s, me, {"type": "end"})
    assert all(m["type"] == "draw" for m in E.legal_moves(s, me))
    with pytest.raises(IllegalMove):
        play(s, me, {"type": "search", "pile": 0, "pay": ["ore", "ore"]})


def test_si12_a_hand_step_search_keeps_the_pile_order_and_shows_it_to_the_searcher_alone() -> None:
    s = to_action(opening())
    me = s["turn"]
    _below_limit(s, me)
    set_stock(s, me, ore=2)
    s, _ = play(s, me, {"type": "end"})
    before = list(s["piles"][6])
    s, events = play(s, me, {"type": "search", "pile": 6, "pay": ["ore", "ore"]})
    seen = [e for e in events if e.kind == "pile_seen"]
    assert seen[0].to == (me,) and seen[0].data["cards"] == before
    assert E.view(s, 1 - me)["searching"] is None and E.view(s, None)["searching"] is None
    assert E.legal_moves(s, 1 - me) == []
    s, events = play(s, me, {"type": "take", "cards": [before[3]]})
    assert s["piles"][6] == before[:3] + before[4:]
    assert [e.to for e in events if e.kind == "took_cards"] == [(me,)]
    public = [e.data for e in events if e.to is None and e.kind == "took"]
    assert public == [{"seat": me, "pile": 6, "count": 1, "how": "search"}]


def test_si44_the_exchanged_card_goes_under_the_pile_its_replacement_is_searched_from() -> None:
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, ore=2)
    s, _ = play(s, me, {"type": "end"})
    assert s["pending"]["may_exchange"]
    card = s["hands"][me][0]
    before = list(s["piles"][5])
    s, _ = play(s, me, {"type": "exchange", "card": card, "pile": 5})
    assert s["piles"][5] == before + [card] and len(s["hands"][me]) == 2
    with pytest.raises(IllegalMove, match="pile 6"):
        play(s, me, {"type": "draw", "pile": 0})
    assert {m["pile"] for m in E.legal_moves(s, me)} == {5}
    s, _ = play(s, me, {"type": "search", "pile": 5, "pay": ["ore", "ore"]})
    s, _ = play(s, me, {"type": "take", "cards": [before[1]]})
    assert before[1] in s["hands"][me] and len(s["hands"][me]) == 3
    assert E.to_move(s) == 1 - me  # one exchange only: the turn is over


def test_si13_the_hand_limit_with_two_abbeys_and_a_library_is_6() -> None:
    s = to_action(opening())
    me = s["turn"]
    cityfy(s, me, 0)
    place(s, me, "abbey", 0, "above")
    place(s, me, "abbey", 2, "above")
    place(s, me, "library", 0, "below")
    assert hands.hand_limit(s, me) == 6
    s, _ = play(s, me, {"type": "end"})
    for _ in range(3):
        s, _ = play(s, me, {"type": "draw", "pile": 7})
    assert len(s["hands"][me]) == 6


# ---------------------------------------------------------------- the action phase (SI-11, SI-22, SI-40)


def test_si11_build_trade_and_remove_in_any_order_then_end() -> None:
    s = to_action(opening())
    me = s["turn"]
    empty(s, me)
    set_stock(s, me, ore=3, brick=3, lumber=1)
    place(s, me, "garrison", 0, "above")
    s, _ = play(s, me, {"type": "trade", "give": "ore", "rate": 3, "get": "lumber"})  # trade
    s, _ = play(s, me, {"type": "build", "what": "road", "end": "right"})  # build
    s, _ = play(s, me, {"type": "remove", "at": 1, "side": "above", "level": 0})  # remove
    assert s["pending"]["kind"] == "action" and E.to_move(s) == me
    assert s["discard"] == ["garrison"] and 3 in s["principalities"][me]["roads"]
    s, _ = play(s, me, {"type": "end"})
    assert s["pending"]["kind"] in ("hand",) or E.to_move(s) == 1 - me


def test_si40_only_own_expansions_only_in_the_action_phase_never_back_to_a_pile() -> None:
    s = opening()
    me = s["turn"]
    place(s, me, "garrison", 0, "above")
    place(s, 1 - me, "abbey", 0, "above")
    with pytest.raises(IllegalMove):
        play(s, me, {"type": "remove", "at": 1, "side": "above", "level": 0})  # before the roll
    s = to_action(s)
    assert {"type": "remove", "at": 1, "side": "above", "level": 0} in E.legal_moves(s, me)
    assert len([m for m in E.legal_moves(s, me) if m["type"] == "remove"]) == 1  # not the opponent's Abbey
    piles = [list(p) for p in s["piles"]]
    s, events = play(s, me, {"type": "remove", "at": 1, "side": "above", "level": 0})
    assert s["discard"] == ["garrison"] and s["piles"] == piles and "garrison" not in s["hands"][me]
    assert not any(m["type"] == "reclaim" for m in E.legal_moves(s, me))


def test_si22_the_offer_is_the_opponent_s_own_decision_and_he_cannot_accept_without_the_goods() -> None:
    s = to_action(opening())
    me = s["turn"]
    set_stock(s, me, wool=1)
    empty(s, 1 - me)
    s, _ = play(s, me, {"type": "offer", "give": {"wool": 1}, "get": {"ore": 1}})
    assert E.to_move(s) == 1 - me and E.legal_moves(s, me) == []
    assert E.legal_moves(s, 1 - me) == [{"type": "decline"}]
    with pytest.raises(IllegalMove):
        play(s, 1 - me, {"type": "accept"})
    with pytest.raises(IllegalMove):
        play(s, me, {"type": "accept"})
    with pytest.raises(IllegalMove, match="do not have"):
        play(*_back(s, me), {"type": "offer", "give": {"ore": 1}, "get": {"wool": 1}})


def _back(s: dict, me: int) -> tuple[dict, int]:
    t, _ = play(s, 1 - me, {"type": "decline"})
    empty(t, me)
    return t, me


# ---------------------------------------------------------------- duels (SI-24)


def _duel_table(card: str) -> tuple[dict, int]:
    s, me = ready()
    grab(s, me, card)
    place(s, 1 - me, "abbey", 2, "above")
    place(s, 1 - me, "knight-otto", 2, "below")
    place(s, me, "knight-hagen", 2, "below")
    place(s, me, "garrison", 2, "above")
    set_stock(s, 1 - me, ore=2)
    return s, me


@pytest.mark.parametrize("card,counter,wrong", [("arsonist", "bishop", "herb-woman"), ("brigands", "bishop", "herb-woman"),
                                                ("black-knight", "herb-woman", "bishop")])
def test_si24_every_duel_asks_the_defender_even_without_a_counter_and_only_the_right_one_counts(
    card: str, counter: str, wrong: str
) -> None:
    """SI-24: Arsonist and Brigands are countered by the Bishop, the Black Knight by the Herb
    Woman; the defender is asked in every case (a move of his, to_move is he), and the
    spectator's view of the question is the same whether he holds the counter or not."""
    views = []
    for holds in (None, wrong, counter):
        s, me = _duel_table(card)
        if holds:
            grab(s, 1 - me, holds)
        s, events = play(s, me, {"type": "play", "card": card})
        assert E.to_move(s) == 1 - me and s["pending"]["kind"] == "counter"
        assert card in s["discard"] and card not in s["hands"][me]
        legal = E.legal_moves(s, 1 - me)
        assert legal == ([{"type": "counter", "card": counter}] if holds == counter else []) + [{"type": "nocounter"}]
        views.append(E.view(s, None)["pending"])
        with pytest.raises(IllegalMove):
            play(s, 1 - me, {"type": "counter", "card": wrong})
    assert views[0] == views[1] == views[2]


@pytest.mark.parametrize("die,success", [(1, True), (2, True), (3, False), (4, False), (5, False), (6, False)])
def test_si24_a_countered_black_knight_wins_on_1_2_else_the_defender_takes_one_of_his_knights(die: int, success: bool) -> None:
    s, me = _duel_table("black-knight")
    grab(s, 1 - me, "herb-woman")
    s, _ = play(s, me, {"type": "play", "card": "black-knight"})
    s, events = play(s, 1 - me, {"type": "counter", "card": "herb-woman"}, die_key(die))
    assert "herb-woman" in s["discard"]
    chooser = me if success else 1 - me
    assert E.to_move(s) == chooser and s["pending"]["kind"] == "duel_choice"
    s, _ = play(s, chooser, E.legal_moves(s, chooser)[0])
    loser = 1 - chooser
    assert ("knight-otto" if success else "knight-hagen") in s["hands"][loser]


@pytest.mark.parametrize("die,success", [(1, True), (5, True), (6, False)])
def test_si24_uncountered_brigands_take_2_of_choice_or_give_2(die: int, success: bool) -> None:
    s, me = _duel_table("brigands")
    set_stock(s, me, grain=2)
    s, _ = play(s, me, {"type": "play", "card": "brigands"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(die))
    taker, victim = (me, 1 - me) if success else (1 - me, me)
    before = stock(s, victim)
    for _ in range(2):
        assert E.to_move(s) == taker and s["pending"]["source"] == victim
        res = E.legal_moves(s, taker)[0]["resource"]
        s, _ = play(s, taker, {"type": "choose", "resource": res})
    assert sum(stock(s, victim).values()) == sum(before.values()) - 2
    assert s["pending"]["kind"] == "action" and E.to_move(s) == me


# ---------------------------------------------------------------- "up to": every choice is listed


def test_merchant_and_caravan_list_every_choice_of_up_to_two() -> None:
    """Merchant and Caravan (siedler.md): "up to 2" resources; the legal moves list the two-card
    choices too, and each listed move applies."""
    s, me = ready()
    grab(s, me, "merchant", "caravan")
    empty(s, me)
    empty(s, 1 - me)
    set_stock(s, me, wool=1)
    set_stock(s, 1 - me, ore=2, grain=1)
    legal = E.legal_moves(s, me)
    merchant = [m for m in legal if m.get("card") == "merchant"]
    assert {"type": "play", "card": "merchant", "take": ["ore", "ore"], "give": "ore"} in merchant
    assert {"type": "play", "card": "merchant", "take": ["grain", "ore"], "give": "wool"} in merchant
    assert not any(m["take"] == ["grain", "grain"] for m in merchant)  # he has one grain
    caravan = [m for m in legal if m.get("card") == "caravan"]
    assert caravan and all(m["give"] == ["wool"] for m in caravan)  # one wool: one card to give
    for m in merchant + caravan:
        play(s, me, m)


def test_st15_the_raider_may_name_fewer_than_three() -> None:
    from tests.engines.siedler.test_events import roll_event, with_event

    s, me = with_event("raid")
    for col, side in ((0, "above"), (0, "below"), (2, "above"), (2, "below")):
        place(s, me, ["abbey", "garrison", "smithy", "tower"][len([1 for *_, c in pr.expansions(s["principalities"][me])])], col, side)
    place(s, 1 - me, "knight-otto", 2, "above")
    s, _ = roll_event(s, me)
    legal = E.legal_moves(s, 1 - me)
    assert len(legal) == 4 + 6 + 4 and all(1 <= len(m["sites"]) <= 3 for m in legal)
    assert len(legal[0]["sites"]) == 3
    s, _ = play(s, 1 - me, {"type": "name", "sites": [{"at": 2, "side": "below", "level": 0}]})
    assert E.legal_moves(s, me) == [{"type": "target", "at": 2, "side": "below", "level": 0}]


# ---------------------------------------------------------------- SI-20, off-turn decisions


def test_si20_the_opponent_at_the_target_does_not_win_on_my_turn_not_even_on_his_own_decision() -> None:
    """SI-20 (target 5 here): the opponent has 5 VP during my turn and decides a duel's
    counter; no win until his own turn begins, and then at once if he still has it."""
    s, me = ready()
    s["options"]["target"] = 5
    cityfy(s, 1 - me, 2)  # 4 VP
    place(s, 1 - me, "colossus", 0, "above")  # 6 VP
    grab(s, me, "arsonist")
    place(s, 1 - me, "abbey", 2, "above")
    place(s, me, "garrison", 2, "above")
    s, _ = play(s, me, {"type": "play", "card": "arsonist"})
    assert E.to_move(s) == 1 - me and E.result(s) is None
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(6))  # backfires: the opponent chooses
    assert E.result(s) is None and E.to_move(s) == 1 - me
    s, _ = play(s, 1 - me, E.legal_moves(s, 1 - me)[0])
    s, _ = play(s, me, {"type": "end"})
    while E.result(s) is None and E.to_move(s) == me:
        s, _ = play(s, me, E.legal_moves(s, me)[0])
    assert E.result(s)["winner"] == 1 - me and s["turn"] == 1 - me and s["pending"] is None


def test_si20_a_target_lost_before_his_turn_is_no_win() -> None:
    """The opponent reaches the target on my turn, I take it back before my turn ends
    (an Arsonist on his VP building): no win at the start of his turn."""
    s, me = ready()
    s["options"]["target"] = 4
    place(s, 1 - me, "library", 0, "above")  # 3 + 1 = 4 on my turn
    grab(s, me, "arsonist")
    s, _ = play(s, me, {"type": "play", "card": "arsonist"})
    s, _ = play(s, 1 - me, {"type": "nocounter"}, die_key(1))
    s, _ = play(s, me, {"type": "target", "at": 1, "side": "above", "level": 0})
    while E.to_move(s) == 1 - me and s["pending"]["kind"] == "excess":
        s, _ = play(s, 1 - me, E.legal_moves(s, 1 - me)[0])
    s, _ = play(s, me, {"type": "end"})
    while E.result(s) is None and E.to_move(s) == me:
        s, _ = play(s, me, E.legal_moves(s, me)[0])
    assert E.result(s) is None and s["turn"] == 1 - me and s["pending"]["kind"] == "roll"


def test_si16_off_turn_seats_decide_their_own_resource_choices() -> None:
    """SI-16/SI-17: Year of plenty asks the player on turn, then the other (his own move);
    a knight tournament won by the seat not on turn is his decision too."""
    s = opening()
    me = s["turn"]
    s, _ = play(s, me, {"type": "roll"}, dice_key(None, "plenty"))
    assert E.to_move(s) == me and s["pending"]["why"] == "plenty"
    s, _ = play(s, me, {"type": "choose", "resource": "ore"})
    assert E.to_move(s) == 1 - me and E.legal_moves(s, me) == []
    with pytest.raises(IllegalMove, match="not your decision"):
        play(s, me, {"type": "choose", "resource": "ore"})
    s, events = play(s, 1 - me, {"type": "choose", "resource": "wool"})
    assert [e.data["seat"] for e in events if e.kind == "takes"] == [1 - me]
    t = opening()
    me = t["turn"]
    put(t, 1 - me, "knight-falk", 0, "above")
    t, _ = play(t, me, {"type": "roll"}, dice_key(None, "tournament"))
    assert E.to_move(t) == 1 - me and t["pending"]["why"] == "tournament"
