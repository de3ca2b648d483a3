"""Plain-text picture of a Cavemen view: the field from the viewer's side, and what he may know.

Red sees row 6 (Blue's fires) at the top and his own fires at the bottom; Blue the other
way round; a spectator sees it as Red does. Paths P0..P3 and columns A..C read left to
right for both (the notation uses them). ANSI colour (red and blue owners) only when
`color` is true; the text says everything without it.
"""

from __future__ import annotations

from typing import Any

from engines.cavemen import cards
from engines.cavemen.field import COLS, PATHS, ROWS, card_owner, index

NAMES = ["Red", "Blue"]
INITIAL = ["R", "B"]
COLOURS = ["\x1b[31m", "\x1b[34m"]
RESET = "\x1b[0m"
PATH_W = 11
COL_W = 10
_WANTS = {
    "redraw": "discard cards for the one-time redraw (or end phase) (CV-4)",
    "move": "move your cavemen, one move per path (or end phase) (CV-5..CV-11)",
    "zippy": "name an opponent's caveman for Zippy to reveal (or no reveal) (CV-10)",
    "place": "place up to three cards (or end phase) (CV-12)",
    "discard": "discard cards (or end phase), then draw to five (CV-13)",
}


def _paint(text: str, owner: int | None, color: bool) -> str:
    if not color or owner is None:
        return text
    return f"{COLOURS[owner]}{text}{RESET}"


def _piece(piece: dict[str, Any] | None, seat: int | None) -> tuple[str, int | None]:
    if piece is None:
        return ".", None
    mark = INITIAL[piece["owner"]]
    card = piece.get("card")
    if card is None:
        return f"{mark}:??", piece["owner"]
    name = card.capitalize()
    if piece["up"]:
        suffix = "^"  # face up
    elif piece["owner"] != seat and seat is not None:
        suffix = "!"  # face down, but you know it
    elif piece["owner"] == seat and piece.get("known"):
        suffix = "*"  # yours, and the opponent knows it
    else:
        suffix = ""
    return f"{mark}:{name}{suffix}", piece["owner"]


def _card_cell(view: dict[str, Any], col: int, row: int) -> tuple[str, int]:
    owner = card_owner(view["caves"], col, row)
    if row in (1, 6):
        lit = view["fires"][owner][col]
        return f"[{'FIRE' if lit else 'out '} {INITIAL[owner]}]", owner
    return f"[cave {INITIAL[owner]}]", owner


def _line(view: dict[str, Any], row: int, color: bool) -> str:
    seat = view.get("seat")
    parts = [f"r{row} "]
    for p in range(PATHS):
        text, owner = _piece(view["field"][index(p, row)], seat)
        parts.append(_paint(text.center(PATH_W), owner, color))
        if p < len(COLS):
            text, owner = _card_cell(view, p, row)
            parts.append(_paint(text.center(COL_W), owner, color))
    return "".join(parts).rstrip()


def _header() -> str:
    parts = ["   "]
    for p in range(PATHS):
        parts.append(f"P{p}".center(PATH_W))
        if p < len(COLS):
            parts.append(COLS[p].center(COL_W))
    return "".join(parts).rstrip()


def _hand(cards_: list[str]) -> str:
    return ", ".join(f"{i}. {cards.label(c)}" for i, c in enumerate(cards_, 1)) or "(empty)"


def render(view: dict[str, Any], color: bool = False) -> str:  # noqa: C901, PLR0912 - one block per part
    seat = view.get("seat")
    kind = "open" if view["options"]["open"] else "closed"
    round_no = (view["turn_no"] + 1) // 2
    lines = [f"Cavemen Playing With Fire ({kind} game), turn {view['turn_no']} (round {round_no} of "
             f"{view['options']['round_limit']})" + (
        f", you are {NAMES[seat]}" if seat in (0, 1) else ", spectator")]
    rows = range(ROWS, 0, -1) if seat != 1 else range(1, ROWS + 1)
    lines.append(_header())
    for row in rows:
        lines.append(_line(view, row, color))
    lines.append(_header())
    lines.append("  R:/B: owner; ?? face down, unknown to you; ^ face up; ! face down but known to you;")
    where = {0: "at the top", 1: "your fires, at the bottom"}.get(seat, "at the top")
    lines.append(f"  * yours, known to the opponent. Up = towards row 6 ({where}); forward = towards the opponent.")
    for s in (0, 1):
        top = view["inactive_tops"][s]
        gone = view["gone"][s]
        lines.append(
            f"{NAMES[s]}: hand {view['hand_sizes'][s]}, stockpile {view['stock_sizes'][s]}, inactive deck "
            f"{view['inactive_sizes'][s]} (top: {cards.label(top) if top else 'none'})"
            + (f", out of the game: {', '.join(cards.label(c) for c in gone)}" if gone else "")
        )
    if seat in (0, 1):
        lines.append(f"Your hand: {_hand(view['hand'] or [])}")
        inactive = view.get("inactive") or []
        if inactive:
            lines.append("Your inactive deck (top last): " + ", ".join(cards.label(c) for c in inactive))
    result = view.get("result")
    pending = view.get("pending")
    if result is not None:
        winner = result.get("winner")
        lines.append(f"Game over: {'a draw' if winner is None else NAMES[winner] + ' wins'} ({result.get('reason')})")
    elif pending is not None:
        who = pending["seat"]
        tm = view["tm"]
        used = [f"P{p}" for p, u in enumerate(tm["used"]) if u is not None]
        if pending["kind"] == "move":
            lines.append("Paths moved this turn: " + (", ".join(used) or "none"))
        if pending["kind"] == "place":
            lines.append(f"Cards placed this turn: {tm['placed']} of 3")
        if who == seat:
            lines.append(f"Your decision: {_WANTS[pending['kind']]}")
        else:
            lines.append(f"Waiting for {NAMES[who]}: {_WANTS[pending['kind']]}")
    return "\n".join(lines)
