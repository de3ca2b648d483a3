"""Das magische Hexagon: the state, its transitions, and the Engine the server talks to.

State (plain JSON, never mutated in place; `apply` builds a new one):

    options        completed options {"wrap", "open_placement", "move_limit", "blind"}
    phase          "placement" | "movement" | "over"
    turn           seat to move (0 red, 1 black), None when over
    board          {cell: piece}; piece = {"seat", "kind": "magician"} or
                   {"seat", "kind": "wisdom", "value"}, in a blind game
                   {"seat", "kind": "wisdom", "commit"} (never the value)
    hands          [[values red still has to place], [... black]], largest first;
                   in a blind game one null per wisdom still to place
    scores         [red, black]: values of burnt opponent wisdoms (MH-10)
    burned         [{"cell", "owner", "value", "by", "ply"}] in order of burning
    moves          [red, black]: movement turns taken, passes included (MH-14)
    ply            turns taken in all, placements included
    passes         passes in a row (MH-12)
    prev_position  position key before the last turn: the position the player
                   to move may not bring back (MH-11)
    last_move, last_seat   the public part of the last turn, for display
    result         None while running, else what `result` returns
    pending        only in a blind game: the burnt wisdoms whose owner has yet to
                   reveal them, [{"cell", "owner", "commit", "by", "ply"}]

Moves: {"type": "place", "cell", "value"} (plus "open": true when the game
places openly, see `split_move`), {"type": "step", "from", "to"},
{"type": "jump", "path": [cells, start first]}, {"type": "pass"}.

Blind games (option `blind`, default true, with concealed placements): a
placement's value stays with its owner (owner-held secret, protocol.steps). The
engine gets {"type": "place", "cell", "secret_commit"} and keeps only the
commitment. A push that burns such a wisdom leaves it `pending`: the owner's next
decision is {"type": "reveal", "secrets": [{"commit", "secret": {"value"}, "salt"}]}
(protocol.steps checks each opening against its commitment first); only then are
the points scored and MH-12..MH-14 decided, exactly as they would have been at the
push. A revealed value must be one the owner still has unburnt (MH-5), so a player
who committed values outside his set cannot open them.

Readings of the rulings: MH-11 compares positions as everyone sees them
(colour and kind per cell, values left out), so whether a move is legal never
depends on a concealed value. MH-14 counts movement turns, passes included,
placements not; the game ends once both sides have taken `move_limit` of them.
A returned state may share unchanged parts with the input: treat states as
immutable values.

Jumps: `legal_moves` lists one canonical path per reachable destination
(shortest, first direction in board.DIRECTIONS order wins), and `apply` accepts
that path only: it accepts exactly the listed moves. Two paths to the same cell
give the same position, so no position change is lost by listing destinations
only; notation.parse turns any valid typed path into the listed one.

Exactness: `apply` accepts exactly the moves `legal_moves` lists, nothing
normalised (cell names as listed, no case folded or space stripped; no extra key;
an int is an int), so a move's signed text has one meaning and carries no message.
"""

from __future__ import annotations

import random
import re
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
    WRAPS,
    cell_index,
    describe_bad_cell,
    step_direction,
)
from engines.magier.listing import movement_moves, moves_of
from engines.magier.mechanics import (
    MAGICIAN,
    WISDOM,
    Outcome,
    Refused,
    board_from_cells,
    cells_from_board,
    is_own_magician,
    jump,
    jump_names,
    landed,
    position_key,
    step,
)

SEAT_NAMES = ["red", "black"]
WISDOM_VALUES = [2, 2, 1, 1, 1, -1, -1]  # MH-5, largest first
WINNING_SCORE = 5  # MH-13
DEFAULT_OPTIONS: dict[str, Any] = {
    "wrap": "line",
    "open_placement": False,
    "move_limit": 200,
    "blind": True,
}
MAX_MOVE_LIMIT = 100_000
_HEX64 = re.compile(r"[0-9a-f]{64}")

