"""The board of a view as data for the page's drawing: SVG for the two boards (the magier
hexagon, the cavemen field), cards and tracks for the two card games.

Only a view is read (the server's spectator view of a running game, or a replayed position
with everything face up): what a page draws is never more than that view holds. Each piece
carries data attributes naming what it shows, so a browser test can check the drawing against
the engine's view itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

MAGIER_SIZE = 22.0  # the hexagon's cell radius in SVG units
_ROWS = "abcdefghi"


def board_for(engine_id: str, view: Any) -> dict[str, Any] | None:
    """{"kind": engine id, ...what its template draws}, or None for an engine without a drawing
    (its page shows the text board alone)."""
    draw: Callable[[dict[str, Any]], dict[str, Any]] | None = _DRAW.get(engine_id)
    if draw is None or not isinstance(view, dict):
        return None
    try:
        return {"kind": engine_id, **draw(view)}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None  # a view this drawing does not know: the text board still says it all


# -- magier: the 61-cell hexagon --------------------------------------------------------------


def _magier_label(piece: dict[str, Any]) -> str:
    mark = "rb"[piece["seat"]] if piece.get("seat") in (0, 1) else "?"
    if piece.get("kind") == "magician":
        return mark.upper()
    value = piece.get("value")
    return f"{mark}{'?' if value is None else value}"


def _magier(view: dict[str, Any]) -> dict[str, Any]:
    flames = set(view.get("flames") or [])
    board = view["board"]
    cells = []
    s = MAGIER_SIZE
    for r in range(4, -5, -1):
        for q in range(-4, 5):
            if abs(q) > 4 or abs(r) > 4 or abs(q + r) > 4:
                continue
            name = f"{_ROWS[4 - r]}{q + 5}"
            x, y = s * math.sqrt(3) * (q + r / 2), s * 1.5 * r
            corners = [
                (x + s * math.cos(math.radians(60 * i - 30)), y + s * math.sin(math.radians(60 * i - 30)))
                for i in range(6)
            ]
            piece = board.get(name)
            cells.append({
                "name": name,
                "x": round(x, 1),
                "y": round(y, 1),
                "points": " ".join(f"{a:.1f},{b:.1f}" for a, b in corners),
                "flame": name in flames,
                "piece": None if piece is None else {
                    "seat": piece.get("seat"),
                    "kind": piece.get("kind"),
                    "label": _magier_label(piece),
                },
            })
    half_w, half_h = s * math.sqrt(3) * 4.5 + 4, s * 1.5 * 4 + s + 4
    return {
        "cells": cells,
        "viewbox": f"{-half_w:.0f} {-half_h:.0f} {2 * half_w:.0f} {2 * half_h:.0f}",
        "scores": view.get("scores"),
        "seat_names": view.get("seat_names") or ["red", "black"],
    }


# -- cavemen: three columns of six rows, four paths -------------------------------------------


def _caveman_label(piece: dict[str, Any]) -> str:
    mark = "RB"[piece["owner"]]
    card = piece.get("card")
    if card is None:
        return f"{mark} ??"
    return f"{mark} {str(card).capitalize()}{'^' if piece.get('up') else ''}"


def _cavemen(view: dict[str, Any]) -> dict[str, Any]:
    field, caves, fires = view["field"], view["caves"], view["fires"]
    cols = "ABC"
    rows = []
    for row in range(6, 0, -1):
        cells = []
        for slot in range(7):
            if slot % 2 == 0:
                path = slot // 2
                piece = field[path * 6 + row - 1]
                cells.append({
                    "kind": "path",
                    "pos": f"P{path}r{row}",
                    "owner": None if piece is None else piece["owner"],
                    "card": None if piece is None else piece.get("card"),
                    "up": bool(piece and piece.get("up")),
                    "label": "" if piece is None else _caveman_label(piece),
                })
            else:
                col = slot // 2
                owner = 0 if row <= 2 else 1 if row >= 5 else caves[f"{cols[col]}{row}"]
                if row in (1, 6):
                    lit = fires[owner][col]
                    label = f"{'fire' if lit else 'out'} {'RB'[owner]}"
                else:
                    label = f"cave {'RB'[owner]}"
                cells.append({"kind": "column", "pos": f"{cols[col]}{row}", "owner": owner, "label": label})
        rows.append({"row": row, "cells": cells})
    return {
        "rows": rows,
        "header": ["P0", "A", "P1", "B", "P2", "C", "P3"],
        "names": view.get("names") or ["Red", "Blue"],
        "hand_sizes": view.get("hand_sizes"),
        "stock_sizes": view.get("stock_sizes"),
        "hands": view.get("hands"),
    }


# -- Der Feuersalamander: the hiding place, the circuit, the cards ----------------------------


def _feuersalamander(view: dict[str, Any]) -> dict[str, Any]:
    names = view["names"]
    seats = len(names)
    stones = view.get("stones") or []
    chambers: dict[str, list[str]] = {}
    for seat, stone in enumerate(stones):
        if isinstance(stone, dict):
            chambers.setdefault(f"{stone['wing']}-{stone['row']}-{stone['field']}", []).append(names[seat][0])
    wings = ["air", "water", "earth", "fire"]
    grid = [
        {"row": row, "cells": [
            {"wing": w, "field": f, "stones": " ".join(chambers.get(f"{w}-{row}-{f}", []))}
            for w in wings for f in (1, 2, 3)
        ]}
        for row in range(1, 8)
    ]
    figures = view.get("figures") or []
    spaces = seats * 5
    circuit = []
    for space in range(spaces):
        angle = 2 * math.pi * space / spaces - math.pi / 2
        here = [names[s][0] for s, f in enumerate(figures) if f == space]
        circuit.append({
            "space": space,
            "owner": names[space // 5],
            "x": round(90 * math.cos(angle), 1),
            "y": round(90 * math.sin(angle), 1),
            "lx": round(118 * math.cos(angle), 1),  # where the block's owner is named
            "ly": round(113 * math.sin(angle), 1),
            "figures": " ".join(here),
            "link": space % 5 == 2,
        })
    players = []
    out = view.get("out") or []
    for seat in range(seats):
        players.append({
            "name": names[seat],
            "out": seat in out,  # left the game (resigned or forfeited): marked, as the terminal's OUT
            "score": (view.get("scores") or [None] * seats)[seat],
            "hand_size": (view.get("hand_sizes") or [None] * seats)[seat],
            "hand": (view.get("hands") or [None] * seats)[seat] if view.get("hands") else None,
            "laid": (view.get("laid") or [[]] * seats)[seat],
            "figure": figures[seat] if seat < len(figures) else None,
            "stone": "home" if seat >= len(stones) or stones[seat] is None else
            f"{stones[seat]['wing']}, row {stones[seat]['row']}, field {stones[seat]['field']}",
        })
    return {
        "grid": grid,
        "wings": wings,
        "circuit": circuit,
        "homes": [names[s] for s, f in enumerate(figures) if f == "home"],
        "dungeon": [names[s] for s in view.get("dungeon") or []],
        "players": players,
        "deck_size": view.get("deck_size"),
        "discard": view.get("discard") or [],
    }


# -- Siedler: each principality as a row of cards ---------------------------------------------


def _card_name(card: Any) -> str:
    return "" if card is None else str(card).replace("-", " ")


def _siedler(view: dict[str, Any]) -> dict[str, Any]:
    names = view["names"]
    principalities = []
    for seat, prince in enumerate(view["principalities"]):
        centers = {int(k): v for k, v in prince["centers"].items()}
        regions = {int(k): v for k, v in prince["regions"].items()}
        roads = set(prince.get("roads") or [])
        keys = sorted(set(centers) | set(regions) | roads)
        columns = []
        for pos in range(min(keys), max(keys) + 1):
            if pos in centers:
                c = centers[pos]
                columns.append({
                    "pos": pos, "kind": "center", "card": c["card"],
                    "above": [_card_name(x) for x in c.get("above") or []],
                    "below": [_card_name(x) for x in c.get("below") or []],
                })
            elif pos in regions or pos in roads:
                reg = regions.get(pos, {})
                columns.append({
                    "pos": pos, "kind": "road" if pos in roads else "gap",
                    "region_above": reg.get("above"), "region_below": reg.get("below"),
                })
        points = (view.get("points") or [{}] * len(names))[seat]
        principalities.append({
            "name": names[seat],
            "columns": columns,
            "points": points,
            "hand_size": (view.get("hand_sizes") or [None] * len(names))[seat],
            "hand": (view.get("hands") or [None] * len(names))[seat] if view.get("hands") else None,
        })
    return {
        "principalities": principalities,
        "piles": view.get("pile_sizes") or [],
        "display": [_card_name(c) for c in view.get("display") or []],
        "discard": [_card_name(c) for c in view.get("discard") or []],
        "dice": view.get("dice"),
        "flag": view.get("flag"),
    }


_DRAW: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "magier": _magier,
    "cavemen": _cavemen,
    "feuersalamander": _feuersalamander,
    "siedler": _siedler,
}
