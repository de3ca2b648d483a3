"""Text notation for Cavemen moves: what a player types, one decision per line.

    move P1 r3 up            step one position along the path (up = towards Blue's fires,
                             row 6, the top of every player's board; down = towards Red's,
                             row 1, the bottom); "step" reads too, and "forward" / "back"
                             (towards the opponent's fires / your own)
    jump P1 r3 up            Zippy's jump of two positions onto an empty one (CV-7)
    side P1 r3 right         sideways across the card of that row into the next path
                             (left = P0 side, right = P3 side)
    attack P2 r4 from P2 r3  attack the opponent on P2 r4 with your caveman on P2 r3 (a
                             Zippy two rows away attacks by a jump); "from ..." may be left
                             out when only one of your cavemen stands next to the target
    extinguish B from P1 r1  step onto the opponent's fire of column B (and win); "from ..."
                             may be left out when only one caveman can do it
    place gutsy P0 r2        place a caveman from your hand face down
    cave B4                  replace the opponent's cave B4 with one of yours
    discard gutsy            discard a card face up (also "discard 2": the 2nd card of your hand)
    reveal P2 r5             Zippy names an opponent's caveman to reveal; "no reveal" declines
    end phase                end this phase (the move or place phase, the discards, the redraw);
                             "end" and "done" read too; "pass" is refused with what to
                             type instead, since ending a whole phase is more than a pass

Positions are written "P<path> r<row>" (paths P0..P3 from left to right, rows 1..6 from
Red's side to Blue's): "P1 r3", "p1r3" and "P1 3" all read. Case and extra spaces do not
matter. `format` writes the first spelling of each line; parse(format(m)) == m.
"""

from __future__ import annotations

import re
from typing import Any

from engines.cavemen import cards
from engines.cavemen.field import COLS, FIRE_ROW, cols_beside, index, on_field, path_of, row_of
from engines.core import IllegalMove, Move, View
from protocol.numbers import NotANumber, whole

HELP = (
    "moves: move P1 r3 up|down | jump P1 r3 up|down | side P1 r3 left|right | attack P2 r4 from P2 r3 | "
    "extinguish B from P1 r1 | place <caveman> P0 r2 | cave B4 | discard <card> | reveal P2 r5 | "
    "no reveal | end phase"
)
_POS = re.compile(r"^p\s*([0-3])\s*,?\s*(?:r(?:ow)?)?\s*([1-6])$")
_END = {"end", "end phase", "done", "end turn", "keep", "end redraw"}


def _pos(text: str) -> tuple[int, int]:
    m = _POS.match(text.strip())
    if not m:
        raise IllegalMove(f"cannot read the position {text.strip()!r}: write P<path 0-3> r<row 1-6>, e.g. P1 r3")
    return int(m.group(1)), int(m.group(2))


def _card(text: str, view: View) -> str:
    t = text.strip()
    if t[:1].isdigit():  # "²" and "١" are digits to isdigit(): read by protocol.numbers, or refused
        hand = view.get("hand") or []
        try:
            n = whole(t, "a card number", 0, 10**6)
        except NotANumber as exc:
            raise IllegalMove(f"{exc}: name a card of your hand by its number or its name") from None
        if not 1 <= n <= len(hand):
            raise IllegalMove(f"your hand has {len(hand)} card(s): no card number {n}")
        return hand[n - 1]
    if t in cards.HAND_CARDS:
        return t
    raise IllegalMove(f"cannot read the card {text.strip()!r}: one of {', '.join(cards.HAND_CARDS)}")


def _own_at(view: View, p: int, r: int) -> dict[str, Any] | None:
    piece = view["field"][index(p, r)]
    return piece if piece is not None and piece["owner"] == view.get("seat") else None


def _attackers(view: View, p: int, r: int) -> list[tuple[int, int]]:
    """Own cavemen that stand where they could attack P p r (next to it, or Zippy two rows away)."""
    out = []
    for dp, dr in ((0, 1), (0, -1), (1, 0), (-1, 0), (0, 2), (0, -2)):
        q, s = p + dp, r + dr
        if on_field(q, s):
            piece = _own_at(view, q, s)
            if piece is not None and (abs(dr) < 2 or piece["card"] == "zippy"):
                out.append((q, s))
    return out


def _extinguishers(view: View, col: int) -> list[tuple[int, int]]:
    seat = view.get("seat")
    if seat not in (0, 1):
        return []
    row = FIRE_ROW[1 - seat]
    return [(p, row) for p in range(4) if col in cols_beside(p) and _own_at(view, p, row) is not None]