_FIELDS = {
    "place": {"type", "cell", "value", "open", "secret_commit"},
    "reveal": {"type", "secrets"},
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
    if not isinstance(out["blind"], bool):
        raise BadOptions("option blind must be true or false")
    limit = out["move_limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_MOVE_LIMIT:
        raise BadOptions(f"option move_limit must be a whole number from 1 to {MAX_MOVE_LIMIT}")
    return out


def is_blind(options: Mapping[str, Any]) -> bool:
    """Whether concealed values stay with their owners (the server never holds them)."""
    return options.get("blind") is True and options.get("open_placement") is not True


def new_state(options: Mapping[str, Any]) -> State:
    """MH-3, MH-5, MH-6: magicians on their start cells, all wisdoms still in hand."""
    board = {}
    for seat in (0, 1):
        for i in START[seat]:
            board[CELLS[i]] = {"seat": seat, "kind": MAGICIAN}
    blind = is_blind(options)
    hand: list[Any] = [None] * len(WISDOM_VALUES) if blind else list(WISDOM_VALUES)
    state = {
        "options": dict(options),
        "phase": "placement",
        "turn": 0,
        "board": dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]])),
        "hands": [list(hand), list(hand)],
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
    if blind:
        state["pending"] = []
    return state


# ---------------------------------------------------------------- legal moves
# The move generator is listing.moves_of, shared by legal_moves (the state) and moves_from_view
# (the seat's view).


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
    """The cell of exactly this name, as the rules list it: no case folded, no space stripped,
    so a move's signed text has one spelling and cannot carry a message."""
    if not isinstance(name, str):
        raise IllegalMove(f'the move needs a cell name in {field!r}, e.g. "e4"')
    i = INDEX.get(name)
    if i is not None:
        return i
    near = cell_index(name)
    if near is not None:
        raise IllegalMove(
            f"there is no cell {name!r}: cells are written exactly like {CELLS[near]} "
            "(lower case, no spaces)"
        )
    raise IllegalMove(describe_bad_cell(name))


def _check_shape(move: Any) -> str:
    if not isinstance(move, Mapping):
        raise IllegalMove('a move must be a JSON object such as {"type": "pass"}')
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IllegalMove("a move needs a type: place, step, jump, pass or reveal")
    extra = sorted(str(k) for k in move if k not in _FIELDS[kind])
    if extra:
        raise IllegalMove(f"a {kind} move has no field {extra[0]!r}")
    return kind


def _apply_place(state: State, seat: Seat, move: Move) -> tuple[State, list[Event]]:
    if state["phase"] != "placement":
        raise IllegalMove("all wisdoms are placed; move a magician (step or jump) instead")
    i = _need_cell(move, "cell")
    name = CELLS[i]
    if is_blind(state["options"]):
        return _apply_blind_place(state, seat, move, i)
    if "secret_commit" in move:
        raise IllegalMove("this game is not blind: a placement carries its value, not a commitment")
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


def _apply_blind_place(state: State, seat: Seat, move: Move, i: int) -> tuple[State, list[Event]]:
    """MH-6 in a blind game: the engine keeps the owner and the commitment, never the value.

    Whether the committed value was still in the owner's hand cannot be checked here;
    it is checked when (if ever) that wisdom burns and is revealed (MH-5, `_apply_reveal`).
    """
    name = CELLS[i]
    if "value" in move:
        raise IllegalMove(
            "this game is blind: a placement's value stays with you, the move carries only its commitment"
        )
    if "open" in move:
        raise IllegalMove('this game places wisdoms concealed: the move must not carry "open"')
    committed = move.get("secret_commit")
    if not isinstance(committed, str) or not _HEX64.fullmatch(committed):
        raise IllegalMove("a blind placement carries the commitment to its value (secret_commit)")
    if i in FLAMES:
        raise IllegalMove(f"{name} is a flame: wisdoms may not be placed on flames")
    if name in state["board"]:
        raise IllegalMove(f"{name} is occupied")
    hand = state["hands"][seat]
    if not hand:
        raise IllegalMove("you have no wisdom left to place")
    new = dict(state)
    board = dict(state["board"])
    board[name] = {"seat": seat, "kind": WISDOM, "commit": committed}
    new["board"] = dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]]))
    hands = [list(h) for h in state["hands"]]
    hands[seat] = hands[seat][1:]
    new["hands"] = hands
    events = [Event("placed", {"seat": seat, "cell": name})]
    _finish_turn(state, new, seat, {"type": "place", "cell": name})
    if not any(hands):
        new["phase"] = "movement"
        events.append(Event("phase", {"phase": "movement", "turn": new["turn"]}))
    return new, events


