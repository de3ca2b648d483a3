"""Points and tokens (SI-18, SI-19, SI-46): pure functions of the state.

Victory points come from settlements (1), cities (2), VP-marked expansions and the
knight and windmill tokens. Strength and tournament points come from units,
commerce points from fleets, markets, guilds and the like. The tokens and the
victory flag are recomputed after every move (`update`), with an event whenever one
changes hands.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, State
from engines.siedler import cards, effects, first_day
from engines.siedler.cards import POINTS_OF, SIDES


def _built(state: State, seat: int) -> list[str]:
    """Every card on the table in this seat's principality, in no particular order (the
    callers sum points or test membership; this runs several times a move, so no sort)."""
    p = state["principalities"][seat]
    out = ["road"] * len(p["roads"])
    for c in p["centers"].values():
        out.append(c["card"])
        for side in SIDES:
            out += [x for x in c[side] if x is not None]
    return out


def strength(
    state: State, seat: int, built: list[str] | None = None, opposing: list[str] | None = None
) -> int:
    """SI-18: units' strength; each knight +1 per own Smithy and -1 per opposing Imelda
    (ST-13, never below 0). `built`, `opposing`: both seats' `_built` when the caller has them."""
    if built is None:
        built = _built(state, seat)
    bonus = sum(effects.ask(state, seat, "strength_per_knight", built))
    malus = sum(effects.ask(state, 1 - seat, "opposing_knight_malus", opposing))
    total = 0
    effect_of = cards.EFFECT_OF
    for card in built:
        s = POINTS_OF[card]["strength"]
        if effect_of[card] == "knight":
            s = max(0, s + bonus - malus)
        total += s
    return total


def tournament(state: State, seat: int) -> int:
    return sum(POINTS_OF[c]["tournament"] for c in _built(state, seat))


def commerce(state: State, seat: int, built: list[str] | None = None) -> int:
    built = _built(state, seat) if built is None else built
    return sum(POINTS_OF[c]["commerce"] for c in built) + sum(
        effects.ask(state, seat, "commerce_bonus", built)
    )


def has_city(state: State, seat: int) -> bool:
    return "city" in _built(state, seat)


def vp(state: State, seat: int, built: list[str] | None = None) -> int:
    """SI-18: printed VP of everything built, plus 1 per token held."""
    total = sum(POINTS_OF[c]["vp"] for c in (_built(state, seat) if built is None else built))
    total += sum(1 for holder in state["tokens"].values() if holder == seat)
    return total


def _holder(values: list[int], allowed: list[bool]) -> int | None:
    """Strictly more than the other, and allowed to hold it; a tie returns it to the middle."""
    if values[0] > values[1] and allowed[0]:
        return 0
    if values[1] > values[0] and allowed[1]:
        return 1
    return None


# Who holds the knight token, who the windmill token (as the windmill needs a city, and as
# it does not), and both seats' printed VP, by what both have built. They depend on nothing
# else (the Smithy, Imelda and Harbor answers count built cards too), and a game asks the
# same again and again: after every step of every move. Keyed by `_key`; cleared
# when it grows large.
Tally = tuple[int | None, int | None, int | None, list[int]]
_TALLIES: dict[tuple[Any, ...], Tally] = {}


def _key(state: State) -> tuple[Any, ...]:
    """What both seats have built, where: for each, its number of roads, then each centre's
    card and sites (None for a free one) in table order. Cheaper to make than `_built`."""
    key: list[Any] = []
    for p in state["principalities"]:
        key.append(len(p["roads"]))
        for c in p["centers"].values():
            key.append(c["card"])
            key += c["above"]
            key += c["below"]
    return tuple(key)


