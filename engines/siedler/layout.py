"""A principality drawn down the page, so that it fits 80 columns however long it grows.

On the table a principality is a row: settlements, cities and roads from left to right,
regions and expansions above and below. Seven settlements and eight region columns in a
row need some 150 columns of text, so here the row is turned a quarter: the left end is at
the top, the right end at the bottom, what lies above the road is on the left of the axis
and what lies below it on the right. Each line is one column of the table:

                  above                                       below
      outer site 2    inner site 1                   inner site 1    outer site 2
                                        left end
      pasture-3 wool *..                  road       fields-1 grain **.
                    -      Library       city 1      Fire Station    Embassy
      goldfield-6 gold **.                road       forest-4 lumber ...

A settlement has an inner site on each side, a city an outer one too (SI-7); moves name
them "1 above", "1 above 2" (the outer). Width: 31 + 1 + 15 + 1 + 31 = 79 columns.
"""

from __future__ import annotations

from typing import Any

from engines.siedler import cards
from engines.siedler.naming import SITE_WIDTH, on_site

AXIS = 15  # "settlement 12" with a space either side
ZONE = 2 * SITE_WIDTH + 1
INDENT = ""


def stock(n: int) -> str:
    """Stored resources of a region: one '*' each, '.' for the room left (SI-4: at most 3)."""
    return "*" * n + "." * (3 - n)


def _region(r: dict[str, Any] | None) -> str:
    if r is None:
        return ""
    c = cards.card(r["card"])
    return f"{r['card']:<11} {c['resource']:<6} {stock(r['stock'])}"


def _site(card: str | None) -> str:
    return "-" if card is None else on_site(card)


def _line(above: str, axis: str, below: str) -> str:
    return (INDENT + f"{above:<{ZONE}} {axis:^{AXIS}} {below}").rstrip()


def _sites(center: dict[str, Any], side: str) -> tuple[str, str]:
    """(inner, outer) of one side; outer is "" for a settlement (it has none)."""
    row = center[side]
    inner = _site(row[0])
    outer = _site(row[1]) if len(row) > 1 else ""
    return inner, outer


def _center_line(center: dict[str, Any], number: int) -> str:
    a_inner, a_outer = _sites(center, "above")
    b_inner, b_outer = _sites(center, "below")
    above = f"{a_outer:>{SITE_WIDTH}} {a_inner:>{SITE_WIDTH}}"
    below = f"{b_inner:<{SITE_WIDTH}} {b_outer}"
    return _line(above, f"{center['card']} {number}", below)


def header() -> list[str]:
    """The two head lines that say which side is which."""
    return [
        _line(f"{'above':^{ZONE}}", "", f"{'below':^{ZONE}}"),
        _line(f"{'outer site 2':>{SITE_WIDTH}} {'inner site 1':>{SITE_WIDTH}}", "", f"{'inner site 1':<{SITE_WIDTH}} outer site 2"),
    ]


def principality_lines(p: dict[str, Any]) -> list[str]:
    """The principality from its left end (top) to its right end (bottom)."""
    regions = {int(c): v for c, v in p["regions"].items()}
    centers = {int(c): v for c, v in p["centers"].items()}
    roads = set(p["roads"])
    cols = [*centers, *regions, *roads]
    lo, hi = min(cols), max(cols)
    number = {col: n for n, col in enumerate(sorted(centers), 1)}
    lines = [*header(), _line("", "left end", "")]
    for col in range(lo, hi + 1):
        if col in centers:
            lines.append(_center_line(centers[col], number[col]))
            continue
        reg = regions.get(col, {})
        above, below = _region(reg.get("above")), _region(reg.get("below"))
        axis = "road" if col in roads else ""
        if above or below or axis:
            lines.append(_line(f"{above:>{ZONE}}", axis, below))
    lines.append(_line("", "right end", ""))
    return lines


def built_names(p: dict[str, Any]) -> list[str]:
    """The cards on this principality's sites whose cell shows a short form (the key says
    their full names)."""
    out = []
    for c in p["centers"].values():
        for side in ("above", "below"):
            out += [card for card in c[side] if card is not None and on_site(card) != cards.name(card)]
    return sorted(set(out))


def built_cards(principalities: list[dict[str, Any]]) -> list[str]:
    """Every card on a site of either principality, once, in the order they stand."""
    seen: list[str] = []
    for p in principalities:
        for col in sorted(p["centers"], key=int):
            c = p["centers"][col]
            for side in ("above", "below"):
                seen += [card for card in c[side] if card is not None and card not in seen]
    return seen
