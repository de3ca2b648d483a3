"""The finished game with everything face up, for the final screens players review afterwards:
every hand, the draw stack in its order, and the card each seat drew last. The private YES/NO
answers (FS-15) are in the log, not the state: a caller opens them from the reveal and passes
them to `recall` (engines.feuersalamander.record).

It is the spectator's view (engines.feuersalamander.view) with what that view conceals filled
in, built apart from `view` so that what a seat sees while the game runs stays decided in one
place and cannot change by this.
"""

from __future__ import annotations

from engines.core import State, View
from engines.feuersalamander import cards
from engines.feuersalamander.copies import detach
from engines.feuersalamander.view import view as seat_view


def revealed_view(game: str, state: State, spectator: View | None = None) -> View:
    """The spectator's view of `state` with every hand ("hands", in card order), the draw stack
    ("deck", the top first) and the card each seat drew last ("drawn_all"); `everything_revealed`
    and `over` true, since it is drawn only for a finished game (one a resignation or a forfeit
    ended has no result in its state, yet must not read as running). `spectator` is the
    spectator's view of `state` when the caller has made it (version 3's carries its histories)."""
    out = seat_view(state, None, game) if spectator is None else spectator
    out["hands"] = [cards.sorted_cards(h) for h in state["hands"]]
    out["deck"] = detach(state["deck"])
    out["drawn_all"] = detach(state.get("drawn") or [None] * state["seats"])
    out["everything_revealed"] = True
    out["over"] = True
    return out
