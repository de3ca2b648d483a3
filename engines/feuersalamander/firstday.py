"""Version 1's table: what its state and views lacked (PROTOCOL section 19: every version a landed main
wrote into a pbem-log/2 genesis is kept; the first day's games, 2026-11-30, began with it).

Versions 1, 2 and 3 play the same game (tests/engines/versions pins each against its code:
c116416..7b689f0^ for 1, 7b689f0..a5fab0a^ for 2). Version 2 (7b689f0) added what the log in
words and the board show of the latest draw and key throw:

    state["drawn"]:     per seat {"card", "turn"} of the card it drew last, None once it left
    state["last_keys"]: the latest key throw {"seat", "shown", "aside", "throw", "turn"}
    view["drawn"]:      the viewer's own entry (None for the spectator); view["last_keys"]

Nothing in the rules reads them, so version 1 plays today's rules and drops them from each
state it makes and each view it shows: its states and views are then its code's, to the byte,
and its logs' commitments hold. Version 2 differs from 3 only by leaving (engines.feuersalamander
.rules: neither 1 nor 2 has `leave` or `out`, so a resignation ends the game).
"""

from __future__ import annotations

from engines.core import State, View

ADDED_BY_2 = ("drawn", "last_keys")


def without_additions(value: State | View) -> State | View:
    """The state or view as version 1 made it: without version 2's "drawn" and "last_keys"
    (a new dict; the values are shared, as they are only ever replaced, never changed in place)."""
    return {k: v for k, v in value.items() if k not in ADDED_BY_2}
