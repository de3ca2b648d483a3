"""Bots for Das magische Hexagon. They play from a seat's view only, so they cannot cheat.

- random: any legal move.
- greedy: in placement, keeps its good wisdoms away from the flames and its -1s
  next to them (an opponent who burns a -1 loses a point); in movement, looks
  one reply ahead: the expected value it burns now, minus the most the opponent
  could burn of its own wisdoms in answer. A concealed opponent wisdom is worth
  the mean of that opponent's values not yet burnt.

Concealed placements (blind games, and `blind=false` without `open_placement`): the values
are hidden from the opponent (and in a blind game from the server too), and nothing a bot
does in public may tell them, or the log would (which cell it placed on, in which order,
which wisdom it shields). So there every public choice is made without looking
at a concealed value: a placement picks its cell first, by a score that knows no value, and
then its value uniformly at random from the wisdoms in hand (counted with their multiplicity,
so the order of values is a uniformly random permutation of the hand: the order tells
nothing either); in movement, greedy counts each of its own unburnt wisdoms at the mean of
its values not yet burnt, as the opponent must. tests/engines/magier/test_blind_bots_leak.py
checks that a reader of the public log guesses no better than chance. With open placement
every value is public anyway, and the bots play as they always did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from engines.core import Move, View
from engines.magier.board import COORDS, FLAMES, INDEX, STEP, step_direction
from engines.magier.mechanics import (
    Cells,
    Refused,
    cells_from_board,
    is_own_magician,
    step,
)

PRESSURE = 0.25  # blind games: worth of an opponent's wisdom pushed next to a flame, per point
WISDOM_TOTAL = 5  # 1 + 1 + 1 + 2 + 2 - 1 - 1 (MH-5)
T = TypeVar("T")
Bot = Callable[[View, list[Move], random.Random], Move]


def random_bot(view: View, legal_moves: list[Move], rnd: random.Random) -> Move:
    if hides_values(view) and legal_moves and legal_moves[0].get("type") == "place":
        cells = sorted({m["cell"] for m in legal_moves}, key=INDEX.__getitem__)
        return _place_blind(view, legal_moves, rnd.choice(cells), rnd)
    return rnd.choice(legal_moves)


def hides_values(view: View) -> bool:
    """Concealed placements (blind or not): the values are hidden from the opponent, and in a
    blind game from the server too, so no public choice may depend on them."""
    options = view.get("options") if isinstance(view, Mapping) else None
    return isinstance(options, Mapping) and options.get("open_placement") is not True


def _place_blind(view: View, legal_moves: list[Move], cell: str, rnd: random.Random) -> Move:
    """The placement on `cell` of a wisdom drawn uniformly from the hand (each wisdom once, so
    a value held three times is three times as likely): the value is independent of the cell
    and of the turn, whatever chose the cell. A hand the store cannot fill (nulls) draws
    uniformly among the listed values."""
    here = [m for m in legal_moves if m.get("cell") == cell]
    hands = view.get("hands") or []
    seat = view.get("seat")
    hand = hands[seat] if isinstance(seat, int) and 0 <= seat < len(hands) else []
    pool = [m for m in here for v in hand if v is not None and v == m.get("value")]
    return rnd.choice(pool or here)


def _distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


_FLAME_DISTANCE = [min(_distance(i, f) for f in FLAMES) for i in range(len(COORDS))]
# Per wrap, the cells one step (a push moves a piece one step, MH-8) from a flame.
_FEEDS = {wrap: frozenset(i for i, row in enumerate(table) if any(j in FLAMES for j in row)) for wrap, table in STEP.items()}


def _expected_value(view: View, owner: int) -> float:
    """Mean value of `owner`'s wisdoms not yet burnt, as far as the viewer knows."""
    burnt = [b["value"] for b in view.get("burned", []) if b["owner"] == owner]
    left = WISDOM_TOTAL * 1.0 - sum(burnt)
    count = 7 - len(burnt)
    return left / count if count else 0.0


def _worth(piece: Mapping[str, Any], guess: float) -> float:
    value = piece.get("value")
    return guess if value is None else float(value)


