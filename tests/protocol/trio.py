"""A small 2-4 seat test game whose seats can leave: what protocol tests of leaving need.

"Trio": the seats take turns in seat order, `rounds` turns each. On its turn a seat
throws a die (`{"type": "throw"}`, public, scored) or, once, hides a value 1-3 (the secret
part of the move). A throw of 6 makes the next seat in seat order (whether it is still in
or not) answer: `{"type": "answer", "value": "yes" | "no"}`, the value being the secret part;
the answer goes privately to the thrower and the answerer, and a yes is worth 1 to the
thrower. So a seat that left can still owe a forced decision: the server makes it.

Leaving (`leave`): the seat is out (`state["out"]`, in leaving order, absent while nobody
left); its turns are skipped; it ranks below every seat still in, the earlier leaver
lower; with one seat left in, that seat wins at once. The winner otherwise is the highest
score among the seats still in.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

import engines
from engines.core import BadOptions, BaseEngine, Event, IllegalMove, Rng


class TrioEngine(BaseEngine):
    id = "trio"
    version = "1"
    title = "Trio"
    min_seats = 2
    max_seats = 4

    def options(self) -> dict[str, Any]:
        return {"rounds": 2}

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 4:
            raise BadOptions("trio is for 2 to 4 seats")
        unknown = set(options) - {"rounds"}
        if unknown:
            raise BadOptions(f"unknown options: {sorted(unknown)}")
        out = {**self.options(), **options}
        if not isinstance(out["rounds"], int) or isinstance(out["rounds"], bool) or not 1 <= out["rounds"] <= 9:
            raise BadOptions("rounds must be 1 to 9")
        return out

    def seat_names(self, seats: int) -> list[str]:
        return ["ann", "bob", "cid", "dee"][:seats]

    # -- the rules ----------------------------------------------------------------------

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[dict[str, Any], list[Event]]:
        options = self.check_options(options, seats)
        first = rng.randbelow(seats)
        state = {
            "seats": seats,
            "rounds": options["rounds"],
            "turns": 0,
            "scores": [0] * seats,
            "hidden": [None] * seats,
            "pending": {"kind": "turn", "seat": first},
            "result": None,
        }
        return state, [Event("first", {"seat": first})]

    @staticmethod
    def out(state: Mapping[str, Any]) -> list[int]:
        return list(state.get("out", []))

    def _in(self, state: Mapping[str, Any]) -> list[int]:
        gone = self.out(state)
        return [s for s in range(state["seats"]) if s not in gone]

    def to_move(self, state: dict[str, Any]) -> int | None:
        if state["result"] is not None:
            return None
        return state["pending"]["seat"]

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return self._moves(state, seat, state["hidden"][seat])

    def moves_from_view(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        seat = view.get("seat")
        return [] if seat is None else self._moves(view, seat, view["hidden"])

    def _moves(self, position: dict[str, Any], seat: int, hidden: int | None) -> list[dict[str, Any]]:
        """From what the seat knows: the decision due (public) and whether it has hidden."""
        if self.to_move(position) != seat:
            return []
        if position["pending"]["kind"] == "answer":
            return [{"type": "answer", "value": "yes"}, {"type": "answer", "value": "no"}]
        moves: list[dict[str, Any]] = [{"type": "throw"}]
        if hidden is None:
            moves += [{"type": "hide", "value": v} for v in (1, 2, 3)]
        return moves

    def apply(self, state: dict[str, Any], seat: int, move: dict[str, Any], rng: Rng) -> tuple[dict[str, Any], list[Event]]:
        if self.to_move(state) is None:
            raise IllegalMove("the game is over")
        if seat != state["pending"]["seat"]:
            raise IllegalMove("it is not your decision")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(f"{self.format(move)} is not a legal move now")
        new = copy.deepcopy(state)
        events: list[Event] = []
        if move["type"] == "answer":
            thrower = new["pending"]["by"]
            yes = move["value"] == "yes"
            if yes:
                new["scores"][thrower] += 1
            events.append(Event("answered", {"seat": seat}))
            events.append(Event("answer", {"by": seat, "yes": yes}, to=tuple(sorted({seat, thrower}))))
            self._next_turn(new, thrower, events)
        elif move["type"] == "hide":
            new["hidden"][seat] = move["value"]
            new["scores"][seat] += move["value"]
            events.append(Event("hid", {"seat": seat}))
            events.append(Event("note", {"value": move["value"]}, to=(seat,)))
            self._next_turn(new, seat, events)
        else:
            value = rng.randbelow(6) + 1
            new["scores"][seat] += value
            events.append(Event("threw", {"seat": seat, "value": value}))
            if value == 6:
                new["pending"] = {"kind": "answer", "seat": (seat + 1) % new["seats"], "by": seat}
            else:
                self._next_turn(new, seat, events)
        return new, events

    def _next_turn(self, state: dict[str, Any], after: int, events: list[Event]) -> None:
        state["turns"] += 1
        playing = self._in(state)
        if state["turns"] >= state["rounds"] * len(playing):
            self._finish(state, "the rounds are over", events)
            return
        seat = (after + 1) % state["seats"]
        while seat not in playing:
            seat = (seat + 1) % state["seats"]
        state["pending"] = {"kind": "turn", "seat": seat}

    def _finish(self, state: dict[str, Any], reason: str, events: list[Event], winner: Any = ...) -> None:
        playing = self._in(state)
        scores = state["scores"]
        if winner is ...:
            best = max(scores[s] for s in playing)
            leaders = [s for s in playing if scores[s] == best]
            winner = leaders[0] if len(leaders) == 1 else None
        ranks = [0] * state["seats"]
        for s in playing:
            ranks[s] = 1 + sum(1 for o in playing if scores[o] > scores[s])
        gone = self.out(state)
        for i, s in enumerate(gone):  # below everyone still in; the earlier leaver lower
            ranks[s] = state["seats"] - i
        state["result"] = {"winner": winner, "scores": list(scores), "ranks": ranks, "reason": reason}
        state["pending"] = None
        events.append(Event("over", dict(state["result"])))

    def leave(self, state: dict[str, Any], seat: int, why: str) -> tuple[dict[str, Any], list[Event]]:
        """The seat is out: it ranks last, its turns are skipped, its forced decisions stay."""
        if state["result"] is not None:
            raise IllegalMove("the game is over")
        if seat in self.out(state):
            raise IllegalMove("that seat has left the game already")
        new = copy.deepcopy(state)
        new["out"] = [*self.out(state), seat]
        events = [Event("left", {"seat": seat, "why": why})]
        playing = self._in(new)
        if len(playing) == 1:
            self._finish(new, f"seat {seat} {why}: seat {playing[0]} is the last one in", events, winner=playing[0])
        elif new["pending"]["seat"] == seat and new["pending"]["kind"] == "turn":
            self._next_turn(new, seat, events)
        return new, events

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seats": state["seats"],
            "turns": state["turns"],
            "scores": list(state["scores"]),
            "hid": [h is not None for h in state["hidden"]],
            "pending": state["pending"],
            "result": state["result"],
        }
        if "out" in state:
            out["out"] = list(state["out"])
        if seat is not None:
            out["seat"] = seat
            out["hidden"] = state["hidden"][seat]
        return out

    def split_move(self, move: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        if move.get("type") in ("hide", "answer"):
            return {k: v for k, v in move.items() if k != "value"}, {"value": move.get("value")}
        return dict(move), None

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    def parse(self, text: str, view: dict[str, Any]) -> dict[str, Any]:
        words = text.split()
        if words == ["throw"]:
            return {"type": "throw"}
        if len(words) == 2 and words[0] == "hide" and words[1] in ("1", "2", "3"):
            return {"type": "hide", "value": int(words[1])}
        if len(words) == 2 and words[0] == "answer" and words[1] in ("yes", "no"):
            return {"type": "answer", "value": words[1]}
        raise IllegalMove("say 'throw', 'hide 1-3' or 'answer yes|no'")

    def format(self, move: dict[str, Any]) -> str:
        if "value" in move:
            return f"{move.get('type')} {move['value']}"
        return str(move.get("type"))

    def render(self, view: dict[str, Any], color: bool = False) -> str:
        return "\n".join(f"{k}: {v}" for k, v in sorted(view.items()))

    def bots(self) -> dict[str, Any]:
        def random_bot(view: dict[str, Any], legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
            return rnd.choice(legal)

        return {"random": random_bot}


TRIO = TrioEngine()


def lookup(engine_id: str) -> Any:
    """For protocol.audit.audit: the toy and trio test engines."""
    from tests.protocol import toy

    if engine_id == TRIO.id:
        return TRIO
    if engine_id == toy.TOY.id:
        return toy.TOY
    raise engines.UnknownEngine(engine_id)