def _apply_reveal(state: State, seat: Seat, move: Move) -> tuple[State, list[Event]]:
    """MH-10, MH-13 in a blind game: the owner opens the wisdoms the last push burnt.

    protocol.steps has checked every opening against its commitment; here each item must
    name the pending commitments in order, and each value must be one the owner still
    has unburnt (MH-5). Then the points are scored and the end is decided exactly as it
    would have been at the push (MH-12, MH-13, MH-14 for the seat that pushed).
    """
    pending = state.get("pending") or []
    if not pending:
        raise IllegalMove("there is nothing to reveal: no wisdom of yours is waiting to be opened")
    items = move.get("secrets")
    if not isinstance(items, list) or len(items) != len(pending):
        raise IllegalMove(f"reveal all {len(pending)} burnt wisdom(s) of yours, in order")
    pool = list(WISDOM_VALUES)
    for b in state["burned"]:
        if b["owner"] == seat and b["value"] in pool:
            pool.remove(b["value"])
    scores = list(state["scores"])
    burned = list(state["burned"])
    events: list[Event] = []
    for item, wait in zip(items, pending, strict=True):
        if not isinstance(item, Mapping) or set(item) != {"commit", "secret", "salt"}:
            raise IllegalMove('each revealed wisdom is {"commit", "secret", "salt"}')
        if item["commit"] != wait["commit"]:
            raise IllegalMove(f"the wisdom burnt on {wait['cell']} was committed as {wait['commit']}")
        secret = item["secret"]
        value = secret.get("value") if isinstance(secret, Mapping) and set(secret) == {"value"} else None
        if isinstance(value, bool) or not isinstance(value, int) or value not in pool:
            raise IllegalMove(
                f"the wisdom burnt on {wait['cell']} cannot be worth {value!r}: your unburnt "
                f"wisdoms are worth {_values(sorted(pool, reverse=True))} (MH-5)"
            )
        pool.remove(value)
        by = wait["by"]
        scores[by] += value
        record = {"cell": wait["cell"], "owner": seat, "value": value, "by": by}
        burned.append({**record, "ply": wait["ply"]})
        events.append(Event("burned", record))
    new = dict(state)
    new["scores"] = scores
    new["burned"] = burned
    new["pending"] = []
    return new, events + _check_end(new, pending[0]["by"])


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
    names = [CELLS[i] for i in path]
    src = path[0]
    listed = jump_names(cells, src).get(path[-1]) if is_own_magician(cells[src], seat) else None
    if names != listed:  # every path to a cell gives the same position: the list holds one
        try:
            jump(cells, path, seat)  # no jump at all: say why
        except Refused as exc:
            raise IllegalMove(str(exc)) from None
        raise IllegalMove(
            f"that jump is listed by its shortest path: write {'x'.join(listed or names)} "
            f"(any path to {names[-1]} leaves the same position)"
        )
    out = landed(cells, src, path[-1])  # the listed path is a valid jump by construction
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
    if out.burned and is_blind(state["options"]):
        pending = []
        for flame, piece in out.burned:
            wait = {"cell": CELLS[flame], "owner": piece["seat"], "commit": piece["commit"], "by": seat}
            pending.append({**wait, "ply": state["ply"] + 1})
            events.append(Event("burning", wait))
        _finish_turn(state, new, seat, canonical, now=now)
        new["passes"] = 0
        new["pending"] = pending
        _count_turn(new, seat)
        return new, events  # the owner reveals next; then MH-13 and the rest are decided
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
    _count_turn(new, seat)
    return _check_end(new, seat)


def _count_turn(new: State, seat: Seat) -> None:
    """MH-14 counts movement turns, passes included."""
    moves = list(new["moves"])
    moves[seat] += 1
    new["moves"] = moves


def _check_end(new: State, seat: Seat) -> list[Event]:
    """MH-12, MH-13, MH-14 after a movement turn of `seat` (in a blind game, after the
    reveal of what that turn burnt)."""
    moves = new["moves"]
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
    """MH-7, MH-15: own values, burnt values and open placements are visible, nothing else.
    Every list and dict is fresh: a reader changing the view cannot change the state."""
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
        raise ValueError(f"magier has seats 0 and 1, not {seat!r}")
    options = state["options"]
    is_open = options["open_placement"]
    board = {}
    for name, piece in state["board"].items():  # one pass, no call per piece (issue 9)
        owner = piece["seat"]
        if piece["kind"] != WISDOM:
            board[name] = {"seat": owner, "kind": MAGICIAN}
        elif "commit" in piece:  # blind: nobody's value is here
            board[name] = {"seat": owner, "kind": WISDOM, "value": None, "commit": piece["commit"]}
        else:
            board[name] = {"seat": owner, "kind": WISDOM, "value": piece["value"] if is_open or owner == seat else None}
    hands = [list(h) if is_open or s == seat else [None] * len(h) for s, h in enumerate(state["hands"])]
    out = {
        "game": "magier",
        "seat": seat,
        "seat_names": list(SEAT_NAMES),
        "options": dict(options),
        "phase": state["phase"],
        "turn": state["turn"],
        "board": board,
        "flames": list(_FLAME_NAMES),
        "hands": hands,
        "scores": list(state["scores"]),
        "burned": [dict(b) for b in state["burned"]],
        "moves": list(state["moves"]),
        "move_limit": options["move_limit"],
        "ply": state["ply"],
        "passes": state["passes"],
        "prev_position": state["prev_position"],
        "last_move": None if state["last_move"] is None else dict(state["last_move"]),
        "last_seat": state["last_seat"],
        "result": None if state["result"] is None else dict(state["result"]),
    }
    if "pending" in state:
        out["pending"] = [dict(p) for p in state["pending"]]
    return out


