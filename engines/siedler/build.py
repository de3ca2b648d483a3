"""Building in the action phase (SI-8, SI-9, SI-40, SI-43, SI-45, ST-3, ST-7).

    {"type": "build", "what": "road" | "settlement", "end": "left" | "right"}
    {"type": "build", "what": "city", "at": N}                (N numbers the settlements and
    {"type": "expand", "card": id, "at": N, "side": "above" | "below"}    cities from the left, 1..)
    {"type": "remove", "at": N, "side": side, "level": 0 | 1}

A city or red expansion built with a Crane (ST-3) may carry "omit": a resource of
its cost left out. Any build may carry "from": the regions it is paid from (SI-4,
regions.py); without it the fullest pay. A new settlement draws the top region and its
builder chooses the side (decision "region"); the next region goes on the other side, both at 0.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from engines.siedler import cards, effects, first_day, flow, regions
from engines.siedler import principality as pr
from engines.siedler.flow import decision

ENDS = ("left", "right")


def _prin(state: State, seat: int) -> dict[str, Any]:
    return state["principalities"][seat]


def cost_of(state: State, seat: int, card: str, omit: str | None = None, discounts: Discounts | None = None) -> dict[str, int]:
    """The price with the seat's discounts: a Castle takes one ore off a knight (ST-7); a
    Crane lets a city or red expansion leave out one resource of the builder's choice (ST-3).
    `discounts`: the seat's, when the caller lists many prices (asked once, not per price)."""
    d = discounts or Discounts(state, seat)
    cost = cards.cost(card)
    if cards.is_knight(card) and cost.get("ore") and d.castle:
        cost["ore"] -= 1
    if omit is not None:
        red = card == "city" or cards.card(card)["placement"] == "city"
        if not red or not d.crane:
            raise IllegalMove("only a Crane lets you leave a resource out, and only of a city or a red expansion")
        if cost.get(omit, 0) <= 0:
            raise IllegalMove(f"the cost holds no {omit} to leave out")
        cost[omit] -= 1
    return {r: n for r, n in cost.items() if n > 0}


class Discounts:
    """Whether the seat has a Castle's and a Crane's discount, each asked on first use and
    then kept: listing the moves prices many cards against one state."""

    def __init__(self, state: State, seat: int) -> None:
        self._state, self._seat = state, seat
        self._castle: bool | None = None
        self._crane: bool | None = None

    @property
    def castle(self) -> bool:
        if self._castle is None:
            self._castle = any(effects.ask(self._state, self._seat, "knight_ore_discount"))
        return self._castle

    @property
    def crane(self) -> bool:
        if self._crane is None:
            self._crane = any(effects.ask(self._state, self._seat, "city_discount"))
        return self._crane


def omit_options(state: State, seat: int, card: str, discounts: Discounts | None = None) -> list[str | None]:
    red = card == "city" or cards.card(card)["placement"] == "city"
    if red and (discounts or Discounts(state, seat)).crane:
        return [None, *sorted(cards.cost(card))]
    return [None]


def _pay(state: State, seat: int, cost: dict[str, int], what: str, events: list[Event], named: Any = None) -> None:
    """`named`: the move's "from" (regions.named), None for the fixed reading."""
    p = _prin(state, seat)
    if not pr.can_pay(p, cost):
        need = ", ".join(f"{n} {r}" for r, n in sorted(cost.items()))
        raise IllegalMove(f"{what} costs {need}: you do not have it")
    regions.pay(p, cost, named, f"the {what}")
    paid = {"seat": seat, "resources": dict(sorted(cost.items())), "for": what}
    if named is not None:
        paid["regions"] = list(named)  # the regions the player named (SI-4), for the log
    events.append(Event("paid", paid))


# ---------------------------------------------------------------- roads, settlements, cities (SI-8)


def can_extend(state: State, seat: int, what: str, end: str) -> bool:
    """A road goes next to a settlement or city (never two roads in a row); a settlement
    at the open end of a road. The centre supply must hold one."""
    if state["supply"][what] <= 0:
        return False
    _, outer = pr.ends(_prin(state, seat))[end]
    return (outer == "road") == (what == "settlement")


