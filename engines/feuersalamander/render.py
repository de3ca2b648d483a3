"""Plain-text picture of a Feuersalamander view: what one seat (or a spectator) may know.

`render(view, color=True)` draws each player's figure, stone and name in that player's
colour (King red, Queen blue, Monk green, Robber magenta) and highlights the card just drawn
with ANSI reverse video; the default is plain text (the engine does no I/O: the caller decides,
e.g. with `engines.core.color_wanted`, which honours NO_COLOR). Without colour the text says
everything all the same: the initials name the players, the card drawn is marked "(new)".
"""

from __future__ import annotations

import textwrap
from typing import Any

from engines.feuersalamander import cards, circuit, events
from engines.feuersalamander.notation import format as format_move
from engines.feuersalamander.record import remembered

INITIALS = ["K", "Q", "M", "R"]
NAMES = ["King", "Queen", "Monk", "Robber"]
STICKS = ["number stick 1", "number stick 2", "the symbol stick"]
HIGHLIGHT = "\x1b[7m"  # reverse video
RESET = "\x1b[0m"
# seat -> its colour (bold, readable on dark and light terminals): King, Queen, Monk, Robber
COLOURS = ["\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[1;35m"]


def paint(text: str, seat: int, color: bool) -> str:
    """`text` in seat's colour when color is on; as it is otherwise."""
    return f"{COLOURS[seat]}{text}{RESET}" if color else text


def _initials(text: str, color: bool) -> str:
    """A run of figure or stone initials ("KQ"), each in its player's colour."""
    return "".join(paint(c, INITIALS.index(c), color) if c in INITIALS else c for c in text)


def _padded(text: str, width: int, seat: int, color: bool) -> str:
    """A name left-aligned in `width` columns, painted without counting the codes as columns."""
    return paint(text, seat, color) + " " * max(0, width - len(text))


def ruling(ref: str) -> str:
    """How a prompt cites a ruling, so a player knows where to read it."""
    return f"(ruling {ref}, see `pbem rules feuersalamander`)"


_WANTS = {
    "deal": f"discard one card of the dealt pair {ruling('FS-11')}",
    "discard": f"discard a card: the double rule is broken {ruling('FS-10')}",
    "throw": "throw the sticks",
    "keys": "make a key throw to leave the dungeon",
    "stone": f"place the playing stone truthfully {ruling('FS-13')}",
    "move": "move by the sum or by the difference",
    "home": f"turn into the home or go on {ruling('FS-8')}",
    "claim": "lay down a combination, or no claim",
    "question": "ask one question, or none",
    "exchange": f"exchange the named card, or keep it {ruling('FS-21')}",
}


def _cards(cs: list[str]) -> str:
    return ", ".join(cards.card_label(c) for c in cs) if cs else "-"


def hiding_place(stones: list[Any], color: bool = False) -> list[str]:
    """The 84 chambers: 4 wings side by side, 7 rows, 3 stone fields each; a stone's initial in
    its player's colour when color is on."""
    cell = 5
    lines = [
        "Hiding place (stones: "
        + ", ".join(f"{paint(INITIALS[s], s, color)} = {NAMES[s]}" for s in range(len(stones)))
        + ")"
    ]
    lines.append("      " + "".join(w.capitalize().center(3 * cell) + "  " for w in cards.WINGS))
    lines.append("      " + "".join("".join(f.center(cell) for f in ("one", "two", "three")) + "  " for _ in cards.WINGS))
    for row in range(1, 8):
        line = f"row {row} "
        for wing in cards.WINGS:
            for field in (1, 2, 3):
                here = "".join(
                    INITIALS[s]
                    for s, ch in enumerate(stones)
                    if ch is not None and ch["wing"] == wing and ch["row"] == row and ch["field"] == field
                )
                plain = (here or ".").center(cell)
                line += plain.replace(here, _initials(here, color)) if here else plain
            line += "  "
        lines.append(line.rstrip())
    at_home = [paint(INITIALS[s], s, color) for s, ch in enumerate(stones) if ch is None]
    lines.append("stones at home: " + (" ".join(at_home) if at_home else "-"))
    return lines


