"""ORACLE: frozen copy of engines/siedler/effects.py before the speed work (see oracle/rules.py).

Effect ids -> named handlers (SI-1: cards are data, effects are code).

A handler is `handler(hook, ctx) -> value | None`: the rules ask every card a seat has
built a question (the hook), e.g. "hand_limit" or "trade_rates", and a handler answers
the hooks its card cares about and returns None for the rest. Action and event cards
are handled by the play/resolve code in actions.py and events.py; their ids are
listed there (HANDLED) and joined by `handled()`.

NOT_YET holds the effect ids of cards.json that have no handler yet. The engine is
registered only when it is empty (tests/engines/siedler/test_cards.py checks both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.engines.siedler.oracle import cards
from tests.engines.siedler.oracle import principality as pr


@dataclass(frozen=True)
class Ctx:
    """Where the asked card stands: its owner, its centre column and side (None for axis
    cards), the card id, and the whole state for handlers that look further."""

    state: dict[str, Any]
    seat: int
    card: str
    col: int | None = None
    side: str | None = None


Handler = Callable[[str, Ctx], Any]


def _principality(ctx: Ctx) -> dict[str, Any]:
    return ctx.state["principalities"][ctx.seat]


def hand_limit(hook: str, ctx: Ctx) -> Any:
    """Abbey, Library (SI-13): hand limit +1."""
    return 1 if hook == "hand_limit" else None


def doubling(hook: str, ctx: Ctx) -> Any:
    """Brick Factory, Iron Foundry, Grain Mill, Sawmill, Woolen Mill (SI-10): the two
    bordering regions of its resource gain a second one on their number."""
    if hook == "doubles" and ctx.col is not None and ctx.side is not None:
        return {"resource": cards.effect_args(ctx.card)["resource"], "col": ctx.col, "side": ctx.side}
    return None


def garrison(hook: str, ctx: Ctx) -> Any:
    """Garrison (SI-15): its two regions are not counted by the brigand; Productive Year
    gives its regions 1 each (events.py asks the same hook)."""
    if hook == "guarded" and ctx.col is not None and ctx.side is not None:
        return [(ctx.col - 1, ctx.side), (ctx.col + 1, ctx.side)]
    return None


def trade_fleet(hook: str, ctx: Ctx) -> Any:
    """Trade fleets (SI-21): 2 of its resource for 1 of choice."""
    return {cards.effect_args(ctx.card)["resource"]: 2} if hook == "trade_rates" else None


def mint(hook: str, ctx: Ctx) -> Any:
    """Mint (SI-21): gold trades 1:1."""
    return {"gold": 1} if hook == "trade_rates" else None


def harbor(hook: str, ctx: Ctx) -> Any:
    """Harbor: 1 commerce point (data) and one more per own fleet (SI-18)."""
    if hook == "commerce_bonus":
        p = _principality(ctx)
        return sum(1 for *_, c in pr.expansions(p) if cards.effect(c) == "trade_fleet")
    return None


def town_hall(hook: str, ctx: Ctx) -> Any:
    """Town Hall (SI-12): a search costs 1 resource instead of 2."""
    return 1 if hook == "search_cost" else None


def parliament(hook: str, ctx: Ctx) -> Any:
    """Parliament (ST-9, house): its owner searches free."""
    return 0 if hook == "search_cost" else None


def knight(hook: str, ctx: Ctx) -> Any:
    """Knights (SI-18): strength and tournament points from the data; a target of the
    Black Knight and of Imelda."""
    return True if hook == "is_knight" else None


def smithy(hook: str, ctx: Ctx) -> Any:
    """Smithy (SI-18): each own knight +1 strength."""
    return 1 if hook == "strength_per_knight" else None


def cannon(hook: str, ctx: Ctx) -> Any:
    """Cannon (ST-2, house): strength from the data, but not a knight (no hook needed:
    it answers is_knight with None)."""
    return None


def castle(hook: str, ctx: Ctx) -> Any:
    """Castle (ST-7, house): each knight its owner builds costs one ore less."""
    return 1 if hook == "knight_ore_discount" else None


def crane(hook: str, ctx: Ctx) -> Any:
    """Crane (ST-3, house): cities and red expansions cost one resource less."""
    return 1 if hook == "city_discount" else None


def customs_office(hook: str, ctx: Ctx) -> Any:
    """Customs Office (ST-6, house): after its owner's production, 1 gold."""
    return 1 if hook == "gold_income" else None


