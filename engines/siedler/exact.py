"""Moves are taken only as the legal moves write them (DESIGN: `apply` accepts exactly the
listed moves, nothing normalised).

The decision handlers check what a move means: a card the seat holds, a site that exists,
resources it can pay. Some of them read a move more kindly than the list writes it: a site
without its "level" (taken as 0), "omit": null (taken as no omission), the same cards or
resources in another order, two start regions named the other way round, an offer of more
than one for one (offers of any size could not all be listed), a Caravan that swaps resources
for the same ones (no effect, so no play: SI-23). Each of these has one
listed spelling or is not listed at all, and a signed move must have one meaning and carry no
message, so `check` refuses every other spelling. It runs after the handler has accepted the
move (on the fresh state apply works on; a refusal throws that state away), so a move the
rules refuse keeps the handler's own reason, and only a move the rules would take in a form
the list does not hold meets the reasons here. Each reason names the listed form.

The regions a move names ("from", "to": SI-4, SI-17) have one spelling too (alphabetical, a
resource's part only where it is not the fixed reading); regions.py refuses the others, as it
applies them, since only there is the fixed reading at hand.

The order the lists write: resources in cards.RESOURCES order (lumber, wool, grain, brick,
ore, gold), as `principality.affordable` makes them; cards of a pile in alphabetical order of
their ids; a Raid's sites in the order they stand (left to right, above before below, inner
before outer), as `principality.sites` lists them.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import IllegalMove, Move, State
from engines.siedler import cards
from engines.siedler import principality as pr

_RANK = {r: i for i, r in enumerate(cards.RESOURCES)}
_ORDER = ", ".join(cards.RESOURCES)


def _in_order(resources: list[str], what: str, example: str) -> None:
    """Resources in cards.RESOURCES order (the handler has checked they are resources)."""
    ranks = [_RANK[r] for r in resources]
    if ranks != sorted(ranks):
        raise IllegalMove(f"{what} names its resources in the order {_ORDER}: {example}")


def _level(move: Move) -> None:
    if "level" not in move:
        raise IllegalMove(
            f"a {move['type']} move names the site's level: 0 for a settlement's site or a city's inner one, 1 for a city's outer one"
        )


def _omit(move: Move) -> None:
    if "omit" in move and move["omit"] is None:
        raise IllegalMove("no resource is left out: write the move without 'omit' (a Crane's 'omit' names a resource)")


def _build(state: State, seat: int, move: Move) -> None:
    _omit(move)


def _arrange(state: State, seat: int, move: Move) -> None:
    a, b = move["a"], move["b"]
    if a > b:
        raise IllegalMove(f"name the two start regions in alphabetical order: arrange {b} {a}")


def _take(state: State, seat: int, move: Move) -> None:
    chosen = move["cards"]
    if chosen != sorted(chosen):
        raise IllegalMove(f"name the cards you take in alphabetical order: take {' '.join(sorted(chosen))}")


def _offer(state: State, seat: int, move: Move) -> None:
    for part in ("give", "get"):
        bundle = move[part]
        if len(bundle) != 1 or next(iter(bundle.values())) != 1:
            raise IllegalMove("an offer swaps one resource for one other (SI-22): offer 1 wool for 1 ore")


def _play(state: State, seat: int, move: Move) -> None:
    card = move["card"]
    if card == "caravan":
        give, get = move["give"], move["get"]
        _in_order(give, "a Caravan", "play caravan give lumber ore get wool gold")
        _in_order(get, "a Caravan", "play caravan give lumber ore get wool gold")
        if get == give:
            raise IllegalMove("a Caravan swaps resources for others, not for the same ones")
    elif card == "merchant":
        _in_order(move["take"], "a Merchant", "play merchant take wool ore give grain")


def _search(state: State, seat: int, move: Move) -> None:
    if "pay" in move:
        _in_order(move["pay"], "a search", "search pile 2 pay lumber ore")


def _name(state: State, seat: int, move: Move) -> None:
    order = [(t["at"], t["side"], t["level"]) for t in pr.sites(state["principalities"][1 - seat])]
    at = [order.index((s["at"], s["side"], s["level"])) for s in move["sites"]]
    if at != sorted(at):
        raise IllegalMove("name the buildings in the order they stand: left to right, above before below")


def _site(state: State, seat: int, move: Move) -> None:
    _level(move)


CHECKS: dict[str, Callable[[State, int, Move], None]] = {
    "build": _build,
    "expand": _build,
    "arrange": _arrange,
    "take": _take,
    "offer": _offer,
    "play": _play,
    "search": _search,
    "name": _name,
    "remove": _site,
    "target": _site,
}


def check(state: State, seat: int, move: Move) -> None:
    """Refuse a move the handler accepted but the list writes otherwise. `state`: the state
    before the move (apply's own, unchanged)."""
    fn = CHECKS.get(move["type"])
    if fn is not None:
        fn(state, seat, move)