def _cells_after(cells: Cells, seat: int, move: Move, wrap: str) -> tuple[Cells, list[Any]]:
    """The board after one of our legal moves, and the pieces it burns."""
    if move["type"] == "step":
        src, dst = INDEX[move["from"]], INDEX[move["to"]]
        d = step_direction(src, dst, wrap)
        if d is None:
            raise Refused("not a step")
        out = step(cells, src, d, wrap, seat)
        return out.cells, [p for _, p in out.burned]
    if move["type"] == "jump":
        new = list(cells)
        src, dst = INDEX[move["path"][0]], INDEX[move["path"][-1]]
        new[dst], new[src] = cells[src], None
        return new, []
    return list(cells), []


def _best_reply(cells: Cells, opponent: int, wrap: str, own_guess: float | None = None) -> float:
    """The most the opponent can burn of ours with one push: at the values known to us, or,
    with own_guess (a blind game), each of ours at that guess, so that which wisdom we shield
    tells nothing of its value."""
    # A push moves each piece one step in its direction: only a direction that takes one of
    # our wisdoms onto a flame can burn (a pure shortcut: the answer is the same).
    table = STEP[wrap]
    ours = 1 - opponent
    directions = sorted(
        {
            d
            for i in _FEEDS[wrap]
            if (p := cells[i]) is not None and p["kind"] == "wisdom" and p["seat"] == ours
            for d in range(6)
            if table[i][d] in FLAMES
        }
    )
    best = 0.0
    for src, piece in enumerate(cells) if directions else ():
        if not is_own_magician(piece, opponent):
            continue
        for d in directions:
            try:
                out = step(cells, src, d, wrap, opponent)
            except Refused:
                continue
            if out.burned:
                if own_guess is None:
                    best = max(best, sum(_worth(p, 1.0) for _, p in out.burned))
                else:
                    best = max(best, own_guess * len(out.burned))
    return best


def _near_flames(cells: Cells, owner: int) -> int:
    """How many of owner's wisdoms stand next to a flame, one push from burning."""
    return sum(
        1
        for i, p in enumerate(cells)
        if p is not None and p["kind"] == "wisdom" and p["seat"] == owner and _FLAME_DISTANCE[i] == 1
    )


def _placement_score(move: Move) -> float:
    value = move.get("value", 1)
    return value * _FLAME_DISTANCE[INDEX[move["cell"]]]


def greedy_bot(view: View, legal_moves: list[Move], rnd: random.Random) -> Move:
    if len(legal_moves) == 1:
        return legal_moves[0]
    blind = hides_values(view)
    if view.get("phase") == "placement":
        if blind:  # the cell by a score that knows no value (far from the flames), then the value
            cells = sorted({m["cell"] for m in legal_moves}, key=INDEX.__getitem__)
            far = _pick(cells, [_FLAME_DISTANCE[INDEX[c]] for c in cells], rnd)
            return _place_blind(view, legal_moves, far, rnd)
        return _pick(legal_moves, [_placement_score(m) for m in legal_moves], rnd)
    seat = view["seat"]
    opponent = 1 - seat
    wrap = view.get("options", {}).get("wrap", "line")
    cells = cells_from_board(view["board"])
    guess = _expected_value(view, opponent)
    own_guess = _expected_value(view, seat) if blind else None
    scores = []
    for move in legal_moves:
        try:
            after, burned = _cells_after(cells, seat, move, wrap)
        except (Refused, KeyError):
            scores.append(float("-inf"))
            continue
        gain = sum(_worth(p, guess) for p in burned)
        score = gain - _best_reply(after, opponent, wrap, own_guess)
        if own_guess is not None:
            score += PRESSURE * (guess * _near_flames(after, opponent) - own_guess * _near_flames(after, seat))
        scores.append(score)
    return _pick(legal_moves, scores, rnd)


def _pick(moves: Sequence[T], scores: Sequence[float], rnd: random.Random) -> T:
    best = max(scores)
    top = [m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9]
    return rnd.choice(top)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
