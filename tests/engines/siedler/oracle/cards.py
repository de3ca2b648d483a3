"""ORACLE: frozen copy of engines/siedler/cards.py before the speed work (see oracle/rules.py).

The card almanac (SI-1): load cards.json, check its schema, answer questions about cards.

Cards are data and effects are code: every card is one entry of cards.json (shipped
in this package), so a player who owns the printed cards corrects the data without
touching code. The schema is checked at load; a bad file raises CardDataError naming
the entry and the field, never a bare KeyError deep inside the rules.

Cards of one id are interchangeable, so hands, piles and principalities hold card ids
(plain strings) and a card's data is looked up here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

RESOURCES = ("lumber", "wool", "grain", "brick", "ore", "gold")
KINDS = ("road", "settlement", "city", "region", "building", "unit", "action", "event")
EXPANSIONS = ("building", "unit")
PLACEMENTS = ("any", "city", "settlement")
POINTS = ("vp", "strength", "tournament", "commerce")
SOURCES = ("confirmed", "house")
SETS = ("basic", "tournament")
SIDES = ("above", "below")

_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "id": str,
    "name_en": str,
    "name_de": str,
    "set": str,
    "count": int,
    "kind": str,
    "cost": dict,
    "points": dict,
    "placement": (str, type(None)),
    "prerequisite": (list, type(None)),
    "effect": (str, type(None)),
    "source": str,
}
_OPTIONAL = {"start_each", "resource", "number", "start", "effect_args", "deal"}


class CardDataError(ValueError):
    """The card file breaks the schema; the message names the entry and the field."""


@dataclass(frozen=True)
class Catalog:
    """The checked card file: entries by id, in file order."""

    cards: dict[str, dict[str, Any]]

    def __getitem__(self, card_id: str) -> dict[str, Any]:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def ids(self, *, kind: str | None = None, set_: str | None = None) -> list[str]:
        return [
            i
            for i, c in self.cards.items()
            if (kind is None or c["kind"] == kind) and (set_ is None or c["set"] == set_)
        ]

    def count(self, set_: str | None = None) -> int:
        return sum(c["count"] for c in self.cards.values() if set_ is None or c["set"] == set_)

    def effect_ids(self) -> set[str]:
        return {c["effect"] for c in self.cards.values() if c["effect"] is not None}


def _fail(where: str, message: str) -> CardDataError:
    return CardDataError(f"cards: {where}: {message}")


def _check_counts(where: str, field: str, value: Any, keys: tuple[str, ...]) -> None:
    if not isinstance(value, dict):
        raise _fail(where, f"{field} must be an object")
    for k, n in value.items():
        if k not in keys:
            raise _fail(where, f"{field}: unknown key {k!r} (known: {', '.join(keys)})")
        if type(n) is not int or n < 1:
            raise _fail(where, f"{field}: {k} must be a whole number >= 1, not {n!r}")


def _check_entry(i: int, entry: Any) -> dict[str, Any]:
    where = f"entry {i}"
    if not isinstance(entry, dict):
        raise _fail(where, "each card is an object")
    if isinstance(entry.get("id"), str):
        where = f"entry {i} ({entry['id']})"
    for key, typ in _REQUIRED.items():
        if key not in entry:
            raise _fail(where, f"missing field {key!r}")
        if not isinstance(entry[key], typ) or (typ is int and type(entry[key]) is not int):
            raise _fail(where, f"field {key!r} has the wrong type ({type(entry[key]).__name__})")
    extra = set(entry) - set(_REQUIRED) - _OPTIONAL
    if extra:
        raise _fail(where, f"unknown field(s) {', '.join(sorted(extra))}")
    if not entry["id"] or not all(ch.isalnum() or ch == "-" for ch in entry["id"]):
        raise _fail(where, "id must be letters, digits and '-'")
    for field, allowed in (("kind", KINDS), ("source", SOURCES), ("set", SETS)):
        if entry[field] not in allowed:
            raise _fail(where, f"{field} must be one of {', '.join(allowed)}, not {entry[field]!r}")
    if entry["count"] < 1:
        raise _fail(where, "count must be at least 1")
    _check_counts(where, "cost", entry["cost"], RESOURCES)
    _check_counts(where, "points", entry["points"], POINTS)
    kind = entry["kind"]
    if kind in EXPANSIONS:
        if entry["placement"] not in PLACEMENTS:
            raise _fail(where, f"an expansion's placement is one of {', '.join(PLACEMENTS)}")
    elif entry["placement"] is not None:
        raise _fail(where, "only buildings and units have a placement")
    if kind in ("action", "event") and entry["effect"] is None:
        raise _fail(where, "action and event cards need an effect id")
    if entry["prerequisite"] is not None and not (
        entry["prerequisite"] and all(isinstance(p, str) for p in entry["prerequisite"])
    ):
        raise _fail(where, "prerequisite is null or a non-empty list of card ids (any one suffices)")
    if "effect_args" in entry and not isinstance(entry["effect_args"], dict):
        raise _fail(where, "effect_args must be an object")
    if "start_each" in entry and (kind not in ("road", "settlement") or type(entry["start_each"]) is not int):
        raise _fail(where, "start_each (cards each player starts with) is for roads and settlements")
    if "deal" in entry and entry["deal"] != "display":
        raise _fail(where, "deal, when given, is 'display'")
    if kind == "region":
        if entry.get("resource") not in RESOURCES:
            raise _fail(where, f"a region needs a resource, one of {', '.join(RESOURCES)}")
        if type(entry.get("number")) is not int or not 1 <= entry["number"] <= 6:
            raise _fail(where, "a region needs a die number 1-6")
        if entry["count"] != 1:
            raise _fail(where, "each region card is its own entry (count 1)")
        start = entry.get("start")
        if start is not None and (
            not isinstance(start, dict)
            or set(start) != {"player", "side", "pos"}
            or start["player"] not in (0, 1)
            or start["side"] not in SIDES
            or start["pos"] not in (0, 1, 2)
        ):
            raise _fail(where, "start is {player: 0|1, side: above|below, pos: 0-2}")
    elif "resource" in entry or "number" in entry or "start" in entry:
        raise _fail(where, "resource, number and start are for regions")
    return entry


def check(doc: Any) -> Catalog:
    """The schema check (SI-1): raise CardDataError with a clear message, else the Catalog."""
    if not isinstance(doc, dict) or doc.get("schema") != 1 or not isinstance(doc.get("cards"), list):
        raise CardDataError("cards: the file is an object with \"schema\": 1 and a \"cards\" list")
    out: dict[str, dict[str, Any]] = {}
    for i, entry in enumerate(doc["cards"]):
        entry = _check_entry(i, entry)
        if entry["id"] in out:
            raise _fail(f"entry {i}", f"duplicate id {entry['id']!r}")
        out[entry["id"]] = entry
    for cid, entry in out.items():
        for p in entry["prerequisite"] or []:
            if p not in out:
                raise _fail(cid, f"prerequisite {p!r} is no card")
    for kind in ("road", "settlement", "city"):
        if len([c for c in out.values() if c["kind"] == kind]) != 1:
            raise CardDataError(f"cards: exactly one {kind} entry is needed")
    for player in (0, 1):
        start = [c for c in out.values() if c["kind"] == "region" and (c.get("start") or {}).get("player") == player]
        slots = {(c["start"]["side"], c["start"]["pos"]) for c in start}
        if len(start) != 6 or len(slots) != 6 or {c["resource"] for c in start} != set(RESOURCES):
            raise CardDataError(
                f"cards: player {player} needs six start regions, one per resource, on six different slots"
            )
    return Catalog(out)


def load_text(text: str) -> Catalog:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"cards: not valid JSON ({exc})") from None
    return check(doc)


def load_default() -> Catalog:
    """The almanac shipped in this package (package data, see pyproject.toml)."""
    data = resources.files("tests.engines.siedler.oracle").joinpath("cards.json")
    return load_text(data.read_text(encoding="utf-8"))


CATALOG = load_default()


def card(card_id: str) -> Mapping[str, Any]:
    return CATALOG[card_id]


def is_card(card_id: Any) -> bool:
    return isinstance(card_id, str) and card_id in CATALOG


def kind(card_id: str) -> str:
    return CATALOG[card_id]["kind"]


def name(card_id: str) -> str:
    return CATALOG[card_id]["name_en"]


def points(card_id: str, what: str) -> int:
    return int(CATALOG[card_id]["points"].get(what, 0))


def cost(card_id: str) -> dict[str, int]:
    return dict(CATALOG[card_id]["cost"])


def effect(card_id: str) -> str | None:
    return CATALOG[card_id]["effect"]


def effect_args(card_id: str) -> dict[str, Any]:
    return dict(CATALOG[card_id].get("effect_args") or {})


def is_knight(card_id: str) -> bool:
    return CATALOG[card_id]["effect"] == "knight"


def start_regions(player: int) -> list[dict[str, Any]]:
    """SI-5/SI-6: a player's six start regions with their default slots."""
    return [c for c in CATALOG.cards.values() if c["kind"] == "region" and (c.get("start") or {}).get("player") == player]


def region_pile() -> list[str]:
    """SI-2: the 11 regions of the centre, in file order (setup shuffles them)."""
    return [c["id"] for c in CATALOG.cards.values() if c["kind"] == "region" and "start" not in c]


def central(kind_: str) -> int:
    """SI-2: how many roads, settlements or cities lie in the centre (count less the start cards)."""
    entry = CATALOG[kind_]
    return entry["count"] - 2 * entry.get("start_each", 0)


def draw_pile_cards(set_: str) -> list[str]:
    """The cards of a set that go into the draw piles: expansions and actions, not the display."""
    return [
        c["id"]
        for c in CATALOG.cards.values()
        for _ in range(c["count"])
        if c["set"] == set_ and c["kind"] in ("building", "unit", "action") and c.get("deal") != "display"
    ]


def event_cards(set_: str) -> list[str]:
    return [c["id"] for c in CATALOG.cards.values() for _ in range(c["count"]) if c["set"] == set_ and c["kind"] == "event"]


def display_cards() -> list[str]:
    return [c["id"] for c in CATALOG.cards.values() for _ in range(c["count"]) if c.get("deal") == "display"]
