"""Bots for Das magische Hexagon. They play from a seat's view only, so they cannot cheat.

- random: any legal move.
- greedy: in placement, keeps its good wisdoms away from the flames and its -1s
  next to them (an opponent who burns a -1 loses a point); in movement, looks
  one reply ahead: the expected value it burns now, minus the most the opponent
  could burn of its own wisdoms in answer. A concealed opponent wisdom is worth
  the mean of that opponent's values not yet burnt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.core import Move, View
from engines.magier.board import COORDS, FLAMES, INDEX, step_direction
from engines.magier.mechanics import (
    Cells,
    Refused,
    cells_from_board,
    is_own_magician,
    step,
)

WISDOM_TOTAL = 5  # 1 + 1 + 1 + 2 + 2 - 1 - 1 (MH-5)
Bot = Callable[[View, list[Move], random.Random], Move]


def random_bot(view: View, legal_moves: list[Move], rnd: random.Random) -> Move:
    return rnd.choice(legal_moves)


def _distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


_FLAME_DISTANCE = [min(_distance(i, f) for f in FLAMES) for i in range(len(COORDS))]


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


def _best_reply(cells: Cells, opponent: int, wrap: str) -> float:
    """The most the opponent can burn of ours with one push (values known to us)."""
    best = 0.0
    for src, piece in enumerate(cells):
        if not is_own_magician(piece, opponent):
            continue
        for d in range(6):
            try:
                out = step(cells, src, d, wrap, opponent)
            except Refused:
                continue
            if out.burned:
                best = max(best, sum(_worth(p, 1.0) for _, p in out.burned))
    return best


def _placement_score(move: Move) -> float:
    value = move.get("value", 1)
    return value * _FLAME_DISTANCE[INDEX[move["cell"]]]


def greedy_bot(view: View, legal_moves: list[Move], rnd: random.Random) -> Move:
    if len(legal_moves) == 1:
        return legal_moves[0]
    if view.get("phase") == "placement":
        return _pick(legal_moves, [_placement_score(m) for m in legal_moves], rnd)
    seat = view["seat"]
    opponent = 1 - seat
    wrap = view.get("options", {}).get("wrap", "line")
    cells = cells_from_board(view["board"])
    guess = _expected_value(view, opponent)
    scores = []
    for move in legal_moves:
        try:
            after, burned = _cells_after(cells, seat, move, wrap)
        except (Refused, KeyError):
            scores.append(float("-inf"))
            continue
        gain = sum(_worth(p, guess) for p in burned)
        scores.append(gain - _best_reply(after, opponent, wrap))
    return _pick(legal_moves, scores, rnd)


def _pick(moves: Sequence[Move], scores: Sequence[float], rnd: random.Random) -> Move:
    best = max(scores)
    top = [m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9]
    return rnd.choice(top)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
