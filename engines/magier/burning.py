"""MH-10: what a wisdom pushed into a flame does to the score.

mechanics finds which pieces a push burns; here they count. With the values on the board
they score for the pusher at once; in a blind game the engine has only the commitments, so
each burnt wisdom waits for its owner to reveal it (reveal.apply_reveal scores it then).
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, Seat, State
from engines.magier.board import CELLS
from engines.magier.mechanics import Piece


def score_burnt(
    state: State, seat: Seat, burnt: list[tuple[int, Piece]]
) -> tuple[list[int], list[dict[str, Any]], list[Event]]:
    """The scores and the list of burnt wisdoms after `seat`'s push burnt these, and the events."""
    scores = list(state["scores"])
    burned = list(state["burned"])
    events: list[Event] = []
    for flame, piece in burnt:
        scores[seat] += piece["value"]
        record = {
            "cell": CELLS[flame],
            "owner": piece["seat"],
            "value": piece["value"],
            "by": seat,
        }
        burned.append({**record, "ply": state["ply"] + 1})
        events.append(Event("burned", record))
    return scores, burned, events


def await_reveal(
    state: State, seat: Seat, burnt: list[tuple[int, Piece]]
) -> tuple[list[dict[str, Any]], list[Event]]:
    """A blind game's burnt wisdoms as they wait for their owner's reveal, and the events."""
    pending: list[dict[str, Any]] = []
    events: list[Event] = []
    for flame, piece in burnt:
        wait = {"cell": CELLS[flame], "owner": piece["seat"], "commit": piece["commit"], "by": seat}
        pending.append({**wait, "ply": state["ply"] + 1})
        events.append(Event("burning", wait))
    return pending, events
