"""ORACLE: frozen copy of engines/siedler/event_cards.py before the speed work (see oracle/rules.py).

Event cards (SI-16 "event card" face, the ten basic events, ST-15 Raid).

The top card of the event deck is revealed, resolved for both players and put under
the deck (Year End instead shuffles the whole deck, itself included). Each effect id
has one resolver; choices they need are decisions of the seat concerned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from tests.engines.siedler.oracle import cards, effects, flow, hands
from tests.engines.siedler.oracle import principality as pr
from tests.engines.siedler.oracle.flow import decision, step

Resolver = Callable[[State, Rng, list[Event]], None]


def reveal(state: State, rng: Rng, events: list[Event]) -> None:
    if not state["event_deck"]:
        events.append(Event("event_card", {"card": None}))
        return
    card = state["event_deck"].pop(0)
    state["last_event"] = card
    events.append(Event("event_card", {"card": card}))
    if card_effect(card) == "year_end":
        state["event_deck"].append(card)
        rng.shuffle(state["event_deck"])
        events.append(Event("event_deck_shuffled", {"size": len(state["event_deck"])}))
        return
    state["event_deck"].append(card)
    RESOLVERS[card_effect(card)](state, rng, events)


def card_effect(card: str) -> str:
    eff = cards.effect(card)
    assert eff is not None
    return eff


def _order(state: State) -> list[int]:
    return [state["turn"], 1 - state["turn"]]


# ---------------------------------------------------------------- Plague, Productive Year, Progress


def plague(state: State, rng: Rng, events: list[Event]) -> None:
    """Every region bordering an own city loses 1, once; an Aqueduct protects all own regions,
    a Bath House the four regions of its city."""
    for seat in _order(state):
        p = state["principalities"][seat]
        if any(effects.ask(state, seat, "plague_all")):
            events.append(Event("plague", {"seat": seat, "lost": [], "protected": "aqueduct"}))
            continue
        safe = {id(r) for col in effects.ask(state, seat, "plague_city") for r in pr.city_regions(p, col)}
        hit: dict[int, dict[str, Any]] = {}
        for col in pr.centers(p):
            if pr.center(p, col)["card"] == "city":
                for r in pr.city_regions(p, col):
                    if id(r) not in safe and r["stock"] > 0:
                        hit[id(r)] = r
        for r in hit.values():
            r["stock"] -= 1
        events.append(Event("plague", {"seat": seat, "lost": sorted(r["card"] for r in hit.values())}))


def productive_year(state: State, rng: Rng, events: list[Event]) -> None:
    """Each region bordering a Garrison gains 1 per Garrison (cap 3)."""
    for seat in _order(state):
        p = state["principalities"][seat]
        gains: dict[tuple[int, str], int] = {}
        for guarded in effects.ask(state, seat, "guarded"):
            for col, side in guarded:
                gains[(col, side)] = gains.get((col, side), 0) + 1
        got = []
        for (col, side), n in sorted(gains.items()):
            r = pr.region_at(p, col, side)
            if r is not None:
                add = min(n, pr.CAP - r["stock"])
                r["stock"] += add
                got.append({"region": r["card"], "gained": add})
        events.append(Event("productive_year", {"seat": seat, "gains": got}))


def progress(state: State, rng: Rng, events: list[Event]) -> None:
    """Each takes 1 resource of choice per own Abbey and Library, the active player first."""
    steps = []
    for seat in _order(state):
        n = sum(effects.ask(state, seat, "hand_limit"))
        steps += [{"step": "choose", "seat": seat, "why": "progress", "from": None}] * n
    flow.push(state, *steps)


# ---------------------------------------------------------------- Civil War


def _units(state: State, seat: int) -> list[dict[str, Any]]:
    """Units a Civil War can send back: not those in a city with a Church."""
    safe = set(effects.ask(state, seat, "civil_war_safe"))
    return pr.sites(state["principalities"][seat], lambda c, col: cards.kind(c) == "unit" and col not in safe)


def civil_war(state: State, rng: Rng, events: list[Event]) -> None:
    """Each returns one knight or fleet (any unit) to hand, chosen by the opponent; then both,
    the roller too, put cards above their limit under piles at once."""
    steps = [{"step": "civil_war", "chooser": chooser} for chooser in _order(state)]
    steps += [{"step": "excess", "seat": s} for s in _order(state)]
    flow.push(state, *steps)


@step("civil_war")
def _civil_war_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    if not _units(state, 1 - s["chooser"]):
        events.append(Event("civil_war", {"seat": 1 - s["chooser"], "card": None}))
        return
    flow.ask(state, "civil_war", s["chooser"])


def _legal_civil_war(state: State, seat: int) -> list[Move]:
    return [pr.site_move(u) for u in _units(state, 1 - seat)]


@decision("civil_war", "choose the opponent's unit the Civil War sends back", _legal_civil_war)
def _on_civil_war(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "target":
        raise IllegalMove("choose the opponent's unit: target N above|below [2]")
    flow.fields(move, {"at", "side", "level"})
    wanted = {"type": "target", "at": move.get("at"), "side": move.get("side"), "level": move.get("level", 0)}
    hits = [u for u in _units(state, 1 - seat) if pr.site_move(u) == wanted]
    if not hits:
        raise IllegalMove("that site holds no unit the Civil War can send back")
    state["pending"] = None
    opp, u = 1 - seat, hits[0]
    pr.center(state["principalities"][opp], u["col"])[u["side"]][u["level"]] = None
    state["hands"][opp].append(u["card"])
    events.append(Event("returned", {"seat": opp, "card": u["card"], "to": "hand", "col": u["col"], "side": u["side"]}))


# ---------------------------------------------------------------- Conflict


def conflict(state: State, rng: Rng, events: list[Event]) -> None:
    """The knight-token holder takes 2 cards unseen from the opponent's hand and puts them
    under piles of his choice (he sees them; the opponent knows which he lost)."""
    holder = state["tokens"]["knight"]
    if holder is None or not state["hands"][1 - holder]:
        events.append(Event("conflict", {"seat": holder, "count": 0}))
        return
    victim = state["hands"][1 - holder]
    taken = []
    for _ in range(min(2, len(victim))):
        taken.append(victim.pop(rng.randbelow(len(victim))))
    events.append(Event("conflict", {"seat": holder, "count": len(taken)}))
    events.append(Event("conflict_cards", {"cards": list(taken)}, to=(0, 1)))
    flow.push(state, *[{"step": "conflict", "seat": holder, "card": c} for c in taken])


@step("conflict")
def _conflict_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "conflict", s["seat"], secret=s["card"])


def _legal_conflict(state: State, seat: int) -> list[Move]:
    return [{"type": "under", "pile": i} for i in range(len(state["piles"]))]


@decision("conflict", "put the card taken in the Conflict under a pile", _legal_conflict)
def _on_conflict(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "under":
        raise IllegalMove("put the card under a pile: under pile N")
    flow.fields(move, {"pile"})
    i = move.get("pile")
    if type(i) is not int or not 0 <= i < len(state["piles"]):
        raise IllegalMove(f"piles are numbered 1 to {len(state['piles'])}")
    card = state["pending"]["secret"]
    state["pending"] = None
    state["piles"][i].append(card)
    events.append(Event("under", {"seat": seat, "pile": i}))


# ---------------------------------------------------------------- Master Builder


def master_builder(state: State, rng: Rng, events: list[Event]) -> None:
    """Each may swap one hand card for any card of a pile of his choice, the active player
    first, the two from different piles; the hand card goes under that pile."""
    flow.push(state, {"step": "master_builder", "seat": state["turn"], "exclude": None, "first": True})


@step("master_builder")
def _master_builder_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "master_builder", s["seat"], exclude=s["exclude"], first=s["first"])


def _legal_master_builder(state: State, seat: int) -> list[Move]:
    ex = state["pending"]["exclude"]
    out: list[Move] = [{"type": "pass"}]
    out += [
        {"type": "swap", "card": c, "pile": i}
        for c in sorted(set(state["hands"][seat]))
        for i, p in enumerate(state["piles"])
        if p and i != ex
    ]
    return out


@decision("master_builder", "swap a hand card for a card of a pile, or pass", _legal_master_builder)
def _on_master_builder(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    pend = state["pending"]
    after = [{"step": "master_builder", "seat": 1 - seat, "exclude": None, "first": False}] if pend["first"] else []
    if move["type"] == "pass":
        flow.fields(move, set())
        state["pending"] = None
        events.append(Event("master_builder", {"seat": seat, "pile": None}))
        flow.push(state, *after)
        return
    if move["type"] != "swap":
        raise IllegalMove("swap CARD pile N, or pass")
    flow.fields(move, {"card", "pile"})
    if move not in _legal_master_builder(state, seat):
        raise IllegalMove("swap a card of your hand for one of another non-empty pile")
    state["pending"] = None
    i = move["pile"]
    if after:
        after[0]["exclude"] = i
    hands.begin_search(state, seat, i, 1, [{"step": "put_under", "seat": seat, "card": move["card"], "pile": i}, *after], events)


@step("put_under")
def _put_under_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    """The Master Builder's hand card goes under the pile once the new card is taken."""
    hands.put_under(state, s["seat"], s["card"], s["pile"], events)


