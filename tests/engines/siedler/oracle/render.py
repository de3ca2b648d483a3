"""ORACLE: frozen copy of engines/siedler/render.py before the speed work (see oracle/rules.py).

The table as text: both principalities, the own hand, the opponent's hand size, the
piles with their sizes, tokens, flag and points (ANSI colour only when asked)."""

from __future__ import annotations

from typing import Any

from tests.engines.siedler.oracle import cards

WIDTH = 14
SHORT = {"lumber": "lumb", "wool": "wool", "grain": "grai", "brick": "bric", "ore": "ore", "gold": "gold"}

DOING = {
    "arrange": "arrange the start regions (arrange A B | keep)",
    "start": "choose the pile of the starting hand (search pile N)",
    "pick": "take cards from the searched pile (take CARD ...)",
    "roll": "roll (or play alchemist N)",
    "choose": "choose a resource (choose R)",
    "region": "place the new region (place above|below)",
    "action": "act: build, expand, trade, offer, play, remove, or end",
    "answer": "answer the offer (accept | decline)",
    "hand": "finish the hand (draw/search/return/exchange/done)",
    "excess": "put cards above the limit under piles (return CARD pile N)",
    "counter": "answer the duel (counter CARD | nocounter)",
    "duel_choice": "choose the card the duel sends back (target N above|below)",
    "spy": "take a card from the opponent's hand (take CARD | take nothing)",
    "scout": "choose the new settlement's regions (regions ABOVE BELOW)",
    "civil_war": "choose the opponent's unit (target N above|below)",
    "conflict": "put the taken card under a pile (under pile N)",
    "master_builder": "swap a hand card with a pile card (swap CARD pile N | pass)",
    "raid_name": "name up to three opposing buildings (name N above, ...)",
    "raid_take": "take one of the named buildings back (target N above|below)",
}


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def _short(card: str) -> str:
    """A built card by its name, knights without the word (\"Siegfried\")."""
    name = cards.name(card)
    return name[len("Knight ") :] if name.startswith("Knight ") else name


def _cell(text: str) -> str:
    return text[:WIDTH].center(WIDTH)


def _region(r: dict[str, Any] | None) -> str:
    if r is None:
        return ""
    c = cards.card(r["card"])
    return f"{SHORT[c['resource']]}{c['number']} {'*' * r['stock']}{'.' * (3 - r['stock'])}"


def principality_lines(p: dict[str, Any]) -> list[str]:
    """Rows: outer and inner sites above, regions above, the axis, regions below, sites below."""
    axis = {int(c): v["card"] for c, v in p["centers"].items()}
    axis.update({c: "road" for c in p["roads"]})
    regions = {int(c): v for c, v in p["regions"].items()}
    lo = min([*axis, *regions])
    hi = max([*axis, *regions])
    centers = sorted(int(c) for c in p["centers"])
    rows: dict[str, list[str]] = {k: [] for k in ("a2", "a1", "ra", "axis", "rb", "b1", "b2")}
    for col in range(lo, hi + 1):
        c = p["centers"].get(str(col))
        exp = {}
        if c is not None:
            for side, key in (("above", "a"), ("below", "b")):
                for level, card in enumerate(c[side]):
                    exp[f"{key}{level + 1}"] = "-" if card is None else _short(card)
        for key in ("a2", "a1", "b1", "b2"):
            rows[key].append(_cell(exp.get(key, "")))
        reg = regions.get(col, {})
        rows["ra"].append(_cell(_region(reg.get("above"))))
        rows["rb"].append(_cell(_region(reg.get("below"))))
        item = axis.get(col)
        if item in ("settlement", "city"):
            label = f"{'S' if item == 'settlement' else 'C'}{centers.index(col) + 1} {item}"
        else:
            label = "=road=" if item == "road" else ""
        rows["axis"].append(_cell(label))
    order = ["a2", "a1", "ra", "axis", "rb", "b1", "b2"]
    return ["  " + "".join(rows[k]).rstrip() for k in order if "".join(rows[k]).strip()]


def _who(view: dict[str, Any], seat: int | None) -> str:
    return "nobody" if seat is None else view["names"][seat]


def player_line(view: dict[str, Any], seat: int, color: bool) -> str:
    pts = view["points"][seat]
    tokens = [t for t, holder in view["tokens"].items() if holder == seat]
    flag = view["flag"]
    extra = ""
    if tokens:
        extra += "  tokens: " + ", ".join(tokens)
    if flag is not None and flag["seat"] == seat:
        extra += f"  flag {flag['vp']}"
    head = f"{view['names'][seat]}: {pts['vp']} VP  strength {pts['strength']}  tournament {pts['tournament']}"
    head += f"  commerce {pts['commerce']}  hand {view['hand_sizes'][seat]}/{view['hand_limits'][seat]}{extra}"
    return _bold(head, color and seat == view["seat"])


def render(view: dict[str, Any], color: bool = False) -> str:
    opts = view["options"]
    lines = [f"Die Siedler von Catan - Das Kartenspiel ({opts['variant']}, to {opts['target']} VP)"]
    seat = view["seat"]
    order = [1 - seat, seat] if seat is not None else [0, 1]
    for s in order:
        lines.append(player_line(view, s, color))
        lines += principality_lines(view["principalities"][s])
        lines.append("")
    piles = "  ".join(f"{i + 1}:{n}" for i, n in enumerate(view["pile_sizes"]))
    lines.append(f"Piles {piles}   regions {view['region_pile_size']}   events {view['event_deck_size']}")
    supply = view["supply"]
    lines.append(f"Supply: {supply['road']} roads, {supply['settlement']} settlements, {supply['city']} cities")
    if view["display"]:
        lines.append("Display: " + ", ".join(cards.name(c) for c in view["display"]))
    if view["discard"]:
        lines.append(f"Discard ({len(view['discard'])}): " + ", ".join(cards.name(c) for c in view["discard"][-5:]))
    flag = view["flag"]
    if flag is not None:
        lines.append(f"Victory flag: {flag['vp']}" + (f" ({_who(view, flag['seat'])})" if flag["seat"] is not None else ""))
    if view["dice"]:
        d = view["dice"]
        event = f", event card {cards.name(view['last_event'])}" if d["event"] == "event" and view["last_event"] else ""
        lines.append(f"Dice: production {d['production']}, event {d['event']}{event}")
    if seat is not None:
        hand = ", ".join(f"{cards.name(c)} ({c})" for c in view["hand"]) or "empty"
        lines.append(_bold(f"Your hand: {hand}", color))
    if view["searching"]:
        s = view["searching"]
        lines.append(f"Pile {s['pile'] + 1} (seen by you alone): " + ", ".join(s["cards"]))
    pend = view["pending"]
    if view["result"] is not None:
        r = view["result"]
        lines.append(f"Game over: {_who(view, r['winner'])} wins, {r['scores'][0]} : {r['scores'][1]} VP ({r['reason']})")
    elif pend is not None:
        who = view["names"][pend["seat"]]
        detail = ""
        if pend["kind"] == "answer":
            detail = f": {pend['give']} for {pend['get']}"
        elif pend["kind"] == "region":
            detail = f": {pend['card']}"
        elif "secret" in pend:
            detail = f": {pend['secret']}"
        lines.append(f"Turn {view['turn_no']}: {who} to {DOING.get(pend['kind'], pend['kind'])}{detail}")
    return "\n".join(lines)
