"""The card almanac (SI-1, SI-2, SI-5, SI-30, ST-1..ST-15): counts, schema check, effect handlers."""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

import engines
from engines.siedler import cards, effects, rules
from engines.siedler.cards import CATALOG, CardDataError

ROOT = Path(__file__).resolve().parents[3]
RAW = json.loads((ROOT / "engines/siedler/cards.json").read_text(encoding="utf-8"))


def counted(set_: str, kind: str) -> int:
    return sum(c["count"] for c in CATALOG.cards.values() if c["set"] == set_ and c["kind"] == kind)


def test_si2_the_basic_game_has_120_cards() -> None:
    assert CATALOG.count("basic") == 120


def test_si2_start_cards_and_centre() -> None:
    """Per player 1 road, 2 settlements, 6 regions; centre 7 roads, 5 settlements, 7 cities, 11 regions."""
    assert CATALOG["road"]["start_each"] == 1 and cards.central("road") == 7
    assert CATALOG["settlement"]["start_each"] == 2 and cards.central("settlement") == 5
    assert cards.central("city") == 7
    for player in (0, 1):
        assert sorted(c["resource"] for c in cards.start_regions(player)) == sorted(cards.RESOURCES)
    pile = Counter(CATALOG[r]["resource"] for r in cards.region_pile())
    assert pile == {"lumber": 2, "wool": 2, "grain": 2, "brick": 2, "ore": 2, "gold": 1}
    assert counted("basic", "region") == 23


def test_si2_ten_events_and_62_expansion_cards() -> None:
    assert counted("basic", "event") == 10
    assert len(cards.draw_pile_cards("basic")) == 62
    assert counted("basic", "action") == 20
    green = [c for c in CATALOG.cards.values() if c["set"] == "basic" and c["placement"] == "any"]
    red = [c for c in CATALOG.cards.values() if c["set"] == "basic" and c["placement"] == "city"]
    assert sum(c["count"] for c in green) == 26  # 11 buildings, 6 fleets, 9 knights
    assert sum(c["count"] for c in red) == 16


def test_si2_named_counts_and_costs() -> None:
    """A sample of the almanac: counts, costs and points as SI-2 lists them."""
    assert CATALOG["abbey"]["count"] == 2 and CATALOG["garrison"]["count"] == 3
    assert CATALOG["spy"]["count"] == 3 and CATALOG["black-knight"]["count"] == 3
    assert cards.cost("road") == {"brick": 2, "lumber": 1}
    assert cards.cost("city") == {"ore": 3, "grain": 2}
    assert cards.cost("knight-karl") == {"grain": 2, "ore": 2, "wool": 3}
    assert cards.points("knight-karl", "strength") == 7 and cards.points("knight-karl", "tournament") == 1
    assert cards.cost("colossus") == {"ore": 3, "brick": 3, "grain": 3} and cards.points("colossus", "vp") == 2
    assert cards.points("merchant-guild", "commerce") == 4
    assert len([c for c in CATALOG.cards.values() if c["effect"] == "trade_fleet"]) == 6
    assert len([c for c in CATALOG.cards.values() if c["effect"] == "knight" and c["set"] == "basic"]) == 9


def test_si5_region_numbers_are_house_data() -> None:
    regions = [c for c in CATALOG.cards.values() if c["kind"] == "region"]
    assert {c["source"] for c in regions} == {"house"}
    assert CATALOG["pasture-3"]["start"] == {"player": 0, "side": "above", "pos": 0}
    assert CATALOG["goldfield-2"]["number"] == 2 and "start" not in CATALOG["goldfield-2"]


def test_si30_st_the_tournament_set() -> None:
    """ST-1..ST-15: 2 Universities for the display, 17 cards for three piles, one Raid; all HOUSE."""
    t = [c for c in CATALOG.cards.values() if c["set"] == "tournament"]
    assert {c["source"] for c in t} == {"house"}
    assert cards.display_cards() == ["university", "university"]
    assert len(cards.draw_pile_cards("tournament")) == 17
    assert cards.event_cards("tournament") == ["raid"]
    assert CATALOG["university"]["prerequisite"] == ["library", "abbey"]
    assert CATALOG["cannon"]["prerequisite"] == ["university"]


