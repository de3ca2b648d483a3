"""Die Siedler von Catan - Das Kartenspiel (two players): the Engine.

The state is plain JSON data (setup.py lists its keys). One seat decides at a time:
`state["pending"]` = {"kind", "seat", ...} says who and what, and that seat may be the
player not on turn (counter cards, trade answers, resource choices, off-turn
discards): `to_move` returns him and the game waits for his move. The modules
register one handler per pending kind (flow.DECISIONS) and per automatic step
(flow.STEPS); `apply` copies the state, runs the decision, drains the queue, then
recomputes the tokens and checks the win (SI-19, SI-20) after every step.

    pending kind  who             moves
    arrange       each player     arrange A B | keep                    (SI-6)
    start         each player     search pile N                         (SI-14)
    pick          searcher        take CARD ...                         (SI-12, SI-14)
    roll          turn player     roll | play alchemist N               (SI-10)
    choose        a player        choose RESOURCE | reclaim CARD        (SI-16, SI-17)
    region        builder         place above|below                     (SI-8)
    action        turn player     build/expand/trade/offer/play/remove/end (SI-11)
    answer        opponent        accept | decline                      (SI-22)
    hand          turn player     draw/search/return/exchange/done      (SI-12)
    excess        either          return CARD pile N                    (SI-13)
    plus the card decisions of plays.py and event_cards.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from engines.core import BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View
from engines.siedler import (  # noqa: F401 - importing registers the steps and decisions
    action,
    arrange,
    build,
    copying,
    effects,
    event_cards,
    exact,
    first_day,
    flow,
    hands,
    known,
    plays,
    public,
    scoring,
    setup,
    standing,
    trade,
    turn,
)

NAMES = ["North", "South"]
KEPT = ("1", "2", "3", "4")  # every rules version a game was made with (Siedler.__doc__)
NEWEST = KEPT[-1]
_REGION_FIELDS = ("from", "to")  # what a version-3 move may name beyond version 2's


_copy = copying.copy


def _detached(events: list[Event]) -> list[Event]:
    return [Event(e.kind, _copy(e.data), e.to) for e in events]


def _settle(state: State, events: list[Event], memo: list[Any]) -> None:
    points = scoring.update(state, events, memo)
    turn.winner_check(state, events, list(points))


if _settle not in flow.AFTER:
    flow.AFTER.append(_settle)


def handled() -> set[str]:
    """Every effect id with a handler: passive ones in effects.py, action cards in plays.py,
    event cards in event_cards.py. Joined here, above the three, because effects.py is what
    the other two ask."""
    return set(effects.PASSIVE) | set(plays.HANDLED) | set(event_cards.HANDLED)


class Siedler(BaseEngine):
    """One engine object per kept rules version (PROTOCOL section 19: a game finishes, and its log
    audits, under the rules its genesis names; RULES.md "Versions"):

    1  (the first day, 2026-11-30 17:47-18:02, code of 7c96fc7 to d1a8887) SI-45 "one per
       player" asked of the built cards, SI-46 a flag that never goes down, SI-15 regions
       beside a Garrison neither counted nor robbed, SI-50 a Spy with nothing to take asks
       nothing; only the best bank rate, one-resource Caravans and Merchants and the fullest
       Raid listed, and no other bank rate taken (first_day.py). Otherwise as 2.
    2  (the release of 2026-11-30) a payment takes from the fullest regions and a gain goes to
       the emptiest: no move names regions, and one that does is refused. `apply` takes the
       other moves as the release read them (exact.py's one spelling came later within 2).
    3  moves may name the regions a payment takes from ("from") and a gain goes to ("to"):
       SI-4, SI-17; the lists hold those choices.
    4  the answer `forced` no longer plays a decision whose options depend on the hand or a
       searched pile (the roll: an Alchemist; the counter question, SI-24: a Bishop or a Herb
       Woman; a pick, a Spy's take): its standing entry told the table what the hand held
       (public.py); `always-roll` answers the roll for any hand. The rules are unchanged.
    """

    id = "siedler"
    title = "Die Siedler von Catan - Das Kartenspiel"
    min_seats = 2
    max_seats = 2

    def __init__(self, version: str = NEWEST) -> None:
        if version not in KEPT:
            raise ValueError(f"no Siedler rules version {version!r}; kept: {', '.join(KEPT)}")
        self.version = version
        self.first_day = version == "1"  # the rulings before f508846's review (first_day.py)
        self.regions = version not in ("1", "2")  # moves may name regions (SI-4, SI-17): from version 3
        self.exact = self.regions  # apply takes only the listed spelling (exact.py): from version 3
        self.forced_hides = version not in ("1", "2", "3")  # `forced` only where public; always-roll
        self.forced_any = not self.forced_hides  # engines.answers.Answers.forced_any

    def options(self) -> dict[str, Any]:
        return dict(setup.DEFAULTS)

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return setup.check_options(options, seats)

    def seat_names(self, seats: int) -> list[str]:
        return NAMES[:seats]

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        setup.check_options(options, seats)
        with self._rules():
            state, events = setup.new_state(options, rng)
            flow.run(state, rng, events)
        return state, _detached(events)

    def _rules(self) -> AbstractContextManager[None]:
        """The rules the modules run by: version 1's rulings switched on for its engine alone."""
        return first_day.rules() if self.first_day else nullcontext()

    def split_move(self, move: Move) -> tuple[Move, Any]:
        """SI-50: which cards a seat takes from a searched pile (or with a Spy) and which hand
        card it puts under a pile are its secret: committed in the log, revealed at the end."""
        key = _SECRET_FIELDS.get(move.get("type")) if isinstance(move, Mapping) else None
        if key is None or key not in move:
            return dict(move), None
        return {k: v for k, v in move.items() if k != key}, {key: move[key]}

    def merge_move(self, public: Move, secret: Any) -> Move:
        if secret is None:
            return dict(public)
        if not isinstance(secret, Mapping):
            raise IllegalMove("the secret part of a move is an object")
        return {**public, **secret}

    def to_move(self, state: State) -> Seat | None:
        if state["result"] is not None or state["pending"] is None:
            return None
        return state["pending"]["seat"]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """The moves of the seat that decides now, whoever it is (the opponent too: counters,
        trade answers, resource choices, off-turn discards); [] for any other seat. The same
        code as `moves_from_view`, on the full state: the decisions read only what the
        deciding seat's view holds (known.py, checked by tests/engines/siedler/test_view_moves.py)."""
        with self._rules():
            return self._versioned(state, seat, _listed(state, seat))

    def moves_from_view(self, view: View) -> list[Move]:
        """DESIGN: legal moves are a function of what the seat knows. The view's seat's moves,
        from the view alone: the decision code of `legal_moves`, on known.state_of(view)."""
        seat = view.get("seat")
        pending = view.get("pending")
        if seat is None or view.get("result") is not None or pending is None or pending["seat"] != seat:
            return []  # a spectator, a seat not to decide, a game over: no moves
        state = known.state_of(view)
        with self._rules():
            return self._versioned(state, seat, _listed(state, seat))

    def _versioned(self, state: State, seat: Seat, moves: list[Move]) -> list[Move]:
        """Versions 1 and 2 list no choice of regions: the moves that name none are their
        list, in the same order (a version-3 list is version 2's with the region choices
        added); version 1's is version 2's without the moves it did not list yet."""
        if self.regions:
            return moves
        moves = [m for m in moves if "from" not in m and "to" not in m]
        return first_day.listed(state, seat, moves) if self.first_day and moves else moves

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        if self.first_day:
            with first_day.rules():
                return self._apply(state, seat, move, rng)
        return self._apply(state, seat, move, rng)

    def _apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        if state["result"] is not None:
            raise IllegalMove("the game is over")
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalMove(f"no seat {seat!r} in this game")
        pending = state["pending"]
        decision = flow.DECISIONS[pending["kind"]]
        if pending["seat"] != seat:
            raise IllegalMove(f"it is not your decision: {NAMES[pending['seat']]} must {decision.doing}")
        shape = _shape(move) if type(move) is dict else 0
        if shape == 1:
            move = move.copy()  # its values are strings and whole numbers: a full copy
        elif shape == 2:
            move = _copy(move)  # plain as `_plain` asks, one level deep
        else:
            if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
                raise IllegalMove("a move is an object with a 'type' field")
            _plain(move)
            move = _copy(dict(move))
        if not self.regions:
            named = [k for k in _REGION_FIELDS if k in move]
            if named:  # version 2's handlers knew no such field
                raise IllegalMove(f"unexpected field(s) {', '.join(named)} in a {move['type']} move")
        if self.first_day:
            why = first_day.refusal(state, seat, move)
            if why:
                raise IllegalMove(why)
        new = copying.fresh(state)
        events: list[Event] = []
        decision.apply(new, seat, move, rng, events)
        if self.exact:
            exact.check(state, seat, move)  # the rules took it: is it written as the list writes it?
        flow.run(new, rng, events)
        return new, _detached(events)

    def view(self, state: State, seat: Seat | None) -> View:
        """SI-50: hands, piles, the region pile and the event deck are concealed; the seat sees
        its own hand, and a pile only while it searches it."""
        searching = state["searching"]
        seen = None
        if searching is not None and seat == searching["seat"]:
            seen = {"pile": searching["pile"], "cards": list(state["piles"][searching["pile"]])}
        return _copy(
            {
                "game": self.id,
                "seat": seat,
                "names": NAMES,
                "options": state["options"],
                "principalities": state["principalities"],
                "hand": None if seat is None else sorted(state["hands"][seat]),
                "hand_sizes": [len(h) for h in state["hands"]],
                "hand_limits": [hands.hand_limit(state, s) for s in (0, 1)],
                "pile_sizes": [len(p) for p in state["piles"]],
                "searching": seen,
                "region_pile_size": len(state["region_pile"]),
                "event_deck_size": len(state["event_deck"]),
                "discard": state["discard"],
                "display": state["display"],
                "supply": state["supply"],
                "tokens": state["tokens"],
                "flag": state["flag"],
                "points": [scoring.summary(state, s) for s in (0, 1)],
                "start_rolls": state["start_rolls"],
                "start_player": state["start_player"],
                "dice": state["dice"],
                "last_event": state["last_event"],
                "turn": state["turn"],
                "turn_no": state["turn_no"],
                "pending": _pending_for(state["pending"], seat),
                "result": state["result"],
            }
        )

    def revealed_view(self, state: State) -> View | None:
        """SI-50 ends with the game: the spectator's view with every hand and the order of every
        pile, the region pile and the event deck (top card first), for the final screens. Only
        called on a finished game's state, so nothing here is concealed any more."""
        view = self.view(state, None)
        view["revealed"] = True
        view["hands"] = [sorted(h) for h in state["hands"]]
        view["piles"] = [list(p) for p in state["piles"]]
        view["region_pile"] = list(state["region_pile"])
        view["event_deck"] = list(state["event_deck"])
        return view

    def result(self, state: State) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    def parse(self, text: str, view: View) -> Move:
        from engines.siedler import notation

        move = notation.parse(text, view)
        if not self.regions and any(k in move for k in _REGION_FIELDS):
            raise IllegalMove(
                f"this game is played under Siedler version {self.version}: a move names no regions (the fullest pay, the emptiest gain)"
            )
        return move

    def format(self, move: Move) -> str:
        from engines.siedler import notation

        return notation.format(move)

    def render(self, view: View, color: bool = False) -> str:
        from engines.siedler import render

        return render.render(view, color)

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        from engines.siedler import log

        return log.describe(event)

    def cards_text(self) -> str:
        """The card almanac in words, for a client's `pbem cards siedler` (optional hook)."""
        from engines.siedler import almanac

        return almanac.text()

    # answers given in advance (engines.answers): the kinds of standing.py

    def own_answer_kinds(self) -> list[dict[str, str]]:
        return standing.kinds(roll=self.forced_hides)

    def check_own_rule(self, rule: Mapping[str, Any]) -> dict[str, Any]:
        return standing.check(rule, roll=self.forced_hides)

    def parse_own_rule(self, words: list[str]) -> dict[str, Any]:
        return standing.parse(words, roll=self.forced_hides)

    def own_standing_move(self, view: View, rule: dict[str, Any], moves: list[Move]) -> Move | None:
        return standing.move(view, rule, moves)

    def describe_own_rule(self, rule: dict[str, Any]) -> str:
        return standing.describe(rule)

    def forced_public(self, view: View) -> bool:
        """`forced` answers only where the number of options is public (public.py: not the
        roll, the counter question, a pick: what the hand holds decides them). Versions 1, 2
        and 3 played `forced` at every decision with one move, as their logs record."""
        if self.forced_any:
            return True
        return public.forced_public(view, _listed)

    def public_mismatch(self, view: View, step: Mapping[str, Any]) -> str | None:
        return public.mismatch(view, step)

    def bots(self) -> dict[str, Any]:
        from engines.siedler import bots

        return {"random": bots.random_bot, "builder": bots.builder_bot}


def _listed(state: State, seat: Seat) -> list[Move]:
    """The one listing of legal moves, for a state or for what a seat knows of it."""
    pending = state["pending"]
    if state["result"] is not None or pending is None or pending["seat"] != seat or type(seat) is not int:
        return []  # (True is no seat, though it equals 1)
    return flow.DECISIONS[pending["kind"]].legal(state, seat)


# move type -> the field that is the mover's secret (SI-50)
_SECRET_FIELDS = {"take": "cards", "return": "card", "exchange": "card", "swap": "card"}


def _shape(move: dict[Any, Any]) -> int:
    """1: a move whose fields are all strings or whole numbers, its type a string (the common
    case); 2: some fields are also lists of strings or objects of whole numbers (offers,
    searches, takes); either is plain as `_plain` asks (checked without its recursion:
    every move passes here). 0: anything else, for `_plain` to judge."""
    shape = 1
    for k, v in move.items():
        if type(k) is not str:
            return 0
        t = type(v)
        if t is str or t is int:
            continue
        if t is list:
            if not all(type(x) is str for x in v):
                return 0
        elif t is dict:
            if not all(type(a) is str and type(b) is int for a, b in v.items()):
                return 0
        else:
            return 0
        shape = 2
    return shape if type(move.get("type")) is str else 0


def _plain(x: Any, depth: int = 0) -> None:
    """Moves are small plain data: strings, whole numbers, lists, objects, null; no booleans
    or floats (no move has one), nothing deeply nested."""
    if depth > 4:
        raise IllegalMove("a move is small plain data (too deeply nested)")
    if isinstance(x, bool) or isinstance(x, float):
        raise IllegalMove(f"a move holds no {type(x).__name__} values ({x!r})")
    if isinstance(x, Mapping):
        for k, v in x.items():
            if not isinstance(k, str):
                raise IllegalMove("a move's field names are strings")
            _plain(v, depth + 1)
    elif isinstance(x, list | tuple):
        for v in x:
            _plain(v, depth + 1)
    elif not (x is None or isinstance(x, str | int)):
        raise IllegalMove(f"a move holds no {type(x).__name__} values")


def _pending_for(pending: dict[str, Any] | None, seat: Seat | None) -> dict[str, Any] | None:
    """The pending decision as this seat may see it: a "secret" part (the opponent's hand a
    Spy looks at, the cards a Conflict took) only for the seat that decides."""
    if pending is None:
        return None
    hidden = {"then"} if seat == pending["seat"] else {"then", "secret"}  # "then": the steps after a pick
    return {k: v for k, v in pending.items() if k not in hidden}
