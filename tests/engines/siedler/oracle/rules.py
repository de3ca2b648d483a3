"""ORACLE: a frozen copy of engines/siedler/rules.py as it was before the speed work on
apply and legal_moves (commit 6c57232); the other modules of this package are frozen copies too.
tests/engines/siedler/test_oracle.py plays random games with this and the live engine side
by side and requires the same legal moves, refusals, states, events and views.
Never edit this copy to follow the live engine: a rule change needs a new oracle on purpose.

Die Siedler von Catan - Das Kartenspiel (two players): the Engine.

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

import json
from collections.abc import Mapping
from typing import Any

from engines.core import BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View
from tests.engines.siedler.oracle import (  # noqa: F401 - importing registers the steps and decisions
    action,
    arrange,
    build,
    event_cards,
    flow,
    hands,
    plays,
    scoring,
    setup,
    trade,
    turn,
)

NAMES = ["North", "South"]


def _copy(x: Any) -> Any:
    return json.loads(json.dumps(x))


def _detached(events: list[Event]) -> list[Event]:
    return [Event(e.kind, _copy(e.data), e.to) for e in events]


def _settle(state: State, events: list[Event]) -> None:
    scoring.update(state, events)
    turn.winner_check(state, events)


if _settle not in flow.AFTER:
    flow.AFTER.append(_settle)


class Siedler(BaseEngine):
    id = "siedler"
    version = "2"
    title = "Die Siedler von Catan - Das Kartenspiel"
    min_seats = 2
    max_seats = 2

    def options(self) -> dict[str, Any]:
        return dict(setup.DEFAULTS)

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return setup.check_options(options, seats)

    def seat_names(self, seats: int) -> list[str]:
        return NAMES[:seats]

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        setup.check_options(options, seats)
        state, events = setup.new_state(options, rng)
        flow.run(state, rng, events)
        return state, _detached(events)

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
        pending = state["pending"]
        if state["result"] is not None or pending is None or pending["seat"] != seat:
            return []
        return flow.DECISIONS[pending["kind"]].legal(state, seat)

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        if state["result"] is not None:
            raise IllegalMove("the game is over")
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalMove(f"no seat {seat!r} in this game")
        pending = state["pending"]
        decision = flow.DECISIONS[pending["kind"]]
        if pending["seat"] != seat:
            raise IllegalMove(f"it is not your decision: {NAMES[pending['seat']]} must {decision.doing}")
        if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
            raise IllegalMove("a move is an object with a 'type' field")
        _plain(move)
        new = _copy(state)
        events: list[Event] = []
        decision.apply(new, seat, _copy(dict(move)), rng, events)
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

    def result(self, state: State) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    def parse(self, text: str, view: View) -> Move:
        from tests.engines.siedler.oracle import notation

        return notation.parse(text, view)

    def format(self, move: Move) -> str:
        from tests.engines.siedler.oracle import notation

        return notation.format(move)

    def render(self, view: View, color: bool = False) -> str:
        from tests.engines.siedler.oracle import render

        return render.render(view, color)

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        from tests.engines.siedler.oracle import log

        return log.describe(event)

    def cards_text(self) -> str:
        """The card almanac in words, for a client's `pbem cards siedler` (optional hook)."""
        from tests.engines.siedler.oracle import almanac

        return almanac.text()

    def bots(self) -> dict[str, Any]:
        from tests.engines.siedler.oracle import bots

        return {"random": bots.random_bot, "builder": bots.builder_bot}


# move type -> the field that is the mover's secret (SI-50)
_SECRET_FIELDS = {"take": "cards", "return": "card", "exchange": "card", "swap": "card"}


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
