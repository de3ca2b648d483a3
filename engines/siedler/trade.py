"""Trade (SI-21, SI-22).

    {"type": "trade", "give": r, "rate": n, "get": r2}         with the bank
        [+ "from": [region, ...], "to": [region]]           the regions (SI-4, SI-17)
    {"type": "offer", "give": {r: n}, "get": {r: n}}           to the opponent

The bank takes 3 of one resource for 1 of choice; a fleet of R takes 2 R, the Mint 1
gold. The move names its rate: one the seat has (the bank's 3 is always there, SI-21). The
legal moves list every rate the seat has, the best first, and every resource to get, one
whose regions are full too (the gain is then lost, SI-4): apply takes exactly the listed
moves, and the rules let a player make these trades. A bank trade may name the regions
it pays from and the one it stores on (regions.py); the list holds every choice that
differs in outcome.
An offer is a pending decision of the opponent: accept or decline (asynchronous). It swaps
one resource for one other (SI-22: one swap at a time): those are the listed offers, and
apply takes no other.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from engines.siedler import cards, effects, flow, regions
from engines.siedler import principality as pr
from engines.siedler.flow import decision

BANK_RATE = 3


def rates(state: State, seat: int, resource: str) -> set[int]:
    """SI-21: every rate the seat may trade this resource at: the bank's 3 always, 2 with a
    fleet of it, 1 for gold with a Mint."""
    return {BANK_RATE} | {r[resource] for r in effects.ask(state, seat, "trade_rates") if resource in r}


def rate(state: State, seat: int, resource: str) -> int:
    """The best of them."""
    return min(rates(state, seat, resource))


_BANK_ONLY = (BANK_RATE,)


def bank_moves(state: State, seat: int, have: dict[str, int] | None = None, g: regions.Groups | None = None) -> list[Move]:
    """Every trade the seat can pay, at every rate it has (the best first), for every other
    resource. `have`, `g`: the seat's resources and regions.groups when the caller has them
    (once per listing)."""
    if have is None:
        have = pr.resources(state["principalities"][seat])
    fleets = effects.ask(state, seat, "trade_rates")  # asked once, not once per resource
    p = state["principalities"][seat]
    tos: dict[str, list[list[str]]] = {}  # resource -> its gain's choices, worked out once
    out: list[Move] = []
    for give in cards.RESOURCES:
        ns = sorted({BANK_RATE} | {r[give] for r in fleets if give in r}) if fleets else _BANK_ONLY  # = rates(...)
        for n in ns:
            if have[give] >= n:
                g = g or regions.groups(p)
                froms = regions.payment_choices(p, {give: n}, g) if len(g.get(give) or ()) > 1 else regions.NONE
                for get in cards.RESOURCES:
                    if get != give:
                        to = tos.get(get)
                        if to is None:
                            to = tos[get] = regions.gain_choices(p, {get: 1}, g) if len(g.get(get) or ()) > 1 else regions.NONE
                        m = {"type": "trade", "give": give, "rate": n, "get": get}
                        if froms is regions.NONE and to is regions.NONE:
                            out.append(m)  # one outcome: the common case, without the call
                        else:
                            out += regions.with_choices(m, regions.extras(froms, to))
    return out


def bank_trade(state: State, seat: int, move: Move, events: list[Event]) -> None:
    flow.fields(move, {"give", "rate", "get", "from", "to"})
    give, n, get = move.get("give"), move.get("rate"), move.get("get")
    if give not in cards.RESOURCES or get not in cards.RESOURCES or give == get:
        raise IllegalMove("trade bank N RESOURCE for RESOURCE (two different resources)")
    allowed = rates(state, seat, give)
    if not isinstance(n, int) or isinstance(n, bool) or n not in allowed:  # a list rate: refused too
        best = min(allowed)
        raise IllegalMove(f"you trade {give} at {best}:1" + (" or 3:1" if best != BANK_RATE else "") + " (SI-21)")
    p = state["principalities"][seat]
    if pr.resources(p)[give] < n:
        raise IllegalMove(f"you have fewer than {n} {give}")
    regions.pay(p, {give: n}, regions.named(move, "from"), "this trade")
    stored = regions.gain(p, {get: 1}, regions.named(move, "to"), "this trade")
    said = {"seat": seat, "give": give, "rate": n, "get": get, "stored": stored}
    for field, key in (("from", "paid_from"), ("to", "stored_on")):
        if field in move:
            said[key] = list(move[field])  # the regions the player named (SI-4, SI-17), for the log
    events.append(Event("bank_trade", said))


def _bundle(x: Any, what: str) -> dict[str, int]:
    if not isinstance(x, dict) or not x:
        raise IllegalMove(f"an offer names what you {what}: offer 1 wool for 1 ore")
    for r, n in x.items():
        if r not in cards.RESOURCES or type(n) is not int or n < 1:
            raise IllegalMove(f"an offer names resources and whole numbers, not {r!r}: {n!r}")
    return {r: x[r] for r in sorted(x)}


def offer(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """SI-22: one swap at a time; the opponent answers."""
    flow.fields(move, {"give", "get"})
    give, get = _bundle(move.get("give"), "give"), _bundle(move.get("get"), "want")
    if set(give) & set(get):
        raise IllegalMove("do not offer and ask the same resource")
    if not pr.can_pay(state["principalities"][seat], give):
        raise IllegalMove("you do not have what you offer")
    state["pending"] = None
    events.append(Event("offer", {"seat": seat, "give": give, "get": get}))
    flow.push(state, {"step": "answer", "seat": 1 - seat, "give": give, "get": get}, {"step": "action"})


def offer_moves(state: State, seat: int, have: dict[str, int] | None = None) -> list[Move]:
    """Every offer: one resource the seat has for one other (apply takes no longer offer: they
    could not all be listed). `have`: the seat's resources when the caller has counted them
    (once per listing)."""
    mine = pr.resources(state["principalities"][seat]) if have is None else have
    return [
        {"type": "offer", "give": {g: 1}, "get": {w: 1}}
        for g in cards.RESOURCES
        if mine[g] > 0
        for w in cards.RESOURCES
        if w != g
    ]


@flow.step("answer")
def _answer_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "answer", s["seat"], give=s["give"], get=s["get"])


def _legal_answer(state: State, seat: int) -> list[Move]:
    pend = state["pending"]
    out: list[Move] = [{"type": "decline"}]
    if pr.can_pay(state["principalities"][seat], pend["get"]):
        out.insert(0, {"type": "accept"})
    return out


@decision("answer", "accept or decline the trade offer", _legal_answer)
def _on_answer(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    pend = state["pending"]
    if move["type"] not in ("accept", "decline"):
        raise IllegalMove("answer the offer: accept or decline")
    flow.fields(move, set())
    if move["type"] == "accept" and not pr.can_pay(state["principalities"][seat], pend["get"]):
        raise IllegalMove("you do not have what is asked")
    state["pending"] = None
    if move["type"] == "decline":
        events.append(Event("declined", {"seat": seat}))
        return
    mine, theirs = state["principalities"][seat], state["principalities"][1 - seat]
    for r, n in pend["give"].items():
        pr.pay(theirs, r, n)
        pr.gain(mine, r, n)
    for r, n in pend["get"].items():
        pr.pay(mine, r, n)
        pr.gain(theirs, r, n)
    events.append(Event("accepted", {"seat": seat, "give": pend["give"], "get": pend["get"]}))
