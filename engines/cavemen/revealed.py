"""The finished game with every card face up (CV-18: every identity is committed when it is
placed and revealed when the game ends), for the final screens players review afterwards.

It is the spectator's view (engines.cavemen.view) with what the view conceals filled in: every
face-down caveman's name, both hands, each stockpile in order (the top first) and each whole
inactive deck. Built from the state apart from `seat_view`, so what a seat sees while the
game runs stays decided in one place and cannot change by this.
"""

from __future__ import annotations

from engines.cavemen.view import seat_view
from engines.core import State, View


def revealed_view(game: str, state: State) -> View:
    """The spectator's view of `state` with every concealed card face up; `everything_revealed` true, and
    `over` true, since it is drawn only for a finished game: a game a resignation, a forfeit or
    an abort ended has no result in its state, yet must not read as waiting for a move."""
    view = seat_view(game, state, None)
    view["field"] = [
        None if piece is None else {**shown, "card": piece["card"]}
        for piece, shown in zip(state["field"], view["field"], strict=True)
    ]
    view["hands"] = [list(h) for h in state["hands"]]
    view["stocks"] = [list(s) for s in state["stock"]]
    view["inactives"] = [list(x) for x in state["inactive"]]
    view["everything_revealed"] = True
    view["over"] = True
    return view
