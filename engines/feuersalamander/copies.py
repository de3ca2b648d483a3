"""States, views and events are values: the copies that keep them apart, each as shallow as it can be.

A move changes a few lists of a state; copying the whole state per move would grow with the
game, and a JSON round trip per view cost more than the rest of `view`. So `fresh` copies only
what apply and leave change in place, and `detach` copies what a view hands out without a
round trip.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, State

_LEAVES = frozenset({str, int, bool, float, type(None)})


def detach(value: Any) -> Any:
    """A copy of JSON data sharing no list or dict with the original (tuples become lists,
    as a JSON round trip makes them), leaves checked inline: `view` copies every state field
    it hands out this way, since a JSON round trip per view cost more than the rest of it."""
    t = type(value)
    if t is list or t is tuple:
        return [v if type(v) in _LEAVES else detach(v) for v in value]
    if t is dict:
        return {k: v if type(v) in _LEAVES else detach(v) for k, v in value.items()}
    return value


# What apply and leave change in place: these lists (and the per-seat lists inside the
# nested ones) are copied for the new state. Everything else is only ever replaced, never
# changed in place (pending, last_throw, last_keys, result, options, start_throws, the entries
# of laid, stones, drawn, exchanges), so the new state shares it with the
# old one: a deep copy of the unchanged parts would cost more than the move itself.
# States are values: never change one.
_FLAT = ("deck", "discard", "losses", "figures", "stones", "scores", "exchanges", "drawn")
_NESTED = ("hands", "revealed", "laid")


def fresh(state: State) -> State:
    """A new state for apply to change, leaving the input as it was."""
    new = dict(state)
    for key in _FLAT:
        value = new.get(key)
        if value is not None:
            new[key] = list(value)
    for key in _NESTED:
        new[key] = [list(v) for v in new[key]]
    return new


def clone(value: Any) -> Any:
    """A copy of JSON data sharing no list or dict with the original."""
    if type(value) is dict:
        return {k: clone(v) for k, v in value.items()}
    if type(value) is list:
        return [clone(v) for v in value]
    return value


def detached(events: list[Event]) -> list[Event]:
    """Events share no objects with the state, so a reader changing one cannot change the other."""
    return [Event(e.kind, clone(e.data), e.to) for e in events]
