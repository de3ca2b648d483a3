"""`pbem games` and `pbem engines` as rows: seats in words, the result, the newest entry."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from client.display.status import result_text, seat_name, time_left

if TYPE_CHECKING:
    from rich.table import Table


def kept_for(invited: dict[str, Any]) -> str:
    """Who a kept seat waits for: the account's name, or the masked address."""
    from client.play import kept_for as waits_for

    return waits_for(invited)


def game_row(g: dict[str, Any], seen: int | None = None) -> dict[str, str]:
    """One game of `pbem games` in words: seats as "ada (red)", the result, the newest entry, the
    time left to decide, and "new" when entries came after the last look (`seen`, its seq)."""
    names = g.get("seat_names") or []
    kept = {i["seat"]: kept_for(i) for i in g.get("invited") or []}
    out = g.get("out") or []
    seats = []
    for i, p in enumerate(g.get("players") or []):
        colour = f" ({names[i]})" if i < len(names) else ""
        if p and i in out:  # resigned or forfeited, as the signed log says
            seats.append(f"{p.get('name')} ({names[i] + ', ' if i < len(names) else ''}out)")
        elif p:
            seats.append(f"{p.get('name')}{colour}")
        elif i in kept:
            seats.append(f"kept for {kept[i]}{colour}")
        else:
            seats.append(f"free{colour}")
    players = g.get("players") or []
    if g.get("status") == "over":
        turn = result_text(g.get("result"), names, players, short=True)
    elif g.get("status") == "open":
        turn = ""
    elif g.get("my_seat") is not None and g.get("to_move") == g.get("my_seat"):
        turn = "YOU"
    else:
        turn = seat_name(g.get("to_move"), names, players)
    you = "" if g.get("my_seat") is None else seat_name(g["my_seat"], names, [])
    if g.get("invited_seat") is not None:
        you = f"invited: seat {g['invited_seat']}"
    clock = g.get("clock") if g.get("status") == "running" else None
    head = (g.get("head") or {}).get("seq") if isinstance(g.get("head"), dict) else None
    return {
        "game": str(g["id"]),
        "engine": str(g.get("engine", "")),
        "status": str(g.get("status", "")),
        "players": ", ".join(seats),
        "to move": turn,
        "you": you,
        "last entry": str(g.get("updated") or ""),
        "time left": time_left(str(clock["expires"])) if isinstance(clock, dict) and clock.get("expires") else "",
        "new": "new since you looked" if seen is not None and head is not None and head > seen else "",
    }


def game_line(r: dict[str, str]) -> str:
    """A game row on one line, nothing cut (piped: easy to grep and cut)."""
    parts = [r["game"], r["engine"], r["status"], r["players"]]
    # a finished game's "to move" cell holds how it ended: said as that, not as whose turn it is
    said = {"to move": "result" if r["status"] == "over" else "to move"}
    parts += [f"{said.get(k, k)}: {r[k]}" for k in ("to move", "you", "last entry") if r[k]]
    parts += [r["time left"]] if r["time left"] else []  # "2 d 3 h left" says it: no "time left: ... left"
    parts += [r["new"]] if r["new"] else []
    return "  ".join(parts)


def games_table(rows: list[dict[str, str]]) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(*rows[0].keys())
    table.columns[0].no_wrap = True  # an id is never cut: it is what you paste
    table.columns[0].min_width = max(len(r["game"]) for r in rows)
    table.columns[0].overflow = "fold"
    for r in rows:
        table.add_row(*(Text(v) for v in r.values()))
    return table


def engines_table(found: list[dict[str, Any]]) -> Table:
    """The games a server hosts: id, title, seats, options."""
    from rich.table import Table
    from rich.text import Text

    table = Table("id", "title", "seats", "options")
    for e in found:
        seats = f"{e.get('min_seats')}-{e.get('max_seats')}"
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in (e.get("options") or {}).items())
        table.add_row(Text(e.get("id", "")), Text(e.get("title", "")), seats, Text(options))
    return table