def build_axis(state: State, seat: int, move: Move, rng: Rng | None, events: list[Event], *, draw: bool = True) -> int:
    """Build a road, settlement or city; returns the column of the new settlement's regions.
    `draw` False leaves the regions to the caller (a Scout chooses them)."""
    what, end = move.get("what"), move.get("end")
    if what == "city":
        flow.fields(move, {"what", "at", "omit", "from"})
        build_city(state, seat, move.get("at"), move.get("omit"), events, regions.named(move, "from"))
        return 0
    flow.fields(move, {"what", "end", "from"})
    if what not in ("road", "settlement") or end not in ENDS:
        raise IllegalMove("build road left|right, build settlement left|right, or build city N")
    if state["supply"][what] <= 0:
        raise IllegalMove(f"no {what} left in the supply (SI-8)")
    if not can_extend(state, seat, what, end):
        raise IllegalMove(
            "a road goes next to a settlement or city, never beside another road"
            if what == "road"
            else "a settlement goes at the open end of a road"
        )
    _pay(state, seat, cards.cost(what), what, events, regions.named(move, "from"))
    p = _prin(state, seat)
    col, _ = pr.ends(p)[end]
    step = 1 if end == "right" else -1
    new = col + step
    state["supply"][what] -= 1
    if what == "road":
        pr.add_road(p, new)
        events.append(Event("built", {"seat": seat, "card": "road", "col": new}))
        return 0
    pr.add_settlement(p, new)
    p["regions"].setdefault(str(new + step), {})
    events.append(Event("built", {"seat": seat, "card": "settlement", "col": new}))
    if draw:
        place_regions(state, seat, new + step, events)
    return new + step


def place_regions(state: State, seat: int, col: int, events: list[Event]) -> None:
    """SI-8: the top region is shown and its side chosen; the next goes on the other side."""
    if not state["region_pile"]:
        events.append(Event("no_regions", {"seat": seat, "col": col}))
        return
    card = state["region_pile"].pop(0)
    events.append(Event("region_drawn", {"seat": seat, "card": card}))
    flow.ask(state, "region", seat, card=card, col=col)


def _legal_region(state: State, seat: int) -> list[Move]:
    return [{"type": "place", "side": s} for s in pr.SIDES]