def _tally(state: State, memo: list[Any] | None = None) -> Tally:
    """`memo`: private to one `flow.run` (empty at its start), where the tally is kept with
    both seats' centres and roads. Within a run only the engine changes the state, and it
    changes centres and roads only by replacing them (principality.py), so while the very same
    objects are there the tally stands, and the key need not be made again. Across
    runs it is not kept: a state's owner may change a principality in place (tests do)."""
    p0, p1 = state["principalities"]
    if memo and memo[0] is p0["centers"] and memo[1] is p0["roads"] and memo[2] is p1["centers"] and memo[3] is p1["roads"]:
        return memo[4]
    hit = _tally_by_key(state)
    if memo is not None:
        memo[:] = [p0["centers"], p0["roads"], p1["centers"], p1["roads"], hit]
    return hit


def _tally_by_key(state: State) -> Tally:
    key = _key(state)
    hit = _TALLIES.get(key)
    if hit is None:
        if len(_TALLIES) > 4096:
            _TALLIES.clear()
        built = [_built(state, s) for s in (0, 1)]
        strengths = [strength(state, s, built[s], built[1 - s]) for s in (0, 1)]
        commerces = [commerce(state, s, built[s]) for s in (0, 1)]
        cities = ["city" in built[s] for s in (0, 1)]
        hit = _TALLIES[key] = (
            _holder(strengths, [True, True]),
            _holder(commerces, cities),
            _holder(commerces, [True, True]),
            [sum(POINTS_OF[c]["vp"] for c in built[s]) for s in (0, 1)],
        )
    return hit


def update(state: State, events: list[Event], memo: list[Any] | None = None) -> list[int]:
    """SI-19 tokens and SI-46 victory flag, after every change. Returns both seats' VP after
    it (the win check that follows needs them: counted once). `memo`: see `_tally`."""
    knight, windmill_with_city, windmill, printed = _tally(state, memo)
    if state["options"]["windmill_needs_city"]:
        windmill = windmill_with_city
    tokens = state["tokens"]
    for token, holder in (("knight", knight), ("windmill", windmill)):
        if tokens[token] != holder:
            tokens[token] = holder
            events.append(Event("token", {"token": token, "seat": holder}))
    held = list(tokens.values())
    points = [printed[0] + held.count(0), printed[1] + held.count(1)]  # = vp(state, s)
    _update_flag(state, events, points)
    return points


def _update_flag(state: State, events: list[Event], points: list[int]) -> None:
    """SI-46: the flag shows the leader and his VP. Nobody holds it until a player has more
    than the 2 it starts at (3 VP); then it follows its holder's VP, down as well as up,
    and passes to the opponent as soon as he has strictly more than the holder."""
    flag = state.get("flag")
    if flag is None:
        return
    if first_day.on():
        _raise_flag(state, events, points, flag)
        return
    holder = flag["seat"]
    if holder is None:
        order = [state["turn"], 1 - state["turn"]] if state["turn"] is not None else [0, 1]
        best = max(order, key=lambda s: points[s])  # the player on turn first on a tie
        if points[best] <= flag["vp"]:
            return
        holder = best
    elif points[1 - holder] > points[holder]:
        holder = 1 - holder
    if flag["seat"] != holder or flag["vp"] != points[holder]:
        flag.update(seat=holder, vp=points[holder])
        events.append(Event("flag", {"seat": holder, "vp": points[holder]}))


def _raise_flag(state: State, events: list[Event], points: list[int], flag: dict[str, Any]) -> None:
    """Version 1's SI-46 (first_day.py): whoever has more VP than the flag shows takes it,
    the player on turn asked first; the flag never goes down."""
    order = [state["turn"], 1 - state["turn"]] if state["turn"] is not None else [0, 1]
    for s in order:
        if points[s] > flag["vp"]:
            flag.update(seat=s, vp=points[s])
            events.append(Event("flag", {"seat": s, "vp": points[s]}))


def summary(state: State, seat: int) -> dict[str, Any]:
    return {
        "vp": vp(state, seat),
        "strength": strength(state, seat),
        "tournament": tournament(state, seat),
        "commerce": commerce(state, seat),
    }