def imelda(hook: str, ctx: Ctx) -> Any:
    """Burgfraeulein Imelda (ST-13, house): each opposing knight counts 1 strength less."""
    return 1 if hook == "opposing_knight_malus" else None


def university(hook: str, ctx: Ctx) -> Any:
    """University (ST-1, SI-45): at most one per player; the prerequisite (SI-43) is data."""
    return True if hook == "one_per_player" else None


def aqueduct(hook: str, ctx: Ctx) -> Any:
    """Aqueduct: all own regions are immune to the Plague."""
    return True if hook == "plague_all" else None


def bath_house(hook: str, ctx: Ctx) -> Any:
    """Bath House: the four regions of its city are immune to the Plague."""
    return ctx.col if hook == "plague_city" else None


def church(hook: str, ctx: Ctx) -> Any:
    """Church: units in its city are safe from the Civil War."""
    return ctx.col if hook == "civil_war_safe" else None


def tower(hook: str, ctx: Ctx) -> Any:
    """Tower (ST-4, house): a Spy played against its owner may look but takes nothing."""
    return True if hook == "spy_look_only" else None


def wall(hook: str, ctx: Ctx) -> Any:
    """Wall (ST-5, house): a Spy cannot be played against its owner."""
    return True if hook == "spy_immune" else None


def fire_station(hook: str, ctx: Ctx) -> Any:
    """Fire Station (ST-8, house): the Arsonist cannot choose buildings of its city."""
    return ctx.col if hook == "arson_shelter" else None


def embassy(hook: str, ctx: Ctx) -> Any:
    """Embassy (ST-10, house): its owner sees every card the opponent draws or takes from a pile."""
    return True if hook == "sees_draws" else None


def palace(hook: str, ctx: Ctx) -> Any:
    """Palace (ST-11): on a Year of plenty roll its owner may take a discarded card instead."""
    return True if hook == "reclaims_discard" else None


def privateer(hook: str, ctx: Ctx) -> Any:
    """Privateer Fleet (ST-12, house): when the opponent wins a Trade advantage roll he takes nothing."""
    return True if hook == "blocks_trade_advantage" else None


PASSIVE: dict[str, Handler] = {
    "aqueduct": aqueduct,
    "bath_house": bath_house,
    "church": church,
    "tower": tower,
    "wall": wall,
    "fire_station": fire_station,
    "embassy": embassy,
    "palace": palace,
    "privateer": privateer,
    "hand_limit": hand_limit,
    "doubling": doubling,
    "garrison": garrison,
    "trade_fleet": trade_fleet,
    "mint": mint,
    "harbor": harbor,
    "town_hall": town_hall,
    "parliament": parliament,
    "knight": knight,
    "smithy": smithy,
    "cannon": cannon,
    "castle": castle,
    "crane": crane,
    "customs_office": customs_office,
    "imelda": imelda,
    "university": university,
}

# Effect ids of cards.json whose rules are not written yet (kept honest by the tests).
NOT_YET: frozenset[str] = frozenset()


def handled() -> set[str]:
    """Every effect id with a handler: passive ones here, action cards in plays.py, event
    cards in event_cards.py."""
    from tests.engines.siedler.oracle import event_cards, plays

    return set(PASSIVE) | set(plays.HANDLED) | set(event_cards.HANDLED)


def card_answers(state: dict[str, Any], seat: int, card: str, hook: str) -> Any:
    """What this card itself answers to a hook, wherever it is (a card in hand asked about
    its own rules, e.g. "one_per_player" before it is built)."""
    h = PASSIVE.get(cards.effect(card) or "")
    return None if h is None else h(hook, Ctx(state, seat, card))


def ask(state: dict[str, Any], seat: int, hook: str) -> list[Any]:
    """Ask every card seat `seat` has built; the answers that are not None, in table order."""
    p = state["principalities"][seat]
    out = []
    for _, card in pr.axis(p):
        h = PASSIVE.get(cards.effect(card) or "")
        if h is not None and (v := h(hook, Ctx(state, seat, card))) is not None:
            out.append(v)
    for col, side, _, card in pr.expansions(p):
        h = PASSIVE.get(cards.effect(card) or "")
        if h is not None and (v := h(hook, Ctx(state, seat, card, col, side))) is not None:
            out.append(v)
    return out
