"""Bots for Das magische Hexagon. They play from a seat's view only, so they cannot cheat.

- random: any legal move.
- greedy: in placement, keeps its good wisdoms away from the flames and its -1s
  next to them (an opponent who burns a -1 loses a point); in movement, looks
  one reply ahead: the expected value it burns now, minus the most the opponent
  could burn of its own wisdoms in answer. A concealed opponent wisdom is worth
  the mean of that opponent's values not yet burnt.
  So that two greedy bots finish a game rather than stall it (each parrying the other's one
  threat, both shuffled back and forth through the same few positions until the move limit),
  it also makes progress (see `_progress`): it prefers the moves after which it threatens
  burns, two at once best (one push of the opponent parries one), that bring the opponent's
  wisdoms nearer the flames and keep its own away; and the longer nobody has burnt anything
  (`quiet`, counted from the view's ply and burns), the less it weighs the opponent's answer
  and the more it varies among good moves, so that a standstill breaks. It stays a pure function of the view, the listed moves and its seeded rng: a bot's
  choice is nobody's to replay (a player signs it as his own move, and the server's timeout
  move is a uniform draw, protocol/server_moves.py), so it is the same in every rules version.

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
    Piece,
    Refused,
    cells_from_board,
    is_own_magician,
    step,
)

# Progress (`_progress`), in points of burnt value: small beside a burn, so tactics come first.
THREAT = 0.3  # per point of the best burn the bot could make next, were it its turn
DOUBLE = 0.6  # per point of the second-best such burn, of other wisdoms: one push parries one
FLAME = 0.15  # per point of a wisdom, per step nearer a flame (opponent's: good; own: bad)
FAR = 4  # distances are counted up to this many steps
# The standstill breaker: after QUIET plies without a burn, the opponent's answer weighs less
# (down to DEFENCE_LEAST of itself over RAMP plies) and the random part grows from NOISE.
QUIET = 16
RAMP = 20.0
DEFENCE_LEAST = 0.1
NOISE = 0.25
MOVEMENT_START = 14  # the ply at which movement begins: seven placements each (MH-5, MH-6)
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


def _burns(cells: Cells, mover: int, wrap: str, worth: Callable[[Piece], float]) -> list[float]:
    """What `mover` could burn of the other side's wisdoms with one push, were it its turn: the
    worth of each distinct set of wisdoms a push burns, largest first (positive ones only)."""
    # A push moves each piece one step in its direction: only a direction that takes one of
    # the victim's wisdoms onto a flame can burn (a pure shortcut: the answer is the same).
    table = STEP[wrap]
    victim = 1 - mover
    directions = sorted(
        {
            d
            for i in _FEEDS[wrap]
            if (p := cells[i]) is not None and p["kind"] == "wisdom" and p["seat"] == victim
            for d in range(6)
            if table[i][d] in FLAMES
        }
    )
    found: dict[tuple[int, ...], float] = {}
    for src, piece in enumerate(cells) if directions else ():
        if not is_own_magician(piece, mover):
            continue
        for d in directions:
            try:
                out = step(cells, src, d, wrap, mover)
            except Refused:
                continue
            if out.burned:
                # the burnt pieces by where they stood: a pushed piece moved one step along d
                where = tuple(sorted(i for i, j in out.moved if j in {f for f, _ in out.burned}))
                found[where] = sum(worth(p) for _, p in out.burned)
    return sorted((v for v in found.values() if v > 0), reverse=True)


def _progress(cells: Cells, seat: int, wrap: str, worth: Callable[[Piece], float]) -> float:
    """How far the position has come for `seat`, in (small) points: the burns it threatens (a
    second one, which one push cannot parry with the first, counts double), the opponent's
    wisdoms near the flames, its own away from them. (Drawing its magicians near the opponent's
    wisdoms as well was tried: they crowded round them and blocked each other, and games
    stalled more often.)"""
    threats = _burns(cells, seat, wrap, worth)
    total = THREAT * (threats[0] if threats else 0.0) + DOUBLE * (threats[1] if len(threats) > 1 else 0.0)
    for i, piece in enumerate(cells):
        if piece is None or piece["kind"] != "wisdom":
            continue
        near_flame = FLAME * (FAR - min(_FLAME_DISTANCE[i], FAR))
        total += worth(piece) * (near_flame if piece["seat"] != seat else -near_flame)
    return total


def quiet(view: View) -> int:
    """Plies since the last burn (or since movement began): how long the game has stood still."""
    burns = [b.get("ply", 0) for b in view.get("burned") or [] if isinstance(b, Mapping)]
    return int(view.get("ply") or 0) - max([MOVEMENT_START, *burns])


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

    def worth(piece: Piece) -> float:
        """A piece's value as the bot may count it: its own at the mean of its values not yet
        burnt when values are concealed (what it shields then tells nothing), an opponent's
        concealed one at the mean of the opponent's."""
        if piece["seat"] == seat:
            return own_guess if own_guess is not None else _worth(piece, 1.0)
        return _worth(piece, guess)

    over = max(0, quiet(view) - QUIET) / RAMP
    defence = max(DEFENCE_LEAST, 1.0 - over)
    noise = NOISE * (1.0 + over)
    scores = []
    for move in legal_moves:
        try:
            after, burned = _cells_after(cells, seat, move, wrap)
        except (Refused, KeyError):
            scores.append(float("-inf"))
            continue
        gain = sum(worth(p) for p in burned)
        answer = _burns(after, opponent, wrap, worth)
        score = gain - defence * (answer[0] if answer else 0.0) + _progress(after, seat, wrap, worth)
        scores.append(score + noise * rnd.random())
    return _pick(legal_moves, scores, rnd)


def _pick(moves: Sequence[T], scores: Sequence[float], rnd: random.Random) -> T:
    best = max(scores)
    top = [m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9]
    return rnd.choice(top)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