# ---------------------------------------------------------------- Raid (ST-15, house)


def _raid_targets(state: State, seat: int) -> list[dict[str, Any]]:
    return pr.sites(state["principalities"][seat], lambda c, col: cards.kind(c) == "building")


def raid(state: State, rng: Rng, events: list[Event]) -> None:
    """If exactly one player has a knight, he names up to three of the opponent's buildings
    and the opponent takes one of them back to hand (SI-13 applies at once)."""
    has = [any(cards.is_knight(c) for c in pr.built(state["principalities"][s])) for s in (0, 1)]
    if has[0] == has[1] or not _raid_targets(state, 1 - has.index(True)):
        events.append(Event("raid", {"seat": None}))
        return
    flow.push(state, {"step": "raid_name", "seat": has.index(True)})


@step("raid_name")
def _raid_name_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "raid_name", s["seat"])


def _site(t: dict[str, Any]) -> dict[str, Any]:
    return {"at": t["at"], "side": t["side"], "level": t["level"]}


def _legal_raid_name(state: State, seat: int) -> list[Move]:
    from itertools import combinations

    targets = [_site(t) for t in _raid_targets(state, 1 - seat)]
    # "up to three": the fullest naming first (the one a raider wants), then the fewer
    return [{"type": "name", "sites": list(c)} for k in range(min(3, len(targets)), 0, -1) for c in combinations(targets, k)]