def circuit_lines(view: dict[str, Any], color: bool = False) -> list[str]:
    """The circuit, one block a line: a space is named by its block and number ("Monk s2"),
    the same name the log and the moves use (circuit.space_name). With color, each block's name
    and each figure in its player's colour."""
    names, figures = view["names"], view["figures"]
    lines = textwrap.wrap(
        "Circuit (clockwise, 5 spaces per block; s2 links the block to its home). A space is named "
        "by its block: Monk s2 is s2 of the Monk's block. [K] a figure by its initial.",
        80,
    )
    for owner in range(view["seats"]):
        spaces = []
        for i in range(circuit.BLOCK):
            space = owner * circuit.BLOCK + i
            here = "".join(INITIALS[s] for s, f in enumerate(figures) if f == space)
            spaces.append(f"s{i}[{_initials(here, color) or ' '}]")
        home = paint(INITIALS[owner], owner, color) if figures[owner] == "home" else " "
        lines.append(f"  {_padded(names[owner], 7, owner, color)} " + " ".join(spaces) + f"   home[{home}]")
    dungeon = [paint(names[s], s, color) for s in view["dungeon"]]
    lines.append("Dungeon: " + (", ".join(dungeon) if dungeon else "empty"))
    return lines


def question_lines(view: dict[str, Any], recent: int = 10) -> list[str]:
    """Every question whose answer the viewer saw, and the latest others (the rest are counted)."""
    names = view["names"]
    qs = remembered(view, "questions")
    keep = [i for i, q in enumerate(qs) if q["seen"] or i >= len(qs) - recent]
    lines = ["Questions" + (f" ({len(qs) - len(keep)} older ones without an answer for you not shown)" if len(keep) < len(qs) else "") + ":"]
    for i in keep:
        q = qs[i]
        ans = {True: "YES", False: "NO", None: "(answer not shown to you)"}[q["answer"]]
        lines.append(f"  turn {q['turn']}: {names[q['by']]} asked {names[q['to']]} about {cards.card_label(q['coord'])}: {ans}")
    return lines


def start_line(view: dict[str, Any]) -> str:
    """FS-9: each throws one number stick, the highest starts, the tied highest throw again."""
    names = view["names"]
    rounds = view.get("start_throws") or []
    if not rounds:
        return "Start throw: -"
    parts = [", ".join(f"{names[t['seat']]} {t['value']}" for t in r) for r in rounds]
    text = "; tie, again: ".join(parts)
    first = view.get("start_player")
    who = f" -> {names[first]} starts" if first is not None else ""
    return f"Start throw: {text}{who}"


def key_line(view: dict[str, Any]) -> str | None:
    """The latest key throw (FS-23), whoever made it: what it showed and what came of it."""
    k = view.get("last_keys")
    if not k:
        return None
    names = view["names"]
    shown = [STICKS[i] for i, on in enumerate(k["shown"]) if on]
    keys = "a key on " + " and ".join(shown) if shown else "no key"
    aside = sum(k["aside"])
    if aside == 3:
        outcome = "free"
    elif k["throw"] >= 5:
        outcome = "still in the dungeon"
    else:
        outcome = f"{aside} of 3 sticks aside"
    return f"Last key throw: {names[k['seat']]}, turn {k['turn']}, throw {k['throw']} of 5: {keys}; {outcome}"


def hand_line(view: dict[str, Any], color: bool = False) -> str:
    """The viewer's hand; the card drawn last is marked (and highlighted when colour is on)."""
    drawn = view.get("drawn") or {}
    new = drawn.get("card")
    labels = []
    for c in view["hand"]:
        label = cards.card_label(c)
        if c == new:
            label = f"{HIGHLIGHT}{label}{RESET}" if color else label
            label += " (new)" if drawn.get("turn") == view.get("turn_no") else f" (drawn in turn {drawn.get('turn')})"
        labels.append(label)
    return "Your hand: " + (", ".join(labels) if labels else "-")


def pending_line(view: dict[str, Any]) -> str:
    """Who must decide what now, in words."""
    names = view["names"]
    p = view["pending"]
    you = p["seat"] == view.get("seat")
    whose = "You" if you else names[p["seat"]]
    if p["kind"] == "question":
        target = names[p["target"]]
        stand = "You stand" if you else f"{whose} stands"
        return (
            f"{stand} in {target}'s block and may ask {target} one question about a wing, a row or a "
            f"stone field (e.g. ask {target.lower()} row 5), or ask none (no question)."
        )
    detail = _WANTS[p["kind"]]
    if p["kind"] == "exchange":
        detail += f" ({cards.card_label(p['card'])})"
    if p["kind"] == "keys":
        detail += f" (throw {p['throws'] + 1} of 5; keys aside: {sum(p['aside'])})"
    if p["kind"] == "home":
        here = circuit.space_name(circuit.link_space(p["seat"]))
        detail += f" ({_count(p['steps'] - p['at'], 'step')} left, on {here})"
    return f"{whose}: {detail}."


