"""Copies for `apply`, made cheap because it runs for every move: the new state it changes,
and moves, events and views.

`apply` must not change the state it is given. It used to work on `json.loads(json.dumps(
state))`; now `fresh` copies only the parts the rules change in place and shares the rest
with the state before (as Feuersalamander's `_fresh`). `copy` is the JSON round trip, several
times faster (tuples become lists, every value a new object): plain JSON values are copied
directly; anything else (a key that is no string, a subclass, a Mapping that is no dict, a
float) takes the round trip as before, so it fails or converts exactly as it did.
tests/engines/siedler/test_oracle.py checks both on random states.
"""

from __future__ import annotations

import json
from typing import Any


def _round_trip(x: Any) -> Any:
    return json.loads(json.dumps(x))


def copy(x: Any) -> Any:
    """Any JSON-able value."""
    t = type(x)
    if t is dict:
        out = {}
        for k, v in x.items():
            if type(k) is not str:
                return _round_trip(x)
            tv = type(v)
            out[k] = v if tv is str or tv is int or v is None or tv is bool else copy(v)
        return out
    if t is list or t is tuple:
        return [v if type(v) is str or type(v) is int or v is None else copy(v) for v in x]
    if t is str or t is int or t is bool or x is None:
        return x
    return _round_trip(x)


# What `apply` changes in place, copied for the new state (only these: it runs every move);
# the rest of a state is only ever replaced, never changed in place (options, start_rolls,
# dice, pending, searching, offer, result, the steps in the queue), so the new state shares it
# with the one before. States are values: nobody changes a state the engine returned.
_FLAT = ("region_pile", "event_deck", "discard", "display", "queue")  # lists of strings or steps
_NESTED = ("hands", "piles")  # lists of lists of strings
_DICTS = ("supply", "tokens")  # of numbers or seats


def _principality(p: dict[str, Any]) -> dict[str, Any]:
    """A principality (principality.py's layout) whose regions may change: they are new
    objects, in their key order. Its centres and roads are shared: principality.py changes
    them by replacing them."""
    regions = {}
    for k, slot in p["regions"].items():
        new = regions[k] = slot.copy()  # then its regions replaced in place: no new key order
        for side, r in new.items():
            if r is not None:
                new[side] = r.copy()
    out = p.copy()
    out["regions"] = regions
    return out


def fresh(state: dict[str, Any]) -> dict[str, Any]:
    """A new state for `apply` to change, leaving the one it was given as it was: the parts
    the rules change in place are new, the rest is shared. The state is one the engine made
    (setup.py's layout, plain JSON data)."""
    new = state.copy()
    new["principalities"] = [_principality(p) for p in state["principalities"]]
    for key in _FLAT:
        new[key] = state[key][:]
    for key in _NESTED:
        new[key] = [x[:] for x in state[key]]
    for key in _DICTS:
        new[key] = state[key].copy()
    if state["flag"] is not None:
        new["flag"] = state["flag"].copy()
    return new
