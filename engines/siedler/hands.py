"""Hands and draw piles (SI-12..SI-14, SI-44, SI-50): starting hands, searches, the
hand step at the end of a turn, and excess cards put under piles.

Every card that reaches a hand from a pile is told to that seat alone (a private
event, and to the opponent too when he has an Embassy, ST-10); the opponent learns
only how many cards were taken from which pile. A searched pile is shown to the
searcher only, while he picks (`state["searching"]`, in his view alone).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from engines.siedler import cards, effects, flow, regions
from engines.siedler import principality as pr
from engines.siedler.flow import decision, step

BASE_LIMIT = 3
SEARCH_COST = 2
START_HAND = 3  # SI-14


def hand_limit(state: State, seat: int) -> int:
    """SI-13: 3, +1 per Abbey and per Library."""
    return BASE_LIMIT + sum(effects.ask(state, seat, "hand_limit"))


def search_cost(state: State, seat: int) -> int:
    """SI-12: 2 resources; a Town Hall makes it 1, a Parliament 0 (ST-9)."""
    return min([SEARCH_COST, *effects.ask(state, seat, "search_cost")])


def watchers(state: State, seat: int) -> tuple[int, ...]:
    """Who sees the cards `seat` draws: he, and the opponent if he has an Embassy (ST-10)."""
    if any(effects.ask(state, 1 - seat, "sees_draws")):
        return tuple(sorted((seat, 1 - seat)))
    return (seat,)


def _to_hand(state: State, seat: int, taken: list[str], pile: int, how: str, events: list[Event]) -> None:
    state["hands"][seat].extend(taken)
    events.append(Event("took", {"seat": seat, "pile": pile, "count": len(taken), "how": how}))
    events.append(Event("took_cards", {"seat": seat, "pile": pile, "cards": list(taken)}, to=watchers(state, seat)))


def _pile_index(state: State, move: Move, *, nonempty: bool = True) -> int:
    i = move.get("pile")
    if type(i) is not int or not 0 <= i < len(state["piles"]):
        raise IllegalMove(f"piles are numbered 1 to {len(state['piles'])}")
    if nonempty and not state["piles"][i]:
        raise IllegalMove(f"pile {i + 1} is empty")
    return i


def _hand_card(state: State, seat: int, move: Move) -> str:
    card = move.get("card")
    if not cards.is_card(card) or card not in state["hands"][seat]:
        raise IllegalMove(f"you hold no {card!r}")
    return card


def put_under(state: State, seat: int, card: str, pile: int, events: list[Event]) -> None:
    """A hand card goes under a pile, face down: the opponent learns only which pile."""
    state["hands"][seat].remove(card)
    state["piles"][pile].append(card)
    events.append(Event("under", {"seat": seat, "pile": pile}))
    events.append(Event("under_card", {"seat": seat, "pile": pile, "card": card}, to=(seat,)))


def pay_options(state: State, seat: int, n: int) -> list[list[str]]:
    """Every multiset of n resources the seat can pay (a search's price)."""
    return pr.affordable(pr.resources(state["principalities"][seat]), n)


def _pay(state: State, seat: int, pay: Any, named: Any = None) -> list[str]:
    """`named`: the move's "from" (regions.named): the regions the price comes from (SI-4)."""
    n = search_cost(state, seat)
    if not isinstance(pay, list) or len(pay) != n or not all(r in cards.RESOURCES for r in pay):
        raise IllegalMove(f"a search costs {n} resource(s) of your choice: name them (pay ore wool)")
    p = state["principalities"][seat]
    if not pr.can_pay(p, dict(Counter(pay))):
        raise IllegalMove("you do not have those resources")
    regions.pay(p, dict(Counter(pay)), named, "the search")
    return sorted(pay)


def begin_search(state: State, seat: int, pile: int, count: int, then: list[dict[str, Any]], events: list[Event]) -> None:
    """Show the pile to the searcher alone and wait for his pick."""
    state["searching"] = {"seat": seat, "pile": pile}
    events.append(Event("searches", {"seat": seat, "pile": pile}))
    events.append(Event("pile_seen", {"pile": pile, "cards": list(state["piles"][pile])}, to=(seat,)))
    flow.ask(state, "pick", seat, pile=pile, count=min(count, len(state["piles"][pile])), then=then)


# ---------------------------------------------------------------- starting hands (SI-14)


@step("start_hand")
def _start_hand(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "start", s["seat"], exclude=s["exclude"])


def _legal_start(state: State, seat: int) -> list[Move]:
    ex = state["pending"]["exclude"]
    return [{"type": "search", "pile": i} for i, p in enumerate(state["piles"]) if p and i != ex]


@decision("start", "choose a pile for the starting hand", _legal_start)
def _on_start(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "search":
        raise IllegalMove("choose the pile of your starting hand: search pile N")
    flow.fields(move, {"pile"})
    pile = _pile_index(state, move)
    if pile == state["pending"]["exclude"]:
        raise IllegalMove("take your starting hand from another pile than your opponent's")
    state["pending"] = None
    if seat == state["start_player"]:
        then = [{"step": "start_hand", "seat": 1 - seat, "exclude": pile}]
    else:
        then = [{"step": "begin_turn", "seat": state["start_player"]}]
    begin_search(state, seat, pile, START_HAND, then, events)


# ---------------------------------------------------------------- picking from a searched pile


def _legal_pick(state: State, seat: int) -> list[Move]:
    pend = state["pending"]
    pile = state["piles"][pend["pile"]]
    from itertools import combinations

    seen = set()
    out = []
    for combo in combinations(range(len(pile)), pend["count"]):
        key = tuple(sorted(pile[i] for i in combo))
        if key not in seen:
            seen.add(key)
            out.append({"type": "take", "cards": list(key)})
    return out


@decision("pick", "take cards from the searched pile", _legal_pick)
def _on_pick(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "take":
        raise IllegalMove("take the cards you want from the pile you searched: take CARD ...")
    flow.fields(move, {"cards"})
    pend = state["pending"]
    chosen = move.get("cards")
    if not isinstance(chosen, list) or len(chosen) != pend["count"]:
        raise IllegalMove(f"take exactly {pend['count']} card(s)")
    pile = state["piles"][pend["pile"]]
    left = list(pile)
    for c in chosen:
        if c not in left:
            raise IllegalMove(f"pile {pend['pile'] + 1} holds no {c!r} (or not that many)")
        left.remove(c)
    state["piles"][pend["pile"]] = left  # the order of the rest is unchanged (SI-12)
    state["searching"] = None
    state["pending"] = None
    _to_hand(state, seat, list(chosen), pend["pile"], "search", events)
    flow.push(state, *pend["then"])


# ---------------------------------------------------------------- the hand step (SI-12, SI-44)


@step("hand")
def _hand(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    """Ask for the next card of the hand step, or end the turn when nothing is left to decide."""
    seat = state["turn"]
    may_exchange = s["may_exchange"]
    if may_exchange is None:  # the step starts now
        may_exchange = len(state["hands"][seat]) >= hand_limit(state, seat)
    size, limit = len(state["hands"][seat]), hand_limit(state, seat)
    can_draw = any(state["piles"])
    if s.get("replace") is not None:
        flow.ask(state, "hand", seat, may_exchange=False, replace=s["replace"])
        return
    if size > limit or (size < limit and can_draw) or (may_exchange and can_draw):
        flow.ask(state, "hand", seat, may_exchange=may_exchange, replace=None)
        return
    flow.push(state, {"step": "end_turn"})


def _draw_moves(state: State, seat: int, piles: list[int]) -> list[Move]:
    out: list[Move] = []
    p = state["principalities"][seat]
    g, have = regions.scan(p)
    options = pr.affordable(have, search_cost(state, seat))
    if regions.any_choice(g):  # (pay, extra) for each price and choice of regions, once for all piles
        priced = [(pay, e) for pay in options for e in regions.extras(regions.payment_choices(p, dict(Counter(pay)), g))]
    else:
        priced = [(pay, {}) for pay in options]
    for i in piles:
        if state["piles"][i]:
            out.append({"type": "draw", "pile": i})
            out += [{"type": "search", "pile": i, "pay": pay, **e} if e else {"type": "search", "pile": i, "pay": pay} for pay, e in priced]
    return out


def _legal_hand(state: State, seat: int) -> list[Move]:
    pend = state["pending"]
    n = len(state["piles"])
    if pend["replace"] is not None:
        return _draw_moves(state, seat, [pend["replace"]])
    size, limit = len(state["hands"][seat]), hand_limit(state, seat)
    hand = sorted(set(state["hands"][seat]))
    if size > limit:
        return [{"type": "return", "card": c, "pile": i} for c in hand for i in range(n)]
    if size < limit and any(state["piles"]):
        return _draw_moves(state, seat, list(range(n)))
    out: list[Move] = [{"type": "done"}]
    if pend["may_exchange"]:
        out += [{"type": "exchange", "card": c, "pile": i} for c in hand for i in range(n) if state["piles"][i]]
    return out


@decision("hand", "finish the hand step", _legal_hand)
def _on_hand(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    pend = state["pending"]
    size, limit = len(state["hands"][seat]), hand_limit(state, seat)
    t = move["type"]
    if pend["replace"] is not None:
        if t not in ("draw", "search") or move.get("pile") != pend["replace"]:
            raise IllegalMove(f"take the replacement from pile {pend['replace'] + 1}: draw or search it")
    elif size > limit and t != "return":
        raise IllegalMove(f"your hand holds {size} cards, the limit is {limit}: put cards under piles (return CARD pile N)")
    elif size < limit and any(state["piles"]) and t not in ("draw", "search"):
        raise IllegalMove(f"your hand holds {size} cards, the limit is {limit}: draw or search a pile")
    elif size == limit and t in ("return", "draw", "search"):
        raise IllegalMove(f"your hand is at its limit of {limit}: done, or exchange CARD pile N when allowed")
    elif size < limit and t == "return":
        raise IllegalMove(f"your hand holds {size} cards, below the limit of {limit}: draw or search")
    state["pending"] = None
    if t == "return":
        flow.fields(move, {"card", "pile"})
        put_under(state, seat, _hand_card(state, seat, move), _pile_index(state, move, nonempty=False), events)
        flow.push(state, {"step": "hand", "may_exchange": pend["may_exchange"]})
    elif t == "draw":
        flow.fields(move, {"pile"})
        i = _pile_index(state, move)
        _to_hand(state, seat, [state["piles"][i].pop(0)], i, "top", events)
        flow.push(state, {"step": "hand", "may_exchange": False if pend["replace"] is not None else pend["may_exchange"]})
    elif t == "search":
        flow.fields(move, {"pile", "pay", "from"})
        i = _pile_index(state, move)
        paid = _pay(state, seat, move.get("pay"), regions.named(move, "from"))
        said = {"seat": seat, "resources": paid, "for": "search"}
        if "from" in move:
            said["regions"] = list(move["from"])  # the regions the player named (SI-4), for the log
        events.append(Event("paid", said))
        nxt = {"step": "hand", "may_exchange": False if pend["replace"] is not None else pend["may_exchange"]}
        begin_search(state, seat, i, 1, [nxt], events)
    elif t == "exchange":
        if not pend["may_exchange"] or size != limit:
            raise IllegalMove("you may exchange a card only when your hand is at its limit and you were at it when the step began")
        flow.fields(move, {"card", "pile"})
        card, i = _hand_card(state, seat, move), _pile_index(state, move)
        put_under(state, seat, card, i, events)  # SI-44: under the pile the replacement comes from
        flow.push(state, {"step": "hand", "may_exchange": False, "replace": i})
    elif t == "done":
        flow.fields(move, set())
        if size > limit or (size < limit and any(state["piles"])):
            raise IllegalMove(f"your hand must hold {limit} cards first")
        flow.push(state, {"step": "end_turn"})
    else:
        raise IllegalMove("in the hand step: draw pile N, search pile N pay R R, return CARD pile N, exchange CARD pile N, or done")


# ---------------------------------------------------------------- excess out of turn (SI-13)


@step("excess")
def _excess(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    seat = s["seat"]
    if len(state["hands"][seat]) > hand_limit(state, seat):
        flow.ask(state, "excess", seat)


def _legal_excess(state: State, seat: int) -> list[Move]:
    return [{"type": "return", "card": c, "pile": i} for c in sorted(set(state["hands"][seat])) for i in range(len(state["piles"]))]


@decision("excess", "put cards above the hand limit under piles", _legal_excess)
def _on_excess(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "return":
        raise IllegalMove("your hand is above its limit: return CARD pile N")
    flow.fields(move, {"card", "pile"})
    card, i = _hand_card(state, seat, move), _pile_index(state, move, nonempty=False)
    state["pending"] = None
    put_under(state, seat, card, i, events)
    flow.push(state, {"step": "excess", "seat": seat})
