"""A tiny two-seat hidden-information game that exercises every protocol feature.

"Toy": each seat is dealt a private number 1-6 at setup (a private event, so a
commitment in the log). The seats then alternate, `rounds` moves each:

- `{"type": "throw"}` throws a die with the move's rng (a public event) and
  whispers the die's parity to the opponent (a private event);
- `{"type": "hide", "value": v}` (v in 1..3, once per seat) hides v: the value is
  the secret part of the move (split_move gives `{"type": "hide"}` and
  `{"value": v}`), the log says only that the seat hid something, and the hider
  gets a private note of what it hid;
- `{"type": "pass"}` does nothing but is a move.

The score is dealt + throws + hidden value; the higher score wins, a tie is a draw.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

import engines
from engines.core import BadOptions, BaseEngine, Event, IllegalMove, Rng


def _moves(turn: int | None, seat: int, hidden: int | None) -> list[dict[str, Any]]:
    """What a seat may do, from what it knows: whose turn it is and whether it has hidden."""
    if turn != seat:
        return []
    moves: list[dict[str, Any]] = [{"type": "throw"}, {"type": "pass"}]
    if hidden is None:
        moves += [{"type": "hide", "value": v} for v in (1, 2, 3)]
    return moves


class ToyEngine(BaseEngine):
    id = "toy"
    version = "1"
    title = "Toy"
    min_seats = 2
    max_seats = 2

    def options(self) -> dict[str, Any]:
        return {"rounds": 2}

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if seats != 2:
            raise BadOptions("toy is for exactly 2 seats")
        unknown = set(options) - {"rounds"}
        if unknown:
            raise BadOptions(f"unknown options: {sorted(unknown)}")
        out = {**self.options(), **options}
        rounds = out["rounds"]
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 5:
            raise BadOptions("rounds must be 1 to 5")
        return out

    def seat_names(self, seats: int) -> list[str]:
        return ["north", "south"][:seats]

    # -- the rules ------------------------------------------------------------------

    def setup(
        self, seats: int, options: Mapping[str, Any], rng: Rng
    ) -> tuple[dict[str, Any], list[Event]]:
        options = self.check_options(options, seats)
        dealt = [rng.randbelow(6) + 1 for _ in range(seats)]
        state = {
            "rounds": options["rounds"],
            "moves": 0,
            "turn": 0,
            "dealt": dealt,
            "thrown": [0, 0],
            "hidden": [None, None],
        }
        events = [Event("dealt", {"seat": s, "value": dealt[s]}, to=(s,)) for s in range(seats)]
        events.append(Event("begin", {"first": 0}))
        return state, events

    def to_move(self, state: dict[str, Any]) -> int | None:
        if state["moves"] >= 2 * state["rounds"]:
            return None
        return state["turn"]

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return _moves(self.to_move(state), seat, state["hidden"][seat])

    def moves_from_view(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        seat = view.get("seat")
        return [] if seat is None else _moves(view["turn"], seat, view["hidden"])

    def apply(
        self, state: dict[str, Any], seat: int, move: dict[str, Any], rng: Rng
    ) -> tuple[dict[str, Any], list[Event]]:
        if self.to_move(state) is None:
            raise IllegalMove("the game is over")
        if seat != state["turn"]:
            raise IllegalMove("it is not your turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(f"{self.format(move)} is not a legal move now")
        new = copy.deepcopy(state)
        events: list[Event] = []
        if move["type"] == "throw":
            value = rng.randbelow(6) + 1
            new["thrown"][seat] += value
            events.append(Event("threw", {"seat": seat, "value": value}))
            events.append(Event("parity", {"odd": value % 2 == 1}, to=(1 - seat,)))
        elif move["type"] == "hide":
            new["hidden"][seat] = move["value"]
            events.append(Event("hid", {"seat": seat}))
            events.append(Event("note", {"value": move["value"]}, to=(seat,)))
        else:
            events.append(Event("passed", {"seat": seat}))
        new["moves"] += 1
        new["turn"] = 1 - seat
        return new, events

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rounds": state["rounds"],
            "moves": state["moves"],
            "turn": self.to_move(state),
            "thrown": list(state["thrown"]),
            "hid": [h is not None for h in state["hidden"]],
        }
        if seat is not None:
            out["seat"] = seat
            out["dealt"] = state["dealt"][seat]
            out["hidden"] = state["hidden"][seat]
        if self.to_move(state) is None:
            out["dealt_all"] = list(state["dealt"])
            out["hidden_all"] = list(state["hidden"])
        return out

    def split_move(self, move: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        if move.get("type") == "hide":
            public = {k: v for k, v in move.items() if k != "value"}
            return public, {"value": move["value"]}
        return dict(move), None

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if self.to_move(state) is not None:
            return None
        scores = [
            state["dealt"][s] + state["thrown"][s] + (state["hidden"][s] or 0) for s in (0, 1)
        ]
        winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
        return {"winner": winner, "scores": scores}

    # -- text -----------------------------------------------------------------------

    def parse(self, text: str, view: dict[str, Any]) -> dict[str, Any]:
        words = text.split()
        if words == ["throw"]:
            return {"type": "throw"}
        if words == ["pass"]:
            return {"type": "pass"}
        if len(words) == 2 and words[0] == "hide" and words[1] in ("1", "2", "3"):
            return {"type": "hide", "value": int(words[1])}
        raise IllegalMove("say 'throw', 'pass' or 'hide 1', 'hide 2', 'hide 3'")

    def format(self, move: dict[str, Any]) -> str:
        if move.get("type") == "hide" and "value" in move:
            return f"hide {move['value']}"
        return str(move.get("type"))

    def render(self, view: dict[str, Any]) -> str:
        return "\n".join(f"{k}: {v}" for k, v in sorted(view.items()))

    def bots(self) -> dict[str, Any]:
        def random_bot(
            view: dict[str, Any], legal: list[dict[str, Any]], rnd: random.Random
        ) -> dict[str, Any]:
            return rnd.choice(legal)

        return {"random": random_bot}


TOY = ToyEngine()


class _Unknown(engines.UnknownEngine):
    """UnknownEngine without listing the real registry (other engines may be mid-edit)."""

    def __init__(self, engine_id: str) -> None:
        KeyError.__init__(self, engine_id)
        self.message = f"unknown engine {engine_id!r}; known: toy"


def lookup(engine_id: str) -> ToyEngine:
    """The `lookup` the tests pass to protocol.audit.audit."""
    if engine_id != TOY.id:
        raise _Unknown(engine_id)
    return TOY
