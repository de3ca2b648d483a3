"""ORACLE: frozen copy of engines/siedler/principality.py before the speed work (see oracle/rules.py).

A principality as plain data, and pure questions about it (SI-4, SI-6..SI-9).

Geometry: the axis runs left to right on integer columns. Settlements and cities
stand on even columns, roads on odd columns between them. Regions lie on odd
columns, above and below the axis: a settlement or city on column c has the four
regions c-1 and c+1 above and below (its diagonals), so the region over a road is
shared by its two neighbours (SI-6). The start is settlement 0, road 1,
settlement 2 with regions on columns -1, 1, 3.

Building sites (SI-7): a settlement on column c has one site above and one below
(level 0), a city two each (levels 0 and 1). A site on side s borders the regions
c-1 and c+1 on side s.

    {"centers": {"0": {"card": "settlement", "above": [None], "below": [None]}, ...},
     "roads": [1],
     "regions": {"-1": {"above": {"card": "pasture-3", "stock": 1}, "below": {...}}, ...}}

Keys of centers and regions are str(col) (JSON objects need string keys).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tests.engines.siedler.oracle import cards

SIDES = cards.SIDES
CAP = 3  # SI-4: a region stores at most three


def new(player: int, arrangement: list[str] | None = None) -> dict[str, Any]:
    """SI-6: settlement, road, settlement and six start regions each holding 1.

    `arrangement` lists the six start region ids in slot order (above -1, 1, 3, then
    below -1, 1, 3); None takes the default slots of the card file.
    """
    start = cards.start_regions(player)
    if arrangement is None:
        ordered = sorted(start, key=lambda c: (SIDES.index(c["start"]["side"]), c["start"]["pos"]))
        arrangement = [c["id"] for c in ordered]
    if sorted(arrangement) != sorted(c["id"] for c in start):
        raise ValueError("an arrangement places each of the player's six start regions once")
    regions: dict[str, dict[str, Any]] = {}
    for i, rid in enumerate(arrangement):
        side = SIDES[i // 3]
        col = -1 + 2 * (i % 3)
        regions.setdefault(str(col), {})[side] = {"card": rid, "stock": 1}
    return {
        "centers": {str(c): {"card": "settlement", "above": [None], "below": [None]} for c in (0, 2)},
        "roads": [1],
        "regions": regions,
    }


def axis(p: dict[str, Any]) -> list[tuple[int, str]]:
    """The axis from left to right: (col, "settlement" | "city" | "road")."""
    items = [(int(c), v["card"]) for c, v in p["centers"].items()] + [(c, "road") for c in p["roads"]]
    return sorted(items)


def ends(p: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """The outermost axis item on each end: {"left": (col, card), "right": (col, card)}."""
    a = axis(p)
    return {"left": a[0], "right": a[-1]}


def centers(p: dict[str, Any]) -> list[int]:
    """Columns of settlements and cities, left to right (numbered 1.. in notation)."""
    return sorted(int(c) for c in p["centers"])


def col_at(p: dict[str, Any], number: Any) -> int | None:
    """The column of settlement/city number N (1 = leftmost), as moves and the render name it."""
    cs = centers(p)
    return cs[number - 1] if type(number) is int and 1 <= number <= len(cs) else None


def number_of(p: dict[str, Any], col: int) -> int:
    return centers(p).index(col) + 1


def sites(p: dict[str, Any], keep: Any = None) -> list[dict[str, Any]]:
    """Built expansions as {"at": N, "side", "level", "card", "col"}, those `keep(card, col)` accepts."""
    return [
        {"at": number_of(p, col), "side": side, "level": level, "card": c, "col": col}
        for col, side, level, c in expansions(p)
        if keep is None or keep(c, col)
    ]


def site_move(t: dict[str, Any], kind: str = "target") -> dict[str, Any]:
    return {"type": kind, "at": t["at"], "side": t["side"], "level": t["level"]}


def center(p: dict[str, Any], col: int) -> dict[str, Any]:
    return p["centers"][str(col)]


def region_at(p: dict[str, Any], col: int, side: str) -> dict[str, Any] | None:
    return (p["regions"].get(str(col)) or {}).get(side)


def regions(p: dict[str, Any]) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """Every region: (col, side, {"card", "stock"}), left to right, above first."""
    for col in sorted(int(c) for c in p["regions"]):
        for side in SIDES:
            r = p["regions"][str(col)].get(side)
            if r is not None:
                yield col, side, r


def site_regions(p: dict[str, Any], col: int, side: str) -> list[dict[str, Any]]:
    """SI-7: the (up to two) regions a site on this side of centre `col` borders."""
    return [r for c in (col - 1, col + 1) if (r := region_at(p, c, side)) is not None]


def city_regions(p: dict[str, Any], col: int) -> list[dict[str, Any]]:
    """The four regions around a settlement or city."""
    return [r for side in SIDES for r in site_regions(p, col, side)]


def expansions(p: dict[str, Any]) -> Iterator[tuple[int, str, int, str]]:
    """Every built expansion: (col, side, level, card)."""
    for col in centers(p):
        c = center(p, col)
        for side in SIDES:
            for level, card in enumerate(c[side]):
                if card is not None:
                    yield col, side, level, card


def built(p: dict[str, Any]) -> list[str]:
    """Every card on the table in this principality (axis and expansions), regions excluded."""
    out = [card for _, card in axis(p)]
    out += [card for *_, card in expansions(p)]
    return out


def free_sites(p: dict[str, Any], placement: str) -> list[tuple[int, str, int]]:
    """SI-9: free sites an expansion with this placement may take: "any" (settlement or
    city), "city" (city sites only: both levels of a city), "settlement" (a settlement's)."""
    out = []
    for col in centers(p):
        c = center(p, col)
        if placement == "city" and c["card"] != "city":
            continue
        if placement == "settlement" and c["card"] != "settlement":
            continue
        for side in SIDES:
            for level, card in enumerate(c[side]):
                if card is None:
                    out.append((col, side, level))
    return out


def resources(p: dict[str, Any], exempt: set[tuple[int, str]] | None = None) -> dict[str, int]:
    """Stored resources by type (SI-4); regions in `exempt` (col, side) are not counted."""
    out = dict.fromkeys(cards.RESOURCES, 0)
    for col, side, r in regions(p):
        if exempt and (col, side) in exempt:
            continue
        out[cards.card(r["card"])["resource"]] += r["stock"]
    return out


def total(p: dict[str, Any]) -> int:
    return sum(resources(p).values())


def room(p: dict[str, Any], resource: str) -> int:
    """How many more of this resource the regions can hold."""
    return sum(CAP - r["stock"] for _, _, r in regions(p) if cards.card(r["card"])["resource"] == resource)


def pay(p: dict[str, Any], resource: str, n: int = 1) -> None:
    """SI-4: payments take from any regions of the type; we take from the fullest first
    (leftmost on a tie), a fixed reading so a payment needs no extra decision."""
    for _ in range(n):
        rs = [r for _, _, r in regions(p) if cards.card(r["card"])["resource"] == resource and r["stock"] > 0]
        if not rs:
            raise ValueError(f"no {resource} to pay")
        best = max(rs, key=lambda r: r["stock"])  # max keeps the first (leftmost) on a tie
        best["stock"] -= 1


def gain(p: dict[str, Any], resource: str, n: int = 1) -> int:
    """SI-17: +1 on a region of that type with room (the emptiest first, leftmost on a tie);
    none with room: lost. Returns how many were stored."""
    stored = 0
    for _ in range(n):
        rs = [r for _, _, r in regions(p) if cards.card(r["card"])["resource"] == resource and r["stock"] < CAP]
        if not rs:
            break
        min(rs, key=lambda r: r["stock"])["stock"] += 1
        stored += 1
    return stored


def can_pay(p: dict[str, Any], cost: dict[str, int]) -> bool:
    have = resources(p)
    return all(have[r] >= n for r, n in cost.items())