def _one(found: list[tuple[int, int]], what: str) -> tuple[int, int]:
    if len(found) == 1:
        return found[0]
    if not found:
        raise IllegalMove(f"none of your cavemen can {what}")
    spots = ", ".join(f"P{p} r{r}" for p, r in found)
    raise IllegalMove(f"several of your cavemen could {what} ({spots}): add 'from P<path> r<row>'")


def parse(text: str, view: View) -> Move:  # noqa: C901, PLR0911, PLR0912 - one branch per kind of move
    if not isinstance(text, str):
        raise IllegalMove("a move is a line of text")
    s = " ".join(text.lower().replace(",", " ").split())
    if not s:
        raise IllegalMove("empty move; " + HELP)
    if s in _END:
        return {"type": "end"}
    if s == "pass":  # a player may mean "skip this one action", not "give up the rest of the phase"
        raise IllegalMove("type 'end phase' to end the phase (the rest of its actions are given up)")
    if s in ("no reveal", "noreveal", "reveal none", "no"):
        return {"type": "noreveal"}
    word, _, rest = s.partition(" ")
    if word in ("move", "step", "jump", "side"):
        m = re.match(r"^(.*?)\s*(up|down|left|right|forward|back)$", rest)
        if not m:
            raise IllegalMove(f"write '{word} P1 r3 <direction>', e.g. 'move P1 r3 up' or 'side P1 r3 right'")
        p, r = _pos(m.group(1))
        d = m.group(2)
        if d in ("forward", "back"):  # towards the opponent's fires, or one's own
            seat = view.get("seat")
            if seat not in (0, 1):
                raise IllegalMove("forward and back depend on your side: write up or down")
            d = "up" if (d == "forward") == (seat == 0) else "down"
        kind = "step" if word == "move" else word
        if kind == "side" and d in ("up", "down"):
            raise IllegalMove("a sideways move goes left or right; to go up or down use 'move'")
        if kind in ("step", "jump") and d in ("left", "right"):
            kind = "side" if kind == "step" else kind
            if kind == "jump":
                raise IllegalMove("Zippy jumps along its path only: up or down")
        return {"type": kind, "path": p, "row": r, "dir": d}
    if word == "attack":
        target, _, src = rest.partition(" from ")
        tp, tr = _pos(target)
        fp, fr = _pos(src) if src else _one(_attackers(view, tp, tr), f"attack P{tp} r{tr}")
        return {"type": "attack", "path": tp, "row": tr, "from_path": fp, "from_row": fr}
    if word in ("extinguish", "fire", "putout"):
        col_text, _, src = rest.partition(" from ")
        col_text = col_text.strip().upper()[:1]
        if col_text not in COLS:
            raise IllegalMove("name the fire by its column: extinguish A, B or C")
        p, r = _pos(src) if src else _one(_extinguishers(view, COLS.index(col_text)), f"reach fire {col_text}")
        return {"type": "extinguish", "col": col_text, "path": p, "row": r}
    if word == "place":
        name, _, where = rest.partition(" ")
        card = _card(name, view)
        if card == cards.CAVE:
            raise IllegalMove("a cave replaces one of the opponent's: write 'cave B4'")
        p, r = _pos(where)
        return {"type": "place", "card": card, "path": p, "row": r}
    if word == "cave":
        cell = rest.strip().upper().replace(" ", "")
        if not re.match(r"^[ABC][34]$", cell):
            raise IllegalMove("only the caves of rows 3 and 4 can be replaced (CV-2): write e.g. 'cave B4'")
        return {"type": "cave", "cell": cell}
    if word == "discard":
        return {"type": "discard", "card": _card(rest, view)}
    if word == "reveal":
        p, r = _pos(rest)
        return {"type": "reveal", "path": p, "row": r}
    raise IllegalMove(f"cannot read {text.strip()!r}; " + HELP)


def format(move: Move) -> str:  # noqa: A001, PLR0911 - the Engine interface names it format
    t = move.get("type")
    if t in ("step", "jump", "side"):
        word = "move" if t == "step" else t
        return f"{word} P{move['path']} r{move['row']} {move['dir']}"
    if t == "attack":
        return f"attack P{move['path']} r{move['row']} from P{move['from_path']} r{move['from_row']}"
    if t == "extinguish":
        return f"extinguish {move['col']} from P{move['path']} r{move['row']}"
    if t == "place":
        return f"place {move.get('card', 'a caveman')} P{move['path']} r{move['row']}"
    if t == "cave":
        return f"cave {move['cell']}"
    if t == "discard":
        return f"discard {move['card']}"
    if t == "reveal":
        return f"reveal P{move['path']} r{move['row']}"
    if t == "noreveal":
        return "no reveal"
    if t == "end":
        return "end phase"
    return str(move)


def position_label(i: int) -> str:
    return f"P{path_of(i)} r{row_of(i)}"
