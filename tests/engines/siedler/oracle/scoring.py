"""ORACLE: frozen copy of engines/siedler/scoring.py before the speed work (see oracle/rules.py).

Points and tokens (SI-18, SI-19, SI-46): pure functions of the state.

Victory points come from settlements (1), cities (2), VP-marked expansions and the
knight and windmill tokens. Strength and tournament points come from units,
commerce points from fleets, markets, guilds and the like. The tokens and the
victory flag are recomputed after every move (`update`), with an event whenever one
changes hands.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, State
from tests.engines.siedler.oracle import cards, effects
from tests.engines.siedler.oracle import principality as pr


def _built(state: State, seat: int) -> list[str]:
    return pr.built(state["principalities"][seat])


def strength(state: State, seat: int) -> int:
    """SI-18: units' strength; each knight +1 per own Smithy and -1 per opposing Imelda
    (ST-13, never below 0)."""
    bonus = sum(effects.ask(state, seat, "strength_per_knight"))
    malus = sum(effects.ask(state, 1 - seat, "opposing_knight_malus"))
    total = 0
    for card in _built(state, seat):
        s = cards.points(card, "strength")
        if cards.is_knight(card):
            s = max(0, s + bonus - malus)
        total += s
    return total


def tournament(state: State, seat: int) -> int:
    return sum(cards.points(c, "tournament") for c in _built(state, seat))


def commerce(state: State, seat: int) -> int:
    return sum(cards.points(c, "commerce") for c in _built(state, seat)) + sum(
        effects.ask(state, seat, "commerce_bonus")
    )


def has_city(state: State, seat: int) -> bool:
    return "city" in _built(state, seat)


def vp(state: State, seat: int) -> int:
    """SI-18: printed VP of everything built, plus 1 per token held."""
    total = sum(cards.points(c, "vp") for c in _built(state, seat))
    total += sum(1 for holder in state["tokens"].values() if holder == seat)
    return total


def _holder(values: list[int], allowed: list[bool]) -> int | None:
    """Strictly more than the other, and allowed to hold it; a tie returns it to the middle."""
    if values[0] > values[1] and allowed[0]:
        return 0
    if values[1] > values[0] and allowed[1]:
        return 1
    return None


def update(state: State, events: list[Event]) -> None:
    """SI-19 tokens and SI-46 victory flag, after every change."""
    knight = _holder([strength(state, s) for s in (0, 1)], [True, True])
    needs_city = state["options"]["windmill_needs_city"]
    windmill = _holder([commerce(state, s) for s in (0, 1)], [has_city(state, s) or not needs_city for s in (0, 1)])
    for token, holder in (("knight", knight), ("windmill", windmill)):
        if state["tokens"][token] != holder:
            state["tokens"][token] = holder
            events.append(Event("token", {"token": token, "seat": holder}))
    _update_flag(state, events)


def _update_flag(state: State, events: list[Event]) -> None:
    """SI-46: the flag shows the leader and his VP. Nobody holds it until a player has more
    than the 2 it starts at (3 VP); then it follows its holder's VP, down as well as up,
    and passes to the opponent as soon as he has strictly more than the holder."""
    flag = state.get("flag")
    if flag is None:
        return
    points = [vp(state, s) for s in (0, 1)]
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


def summary(state: State, seat: int) -> dict[str, Any]:
    return {
        "vp": vp(state, seat),
        "strength": strength(state, seat),
        "tournament": tournament(state, seat),
        "commerce": commerce(state, seat),
    }
