"""Das magische Hexagon: the state, its transitions, and the Engine the server talks to.

State (plain JSON, never mutated in place; `apply` builds a new one):

    options        completed options {"wrap", "open_placement", "move_limit"}
    phase          "placement" | "movement" | "over"
    turn           seat to move (0 red, 1 black), None when over
    board          {cell: piece}; piece = {"seat", "kind": "magician"} or
                   {"seat", "kind": "wisdom", "value"}
    hands          [[values red still has to place], [... black]], largest first
    scores         [red, black]: values of burnt opponent wisdoms (MH-10)
    burned         [{"cell", "owner", "value", "by", "ply"}] in order of burning
    moves          [red, black]: movement turns taken, passes included (MH-14)
    ply            turns taken in all, placements included
    passes         passes in a row (MH-12)
    prev_position  position key before the last turn: the position the player
                   to move may not bring back (MH-11)
    last_move, last_seat   the public part of the last turn, for display
    result         None while running, else what `result` returns

Moves: {"type": "place", "cell", "value"} (plus "open": true when the game
places openly, see `split_move`), {"type": "step", "from", "to"},
{"type": "jump", "path": [cells, start first]}, {"type": "pass"}.

Readings of the rulings: MH-11 compares positions as everyone sees them
(colour and kind per cell, values left out), so whether a move is legal never
depends on a concealed value. MH-14 counts movement turns, passes included,
placements not; the game ends once both sides have taken `move_limit` of them.
A returned state may share unchanged parts with the input: treat states as
immutable values.

Jumps: `legal_moves` lists one canonical path per reachable destination
(shortest, first direction in board.DIRECTIONS order wins); `apply` accepts any
valid path. Two paths to the same cell give the same position, so no position
change is lost by listing destinations only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engines.core import BadOptions, BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View
from engines.magier import bots as _bots
from engines.magier import notation, render
from engines.magier.board import (
    CELLS,
    FLAMES,
    INDEX,
    START,
    STEP,
    WRAPS,
    cell_index,
    describe_bad_cell,
    step_direction,
)
from engines.magier.mechanics import (
    MAGICIAN,
    WISDOM,
    Outcome,
    Refused,
    board_from_cells,
    cells_from_board,
    is_own_magician,
    jump,
    jump_destinations,
    position_key,
    step,
)

SEAT_NAMES = ["red", "black"]
WISDOM_VALUES = [2, 2, 1, 1, 1, -1, -1]  # MH-5, largest first
WINNING_SCORE = 5  # MH-13
DEFAULT_OPTIONS: dict[str, Any] = {"wrap": "line", "open_placement": False, "move_limit": 200}
MAX_MOVE_LIMIT = 100_000

_FIELDS = {
    "place": {"type", "cell", "value", "open"},
    "step": {"type", "from", "to"},
    "jump": {"type", "path"},
    "pass": {"type"},
}


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Complete with defaults; refuse anything the engine would have to guess about."""
    if seats != 2:
        raise BadOptions(f"Das magische Hexagon is a game for exactly 2 players, not {seats}")
    if not isinstance(options, Mapping):
        raise BadOptions("options must be a JSON object")
    unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
    if unknown:
        raise BadOptions(
            f"unknown option {unknown[0]!r}; magier knows: {', '.join(DEFAULT_OPTIONS)}"
        )
    out = {**DEFAULT_OPTIONS, **options}
    if out["wrap"] not in WRAPS:
        raise BadOptions(f"option wrap must be one of {', '.join(WRAPS)}, not {out['wrap']!r}")
    if not isinstance(out["open_placement"], bool):
        raise BadOptions("option open_placement must be true or false")
    limit = out["move_limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_MOVE_LIMIT:
        raise BadOptions(f"option move_limit must be a whole number from 1 to {MAX_MOVE_LIMIT}")
    return out


def new_state(options: Mapping[str, Any]) -> State:
    """MH-3, MH-5, MH-6: magicians on their start cells, all wisdoms still in hand."""
    board = {}
    for seat in (0, 1):
        for i in START[seat]:
            board[CELLS[i]] = {"seat": seat, "kind": MAGICIAN}
    return {
        "options": dict(options),
        "phase": "placement",
        "turn": 0,
        "board": dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]])),
        "hands": [list(WISDOM_VALUES), list(WISDOM_VALUES)],
        "scores": [0, 0],
        "burned": [],
        "moves": [0, 0],
        "ply": 0,
        "passes": 0,
        "prev_position": None,
        "last_move": None,
        "last_seat": None,
        "result": None,
    }


# ---------------------------------------------------------------- legal moves


