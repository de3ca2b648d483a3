"""What a seat knows, shaped as a state, for the move generator (DESIGN: legal moves are a
function of what the seat knows).

`Siedler.moves_from_view(view)` runs the very decision code `legal_moves(state, seat)` runs
(flow.DECISIONS[kind].legal) on `state_of(view)`: the view's public parts and the seat's own
hand as they are, the searched pile's cards for its searcher, the pending decision as the
seat sees it (its "secret" too when the seat decides), and the concealed parts (the
opponent's hand, the piles, the region pile, the event deck) as `Concealed` stand-ins that
tell only how many cards they hold. A stand-in raises `ConcealedRead` on any other read,
and a state part the view does not carry at all (the queue, the search as the state keeps
it) raises it too: so a move generator that looked at anything the seat cannot know fails
loudly in tests/engines/siedler/test_view_moves.py instead of listing from a guess.
"""

from __future__ import annotations

from typing import Any, NoReturn

from engines.core import State, View


class ConcealedRead(LookupError):
    """The move generator read something the seat's view does not hold (a bug, never a move)."""


class Concealed:
    """Cards the seat cannot see: their number (len, truth) and nothing else."""

    __slots__ = ("size", "what")

    def __init__(self, size: int, what: str) -> None:
        self.size, self.what = size, what

    def __len__(self) -> int:
        return self.size

    def _read(self, *_: Any) -> NoReturn:
        raise ConcealedRead(f"the moves read the cards of {self.what}, which the seat cannot see")

    __iter__ = __getitem__ = __contains__ = _read

    def __repr__(self) -> str:
        return f"<{self.size} concealed card(s) of {self.what}>"


class Known(dict[str, Any]):
    """A state-shaped dict of what the seat knows; a key it does not hold raises ConcealedRead."""

    def __missing__(self, key: str) -> NoReturn:
        raise ConcealedRead(f"the moves read the state's {key!r}, which no view carries")


# View parts that are the state's own parts, under the same key.
_SAME = (
    "options",
    "principalities",
    "discard",
    "display",
    "supply",
    "tokens",
    "flag",
    "start_rolls",
    "start_player",
    "dice",
    "last_event",
    "turn",
    "turn_no",
    "pending",
    "result",
)


def state_of(view: View) -> State:
    """The state as the seat of this view knows it (a seat's view, not a spectator's)."""
    seat = view["seat"]
    known = Known((key, view[key]) for key in _SAME)
    hands: list[Any] = [Concealed(n, "the opponent's hand") for n in view["hand_sizes"]]
    hands[seat] = view["hand"]
    known["hands"] = hands
    searching = view["searching"]
    piles: list[Any] = []
    for i, n in enumerate(view["pile_sizes"]):
        if searching is not None and searching["pile"] == i:
            piles.append(searching["cards"])  # the searcher sees the pile he searches
        else:
            piles.append(Concealed(n, f"pile {i + 1}"))
    known["piles"] = piles
    known["region_pile"] = Concealed(view["region_pile_size"], "the region pile")
    known["event_deck"] = Concealed(view["event_deck_size"], "the event deck")
    return known
