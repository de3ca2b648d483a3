"""Deep copies of states, moves and events with the meaning of a JSON round trip (issue 9).

`apply` must not change the state it is given, so it works on a copy. The copy used to be
`json.loads(json.dumps(x))`; these functions give the same result (tuples become lists,
every value a new object) several times faster. Plain JSON values are copied directly;
anything else (a key that is no string, a subclass, a Mapping that is no dict, a float)
takes the JSON round trip as before, so it fails or converts exactly as it did.
tests/engines/siedler/test_oracle.py compares them with the round trip on random states.
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


def _sites(x: Any) -> Any:
    """A site list of a centre (card ids and None): a shallow copy is a deep one."""
    if type(x) is list:
        for v in x:
            if type(v) is not str and v is not None:
                return copy(x)
        return x[:]
    return copy(x)


def _principality(p: Any) -> Any:
    """A principality (principality.py's layout), the hot part of a state, copied by its
    known shape; any other shape the general way."""
    if type(p) is not dict or len(p) != 3:
        return copy(p)
    centers, roads, regions = p.get("centers"), p.get("roads"), p.get("regions")
    if type(centers) is not dict or type(roads) is not list or type(regions) is not dict:
        return copy(p)
    new_centers = {}
    for k, c in centers.items():
        if type(k) is not str or type(c) is not dict or len(c) != 3 or type(c.get("card")) is not str:
            return copy(p)
        if "above" not in c or "below" not in c:
            return copy(p)
        n = c.copy()
        n["above"] = _sites(c["above"])
        n["below"] = _sites(c["below"])
        new_centers[k] = n
    for v in roads:
        if type(v) is not int:
            return copy(p)
    new_regions = {}
    for k, slot in regions.items():
        if type(k) is not str or type(slot) is not dict:
            return copy(p)
        n = {}
        for side, r in slot.items():
            if type(side) is not str:
                return copy(p)
            if r is None:
                n[side] = None
            elif (
                type(r) is dict and len(r) == 2 and type(r.get("card")) is str and type(r.get("stock")) is int
            ):
                n[side] = r.copy()  # exactly {"card": str, "stock": int}, in its own key order
            else:
                n[side] = copy(r)
        new_regions[k] = n
    parts = {"centers": new_centers, "roads": roads[:], "regions": new_regions}
    return {k: parts[k] for k in p}


def copy_state(state: Any) -> Any:
    """A whole state: its principalities by their shape, the rest with `copy`."""
    if type(state) is not dict:
        return copy(state)
    out = {}
    for k, v in state.items():
        if type(k) is not str:
            return _round_trip(state)
        if k == "principalities" and type(v) is list:
            out[k] = [_principality(p) for p in v]
        else:
            tv = type(v)
            out[k] = v if tv is str or tv is int or v is None or tv is bool else copy(v)
    return out