def placement_moves(state: State, seat: Seat) -> list[Move]:
    """MH-6: any remaining value of one's own on any empty non-flame cell."""
    board = state["board"]
    values = sorted(set(state["hands"][seat]), reverse=True)
    extra = {"open": True} if state["options"]["open_placement"] else {}
    return [
        {"type": "place", "cell": name, "value": v, **extra}
        for i, name in enumerate(CELLS)
        if i not in FLAMES and name not in board
        for v in values
    ]


def movement_moves(state: State, seat: Seat) -> list[Move]:
    """Every step and one canonical jump per destination that MH-8..MH-11 allow."""
    cells = cells_from_board(state["board"])
    wrap = state["options"]["wrap"]
    now = position_key(cells)
    banned = state["prev_position"]
    moves: list[Move] = []
    for src, piece in enumerate(cells):
        if not is_own_magician(piece, seat):
            continue
        for d in range(6):
            try:
                out = step(cells, src, d, wrap, seat)
            except Refused:
                continue
            if _repeats(out, now, banned) is None:
                moves.append({"type": "step", "from": CELLS[src], "to": CELLS[STEP[wrap][src][d]]})
        for dest, path in jump_destinations(cells, src).items():
            new = list(cells)
            new[dest], new[src] = cells[src], None
            if _repeats(Outcome(new), now, banned) is None:
                moves.append({"type": "jump", "path": [CELLS[i] for i in path]})
    return moves


def _repeats(out: Outcome, now: str, banned: str | None) -> str | None:
    """MH-11: why the resulting position is not allowed, or None if it is."""
    key = position_key(out.cells)
    if key == now:
        return "that move does not change the position"
    if banned is not None and key == banned:
        return (
            "that move would bring back the position before your opponent's last move "
            "(ruling MH-11, see `pbem rules magier`)"
        )
    return None


# ---------------------------------------------------------------- applying


def _need_cell(move: Move, field: str) -> int:
    return _cell(move.get(field), field)


def _cell(name: Any, field: str) -> int:
    if not isinstance(name, str):
        raise IllegalMove(f'the move needs a cell name in {field!r}, e.g. "e4"')
    i = cell_index(name)
    if i is None:
        raise IllegalMove(describe_bad_cell(name))
    return i


def _check_shape(move: Any) -> str:
    if not isinstance(move, Mapping):
        raise IllegalMove('a move must be a JSON object such as {"type": "pass"}')
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IllegalMove("a move needs a type: place, step, jump or pass")
    extra = sorted(str(k) for k in move if k not in _FIELDS[kind])
    if extra:
        raise IllegalMove(f"a {kind} move has no field {extra[0]!r}")
    return kind


def _apply_place(state: State, seat: Seat, move: Move) -> tuple[State, list[Event]]:
    if state["phase"] != "placement":
        raise IllegalMove("all wisdoms are placed; move a magician (step or jump) instead")
    i = _need_cell(move, "cell")
    name = CELLS[i]
    value = move.get("value")
    hand = state["hands"][seat]
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(
            f"say which wisdom to place on {name}: a value you still hold ({_values(hand)})"
        )
    is_open = state["options"]["open_placement"]
    if is_open and move.get("open") is not True:
        raise IllegalMove('this game places wisdoms openly: the move must carry "open": true')
    if not is_open and "open" in move:
        raise IllegalMove('this game places wisdoms concealed: the move must not carry "open"')
    if i in FLAMES:
        raise IllegalMove(f"{name} is a flame: wisdoms may not be placed on flames")
    if name in state["board"]:
        raise IllegalMove(f"{name} is occupied")
    if value not in hand:
        raise IllegalMove(
            f"you have no wisdom of value {value} left to place (you hold {_values(hand)})"
        )
    new = dict(state)
    board = dict(state["board"])
    board[name] = {"seat": seat, "kind": WISDOM, "value": value}
    new["board"] = dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]]))
    hands = [list(h) for h in state["hands"]]
    hands[seat].remove(value)
    new["hands"] = hands
    public, _ = split_move(
        {"type": "place", "cell": name, "value": value, **({"open": True} if is_open else {})}
    )
    data: dict[str, Any] = {"seat": seat, "cell": name}
    if is_open:
        data["value"] = value
    events = [Event("placed", data)]
    _finish_turn(state, new, seat, public)
    if not any(hands):
        new["phase"] = "movement"
        events.append(Event("phase", {"phase": "movement", "turn": new["turn"]}))
    return new, events


def _values(hand: list[int]) -> str:
    return " ".join(str(v) for v in hand) or "nothing"