@decision("region", "choose the side of the new region", _legal_region)
def _on_region(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "place" or move.get("side") not in pr.SIDES:
        raise IllegalMove("place the new region above or below (place above)")
    flow.fields(move, {"side"})
    pend = state["pending"]
    state["pending"] = None
    put_regions(state, seat, pend["col"], move["side"], [pend["card"], *state["region_pile"][:1]], events)
    del state["region_pile"][:1]


def put_regions(state: State, seat: int, col: int, side: str, regions: list[str], events: list[Event]) -> None:
    slot = _prin(state, seat)["regions"].setdefault(str(col), {})
    sides = [side, "below" if side == "above" else "above"]
    for s, card in zip(sides, regions, strict=False):
        slot[s] = {"card": card, "stock": 0}
        events.append(Event("region", {"seat": seat, "card": card, "col": col, "side": s}))


def build_city(state: State, seat: int, at: Any, omit: Any, events: list[Event], named: Any = None) -> None:
    p = _prin(state, seat)
    col = pr.col_at(p, at)
    if col is None or pr.center(p, col)["card"] != "settlement":
        raise IllegalMove("a city replaces one of your settlements: build city N (N numbers your settlements)")
    if state["supply"]["city"] <= 0:
        raise IllegalMove("no city left in the supply (SI-8)")
    if omit is not None and omit not in cards.RESOURCES:
        raise IllegalMove(f"{omit!r} is no resource")
    _pay(state, seat, cost_of(state, seat, "city", omit), "city", events, named)
    pr.make_city(p, col)
    state["supply"]["city"] -= 1
    state["supply"]["settlement"] += 1  # the settlement card goes back to the centre
    events.append(Event("built", {"seat": seat, "card": "city", "col": col}))


# ---------------------------------------------------------------- expansions (SI-9, SI-43, SI-45)


def prerequisite_met(state: State, seat: int, card: str, built: list[str] | None = None) -> bool:
    """`built`: the seat's built cards when the caller has them, so a listing of many cards
    looks them up once."""
    need = cards.card(card)["prerequisite"]
    if need is None:
        return True
    if built is None:
        built = pr.built(_prin(state, seat))
    return any(n in built for n in need)


def expansion_source(state: State, seat: int, card: str) -> str | None:
    """Where the seat can take this expansion from: "hand", "display" (a University, SI-45), or None."""
    if cards.kind(card) not in cards.EXPANSIONS:
        return None
    if card in state["hands"][seat]:
        return "hand"
    if card in state["display"]:
        return "display"
    return None


def expansion_blocker(state: State, seat: int, card: str, built: list[str] | None = None) -> str | None:
    """Why this expansion cannot be built now (None when it can, cost aside). `built`: the
    seat's built cards when the caller has them, so a listing looks them up once."""
    if expansion_source(state, seat, card) is None:
        return f"you hold no {cards.name(card)}"
    if built is None:
        built = pr.built(_prin(state, seat))
    if not prerequisite_met(state, seat, card, built):
        names = " or ".join(cards.name(n) for n in cards.card(card)["prerequisite"])
        return f"{cards.name(card)} needs your {names} when built (SI-43)"
    if card in built and _one_per_player(state, seat, card):
        return f"each player may build only one {cards.name(card)} (SI-45)"
    return None


def _one_per_player(state: State, seat: int, card: str) -> bool:
    """SI-45: the University's own rule (version 1 asked the built cards instead, so a built
    University allowed one of every expansion and no University any number: first_day.py)."""
    if first_day.on():
        return any(effects.ask(state, seat, "one_per_player"))
    return bool(effects.card_answers(state, seat, card, "one_per_player"))


def build_expansion(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    flow.fields(move, {"card", "at", "side", "omit", "from"})
    card, side, omit = move.get("card"), move.get("side"), move.get("omit")
    col = pr.col_at(_prin(state, seat), move.get("at"))
    if not cards.is_card(card) or cards.kind(card) not in cards.EXPANSIONS:
        raise IllegalMove(f"{card!r} is no building or unit")
    why = expansion_blocker(state, seat, card)
    if why:
        raise IllegalMove(why)
    p = _prin(state, seat)
    placement = cards.card(card)["placement"]
    free = [s for s in pr.free_sites(p, placement) if col is not None and s[0] == col and s[1] == side]
    if not free:
        where = {"any": "a free site", "city": "a free city site", "settlement": "a free settlement site"}[placement]
        raise IllegalMove(f"{cards.name(card)} needs {where} (SI-9); that site is not one")
    if omit is not None and omit not in cards.RESOURCES:
        raise IllegalMove(f"{omit!r} is no resource")
    _pay(state, seat, cost_of(state, seat, card, omit), cards.name(card), events, regions.named(move, "from"))
    source = expansion_source(state, seat, card)
    if source == "hand":
        state["hands"][seat].remove(card)
    else:
        state["display"].remove(card)
    _, _, level = free[0]
    pr.set_site(p, col, side, level, card)
    events.append(Event("built", {"seat": seat, "card": card, "col": col, "side": side, "level": level, "from": source}))


def expansion_moves(
    state: State, seat: int, have: dict[str, int] | None = None, g: regions.Groups | None = None, discounts: Discounts | None = None
) -> list[Move]:
    """`have`, `g`, `discounts`: the seat's resources, regions.groups and Discounts when the
    caller has them (once per listing)."""
    p = _prin(state, seat)
    if have is None:
        have = pr.resources(p)
    out: list[Move] = []
    built: list[str] | None = None
    discounts = discounts or Discounts(state, seat)
    numbers = pr.numbers(p)
    choice: bool | None = None  # whether any payment has a choice of regions (asked once)
    sites_for: dict[str, list[tuple[int, str]]] = {}  # placement -> free (col, side), sorted
    catalog = cards.CATALOG
    for card in sorted(set(state["hands"][seat]) | set(state["display"])):
        data = catalog[card]
        if data["kind"] not in cards.EXPANSIONS:
            continue
        short = 0  # a discount (Castle, Crane) takes off at most one resource: more short is out of reach
        for r, n in data["cost"].items():
            if have[r] < n:
                short += n - have[r]
        if short > 1:
            continue
        if built is None:
            built = pr.built(p)
        if expansion_blocker(state, seat, card, built):
            continue
        placement = cards.card(card)["placement"]
        if placement not in sites_for:
            sites_for[placement] = sorted({(c, s) for c, s, _ in pr.free_sites(p, placement)})
        for omit in omit_options(state, seat, card, discounts):
            cost = cost_of(state, seat, card, omit, discounts)
            if not pr.can_pay(p, cost, have):
                continue
            if choice is None:
                g = g or regions.groups(p)
                choice = regions.any_choice(g)
            extra = regions.extras(regions.payment_choices(p, cost, g)) if choice else regions.PLAIN
            for col, side in sites_for[placement]:
                m = {"type": "expand", "card": card, "at": numbers[col], "side": side}
                if omit is not None:
                    m["omit"] = omit
                if extra is regions.PLAIN:
                    out.append(m)
                else:
                    out += regions.with_choices(m, extra)
    return out


def axis_moves(
    state: State, seat: int, have: dict[str, int] | None = None, g: regions.Groups | None = None, discounts: Discounts | None = None
) -> list[Move]:
    """`have`, `g`, `discounts`: the seat's resources, regions.groups and Discounts when the
    caller has them (once per listing)."""
    p = _prin(state, seat)
    if have is None:
        have = pr.resources(p)
    out: list[Move] = []
    for what in ("road", "settlement"):
        cost = cards.cost(what)
        if pr.can_pay(p, cost, have):
            ends = [e for e in ENDS if can_extend(state, seat, what, e)]
            if ends:
                g = g or regions.groups(p)
                extra = regions.extras(regions.payment_choices(p, cost, g))
                for e in ends:
                    out += regions.with_choices({"type": "build", "what": what, "end": e}, extra)
    if state["supply"]["city"] > 0:
        discounts = discounts or Discounts(state, seat)
        for omit in omit_options(state, seat, "city", discounts):
            cost = cost_of(state, seat, "city", omit, discounts)
            if pr.can_pay(p, cost, have):
                city_extra: regions.Extras | None = None
                for number, col in enumerate(pr.centers(p), 1):
                    if pr.center(p, col)["card"] == "settlement":
                        if city_extra is None:
                            g = g or regions.groups(p)
                            city_extra = regions.extras(regions.payment_choices(p, cost, g))
                        m = {"type": "build", "what": "city", "at": number}
                        out += regions.with_choices(m if omit is None else {**m, "omit": omit}, city_extra)
    return out


# ---------------------------------------------------------------- removal (SI-40)


def remove(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """SI-40: an own building or unit goes to the discard pile, free; the site is free again."""
    flow.fields(move, {"at", "side", "level"})
    side, level = move.get("side"), move.get("level", 0)
    p = _prin(state, seat)
    col = pr.col_at(p, move.get("at"))
    if col is None or side not in pr.SIDES or type(level) is not int:
        raise IllegalMove("remove N above|below [2]: one of your own expansions")
    slots = pr.center(p, col)[side]
    if not 0 <= level < len(slots) or slots[level] is None:
        raise IllegalMove("there is no expansion of yours on that site")
    card = slots[level]
    pr.set_site(p, col, side, level, None)
    state["discard"].append(card)
    events.append(Event("removed", {"seat": seat, "card": card, "col": col, "side": side, "level": level}))


def remove_moves(state: State, seat: int) -> list[Move]:
    return [pr.site_move(t, "remove") for t in pr.sites(_prin(state, seat))]
