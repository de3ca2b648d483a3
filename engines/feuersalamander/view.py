"""What a seat may see (FS-15, FS-25), kept apart from the rules that change the state: the
server, the audit and the client all read a game through this one function, so what is
concealed (other hands, the stack's order, answers to others) is concealed in one place."""

from __future__ import annotations

from engines.core import Seat, State, View
from engines.feuersalamander import cards
from engines.feuersalamander.circuit import NAMES
from engines.feuersalamander.copies import detach
from engines.feuersalamander.seats import out_seats


def view(state: State, seat: Seat | None, game: str) -> View:
    """What `seat` may see of the table now; shares nothing with the state. The questions and
    claims of the past are not in it (version 4): a player's client rebuilds them from the log
    (engines.feuersalamander.record), so a view does not grow with the game."""
    n = state["seats"]
    figures = detach(state["figures"])
    return {
        "game": game,
        "seat": seat,
        "seats": n,
        "names": NAMES[:n],
        "target": detach(state["options"]["target"]),
        "hand": None if seat is None else cards.sorted_cards(state["hands"][seat]),
        "hand_sizes": [len(h) for h in state["hands"]],
        "revealed": detach(state["revealed"]),
        "losses": detach(state["losses"]),
        "figures": figures,
        "dungeon": [s for s in range(n) if figures[s] == "dungeon"],
        "stones": detach(state["stones"]),
        "deck_size": len(state["deck"]),
        "discard": detach(state["discard"]),
        "laid": detach(state["laid"]),
        "scores": detach(state["scores"]),
        "start_player": detach(state["start_player"]),
        "last_throw": detach(state["last_throw"]),
        "last_keys": detach(state.get("last_keys")),
        "drawn": None if seat is None else detach((state.get("drawn") or [None] * n)[seat]),
        "turn": detach(state["turn"]),
        "turn_no": detach(state["turn_no"]),
        "pair": detach(state["pair"]),
        "pending": detach(state["pending"]),
        "result": detach(state["result"]),
        **({"out": out_seats(state)} if state.get("out") else {}),
        "start_throws": [[dict(t) for t in r] for r in state["start_throws"]],
    }
