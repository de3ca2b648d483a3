"""Plain-text picture of a Cavemen view: the field, and what the reader may know.

Every reader sees the field the same way round: row 6 (Blue's fires) at the top, row 1
(Red's) at the bottom, paths P0..P3 and columns A..C from left to right. A move's "up" is
towards row 6, and the log (written without knowing who reads it) says "up" too: were Blue's
board turned round, his "up" would move his caveman down his screen. Lines over and under
the field say whose side each is, and which is the reader's. ANSI colour (red and blue
owners) only when `color` is true; the text says everything without it.
"""

from __future__ import annotations

from typing import Any

from engines.cavemen import cards, recent
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


def _title(view: dict[str, Any]) -> str:
    """The first line; a finished game's board is drawn for every eye alike (the final screens,
    the log, the web page), so it names no reader: no "you are", no "spectator"."""
    seat = view.get("seat")
    kind = "open" if view["options"]["open"] else "closed"
    round_no = (view["turn_no"] + 1) // 2
    text = (f"Cavemen Playing With Fire ({kind} game), turn {view['turn_no']} (round {round_no} of "
            f"{view['options']['round_limit']})")
    if view.get("everything_revealed"):
        return text + ", everything revealed"
    if _over(view):
        return text
    return text + (f", you are {NAMES[seat]}" if seat in (0, 1) else ", you are watching")


def _over(view: dict[str, Any]) -> bool:
    return view.get("result") is not None or bool(view.get("over"))


def _side(owner: int, seat: int | None) -> str:
    """The line over or under the field that says whose side it is, and which is the reader's."""
    rows = "rows 4-6, fires on row 6" if owner == 1 else "rows 1-3, fires on row 1"
    mine = " (your side)" if owner == seat else ""
    return f"   {NAMES[owner]}'s side{mine}: {rows}"


def legend(seat: int | None) -> list[str]:
    """The key to every mark on the board, and which way the moves go (the same for both)."""
    you = {0: " (you are Red)", 1: " (you are Blue)"}.get(seat, "")
    return [
        "  R:/B: Red's/Blue's caveman. ?? face down, unknown to you; ^ face up;",
        "  ! face down, known to you; * yours, known to the opponent; no mark: face down.",
        "  [FIRE R] a lit fire, [out R] one put out, [cave R] a cave; R/B: whose.",
        "  Everyone sees the field this way round: up = towards row 6, down = towards",
        f"  row 1; forward is up for Red, down for Blue{you}.",
    ]


def _piles(view: dict[str, Any], s: int) -> list[str]:
    """One seat's cards off the field: counts while the game runs, every card once revealed."""
    top = view["inactive_tops"][s]
    gone = view["gone"][s]
    out = f", out of the game: {', '.join(cards.label(c) for c in gone)}" if gone else ""
    if not view.get("everything_revealed"):
        return [
            f"{NAMES[s]}: hand {view['hand_sizes'][s]}, stockpile {view['stock_sizes'][s]}, inactive deck "
            f"{view['inactive_sizes'][s]} (top: {cards.label(top) if top else 'none'}){out}"
        ]
    return [
        f"{NAMES[s]}: hand {_list(view['hands'][s])}{out}",
        f"  stockpile (top first): {_list(view['stocks'][s])}",
        f"  inactive deck (top last): {_list(view['inactives'][s])}",
    ]


def _list(cards_: list[str]) -> str:
    return ", ".join(cards.label(c) for c in cards_) or "none"


def _end(view: dict[str, Any]) -> str:
    result = view.get("result")
    if result is None:  # ended off the board: the caller that read the log says how
        return f"Game over: {view.get('ended') or 'a resignation, a forfeit or an abort ended the game in this position'}"
    winner = result.get("winner")
    return f"Game over: {'a draw' if winner is None else NAMES[winner] + ' wins'} ({result.get('reason')})"


def render(view: dict[str, Any], color: bool = False) -> str:
    """The field with row 6 at the top for every reader (so up on the screen is "up" in a move
    and in the log), the side markers, the legend, the piles, what just happened, and the
    decision due or the end."""
    seat = view.get("seat")
    lines = [_title(view), _side(1, seat), _header()]
    for row in range(ROWS, 0, -1):
        lines.append(_line(view, row, color))
    lines += [_header(), _side(0, seat)]
    lines += legend(seat)
    for s in (0, 1):
        lines += _piles(view, s)
    if seat in (0, 1):
        lines.append(f"Your hand: {_hand(view['hand'] or [])}")
        inactive = view.get("inactive") or []
        if inactive:
            lines.append("Your inactive deck (top last): " + ", ".join(cards.label(c) for c in inactive))
    last = recent.last_line(view.get("last"))
    if last:
        lines.append(last)
    pending = view.get("pending")
    if _over(view):
        lines.append(_end(view))
        return "\n".join(lines)
    turn = recent.this_turn_line(view)
    if turn:
        lines.append(turn)
    if pending is not None:
        who = pending["seat"]
        if pending["kind"] == "place":
            lines.append(f"Cards placed this turn: {view['tm']['placed']} of 3")
        if who == seat:
            lines.append(f"Your decision: {_WANTS[pending['kind']]}")
        else:
            lines.append(f"Waiting for {NAMES[who]}: {_WANTS[pending['kind']]}")
    return "\n".join(lines)
