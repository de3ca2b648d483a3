"""Cavemen Playing With Fire (Odynaut Games 2012; rulings CV-1..CV-18 in RULES.md): state, moves, the Engine.

Two seats: 0 Red (rows 1-3 at the start), 1 Blue (rows 4-6). One seat decides at a
time; `state["pending"]` says who and what. Every decision is a move:

    pending kind  who             moves
    redraw        each in turn    {"type": "discard", "card"} ... then {"type": "end"}  (CV-4)
    move          turn player     step / jump / side / attack / extinguish, {"type": "end"}  (CV-5..CV-11)
    zippy         Zippy's owner   {"type": "reveal", "path", "row"} | {"type": "noreveal"}  (CV-10)
    place         turn player     {"type": "place", "card", "path", "row"} | {"type": "cave", "cell"}
                                  | {"type": "end"}  (CV-12)
    discard       turn player     {"type": "discard", "card"} | {"type": "end"}  (CV-13; then the draw)

Moves of a caveman name the position it stands on ("path", "row"): step and jump with
"dir" up/down (rows grow towards Blue), side with "dir" left/right (to path -1 / +1);
an attack names the target ("path", "row") and the attacker ("from_path", "from_row");
extinguish names the fire's column ("col") and the caveman.

The legal moves come from moves.seat_moves, which reads a state or a seat's view alike:
`legal_moves(state, seat)` and `moves_from_view(view(state, seat))` are one rules code and
one list (DESIGN: legal moves are a function of what the seat knows). `apply` accepts
exactly the listed moves: nothing is normalised (no case folding, no stripped spaces, no
1.0 or true for 1, no extra or missing keys), so a signed move has one meaning.

A placement's card is the move's secret part (split_move): the public log shows only
the position, so every identity is a commitment from the moment it is placed (CV-18).

State keys: options {open, round_limit}; field (24 positions, index path*6+row-1, each
None or {owner, card, up, known, id}: `known` 0 = only the owner knows the card, 1 = the
opponent knows it too (Zippy's reveal, closed game), 2 = everybody saw it (a fight, a
face-up moment)); caves (owner of each replaceable cave A3..C4); fires ([[bool]*3] lit,
per owner); hands; stock (index 0 the top); inactive (the last is the top); gone (cards
out of the game, CV-9); next_id; turn; turn_no; tm (this turn's moves: used = the caveman
id that used each path's move, acts = per caveman id {start path, kinds of its moves},
placed = cards placed); zippy (seats still owed a Zippy decision); pending; result.
Field entries are never changed in place (a new dict replaces one), so a new state may
share the untouched ones: apply copies only containers (the speed of random playouts).

Where the rules split, the code splits: the turn's course (turns), placing (placing), the
move phase (movement), fights and Zippy (fights), the end and draws (ending), the piles of
cards (decks), what a seat sees (view); the open game's differences (CV-16) stand in the
rule each one changes. Each module says how it reads a ruling that leaves a choice.
This module is the Engine: options, setup, and apply's check that a move is well formed
before the phase's handler plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.answers import Unseen, UnseenRead
from engines.cavemen import bots, cards, fights, movement, notation, placing, render, turns
from engines.cavemen.decks import draw
from engines.cavemen.field import COLS, NAMES, PATHS, ROWS, initial_caves
from engines.cavemen.moves import seat_moves
from engines.cavemen.turns import fresh_tm
from engines.cavemen.view import seat_view
from engines.core import BadOptions, BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View
from engines.public import pending_seat, turn_and_result

DEFAULT_ROUND_LIMIT = 150
OPTION_DEFAULTS: dict[str, Any] = {"open": False, "round_limit": DEFAULT_ROUND_LIMIT}

_CAVEMAN_MOVES = ("step", "jump", "side", "attack", "extinguish")
_ALLOWED = {
    "redraw": {"discard", "end"},
    "move": {*_CAVEMAN_MOVES, "end"},
    "zippy": {"reveal", "noreveal"},
    "place": {"place", "cave", "end"},
    "discard": {"discard", "end"},
}
_DOING = {
    "redraw": "discard cards for the one-time redraw, or end it",
    "move": "move cavemen, or end the move phase",
    "zippy": "name an opponent's caveman for Zippy to reveal, or not",
    "place": "place cards, or end the place phase",
    "discard": "discard cards, or end the turn",
}
_FIELDS = {
    "step": {"type", "path", "row", "dir"},
    "jump": {"type", "path", "row", "dir"},
    "side": {"type", "path", "row", "dir"},
    "attack": {"type", "path", "row", "from_path", "from_row"},
    "extinguish": {"type", "col", "path", "row"},
    "place": {"type", "card", "path", "row"},
    "cave": {"type", "cell"},
    "discard": {"type", "card"},
    "reveal": {"type", "path", "row"},
    "noreveal": {"type"},
    "end": {"type"},
}
# Exactly these spellings (apply normalises nothing; notation.parse reads the others).
_DIRS = {"step": ("up", "down"), "jump": ("up", "down"), "side": ("left", "right")}
_FIRE_COLS = tuple(COLS)
# The handler of each pending kind; the table is the Engine's, so no phase module calls back up.
_HANDLERS = {
    "redraw": turns.on_redraw,
    "move": movement.on_move,
    "zippy": fights.on_zippy,
    "place": placing.on_place,
    "discard": turns.on_discard,
}


def _name(seat: int) -> str:
    return NAMES[seat]


def _is_int(x: Any) -> bool:
    return type(x) is int


def _copy(state: State) -> State:
    """A new state for apply to change: fresh containers, shared (immutable) field entries."""
    new = dict(state)
    new["field"] = list(state["field"])
    new["hands"] = [list(h) for h in state["hands"]]
    new["stock"] = [list(h) for h in state["stock"]]
    new["inactive"] = [list(h) for h in state["inactive"]]
    new["gone"] = [list(h) for h in state["gone"]]
    new["caves"] = dict(state["caves"])
    new["fires"] = [list(f) for f in state["fires"]]
    tm = state["tm"]
    new["tm"] = {
        "used": list(tm["used"]),
        "acts": {k: {"start": v["start"], "kinds": list(v["kinds"])} for k, v in tm["acts"].items()},
        "placed": tm["placed"],
    }
    new["zippy"] = list(state["zippy"])
    return new


# ---------------------------------------------------------------- the engine


# The rules versions this engine keeps (RULES.md "Versions"; PROTOCOL section 19: a version a game has
# used is frozen, its logs audit forever). The game's rules are the same in both; only what
# the answer in advance `forced` plays differs, so one engine gates that one difference:
#   1  released with pbem-log/2 (2026-11-30): `forced` plays every decision with one legal move.
#   2  `forced` no longer plays an `end` (or any move) whose being the only one depends on the
#      hand or on a face-down caveman's card (forced_public): its standing entry told the table
#      which cavemen the seat holds.
VERSIONS = ("1", "2")
NEWEST = VERSIONS[-1]


class Cavemen(BaseEngine):
    id = "cavemen"
    version = NEWEST
    title = "Cavemen Playing With Fire"
    min_seats = 2
    max_seats = 2

    def __init__(self, version: str = NEWEST) -> None:
        """The engine of one kept rules version: new games get NEWEST, an old game's genesis
        names its own (engines.get(id, version))."""
        if version not in VERSIONS:
            raise ValueError(f"Cavemen keeps rules versions {', '.join(VERSIONS)}, not {version!r}")
        self.version = version
        self.forced_any = version == "1"  # engines.answers.Answers.forced_any

    def options(self) -> dict[str, Any]:
        return dict(OPTION_DEFAULTS)

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if not _is_int(seats) or seats != 2:
            raise BadOptions(f"Cavemen Playing With Fire is for 2 players, not {seats!r}")
        if not isinstance(options, Mapping):
            raise BadOptions("options must be a mapping")
        unknown = sorted(str(k) for k in options if k not in OPTION_DEFAULTS)
        if unknown:
            raise BadOptions(f"unknown option(s): {', '.join(unknown)}; known: open, round_limit")
        out = {**OPTION_DEFAULTS, **options}
        if not isinstance(out["open"], bool):
            raise BadOptions(f"open must be true or false, not {out['open']!r}")
        if not _is_int(out["round_limit"]) or not 1 <= out["round_limit"] <= 10000:
            raise BadOptions(f"round_limit must be a whole number from 1 to 10000, not {out['round_limit']!r}")
        return out

    def seat_names(self, seats: int) -> list[str]:
        return NAMES[:seats]

    # ------------------------------------------------------------ setup (CV-4)

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        opts = self.check_options(options, seats)
        stock = []
        for _ in range(2):
            pile = cards.stockpile()
            rng.shuffle(pile)  # the opponent's shuffle (CV-4)
            stock.append(pile)
        state: State = {
            "options": opts,
            "field": [None] * (PATHS * ROWS),
            "caves": initial_caves(),
            "fires": [[True] * 3, [True] * 3],
            "hands": [[], []],
            "stock": stock,
            "inactive": [[], []],
            "gone": [[], []],
            "next_id": 1,
            "turn": None,
            "turn_no": 0,
            "tm": fresh_tm(),
            "zippy": [],
            "pending": {"kind": "redraw", "seat": 0},
            "result": None,
        }
        events: list[Event] = [Event("setup", {"open": opts["open"], "stock_sizes": [16, 16]})]
        for s in (0, 1):
            draw(state, s, events, why="deal")
        return state, events

    # ------------------------------------------------------------ the Engine interface

    def to_move(self, state: State) -> Seat | None:
        if state["result"] is not None or state["pending"] is None:
            return None
        return state["pending"]["seat"]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """The moves `seat` may make now, by the rules code its view is read with too
        (moves.seat_moves; DESIGN: legal moves are a function of what the seat knows)."""
        if not _is_int(seat) or seat not in (0, 1):
            return []
        return seat_moves(state, seat, state["hands"][seat])

    def forced_public(self, view: View) -> bool:
        """Public only when the list reads neither the hand nor the card of a caveman the
        public does not see (face down, not shown to both): the moves of a face-down Zippy or
        a Plucky differ from another's, and a placement depends on the hand, so an `end` that
        is the only move would tell which cavemen the seat holds (engines.answers.forced_public).

        Version 1 calls every decision public, as it was released: its `forced` played every
        single-option decision, and the logs it wrote must replay with the answers they hold."""
        if self.forced_any:
            return True
        seat = view.get("seat")
        if not _is_int(seat) or seat not in (0, 1):
            return False
        board = {**view, "field": [_public_piece(p) for p in view["field"]]}
        try:
            seat_moves(board, seat, Unseen(len(view.get("hand") or [])))
        except UnseenRead:
            return False
        return True

    def public_mismatch(self, view: View, step: Mapping[str, Any]) -> str | None:
        """Whose decision it is and the result, as the entry names them."""
        return turn_and_result(view, step, pending_seat(view))

    def moves_from_view(self, view: View) -> list[Move]:
        """The legal moves of the view's seat from the view alone: the same `seat_moves` as
        `legal_moves`, given the view (which carries the board read there with the state's
        shape) and the view's own hand. A spectator's view (seat None) has no moves."""
        seat = view.get("seat")
        if not _is_int(seat) or seat not in (0, 1):
            return []
        return seat_moves(view, seat, view["hand"])

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        if state["result"] is not None:
            raise IllegalMove("the game is over")
        pending = state["pending"]
        if not _is_int(seat) or seat not in (0, 1):
            raise IllegalMove(f"no seat {seat!r} in this game")
        if pending["seat"] != seat:
            raise IllegalMove(f"it is not your decision: {_name(pending['seat'])} must {_DOING[pending['kind']]}")
        if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
            raise IllegalMove("a move is an object with a 'type' field")
        kind = pending["kind"]
        mtype = move["type"]
        if mtype not in _ALLOWED[kind]:
            raise IllegalMove(f"now you must {_DOING[kind]} ({', '.join(sorted(_ALLOWED[kind]))}), not {mtype!r}")
        keys = set(move)
        if keys != _FIELDS[mtype]:
            extra, missing = keys - _FIELDS[mtype], _FIELDS[mtype] - keys
            if extra:
                raise IllegalMove(f"unexpected field(s) {', '.join(sorted(map(str, extra)))} in a {mtype} move")
            raise IllegalMove(f"a {mtype} move needs the field(s) {', '.join(sorted(missing))}")
        for key in ("path", "row", "from_path", "from_row"):
            if key in move and not _is_int(move[key]):
                raise IllegalMove(f"{key} must be a whole number, not {move[key]!r}")
        if "dir" in move and move["dir"] not in _DIRS[mtype]:
            raise IllegalMove(f"there is no direction {move['dir']!r} for a {mtype}: write {' or '.join(_DIRS[mtype])}")
        if "col" in move and move["col"] not in _FIRE_COLS:
            raise IllegalMove(f"there is no fire column {move['col']!r}: columns are written A, B or C")
        new = _copy(state)
        events: list[Event] = []
        _HANDLERS[kind](new, seat, move, rng, events)
        return new, events

    # ------------------------------------------------------------ what a seat may see (CV-15, CV-18)

    def view(self, state: State, seat: Seat | None) -> View:
        return seat_view(self.id, state, seat)

    def revealed_view(self, state: State) -> View:
        """Every card face up, for a finished game's final screens (engines.cavemen.revealed)."""
        from engines.cavemen.revealed import revealed_view

        return revealed_view(self.id, state)

    def result(self, state: State) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    def split_move(self, move: Move) -> tuple[Move, Any]:
        """A placed caveman's name is the secret part (CV-18); everything else is public."""
        if isinstance(move, Mapping) and move.get("type") == "place":
            return {k: v for k, v in move.items() if k != "card"}, {"card": move.get("card")}
        return (dict(move) if isinstance(move, Mapping) else move), None

    # ------------------------------------------------------------ text

    def parse(self, text: str, view: View) -> Move:
        return notation.parse(text, view)

    def format(self, move: Move) -> str:
        return notation.format(move)

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        from engines.cavemen import events

        return events.describe(event)

    def describe_move(self, view: View, move: Move) -> str | None:
        """What a listed move would do, from the seat's view (engines.cavemen.preview)."""
        from engines.cavemen.preview import describe_move

        return describe_move(view, move)

    def render(self, view: View, color: bool = False) -> str:
        return render.render(view, color)

    def bots(self) -> dict[str, Any]:
        return {"random": bots.random_bot, "simple": bots.simple_bot}


class _FaceDown(dict[str, Any]):
    """A caveman whose card the public does not see: reading its card raises UnseenRead."""

    def __getitem__(self, key: str) -> Any:
        if key == "card":
            raise UnseenRead("the moves read a face-down caveman's card")
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default


def _public_piece(piece: Any) -> Any:
    """A field entry as the public sees it: a card shown only when face up or seen by both."""
    if piece is None or piece.get("up") or piece.get("known") == 2:
        return piece
    return _FaceDown(piece)