def _movement_outcome(
    state: State, seat: Seat, kind: str, move: Move
) -> tuple[Outcome, Event, Move]:
    """Play a step or jump on the board; also returns the move with canonical cell names."""
    cells = cells_from_board(state["board"])
    wrap = state["options"]["wrap"]
    if kind == "step":
        src = _need_cell(move, "from")
        dst = _need_cell(move, "to")
        d = step_direction(src, dst, wrap)
        if not is_own_magician(cells[src], seat):
            raise IllegalMove(f"no magician of yours on {CELLS[src]}")
        if d is None:
            raise IllegalMove(
                f"{CELLS[dst]} is not next to {CELLS[src]} (a step goes to a neighbouring cell; "
                f"for a jump write {CELLS[src]}x{CELLS[dst]})"
            )
        try:
            out = step(cells, src, d, wrap, seat)
        except Refused as exc:
            raise IllegalMove(str(exc)) from None
        pushed = [[CELLS[a], CELLS[b]] for a, b in reversed(out.moved)]
        data = {"seat": seat, "from": CELLS[src], "to": CELLS[dst], "pushed": pushed}
        return out, Event("stepped", data), {"type": "step", "from": CELLS[src], "to": CELLS[dst]}
    path_names = move.get("path")
    if not isinstance(path_names, list) or not path_names:
        raise IllegalMove(
            "a jump needs a path: the start cell, then every landing cell, e.g. e4xe6xg6"
        )
    path = [_cell(name, "path") for name in path_names]
    try:
        out = jump(cells, path, seat)
    except Refused as exc:
        raise IllegalMove(str(exc)) from None
    names = [CELLS[i] for i in path]
    return out, Event("jumped", {"seat": seat, "path": names}), {"type": "jump", "path": names}


def _apply_movement(state: State, seat: Seat, kind: str, move: Move) -> tuple[State, list[Event]]:
    if state["phase"] != "movement":
        left = len(state["hands"][seat])
        raise IllegalMove(f"place your wisdoms first ({left} left), e.g. place c3 1")
    now = position_key(cells_from_board(state["board"]))
    if kind == "pass":
        options = movement_moves(state, seat)
        if options:
            raise IllegalMove(
                f"you may pass only when you have no legal move; you could play {notation.format(options[0])}"
            )
        new = dict(state)
        events = [Event("passed", {"seat": seat})]
        _finish_turn(state, new, seat, {"type": "pass"}, now=now)
        new["passes"] = state["passes"] + 1
        return new, events + _end_of_movement_turn(new, seat)
    out, event, canonical = _movement_outcome(state, seat, kind, move)
    why = _repeats(out, now, state["prev_position"])
    if why is not None:
        raise IllegalMove(why)
    new = dict(state)
    new["board"] = board_from_cells(out.cells)
    events = [event]
    if out.burned:
        scores = list(state["scores"])
        burned = list(state["burned"])
        for flame, piece in out.burned:
            scores[seat] += piece["value"]
            record = {
                "cell": CELLS[flame],
                "owner": piece["seat"],
                "value": piece["value"],
                "by": seat,
            }
            burned.append({**record, "ply": state["ply"] + 1})
            events.append(Event("burned", record))
        new["scores"] = scores
        new["burned"] = burned
    _finish_turn(state, new, seat, canonical, now=now)
    new["passes"] = 0
    return new, events + _end_of_movement_turn(new, seat)


def _finish_turn(old: State, new: State, seat: Seat, public: Move, now: str | None = None) -> None:
    """Bookkeeping shared by every turn: who is next, and what MH-11 must remember."""
    if now is None:
        now = position_key(cells_from_board(old["board"]))
    new["prev_position"] = now
    new["ply"] = old["ply"] + 1
    new["turn"] = 1 - seat
    new["last_move"] = public
    new["last_seat"] = seat


def _end_of_movement_turn(new: State, seat: Seat) -> list[Event]:
    """MH-12, MH-13, MH-14, checked after every movement turn."""
    moves = list(new["moves"])
    moves[seat] += 1
    new["moves"] = moves
    scores = new["scores"]
    limit = new["options"]["move_limit"]
    name = SEAT_NAMES[seat]
    result = None
    if scores[seat] >= WINNING_SCORE:
        result = {
            "winner": seat,
            "scores": list(scores),
            "reason": f"{name} burned {scores[seat]} points",
        }
    elif new["passes"] >= 2:
        result = _by_score(scores, "both players passed in a row")
    elif min(moves) >= limit:
        result = _by_score(scores, f"the move limit of {limit} moves per side was reached")
    if result is None:
        return []
    new["phase"] = "over"
    new["turn"] = None
    new["result"] = result
    return [Event("game_over", dict(result))]


def _by_score(scores: list[int], reason: str) -> dict[str, Any]:
    winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    return {"winner": winner, "scores": list(scores), "reason": reason}


