"""The finished game's position with what the log reveals face up, for the final screens.

In a game with `blind` false the server held every value, and the reveal at the end opens them
all: every wisdom on the board and every value still in a hand is shown. In a blind game the
server never held a value: only the burnt wisdoms were opened (by their owners' reveal moves),
and the unburnt ones are never revealed by anybody (RULES.md, "blind"), so nothing is invented
for them: they stay concealed, and the view says so (`unrevealed`).
"""

from __future__ import annotations

from engines.core import State, View
from engines.magier.state import is_blind
from engines.magier.view import view


def revealed_view(state: State) -> View:
    """The spectator's view with every value the game revealed; `over` true, since it is drawn
    only for a finished game (one a resignation or a forfeit ended has no result in its state,
    yet must not read as waiting for a move)."""
    out = view(state, None)
    if is_blind(state["options"]):
        out["unrevealed"] = any(p.get("value") is None and p["kind"] == "wisdom" for p in out["board"].values())
    else:
        for name, piece in state["board"].items():
            if "value" in piece:
                out["board"][name] = {**out["board"][name], "value": piece["value"]}
        out["hands"] = [list(h) for h in state["hands"]]
        out["everything_revealed"] = True
    out["over"] = True
    return out
