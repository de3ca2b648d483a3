"""The machinery of a turn: a queue of steps and one pending decision (plain JSON data).

A turn is a sequence of steps ("event_die", "production", "action", ...). Automatic
steps run at once; a decision step sets `state["pending"]` = {"kind", "seat", ...}
and waits for that seat's move, whoever it is (the opponent too: counter cards,
trade answers, resource choices, off-turn discards are moves of that seat).
`run` drains the queue until a decision is pending or the game is over.

Modules register their steps (`@step`) and decisions (`@decision`); rules.py
imports them all. Both registries are keyed by plain strings kept in the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State

StepFn = Callable[[State, dict[str, Any], Rng, list[Event]], None]
LegalFn = Callable[[State, int], list[Move]]
ApplyFn = Callable[[State, int, Move, Rng, list[Event]], None]


@dataclass(frozen=True)
class Decision:
    """What a pending kind allows: its legal moves, how a move applies, and what the
    seat is asked to do (for error messages)."""

    legal: LegalFn
    apply: ApplyFn
    doing: str


STEPS: dict[str, StepFn] = {}
DECISIONS: dict[str, Decision] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    def register(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn

    return register


def decision(kind: str, doing: str, legal: LegalFn) -> Callable[[ApplyFn], ApplyFn]:
    def register(fn: ApplyFn) -> ApplyFn:
        DECISIONS[kind] = Decision(legal, fn, doing)
        return fn

    return register


def push(state: State, *steps: dict[str, Any]) -> None:
    """Run these steps next, in the order given, before what was queued."""
    state["queue"][0:0] = [dict(s) for s in steps]


def ask(state: State, kind: str, seat: int, **data: Any) -> None:
    """Wait for a decision of `seat`."""
    state["pending"] = {"kind": kind, "seat": seat, **data}


# Run after every move and step (tokens, the win). The third argument is a list private to
# one `run`, for what a settling may keep for the next settling of the same run (so it is not counted again).
AFTER: list[Callable[[State, list[Event], list[Any]], None]] = []


def settle(state: State, events: list[Event], memo: list[Any] | None = None) -> None:
    memo = [] if memo is None else memo
    for fn in AFTER:
        fn(state, events, memo)


def run(state: State, rng: Rng, events: list[Event]) -> None:
    """Drain the queue until a decision is pending or the game is over; settle after each step."""
    memo: list[Any] = []
    settle(state, events, memo)
    while state["pending"] is None and state["result"] is None and state["queue"]:
        s = state["queue"].pop(0)
        STEPS[s["step"]](state, s, rng, events)
        settle(state, events, memo)


def fields(move: Move, allowed: set[str]) -> None:
    extra = set(move) - allowed - {"type"}
    if extra:
        raise IllegalMove(f"unexpected field(s) {', '.join(sorted(map(str, extra)))} in a {move['type']} move")


def other(seat: int) -> int:
    return 1 - seat
