"""The table as text, in 80 columns: the points of both players, both principalities (drawn
down the page, layout.py), the key to the symbols, the centre of the table, the own hand with
what each card does, and who decides what. A view from `revealed_view` (a finished game)
shows every hand and the order of every pile as well. ANSI colour only when asked."""

from __future__ import annotations

import re
import textwrap
from typing import Any

from engines.siedler import almanac, cards, layout
from engines.siedler.log import FACES, amounts, why_words
from engines.siedler.naming import on_site, region_words, shown

WIDTH = 80

DOING = {
    "arrange": "arrange the start regions (arrange REGION REGION | keep)",
    "start": "choose the pile of the starting hand (search pile N)",
    "pick": "take cards from the searched pile (take CARD ...)",
    "roll": "roll (or play alchemist N)",
    "choose": "choose a resource (choose R)",
    "region": "place the new region (place above|below)",
    "action": "act: build, expand, trade, offer, play, remove, or end",
    "answer": "answer the offer (accept | decline)",
    "hand": "finish the hand (take pile N | search pile N | return | exchange | done)",
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


VARIANTS = {"tournament-new-players": "tournament game for new players", "basic": "basic game"}

KEY = [
    "**. the resources a region stores, at most 3; - a free building site.",
    'Moves name a site by its settlement or city: "expand abbey on 2 above" takes '
    'the inner site 1, "remove 2 below 2" frees the outer site 2 of city 2; '
    '"build road left" builds at the top, "right" at the bottom.',
    almanac.COST_KEY[0].upper() + almanac.COST_KEY[1:] + ".",
    "Knight token: strictly more strength, 1 VP. Windmill token: strictly more "
    "commerce and a city, 1 VP.",
]
FLAG_KEY = "Victory flag: names the leader and his VP (worth nothing itself)."


def wrap(text: str, indent: str = "  ") -> list[str]:
    """A line of words broken at WIDTH, the rest indented; a number stays with its word
    ("1 commerce" is never split over two lines)."""
    glued = re.sub(r"(\d) (?=[a-zA-Z])", "\\1\xa0", text)
    lines = textwrap.wrap(glued, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return [line.replace("\xa0", " ") for line in lines]


def wrap_list(head: str, items: list[str], tail: str = ".", indent: str = "    ") -> list[str]:
    """`head` then the items, comma-separated, broken between items only: a card's name and
    the resource beside it ("mountains-4 ore") are never split over two lines."""
    lines = [head]
    for i, item in enumerate(items):
        piece = item + (tail if i == len(items) - 1 else ",")
        if len(lines[-1]) + 1 + len(piece) > WIDTH and lines[-1].strip():
            lines.append(indent + piece)
        else:
            lines[-1] += ("" if lines[-1].endswith(" ") or not lines[-1] else " ") + piece
    return lines


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def _name(view: dict[str, Any], seat: int | None) -> str:
    return "nobody" if seat is None else view["names"][seat]


def _count(n: int, what: str) -> str:
    """"1 road", "2 cities": a count in words that never says "1 cities"."""
    if n == 1:
        return f"1 {what}"
    return f"{n} {what[:-1]}ies" if what.endswith("y") else f"{n} {what}s"


def _title(view: dict[str, Any]) -> list[str]:
    opts = view["options"]
    variant = VARIANTS.get(opts["variant"], opts["variant"])
    return ["Die Siedler von Catan - Das Kartenspiel", f"{variant[0].upper()}{variant[1:]}, first to {opts['target']} VP on his own turn"]


def _tracks(view: dict[str, Any], order: list[int], color: bool) -> list[str]:
    """The points of both players side by side, with the tokens and the flag they hold."""
    who_of = {s: view["names"][s] + (" (you)" if s == view["seat"] else "") for s in order}
    w = max(12, *(len(x) + 1 for x in who_of.values()))  # a longer name moves the columns, never cuts
    head = f" {'':<{w}}{'VP':>3}{'strength':>9}{'tournament':>11}{'commerce':>9}{'hand':>8}  tokens"
    lines = [head]
    flag = view["flag"]
    for s in order:
        pts = view["points"][s]
        held = [t for t, holder in view["tokens"].items() if holder == s]
        if flag is not None and flag["seat"] == s:
            held.append("flag")
        hand = f"{view['hand_sizes'][s]} of {view['hand_limits'][s]}"
        row = f" {who_of[s]:<{w}}{pts['vp']:>3}{pts['strength']:>9}{pts['tournament']:>11}{pts['commerce']:>9}{hand:>8}  "
        row += ", ".join(held) or "-"
        lines.append(_bold(row, color and s == view["seat"]))
    return lines


def _principality(view: dict[str, Any], s: int) -> list[str]:
    who = view["names"][s] + ("'s principality (yours)" if s == view["seat"] else "'s principality")
    return ["", who, *layout.principality_lines(view["principalities"][s])]


def _key(view: dict[str, Any]) -> list[str]:
    lines = ["", "Key:"]
    for text in KEY:
        lines += wrap("  " + text, "    ")
    if view["options"]["variant"] != "basic":
        lines += wrap("  " + FLAG_KEY, "    ")
    working = [c for c in layout.built_cards(view["principalities"]) if almanac.at_work(c)]
    if working:
        lines.append("  On the sites:")
    for c in working:
        full = f" ({cards.name(c)})" if on_site(c) != cards.name(c) else ""
        lines += wrap(f"    {on_site(c)}{full}: {almanac.at_work(c)}", "      ")
    short = sorted({c for p in view["principalities"] for c in layout.built_names(p)} - set(working))
    if short:
        lines += wrap("  Short names: " + ", ".join(f"{on_site(c)} = {cards.name(c)}" for c in short) + ".", "    ")
    return lines


def _centre(view: dict[str, Any]) -> list[str]:
    """The middle of the table: piles, supply, display, discard, flag, the last roll."""
    piles = "  ".join(f"{i + 1}:{n}" for i, n in enumerate(view["pile_sizes"]))
    lines = ["", f"Draw piles (cards left): {piles}"]
    lines.append(f"Region pile {view['region_pile_size']}, event deck {view['event_deck_size']}.")
    supply = view["supply"]
    lines.append(f"Supply: {_count(supply['road'], 'road')}, {_count(supply['settlement'], 'settlement')}, {_count(supply['city'], 'city')}.")
    if view["display"]:
        lines += wrap_list("Display (built from here):", [shown(c) for c in view["display"]], indent="  ")
    if view["discard"]:
        recent = [shown(c) for c in view["discard"][-5:]]
        lines += wrap_list(f"Discard pile ({len(view['discard'])}, the last on top):", recent, indent="  ")
    flag = view["flag"]
    if flag is not None:
        held = f"held by {_name(view, flag['seat'])}" if flag["seat"] is not None else "not held yet"
        lines.append(f"Victory flag: {flag['vp']} VP, {held}.")
    d = view["dice"]
    if d:
        face = FACES.get(d["event"], d["event"])
        if d["event"] == "event" and view["last_event"]:
            face += f" ({shown(view['last_event'])})"
        lines.append(f"Last roll: production {d['production']}, event die {face}.")
    return lines


def _hand(title: str, hand: list[str], color: bool) -> list[str]:
    if not hand:
        return ["", _bold(f"{title}: empty.", color)]
    lines = ["", _bold(f"{title}:", color)]
    for c in hand:
        lines += wrap(f"  {shown(c)} ({c}): {almanac.in_short(c)}", "      ")
    return lines


def _revealed(view: dict[str, Any]) -> list[str]:
    """A finished game's concealed cards, face up: every hand, every pile from the top."""
    lines: list[str] = []
    for s, hand in enumerate(view["hands"]):
        lines += _hand(f"{view['names'][s]}'s hand", sorted(hand), False)
    lines += ["", "The piles, top card first:"]
    for i, pile in enumerate(view["piles"]):
        lines += wrap_list(f"  Pile {i + 1}:", [shown(c) for c in pile] or ["empty"])
    lines += wrap_list("  Region pile:", [region_words(c) for c in view["region_pile"]] or ["empty"])
    lines += wrap_list("  Event deck:", [shown(c) for c in view["event_deck"]] or ["empty"])
    return lines


def _detail(pend: dict[str, Any]) -> tuple[str, list[str]]:
    """The pending decision's particulars in words, as a lead and a list of cards (its secret
    only reaches the seat that decides: the view leaves it out for everyone else)."""
    kind = pend["kind"]
    if kind == "answer":
        return f": {amounts(pend['give'])} for {amounts(pend['get'])}", []
    if kind == "region":
        return f": {region_words(pend['card'])}", []
    said = _particulars(pend)
    if said:
        return said, []
    secret = pend.get("secret")
    if secret is None:
        return "", []
    if kind == "scout":
        return ". The region pile holds: ", [region_words(c) for c in secret]
    if kind == "spy":
        return ". You may take: ", [shown(c) for c in secret] or ["nothing"]
    if isinstance(secret, list):
        return ": ", [shown(c) for c in secret]
    return f": {shown(secret)}", []


def _particulars(pend: dict[str, Any]) -> str:
    """The public particulars of a decision: which card attacks, why a resource is chosen,
    how many cards a search takes, which pile is barred."""
    kind = pend["kind"]
    if kind == "counter" and cards.is_card(pend.get("card")):
        return f": {shown(pend['card'])} attacks"
    if kind == "duel_choice" and cards.is_card(pend.get("card")):
        return f": the {shown(pend['card'])} won"
    if kind == "choose" and pend.get("why"):
        return f": {why_words(pend['why'])}"
    if kind == "pick" and isinstance(pend.get("count"), int):
        return f": {pend['count']} from pile {pend['pile'] + 1}"
    if kind in ("start", "master_builder") and isinstance(pend.get("exclude"), int):
        return f", not from pile {pend['exclude'] + 1}"
    return ""


def _status(view: dict[str, Any]) -> list[str]:
    result = view["result"]
    if result is not None:
        scores = result["scores"]
        winner = result["winner"]
        if winner is None:
            return ["", f"Game over: a draw, {scores[0]} VP each."]
        return ["", *wrap(f"Game over: {_name(view, winner)} wins with {scores[winner]} VP to {scores[1 - winner]} ({result['reason']}).")]
    if view.get("over", view.get("revealed")):  # `over` False: a replayed position before the end
        said = view.get("ended") or "it ended before anyone reached the target (a resignation, a timeout or an abort: the log says which)"
        return ["", *wrap(f"Game over: {said}.")]
    pend = view["pending"]
    if pend is None:
        return []
    who = view["names"][pend["seat"]] + (" (you)" if pend["seat"] == view["seat"] else "")
    lead, items = _detail(pend)
    when = f"Turn {view['turn_no']}" if view["turn_no"] else "Setup"
    said = wrap(f"{when}: {who} to {DOING.get(pend['kind'], pend['kind'])}{lead}".rstrip() + ("" if items else "."))
    if items:
        said[-1:] = wrap_list(said[-1], items, indent="  ")
    return ["", *said]


def render(view: dict[str, Any], color: bool = False) -> str:
    seat = view["seat"]
    order = [1 - seat, seat] if seat is not None else [0, 1]
    lines = [*_title(view), "", *_tracks(view, order, color)]
    for s in order:
        lines += _principality(view, s)
    lines += _key(view)
    lines += _centre(view)
    if seat is not None:
        lines += _hand(f"Your hand ({len(view['hand'])} of {view['hand_limits'][seat]})", view["hand"], color)
    if view.get("revealed"):
        lines += _revealed(view)
    if view["searching"]:
        s = view["searching"]
        lines += ["", *wrap_list(f"Pile {s['pile'] + 1}, seen by you alone, top first:", [shown(c) for c in s["cards"]], indent="  ")]
    lines += _status(view)
    return "\n".join(lines)
