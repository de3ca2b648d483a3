"""The card almanac as text (for `pbem cards siedler`): every card of cards.json with its
names, count, kind, cost, points, site, prerequisite, effect and source."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.siedler import cards

LETTERS = {"lumber": "L", "wool": "W", "grain": "G", "brick": "B", "ore": "O", "gold": "Au"}
KIND_ORDER = {k: i for i, k in enumerate(cards.KINDS)}

EFFECTS = {
    "hand_limit": "hand limit +1",
    "garrison": "its two regions are not counted by the brigand; Productive Year",
    "smithy": "each own knight +1 strength",
    "doubling": "its two regions of {resource} produce double",
    "trade_fleet": "trade 2 {resource} for 1 of choice",
    "knight": "a knight",
    "aqueduct": "own regions immune to the Plague",
    "bath_house": "the four regions of its city immune to the Plague",
    "church": "units in its city safe from the Civil War",
    "harbor": "+1 commerce per own fleet",
    "mint": "trade gold 1:1",
    "town_hall": "a search costs 1",
    "alchemist": "before the roll: choose the production number",
    "arsonist": "duel: a building back to hand",
    "counter": "counters {against}",
    "black_knight": "duel: a knight back to hand",
    "brigands": "duel: take 2 resources of choice",
    "caravan": "swap up to 2 own resources with the supply",
    "merchant": "take up to 2 resources of choice, give back 1",
    "scout": "with a settlement: choose its two regions",
    "spy": "look at the opponent's hand, take an action card or unit",
    "civil_war": "each loses a unit chosen by the opponent",
    "conflict": "the knight holder puts 2 opposing hand cards under piles",
    "master_builder": "each may swap a hand card for a pile card",
    "plague": "regions by own cities lose 1",
    "productive_year": "Garrison regions gain 1 per Garrison",
    "progress": "1 resource per own Abbey and Library",
    "year_end": "shuffle the event deck",
    "university": "at most one each; enables Cannon and Crane",
    "cannon": "strength only, not a knight",
    "crane": "cities and red expansions cost one resource less",
    "tower": "a Spy may look but takes nothing",
    "wall": "no Spy against its owner",
    "customs_office": "1 gold after its owner's production",
    "castle": "knights cost one ore less",
    "fire_station": "the Arsonist cannot choose buildings of its city",
    "parliament": "free searches",
    "embassy": "see every card the opponent draws",
    "palace": "on Year of plenty: a discarded card instead of a resource",
    "privateer": "the opponent's trade advantage brings nothing",
    "imelda": "opposing knights 1 strength less",
    "raid": "one knight-holder: a building of the opponent back to hand",
}


COST_KEY = "costs: " + ", ".join(f"{letter} {r}" for r, letter in LETTERS.items())


def cost_text(c: Mapping[str, Any]) -> str:
    """A cost in letters ("2O 2G B"; COST_KEY says which is which): short enough for a line."""
    return " ".join(f"{n if n > 1 else ''}{LETTERS[r]}" for r, n in c["cost"].items()) or "-"


def _points(c: Mapping[str, Any]) -> str:
    return ", ".join(f"{n} {k}" for k, n in c["points"].items()) or "-"


def effect_text(c: Mapping[str, Any]) -> str:
    eff = c["effect"]
    if eff is None:
        return "-"
    args = dict(c.get("effect_args") or {})
    if "against" in args:
        args["against"] = " and ".join(cards.name(a) for a in args["against"])
    return EFFECTS.get(eff, eff).format(**args)


def lines(set_: str | None = None) -> list[str]:
    """One line per card entry, grouped by kind."""
    entries = sorted(
        (c for c in cards.CATALOG.cards.values() if set_ is None or c["set"] == set_),
        key=lambda c: (KIND_ORDER[c["kind"]], c["set"] != "basic", c["id"]),
    )
    out = []
    for c in entries:
        site = c["placement"] or ""
        need = " or ".join(cards.name(p) for p in c["prerequisite"] or []) or ""
        region = f" (die {c['number']})" if c["kind"] == "region" else ""
        out.append(
            f"{c['id']:<18} {c['name_en']} / {c['name_de']}{region}  x{c['count']}  {c['kind']}"
            + (f" [{site}]" if site else "")
            + f"  cost {cost_text(c)}  points {_points(c)}"
            + (f"  needs {need}" if need else "")
            + f"  {effect_text(c)}  ({c['source']})"
        )
    return out


def text(set_: str | None = None) -> str:
    total = cards.CATALOG.count(set_)
    head = f"Die Siedler von Catan - Das Kartenspiel: {total} cards"
    head += "" if set_ is None else f" ({set_})"
    return "\n".join([head, COST_KEY, *lines(set_)])


SITES = {"any": "any site", "city": "city site", "settlement": "settlement site"}


def in_short(card_id: str) -> str:
    """What a hand card is and does, from its data, for the hand under the board: kind,
    where it goes, cost, points, effect ("building, city site, cost 2L 2O 2B, 1 vp: own
    regions immune to the Plague")."""
    c = cards.card(card_id)
    parts = [f"{c['kind']} card" if c["kind"] in ("action", "event") else c["kind"]]
    if c["placement"]:
        parts.append(SITES[c["placement"]])
    if c["cost"]:
        parts.append(f"cost {cost_text(c)}")
    if c["points"]:
        parts.append(", ".join(f"{n} {'VP' if k == 'vp' else k}" for k, n in c["points"].items()))
    if c["prerequisite"]:
        parts.append("needs " + " or ".join(cards.name(p) for p in c["prerequisite"]))
    effect = effect_text(c) if c["effect"] not in (None, "knight") else ""
    return ", ".join(parts) + (f": {effect}" if effect else "")


def at_work(card_id: str) -> str:
    """What a built card gives its owner, in short, for the board's key ("3 strength, 2
    tournament", "a Spy may look but takes nothing"); "" for a card that only stands there."""
    c = cards.card(card_id)
    parts = [f"{n} {'VP' if k == 'vp' else k}" for k, n in c["points"].items()]
    if c["effect"] not in (None, "knight"):
        parts.append(effect_text(c))
    return ", ".join(parts)