def test_si1_basic_cards_are_confirmed_except_the_regions() -> None:
    house = sorted(c["id"] for c in CATALOG.cards.values() if c["set"] == "basic" and c["source"] == "house")
    assert house == sorted(c["id"] for c in CATALOG.cards.values() if c["kind"] == "region")


def test_si1_every_effect_id_has_a_handler_or_is_listed_as_not_yet() -> None:
    used = CATALOG.effect_ids()
    assert rules.handled() | effects.NOT_YET == used
    assert not rules.handled() & effects.NOT_YET
    assert not rules.handled() - used, "a handler for an effect no card has"


def test_si1_no_registration_while_effects_are_missing() -> None:
    """The engine joins the registry only once every effect id has its handler."""
    registered = "siedler" in engines._MODULES
    assert not (registered and effects.NOT_YET), f"siedler registered with effects missing: {sorted(effects.NOT_YET)}"


def test_si1_the_data_file_is_package_data() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "cards.json" in conf["tool"]["setuptools"]["package-data"]["engines.siedler"]


def broken(mutate) -> str:
    doc = json.loads(json.dumps(RAW))
    mutate(doc)
    with pytest.raises(CardDataError) as info:
        cards.check(doc)
    return str(info.value)


def entry(doc: dict, card_id: str) -> dict:
    return next(c for c in doc["cards"] if c["id"] == card_id)


def test_si1_schema_errors_name_the_entry_and_field() -> None:
    assert re.search(r"abbey.*missing field 'cost'", broken(lambda d: entry(d, "abbey").pop("cost")))
    assert "unknown key 'wood'" in broken(lambda d: entry(d, "abbey")["cost"].update(wood=1))
    assert "duplicate id 'abbey'" in broken(lambda d: d["cards"].append(dict(entry(d, "abbey"))))
    assert "prerequisite 'lab'" in broken(lambda d: entry(d, "university").update(prerequisite=["lab"]))
    assert "kind must be one of" in broken(lambda d: entry(d, "spy").update(kind="spell"))
    assert "source must be one of" in broken(lambda d: entry(d, "spy").update(source="maybe"))
    assert "need an effect id" in broken(lambda d: entry(d, "spy").update(effect=None))
    assert "die number" in broken(lambda d: entry(d, "forest-4").update(number=7))
    assert "placement" in broken(lambda d: entry(d, "abbey").update(placement="sky"))
    assert "wrong type" in broken(lambda d: entry(d, "abbey").update(count="2"))
    assert "six start regions" in broken(lambda d: entry(d, "forest-4").pop("start"))
    assert "schema" in broken(lambda d: d.update(schema=2))


def test_si1_bad_json_is_a_clear_error() -> None:
    with pytest.raises(CardDataError, match="not valid JSON"):
        cards.load_text("{")


def test_the_almanac_text_lists_every_card_with_its_effect_in_words() -> None:
    from engines.siedler import almanac

    text = engines.get("siedler").cards_text()
    assert text.splitlines()[0].endswith("140 cards")
    assert len(text.splitlines()) == 2 + len(CATALOG.cards)
    assert text.splitlines()[1] == "costs: L lumber, W wool, G grain, B brick, O ore, Au gold"  # the key to the letters
    line = next(x for x in text.splitlines() if x.startswith("bishop "))
    assert "counters Arsonist and Brigands" in line and "(confirmed)" in line
    assert "2 VP" not in line
    assert "its two regions of grain produce double" in text
    for c in CATALOG.cards.values():
        if c["effect"]:
            assert c["effect"] in almanac.EFFECTS, c["effect"]
    assert almanac.text("basic").splitlines()[0].endswith("120 cards (basic)")
