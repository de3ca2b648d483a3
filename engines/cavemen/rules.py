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

Readings of the rulings where they leave a choice:
- CV-5/CV-6 "the path's move" is taken by the first caveman that makes a move from that
  path; a Plucky or Gutsy that took its starting path's move (without leaving it
  sideways) has one more move there; the state records only what everybody saw (which
  caveman moved how), the extra move follows from the card, so the view leaks nothing.
- CV-6/CV-8 a Plucky or Gutsy whose first move was a winning attack is not stopped by
  it: it keeps its second move if still in its starting path, and like any caveman may
  use the move of a path it arrived in (by the attack across, or by a sideways second
  move) if that move is unused; it never attacks twice in a turn.
- Phases end by an explicit "end" move, except where the end is forced by public facts
  only (no caveman of the player on the field: no move phase; an empty hand or three
  cards placed: no place phase; an empty hand: no discard). Skipping on private grounds
  (e.g. "no card in hand can be placed") would tell the opponent about the hand.
- CV-10 the Zippy decision lists the opponent's cavemen on the field that the Zippy
  owner does not already see (face down and unknown to him; open game: face down).
- CV-16/CV-8 open game: a caveman seen face up (by a sideways move, a fight or Zippy) and
  turned face down again by a sideways move stays known to both (`known` 2) while it
  stays on the field, as a fight's survivor does in the closed game; the flip hides
  nothing that both players did not already see. Zippy may still name it (to turn it up).
- CV-17 "could return": the inactive deck returns only when a Zippy or Ballsy is lost
  on the field, so a player still has prospects exactly while a caveman of his is on the
  field, in his hand or in his stockpile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.cavemen import bots, cards, notation, render
from engines.cavemen.field import (
    COLS,
    PATHS,
    ROWS,
    card_owner,
    cols_beside,
    index,
    initial_caves,
    on_field,
    path_of,
    replaceable,
    row_of,
)
from engines.cavemen.moves import caveman_moves, seat_moves, zippy_targets
from engines.core import BadOptions, BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View

NAMES = ["Red", "Blue"]
HAND_SIZE = 5
MAX_PLACED = 3
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


def _name(seat: int) -> str:
    return NAMES[seat]


def _is_int(x: Any) -> bool:
    return type(x) is int


# ---------------------------------------------------------------- copying


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


def _fresh_tm() -> dict[str, Any]:
    return {"used": [None] * PATHS, "acts": {}, "placed": 0}


def _has_prospects(state: State, seat: int) -> bool:
    """CV-17: could this player still ever have a caveman on the field?"""
    if any(p is not None and p["owner"] == seat for p in state["field"]):
        return True
    # The inactive deck returns only when a Zippy or Ballsy is lost on the field, and such a
    # card would be in the hand or stockpile: with no caveman there, nothing can return.
    return any(cards.is_caveman(c) for c in state["hands"][seat] + state["stock"][seat])


def game_result(winner: int | None, reason: str) -> dict[str, Any]:
    return {"winner": winner, "scores": None, "reason": reason}


# ---------------------------------------------------------------- the engine