@decision("raid_name", "name up to three of the opponent's buildings", _legal_raid_name)
def _on_raid_name(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "name":
        raise IllegalMove("name up to three buildings of your opponent: name N above, N below, ...")
    flow.fields(move, {"sites"})
    sites = move.get("sites")
    targets = [_site(t) for t in _raid_targets(state, 1 - seat)]
    if not isinstance(sites, list) or not 1 <= len(sites) <= 3 or any(s not in targets for s in sites):
        raise IllegalMove("name one to three sites holding your opponent's buildings")
    if len({(s["at"], s["side"], s["level"]) for s in sites}) != len(sites):
        raise IllegalMove("name each building once")
    state["pending"] = None
    events.append(Event("raid", {"seat": seat, "sites": sites}))
    flow.push(state, {"step": "raid_take", "seat": 1 - seat, "sites": sites}, {"step": "excess", "seat": 1 - seat})
    if 1 - seat == state["turn"]:
        state["queue"].pop(1)


@step("raid_take")
def _raid_take_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "raid_take", s["seat"], sites=s["sites"])


def _legal_raid_take(state: State, seat: int) -> list[Move]:
    return [{"type": "target", **s} for s in state["pending"]["sites"]]


@decision("raid_take", "take one of the named buildings back to hand", _legal_raid_take)
def _on_raid_take(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "target":
        raise IllegalMove("take one of the named buildings back: target N above|below [2]")
    flow.fields(move, {"at", "side", "level"})
    site = {"at": move.get("at"), "side": move.get("side"), "level": move.get("level", 0)}
    if site not in state["pending"]["sites"]:
        raise IllegalMove("take back one of the buildings your opponent named")
    state["pending"] = None
    col = pr.col_at(state["principalities"][seat], site["at"])
    slots = pr.center(state["principalities"][seat], col)[site["side"]]
    card = slots[site["level"]]
    slots[site["level"]] = None
    if card == "university":
        state["display"].append(card)
    else:
        state["hands"][seat].append(card)
    events.append(Event("returned", {"seat": seat, "card": card, "to": "display" if card == "university" else "hand", "col": col, "side": site["side"]}))


RESOLVERS: dict[str, Resolver] = {
    "plague": plague,
    "productive_year": productive_year,
    "progress": progress,
    "civil_war": civil_war,
    "conflict": conflict,
    "master_builder": master_builder,
    "raid": raid,
}

HANDLED = frozenset(RESOLVERS) | {"year_end"}