_FLAME_NAMES = tuple(CELLS[i] for i in sorted(FLAMES))


# ---------------------------------------------------------------- the engine


class MagierEngine(BaseEngine):
    """The Engine protocol for Das magische Hexagon (rulings MH-1..MH-15)."""

    id = "magier"
    version = "2"
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
        """listing.moves_of on the state: it reads only what view(state, seat) carries."""
        return moves_of(state, seat)

    def moves_from_view(self, view: View) -> list[Move]:
        """The same listing.moves_of on the seat's view: equal to legal_moves(state, seat).
        A blind game's view filled from the seat's own store (fill_view) lists only the values
        the seat still holds; the view as the server sends it lists every value, as the server
        does. A spectator (seat None) has no moves."""
        seat = view.get("seat") if isinstance(view, Mapping) else None
        if isinstance(seat, bool) or seat not in (0, 1):
            return []
        return moves_of(view, seat)

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
        pending = state.get("pending") or []
        if pending and kind != "reveal":
            cells = ", ".join(p["cell"] for p in pending)
            raise IllegalMove(
                f"{SEAT_NAMES[seat]} must first reveal the wisdom(s) burnt on {cells} (MH-10): "
                "their value decides the score; the pbem client does it by itself"
            )
        if kind == "reveal":
            return _apply_reveal(state, seat, move)
        if kind == "place":
            return _apply_place(state, seat, move)
        return _apply_movement(state, seat, kind, move)

    def view(self, state: State, seat: Seat | None) -> View:
        return view(state, seat)

    def split_move(self, move: Move) -> tuple[Move, Any]:
        return split_move(move)

    # Owner-held secrets (protocol.steps, docs/PROTOCOL.md "Owner-held secrets").

    # No chance, and in a blind game every move is public but for the commitments the state
    # keeps as they are: a client replays the state from the signed log alone (client.verify).
    replays_in_public = True

    def owner_held(self, position: Mapping[str, Any], public: Move) -> bool:
        """Whether the secret part of `public` stays with its owner: a concealed placement
        in a blind game. `position` is the state or any seat's view (both carry the options)."""
        options = position.get("options") if isinstance(position, Mapping) else None
        return (
            isinstance(options, Mapping)
            and is_blind(options)
            and isinstance(public, Mapping)
            and public.get("type") == "place"
        )

    def awaiting(self, state: State) -> list[str]:
        """The commitments the seat to move must open now (a reveal is pending), in order."""
        return [p["commit"] for p in state.get("pending") or []]

    def needs_owner(self, state: State) -> bool:
        """Whether the decision now due needs a secret only its owner holds (a reveal, or a
        blind placement): no server bot can make it, so a deadline forfeits it."""
        if state["phase"] == "over" or not is_blind(state["options"]):
            return False
        return bool(state.get("pending")) or state["phase"] == "placement"

    def fill_view(self, view: View, secrets: list[Mapping[str, Any]]) -> View:
        """The seat's view with what only it knows filled in from its own store (client side)."""
        from engines.magier import blind

        return blind.fill_view(view, secrets)

    def reveal_move(self, view: View, secrets: list[Mapping[str, Any]]) -> tuple[Move | None, list[str]]:
        """The reveal the seat owes (client side): (move, []), (None, cells its store lacks),
        or (None, []) when it owes none."""
        from engines.magier import blind

        return blind.reveal_move(view, secrets)

    def own_moves(self, view: View, moves: list[Move]) -> list[Move]:
        """The listed moves this seat can really make, given its own secrets (client side)."""
        from engines.magier import blind

        return blind.own_moves(view, moves)

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
