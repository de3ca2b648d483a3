"""The legal moves of one seat, from what that seat knows (CV-4..CV-13).

DESIGN: legal moves are a function of what the seat knows. The server lists a seat's
moves from the state (`Cavemen.legal_moves`), the client from its own verified view
(`Cavemen.moves_from_view`), and both call `seat_moves` here: one rules code, so the two
lists are the same list, in the same order, and the server's list is only a claim the
client can check.

`seat_moves` takes a "board": the state or the seat's view. Both carry the keys read
here with the same shape (options, field, caves, fires, tm, pending, result); the hand
is passed in (the state's `hands[seat]`, the view's `hand`). What the generator reads is
what the seat's view holds:

- of a field entry: `owner`, `up`, `known`, `id` of any caveman, and `card` only of the
  seat's own cavemen (the owner always sees his own, CV-18): `card` is read in
  `_options` and `_bonus` for the caveman that moves, never for a target;
- the seat's own hand (never the opponent's), the caves, the fires, this turn's record
  of moves (`tm`: which caveman moved how, which everybody saw), `options.open`, the
  pending decision and the result.

Nothing of the opponent's hand, either stockpile's order, the opponent's inactive deck
below its top, or the identity of a face-down opponent caveman is read, so the list tells
the seat nothing its view does not (tests/engines/cavemen/test_view_moves.py proves it
over random games: the two lists are equal, and changing what the seat cannot know
changes neither).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.cavemen import cards
from engines.cavemen.field import (
    COLS,
    FIRE_ROW,
    PATHS,
    ROWS,
    card_owner,
    cols_beside,
    index,
    on_field,
    path_of,
    row_of,
)
from engines.core import Move

Board = Mapping[str, Any]  # a state or a seat's view (see the module docstring)


def _bonus(board: Board, i: int, piece: Mapping[str, Any]) -> bool:
    """CV-6: a Plucky or Gutsy that took its starting path's move with its first move and
    is still in that path (no sideways move) has a second move there."""
    if piece["card"] not in cards.DOUBLE:
        return False
    acts = board["tm"]["acts"].get(str(piece["id"]))
    if acts is None or len(acts["kinds"]) != 1 or acts["kinds"][0] == "side":
        return False
    p = path_of(i)
    return p == acts["start"] and board["tm"]["used"][p] == piece["id"]


def _options(board: Board, i: int) -> tuple[bool, bool, bool]:
    """(may move now, may attack, may jump) for the player's own caveman at index i."""
    piece = board["field"][i]
    tm = board["tm"]
    p = path_of(i)
    acts = tm["acts"].get(str(piece["id"]))
    kinds = acts["kinds"] if acts else []
    attacked = "attack" in kinds
    # CV-8: an attack ends its movement, except a first-move attack of Plucky or Gutsy that
    # won (CV-6): that one may still move, but never attack again this turn.
    if attacked and not (piece["card"] in cards.DOUBLE and kinds[0] == "attack" and kinds.count("attack") == 1):
        return False, False, False
    if tm["used"][p] is None:
        return True, not attacked, piece["card"] == "zippy" and acts is None
    if _bonus(board, i, piece):
        return True, not attacked, False
    return False, False, False


def caveman_moves(board: Board, i: int) -> list[Move]:
    """Every move the caveman at index i may make now (its owner is the turn player)."""
    may, may_attack, may_jump = _options(board, i)
    if not may:
        return []
    field = board["field"]
    seat = field[i]["owner"]
    p, r = path_of(i), row_of(i)
    out: list[Move] = []
    for d, name in ((1, "up"), (-1, "down")):
        if on_field(p, r + d):
            target = field[index(p, r + d)]
            if target is None:
                out.append({"type": "step", "path": p, "row": r, "dir": name})
            elif target["owner"] != seat and may_attack:
                out.append({"type": "attack", "path": p, "row": r + d, "from_path": p, "from_row": r})
        if may_jump and on_field(p, r + 2 * d):
            target = field[index(p, r + 2 * d)]
            if target is None:
                out.append({"type": "jump", "path": p, "row": r, "dir": name})
            elif target["owner"] != seat and may_attack:
                out.append({"type": "attack", "path": p, "row": r + 2 * d, "from_path": p, "from_row": r})
    for d, name in ((-1, "left"), (1, "right")):
        if on_field(p + d, r):
            target = field[index(p + d, r)]
            if target is None:
                out.append({"type": "side", "path": p, "row": r, "dir": name})
            elif target["owner"] != seat and may_attack:
                out.append({"type": "attack", "path": p + d, "row": r, "from_path": p, "from_row": r})
    opponent = 1 - seat
    if r == FIRE_ROW[opponent]:
        for c in cols_beside(p):
            if board["fires"][opponent][c]:
                out.append({"type": "extinguish", "col": COLS[c], "path": p, "row": r})
    return out


def placements(board: Board, seat: int, hand: Sequence[str]) -> list[Move]:
    """CV-12: cavemen on empty positions beside an own cave or fire; caves over the opponent's."""
    out: list[Move] = []
    names = [c for c in cards.CAVEMEN if c in hand]
    if names:
        spots = []
        for p in range(PATHS):
            for r in range(1, ROWS + 1):
                if board["field"][index(p, r)] is None and any(
                    card_owner(board["caves"], c, r) == seat for c in cols_beside(p)
                ):
                    spots.append((p, r))
        out += [{"type": "place", "card": n, "path": p, "row": r} for n in names for p, r in spots]
    if cards.CAVE in hand:
        out += [{"type": "cave", "cell": cell} for cell, owner in board["caves"].items() if owner != seat]
    return out


def zippy_targets(board: Board, seat: int) -> list[int]:
    """The opponent's cavemen that Zippy's owner does not see yet (CV-10, CV-16): public
    facts only (face up or not, known to the opponent or not)."""
    out = []
    for i, p in enumerate(board["field"]):
        if p is None or p["owner"] == seat or p["up"]:
            continue
        if board["options"]["open"] or p["known"] == 0:
            out.append(i)
    return out


def seat_moves(board: Board, seat: int, hand: Sequence[str]) -> list[Move]:
    """The moves `seat` may make now; [] when it is not that seat's decision (or the game
    is over). `hand` is the seat's own hand."""
    pending = board["pending"]
    if board["result"] is not None or pending is None or pending["seat"] != seat:
        return []
    kind = pending["kind"]
    if kind in ("redraw", "discard"):
        return [{"type": "discard", "card": c} for c in cards.HAND_CARDS if c in hand] + [{"type": "end"}]
    if kind == "move":
        out: list[Move] = []
        for i, piece in enumerate(board["field"]):
            if piece is not None and piece["owner"] == seat:
                out += caveman_moves(board, i)
        return out + [{"type": "end"}]
    if kind == "zippy":
        return [{"type": "reveal", "path": path_of(i), "row": row_of(i)} for i in zippy_targets(board, seat)] + [
            {"type": "noreveal"}
        ]
    if kind == "place":
        return placements(board, seat, hand) + [{"type": "end"}]
    raise AssertionError(f"unknown pending kind {kind}")