def split_move(move: Move) -> tuple[Move, Any]:
    """A concealed placement hides its value; everything else is public.

    split_move sees no options, so an open placement says so itself with
    "open": true (legal_moves and parse add it), and apply insists that the
    flag matches the game's option.
    """
    if not isinstance(move, Mapping):
        return move, None  # not a move at all: apply will say so
    if move.get("type") == "place" and move.get("open") is not True:
        public = {k: v for k, v in move.items() if k != "value"}
        return public, {"value": move.get("value")}
    return dict(move), None


# ---------------------------------------------------------------- views


def view(state: State, seat: Seat | None) -> View:
    """MH-7, MH-15: own values, burnt values and open placements are visible, nothing else."""
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
        raise ValueError(f"magier has seats 0 and 1, not {seat!r}")
    is_open = state["options"]["open_placement"]

    def sees(owner: int) -> bool:
        return is_open or owner == seat

    board = {}
    for name, piece in state["board"].items():
        if piece["kind"] == WISDOM:
            value = piece["value"] if sees(piece["seat"]) else None
            board[name] = {"seat": piece["seat"], "kind": WISDOM, "value": value}
        else:
            board[name] = {"seat": piece["seat"], "kind": MAGICIAN}
    hands = [list(h) if sees(s) else [None] * len(h) for s, h in enumerate(state["hands"])]
    return {
        "game": "magier",
        "seat": seat,
        "seat_names": list(SEAT_NAMES),
        "options": dict(state["options"]),
        "phase": state["phase"],
        "turn": state["turn"],
        "board": board,
        "flames": [CELLS[i] for i in sorted(FLAMES)],
        "hands": hands,
        "scores": list(state["scores"]),
        "burned": [dict(b) for b in state["burned"]],
        "moves": list(state["moves"]),
        "move_limit": state["options"]["move_limit"],
        "ply": state["ply"],
        "passes": state["passes"],
        "prev_position": state["prev_position"],
        "last_move": None if state["last_move"] is None else dict(state["last_move"]),
        "last_seat": state["last_seat"],
        "result": None if state["result"] is None else dict(state["result"]),
    }


# ---------------------------------------------------------------- the engine


class MagierEngine(BaseEngine):
    """The Engine protocol for Das magische Hexagon (rulings MH-1..MH-15)."""

    id = "magier"
    version = "1"
    title = "Das magische Hexagon"
    min_seats = 2
    max_seats = 2

    def options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return check_options(options, seats)

    def seat_names(self, seats: int) -> list[str]:
        return list(SEAT_NAMES)

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        """No chance in this game: rng is unused."""
        options = check_options(options, seats)
        state = new_state(options)
        starts = {SEAT_NAMES[s]: [CELLS[i] for i in START[s]] for s in (0, 1)}
        flames = [CELLS[i] for i in sorted(FLAMES)]
        return state, [
            Event("setup", {"magicians": starts, "flames": flames, "options": dict(options)})
        ]

    def to_move(self, state: State) -> Seat | None:
        return state["turn"]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if state["phase"] == "over" or seat != state["turn"]:
            return []
        if state["phase"] == "placement":
            return placement_moves(state, seat)
        return movement_moves(state, seat) or [{"type": "pass"}]

    def apply(
        self, state: State, seat: Seat, move: Move, rng: Rng | None = None
    ) -> tuple[State, list[Event]]:
        if state["phase"] == "over":
            raise IllegalMove("the game is over")
        if isinstance(seat, bool) or seat not in (0, 1):
            raise IllegalMove(f"there is no seat {seat!r} in this game")
        if seat != state["turn"]:
            raise IllegalMove(f"it is not your turn: {SEAT_NAMES[state['turn']]} is to move")
        kind = _check_shape(move)
        if kind == "place":
            return _apply_place(state, seat, move)
        return _apply_movement(state, seat, kind, move)

    def view(self, state: State, seat: Seat | None) -> View:
        return view(state, seat)

    def split_move(self, move: Move) -> tuple[Move, Any]:
        return split_move(move)

    def result(self, state: State) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    def parse(self, text: str, view: View) -> Move:
        return notation.parse(text, view)

    def format(self, move: Move) -> str:
        return notation.format(move)

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        """A log event in words, for `pbem log` (engines.magier.events)."""
        from engines.magier import events

        return events.describe(event)

    def render(self, view: View, color: bool = False) -> str:
        """The board from the viewer's side; ANSI colours only when color is true."""
        return render.render(view, color)

    def bots(self) -> dict[str, Callable[[View, list[Move], random.Random], Move]]:
        return dict(_bots.BOTS)