def _throw(t: dict[str, Any] | None, names: list[str]) -> str:
    if not t:
        return "Last throw: -"
    a, b = t["numbers"]
    pair = " (pair: throw again)" if a == b else ""
    return f"Last throw: {names[t['seat']]} threw {a} and {b}, {t['symbol']}{pair}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _title(view: dict[str, Any]) -> str:
    """The first line; a finished game's board is drawn for every eye alike (final screens, the
    log, the web page), so it names no reader: no "you are", no "spectator"."""
    names, me = view["names"], view.get("seat")
    if view.get("everything_revealed"):
        who = "; everything revealed"
    elif _over(view):
        who = ""
    else:
        who = " - you are watching" if me is None else f" - you are {names[me]} (seat {me})"
    return f"Der Feuersalamander{who}; target {view['target']} points; turn {view['turn_no']}"


def _over(view: dict[str, Any]) -> bool:
    return view.get("result") is not None or bool(view.get("over"))


def seat_lines(view: dict[str, Any], color: bool = False) -> list[str]:
    """Each player's cards, score and laid combinations; who left the game is marked out. In a
    revealed view the hand itself, else its size and the cards known to all. With color, each
    name in its player's colour."""
    names, out = view["names"], view.get("out") or []
    lines = []
    for s in range(view["seats"]):
        if view.get("everything_revealed"):
            held = f"hand {_cards(view['hands'][s])}"
        else:
            known = view["revealed"][s]
            held = _count(view["hand_sizes"][s], "card") + (f"; known: {_cards(known)}" if known else "")
        laid = "; ".join(f"{_cards(c['cards'])} = {c['value']}" for c in view["laid"][s]) or "-"
        gone = "; OUT: left the game" if s in out else ""
        lines.append(f"  {_padded(names[s], 7, s, color)} {held}; score {view['scores'][s]}; laid: {laid}{gone}")
    return lines


def legend_lines() -> list[str]:
    return textwrap.wrap(
        "Key: K Q M R the players' figures and stones by initial; . an empty chamber; home[K] a "
        "figure at home; the card you drew last is marked new; known: cards everybody has seen.",
        80,
    )


def end_line(view: dict[str, Any]) -> str:
    """The result in words: the ranks, or that the game ended off the board."""
    names, r = view["names"], view.get("result")
    if r is None:  # ended off the board: the caller that read the log says how
        return f"Game over: {view.get('ended') or 'a resignation, a forfeit or an abort ended the game in this position'}."
    order = sorted(range(view["seats"]), key=lambda s: r["ranks"][s])
    ranks = ", ".join(f"{r['ranks'][s]}. {names[s]} {r['scores'][s]}" for s in order)
    return f"Game over: {r['reason']}. {ranks}"


def render(view: dict[str, Any], color: bool = False) -> str:
    names = view["names"]
    me = view.get("seat")
    out: list[str] = [_title(view)]
    out.append(start_line(view))
    out.append("")
    out += hiding_place(view["stones"], color)
    out.append("")
    out += circuit_lines(view, color)
    out.append("")
    if me is not None:
        out.append(hand_line(view, color))
    out += seat_lines(view, color)
    if view.get("everything_revealed"):
        out += textwrap.wrap(f"Draw stack (top first): {_cards(view['deck'])}", 80, subsequent_indent="  ")
        out.append(f"Discard pile (top last): {_cards(view['discard'])}")
    else:
        out.append(f"Draw stack: {_count(view['deck_size'], 'card')}; discard pile (top last): {_cards(view['discard'])}")
    out.append(_throw(view["last_throw"], names))
    keys = key_line(view)
    if keys:
        out.append(keys)
    if remembered(view, "questions"):
        out += question_lines(view)
    claims = remembered(view, "claims")
    if claims:
        out.append("Claims:")
        for c in claims[-6:]:
            move = {"type": "claim", "own": c["own"], "named": [{"seat": i["seat"], "card": i["card"]} for i in c["named"]]}
            outcome = f"laid, {c['value']} points" if c["ok"] else "failed"
            out.append(f"  {names[c['seat']]}: {format_move(move)} -> {outcome}")
    out += legend_lines()
    last = events.last_line(view.get("last"), format_move)
    if last:
        out.append(last)
    out.append("")
    out.append(end_line(view) if _over(view) else pending_line(view))
    return "\n".join(line.rstrip() for line in out)
