"""What a move pays and gains, read from the seat's view, so the notation can write the regions
a player named the way the list writes them (regions.py): a player who names the very regions
the move takes anyway is read as the move without them, not refused.

Only the notation asks this; apply works the price out in the handlers, from the state.
"""

from __future__ import annotations

from collections import Counter

from engines.core import IllegalMove, Move, View
from engines.siedler import build, cards, known, regions


def of(move: Move, view: View) -> tuple[dict[str, int], dict[str, int]] | None:
    """(what the move pays, what it gains) for the view's seat, or None when the move is not
    one that names regions or its price cannot be said (apply then gives its own reason)."""
    t = move.get("type")
    try:
        if t == "build" and move.get("what") in ("road", "settlement"):
            return cards.cost(move["what"]), {}
        if t == "play" and move.get("card") == "scout":
            return cards.cost("settlement"), {}
        if t == "build" and move.get("what") == "city":
            return build.cost_of(known.state_of(view), view["seat"], "city", move.get("omit")), {}
        if t == "expand" and cards.is_card(move.get("card")):
            return build.cost_of(known.state_of(view), view["seat"], move["card"], move.get("omit")), {}
        if t == "trade" and type(move.get("rate")) is int:
            return {move["give"]: move["rate"]}, {move["get"]: 1}
        if t == "search" and isinstance(move.get("pay"), list):
            return dict(Counter(move["pay"])), {}
        if t == "choose":
            return {}, {move["resource"]: 1}
    except (IllegalMove, KeyError, TypeError, LookupError):
        return None
    return None


def tidy(move: Move, view: View) -> None:
    """Leave out each resource's named regions where they are what the move takes without
    them (the seat's own move, from its own view); anything else stays for apply to judge."""
    seat = view.get("seat")
    if type(seat) is not int:
        return
    got = of(move, view)
    if got is None:
        return
    cost, gains = got
    p = view["principalities"][seat]
    if "from" in move:
        regions.tidy(p, move, "from", cost)
    if "to" in move:
        regions.tidy(p, move, "to", gains)