class Cavemen(BaseEngine):
    id = "cavemen"
    version = "1"
    title = "Cavemen Playing With Fire"
    min_seats = 2
    max_seats = 2

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
            "tm": _fresh_tm(),
            "zippy": [],
            "pending": {"kind": "redraw", "seat": 0},
            "result": None,
        }
        events: list[Event] = [Event("setup", {"open": opts["open"], "stock_sizes": [16, 16]})]
        for s in (0, 1):
            self._draw(state, s, events, why="deal")
        return state, events

    # ------------------------------------------------------------ card movements

    def _draw(self, state: State, seat: int, events: list[Event], why: str = "draw") -> None:
        """CV-13: draw until five cards or the stockpile is empty; the cards go to the drawer only."""
        hand, stock = state["hands"][seat], state["stock"][seat]
        n = min(HAND_SIZE - len(hand), len(stock))
        if n <= 0:
            return
        drawn = stock[:n]
        del stock[:n]
        state["hands"][seat] = cards.sort_hand(hand + drawn)
        events.append(Event("drew", {"seat": seat, "count": n, "stock": len(stock), "why": why}))
        events.append(Event("drew", {"seat": seat, "cards": list(drawn)}, to=(seat,)))

    def _to_inactive(self, state: State, seat: int, card: str) -> None:
        state["inactive"][seat].append(card)

    def _return_inactive(self, state: State, seat: int, lost: str | None, rng: Rng, events: list[Event]) -> None:
        """CV-14: the inactive deck goes shuffled under the stockpile; the lost card (if it is
        not gone for good) starts the new one."""
        pile = state["inactive"][seat]
        if lost is not None:
            pile.remove(lost)  # it lies on top (just lost); it starts the new inactive deck instead
        rng.shuffle(pile)
        state["stock"][seat].extend(pile)
        state["inactive"][seat] = [] if lost is None else [lost]
        events.append(
            Event("returned", {"seat": seat, "count": len(pile), "stock": len(state["stock"][seat]), "top": lost})
        )

    # ------------------------------------------------------------ turn flow

    def _begin_turn(self, state: State, seat: int, events: list[Event]) -> None:
        """A new turn, skipping what public facts make empty (see the module docstring)."""
        while True:
            if state["turn_no"] >= 2 * state["options"]["round_limit"]:
                self._finish(state, None, f"draw: {state['options']['round_limit']} rounds played (CV-17)", events)
                return
            if not _has_prospects(state, 0) and not _has_prospects(state, 1):
                self._finish(state, None, "draw: neither player can bring a caveman into play any more (CV-17)", events)
                return
            state["turn"] = seat
            state["turn_no"] += 1
            state["tm"] = _fresh_tm()
            events.append(Event("turn", {"seat": seat, "turn": state["turn_no"]}))
            if any(p is not None and p["owner"] == seat for p in state["field"]):
                state["pending"] = {"kind": "move", "seat": seat}
                return
            if self._enter_place(state, seat, events):
                return
            seat = 1 - seat

    def _enter_place(self, state: State, seat: int, events: list[Event]) -> bool:
        """Go to the place phase (or on to discard and draw); False when the turn ended at once."""
        if state["hands"][seat] and state["tm"]["placed"] < MAX_PLACED:
            state["pending"] = {"kind": "place", "seat": seat}
            return True
        return self._enter_discard(state, seat, events)

    def _enter_discard(self, state: State, seat: int, events: list[Event]) -> bool:
        if state["hands"][seat]:
            state["pending"] = {"kind": "discard", "seat": seat}
            return True
        self._draw(state, seat, events)
        return False

    def _end_turn(self, state: State, seat: int, events: list[Event]) -> None:
        self._draw(state, seat, events)
        self._begin_turn(state, 1 - seat, events)

    def _finish(self, state: State, winner: int | None, reason: str, events: list[Event]) -> None:
        state["result"] = game_result(winner, reason)
        state["pending"] = None
        events.append(Event("game_over", dict(state["result"])))

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
        getattr(self, f"_on_{kind}")(new, seat, move, rng, events)
        return new, events

    # ------------------------------------------------------------ handlers

    def _take_card(self, state: State, seat: int, move: Mapping[str, Any]) -> str:
        card = move.get("card")
        if not isinstance(card, str) or card not in cards.HAND_CARDS:
            raise IllegalMove(f"{card!r} is not a card of the hand: one of {', '.join(cards.HAND_CARDS)}")
        if card not in state["hands"][seat]:
            raise IllegalMove(f"you hold no {cards.label(card)}")
        state["hands"][seat].remove(card)
        return card

    def _on_redraw(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        if move["type"] == "discard":
            card = self._take_card(state, seat, move)
            self._to_inactive(state, seat, card)  # CV-4/CV-14: discarding returns nothing
            events.append(Event("discarded", {"seat": seat, "card": card, "why": "redraw"}))
            return
        self._draw(state, seat, events, why="redraw")
        events.append(Event("ended", {"seat": seat, "phase": "redraw"}))
        if seat == 0:
            state["pending"] = {"kind": "redraw", "seat": 1}
        else:
            self._begin_turn(state, 0, events)  # Red begins

    def _on_discard(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        if move["type"] == "discard":
            card = self._take_card(state, seat, move)
            self._to_inactive(state, seat, card)
            events.append(Event("discarded", {"seat": seat, "card": card, "why": "discard"}))
            if state["hands"][seat]:
                return
        else:
            events.append(Event("ended", {"seat": seat, "phase": "discard"}))
        self._end_turn(state, seat, events)

    def _on_place(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        mtype = move["type"]
        if mtype == "end":
            events.append(Event("ended", {"seat": seat, "phase": "place"}))
        elif mtype == "cave":
            cell = move.get("cell")
            if not isinstance(cell, str) or not replaceable(cell):
                raise IllegalMove(f"{cell!r} is no replaceable cave: A3, B3, C3, A4, B4 or C4 (CV-2)")
            owner = state["caves"][cell]
            if owner == seat:
                raise IllegalMove(f"the cave {cell} is yours already: a cave replaces one of the opponent's (CV-12)")
            self._take_card(state, seat, {"card": cards.CAVE})
            state["caves"][cell] = seat
            self._to_inactive(state, owner, cards.CAVE)
            state["tm"]["placed"] += 1
            events.append(Event("cave", {"seat": seat, "cell": cell, "replaced": owner}))
        else:
            p, r = self._position(move, "path", "row")
            card = move.get("card")
            if not cards.is_caveman(card):
                raise IllegalMove(f"{card!r} is not a caveman: one of {', '.join(cards.CAVEMEN)}")
            if state["field"][index(p, r)] is not None:
                raise IllegalMove(f"P{p} r{r} is taken")
            if not any(card_owner(state["caves"], c, r) == seat for c in cols_beside(p)):
                raise IllegalMove(f"P{p} r{r} is beside none of your caves or fires (CV-12)")
            self._take_card(state, seat, move)
            state["field"][index(p, r)] = {"owner": seat, "card": card, "up": False, "known": 0, "id": state["next_id"]}
            state["next_id"] += 1
            state["tm"]["placed"] += 1
            events.append(Event("placed", {"seat": seat, "path": p, "row": r}))
            events.append(Event("placed", {"seat": seat, "path": p, "row": r, "card": card}, to=(seat,)))
        if mtype == "end" or not state["hands"][seat] or state["tm"]["placed"] >= MAX_PLACED:
            if not self._enter_discard(state, seat, events):
                self._begin_turn(state, 1 - seat, events)

    def _position(self, move: Mapping[str, Any], pk: str, rk: str) -> tuple[int, int]:
        p, r = move.get(pk), move.get(rk)
        if not _is_int(p) or not _is_int(r) or not on_field(p, r):
            raise IllegalMove(f"no position P{p} r{r}: paths P0..P3, rows r1..r6")
        return p, r

    def _on_move(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        mtype = move["type"]
        if mtype == "end":
            events.append(Event("ended", {"seat": seat, "phase": "move"}))
            if not self._enter_place(state, seat, events):
                self._begin_turn(state, 1 - seat, events)
            return
        fp, fr = self._position(move, "from_path" if mtype == "attack" else "path", "from_row" if mtype == "attack" else "row")
        i = index(fp, fr)
        piece = state["field"][i]
        if piece is None or piece["owner"] != seat:
            raise IllegalMove(f"you have no caveman on P{fp} r{fr}")
        options = caveman_moves(state, i)
        if dict(move) not in options:
            if not options:
                raise IllegalMove(f"the caveman on P{fp} r{fr} cannot move any more this turn (CV-5..CV-8)")
            raise IllegalMove(
                f"the caveman on P{fp} r{fr} cannot do that; it may: " + "; ".join(notation.format(m) for m in options)
            )
        tm = state["tm"]
        uid = str(piece["id"])
        if uid not in tm["acts"]:
            tm["acts"][uid] = {"start": fp, "kinds": []}
        if tm["used"][fp] is None:
            tm["used"][fp] = piece["id"]
        tm["acts"][uid]["kinds"].append(mtype if mtype != "jump" else "step")
        if mtype == "extinguish":
            c = COLS.index(move["col"])
            state["fires"][1 - seat][c] = False
            events.append(Event("extinguished", {"seat": seat, "col": move["col"], "path": fp, "row": fr}))
            self._finish(state, seat, f"{_name(seat)} put out a fire in column {move['col']} (CV-11)", events)
            return
        if mtype in ("step", "jump", "side"):
            p, r = fp, fr
            d = 1 if move["dir"] in ("up", "right") else -1
            if mtype == "side":
                p += d
            else:
                r += d * (2 if mtype == "jump" else 1)
            moved = dict(piece)
            if mtype == "side" and state["options"]["open"]:  # CV-16
                moved["up"] = not piece["up"]
                if moved["up"]:
                    moved["known"] = 2
            state["field"][i] = None
            state["field"][index(p, r)] = moved
            data: dict[str, Any] = {"seat": seat, "how": mtype, "from": [fp, fr], "to": [p, r]}
            if mtype == "side" and state["options"]["open"]:
                data["up"] = moved["up"]
                if moved["up"]:
                    data["card"] = moved["card"]
            events.append(Event("moved", data))
            return
        self._attack(state, seat, i, index(move["path"], move["row"]), rng, events)

    def _attack(self, state: State, seat: int, a: int, d: int, rng: Rng, events: list[Event]) -> None:
        """CV-8..CV-10, CV-14, CV-16: both reveal, the loser leaves, decks may return."""
        field = state["field"]
        att, dfn = field[a], field[d]
        outcome = cards.fight(att["card"], dfn["card"])
        events.append(
            Event(
                "attack",
                {
                    "seat": seat,
                    "from": [path_of(a), row_of(a)],
                    "to": [path_of(d), row_of(d)],
                    "attacker": att["card"],
                    "defender": dfn["card"],
                    "outcome": outcome,
                },
            )
        )
        opp = 1 - seat
        returns: list[tuple[int, str | None]] = []
        if outcome == "dino":  # CV-9: both leave the game; a Zippy or Ballsy still returns the deck
            field[a] = field[d] = None
            state["gone"][seat].append(att["card"])
            state["gone"][opp].append(dfn["card"])
            returns = [(s, None) for s, c in ((seat, att["card"]), (opp, dfn["card"])) if c in cards.RETURNERS]
        elif outcome == "tie":
            field[a] = field[d] = None
            self._to_inactive(state, seat, att["card"])
            self._to_inactive(state, opp, dfn["card"])
            if att["card"] in cards.RETURNERS:  # Zippy v Zippy, Ballsy v Ballsy: both return (CV-14)
                returns = [(seat, att["card"]), (opp, dfn["card"])]
        else:
            winner, loser = (att, dfn) if outcome == "attacker" else (dfn, att)
            loser_seat = opp if outcome == "attacker" else seat
            self._to_inactive(state, loser_seat, loser["card"])
            survivor = dict(winner)
            survivor["known"] = 2
            if state["options"]["open"]:
                survivor["up"] = True  # CV-16
            field[a] = None
            field[d] = survivor  # an attacker that wins takes the place; a defender stays
            own_zippy = loser["card"] == "zippy" and outcome == "defender"  # it attacked and lost
            ballsy_to_zippy = loser["card"] == "ballsy" and winner["card"] == "zippy"
            if loser["card"] in cards.RETURNERS and not own_zippy and not ballsy_to_zippy:
                returns = [(loser_seat, loser["card"])]
        for s, lost in returns:
            self._return_inactive(state, s, lost, rng, events)
        # CV-10: each revealed Zippy's owner may name a caveman to reveal; the attacker's first.
        state["zippy"] = [s for s, c in ((seat, att["card"]), (opp, dfn["card"])) if c == "zippy"]
        self._next_zippy(state, events)

    def _next_zippy(self, state: State, events: list[Event]) -> None:
        while state["zippy"]:
            s = state["zippy"].pop(0)
            if zippy_targets(state, s):
                state["pending"] = {"kind": "zippy", "seat": s}
                return
        state["pending"] = {"kind": "move", "seat": state["turn"]}

    def _on_zippy(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        if move["type"] == "noreveal":
            events.append(Event("zippy_reveal", {"seat": seat, "target": None}))
        else:
            p, r = self._position(move, "path", "row")
            i = index(p, r)
            if i not in zippy_targets(state, seat):
                raise IllegalMove(f"Zippy may reveal only an opponent's caveman you do not see yet, not P{p} r{r} (CV-10)")
            piece = dict(state["field"][i])
            if state["options"]["open"]:
                piece["up"] = True  # CV-16
                piece["known"] = 2
                state["field"][i] = piece
                events.append(Event("zippy_reveal", {"seat": seat, "target": [p, r], "card": piece["card"]}))
            else:
                piece["known"] = max(piece["known"], 1)
                state["field"][i] = piece
                events.append(Event("zippy_reveal", {"seat": seat, "target": [p, r]}))
                events.append(Event("revealed", {"seat": seat, "target": [p, r], "card": piece["card"]}, to=(seat,)))
        self._next_zippy(state, events)

    # ------------------------------------------------------------ what a seat may see (CV-15, CV-18)

    def view(self, state: State, seat: Seat | None) -> View:
        if seat is not None and (not _is_int(seat) or seat not in (0, 1)):
            raise ValueError(f"cavemen has seats 0 and 1, not {seat!r}")
        field = []
        for piece in state["field"]:
            if piece is None:
                field.append(None)
                continue
            sees = piece["owner"] == seat or piece["up"] or piece["known"] == 2 or (piece["known"] == 1 and seat is not None)
            field.append(
                {
                    "owner": piece["owner"],
                    "card": piece["card"] if sees else None,
                    "up": piece["up"],
                    "known": piece["known"],
                    "id": piece["id"],
                }
            )
        tm = state["tm"]
        return {
            "game": self.id,
            "seat": seat,
            "names": list(NAMES),
            "options": dict(state["options"]),
            "field": field,
            "caves": dict(state["caves"]),
            "fires": [list(f) for f in state["fires"]],
            "hand": None if seat is None else list(state["hands"][seat]),
            "hand_sizes": [len(h) for h in state["hands"]],
            "stock_sizes": [len(s) for s in state["stock"]],
            "inactive": None if seat is None else list(state["inactive"][seat]),
            "inactive_sizes": [len(x) for x in state["inactive"]],
            "inactive_tops": [x[-1] if x else None for x in state["inactive"]],
            "gone": [list(g) for g in state["gone"]],
            "turn": state["turn"],
            "turn_no": state["turn_no"],
            "tm": {
                "used": list(tm["used"]),
                "acts": {k: {"start": v["start"], "kinds": list(v["kinds"])} for k, v in tm["acts"].items()},
                "placed": tm["placed"],
            },
            "zippy": list(state["zippy"]),
            "pending": None if state["pending"] is None else dict(state["pending"]),
            "result": None if state["result"] is None else dict(state["result"]),
        }

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

    def render(self, view: View, color: bool = False) -> str:
        return render.render(view, color)

    def bots(self) -> dict[str, Any]:
        return {"random": bots.random_bot, "simple": bots.simple_bot}
