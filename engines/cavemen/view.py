"""What a seat may see (CV-15, CV-18): the observer, kept apart from the rules that change the
state, so what leaves the server for a seat is decided in one place.

A face-down caveman's card is shown to its owner, to everybody once it was seen by both
(`known` 2, or face up), and in the closed game to the opponent Zippy revealed it to
(`known` 1); a spectator (seat None) never sees a `known` 1 card, nor any hand or
inactive deck below its top.
"""

from __future__ import annotations

from engines.cavemen.field import NAMES
from engines.core import Seat, State, View


def seat_view(game: str, state: State, seat: Seat | None) -> View:
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        raise ValueError(f"cavemen has seats 0 and 1, not {seat!r}")
    field = []
    for piece in state["field"]:
        if piece is None:
            field.append(None)
            continue
        sees = piece["owner"] == seat or piece["up"] or piece["known"] == 2 or (piece["known"] == 1 and seat is not None)
        field.append(
            {
                "owner": piece["owner"],
                "card": piece["card"] if sees else None,
                "up": piece["up"],
                "known": piece["known"],
                "id": piece["id"],
            }
        )
    tm = state["tm"]
    return {
        "game": game,
        "seat": seat,
        "names": list(NAMES),
        "options": dict(state["options"]),
        "field": field,
        "caves": dict(state["caves"]),
        "fires": [list(f) for f in state["fires"]],
        "hand": None if seat is None else list(state["hands"][seat]),
        "hand_sizes": [len(h) for h in state["hands"]],
        "stock_sizes": [len(s) for s in state["stock"]],
        "inactive": None if seat is None else list(state["inactive"][seat]),
        "inactive_sizes": [len(x) for x in state["inactive"]],
        "inactive_tops": [x[-1] if x else None for x in state["inactive"]],
        "gone": [list(g) for g in state["gone"]],
        "turn": state["turn"],
        "turn_no": state["turn_no"],
        "tm": {
            "used": list(tm["used"]),
            "acts": {k: {"start": v["start"], "kinds": list(v["kinds"])} for k, v in tm["acts"].items()},
            "placed": tm["placed"],
        },
        "zippy": list(state["zippy"]),
        "pending": None if state["pending"] is None else dict(state["pending"]),
        "result": None if state["result"] is None else dict(state["result"]),
    }
