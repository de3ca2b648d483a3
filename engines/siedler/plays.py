"""Action cards (SI-23, SI-24, SI-41, SI-42) and the Palace (ST-11).

    {"type": "play", "card": "alchemist", "number": n}                  before the roll
    {"type": "play", "card": "caravan", "give": [r, ...], "get": [r, ...]}   1 or 2 each
    {"type": "play", "card": "merchant", "take": [r, ...], "give": r}
    {"type": "play", "card": "scout", "end": "left" | "right"}          builds a settlement
    {"type": "play", "card": "spy"} | "arsonist" | "black-knight" | "brigands"

A duel (Arsonist, Black Knight, Brigands): the card is discarded, the defender is
always asked whether to counter (Bishop against Arsonist and Brigands, Herb Woman
against Black Knight), even when he holds none, so the question leaks nothing
(SI-24). The attacker then rolls the production die: success on 1-5 (1-2 when
countered), otherwise the duel backfires. The winner chooses what the loser gives up.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from engines.siedler import build, cards, effects, first_day, flow, regions, scoring
from engines.siedler import principality as pr
from engines.siedler.flow import decision, step

# effect id of each action card handled here
HANDLED = frozenset({"alchemist", "arsonist", "counter", "black_knight", "brigands", "caravan", "merchant", "scout", "spy"})
COUNTERS = {"arsonist": "bishop", "brigands": "bishop", "black-knight": "herb-woman"}
BASIC_THRESHOLD = 7  # SI-23: both players together
VARIANT_THRESHOLD = 3  # SI-41: each player


def _action_cards(state: State, seat: int) -> list[str]:
    return sorted({c for c in state["hands"][seat] if cards.kind(c) == "action"})


def threshold_met(state: State) -> bool:
    """SI-23 / SI-41, checked at every play; the Scout is exempt."""
    points = [scoring.vp(state, s) for s in (0, 1)]
    if state["options"]["variant"] == "basic":
        return sum(points) >= BASIC_THRESHOLD
    return min(points) >= VARIANT_THRESHOLD


def _discard_played(state: State, seat: int, card: str, events: list[Event]) -> None:
    state["hands"][seat].remove(card)
    state["discard"].append(card)
    events.append(Event("played", {"seat": seat, "card": card}))


def _require(state: State, seat: int, card: str) -> None:
    if card not in state["hands"][seat]:
        raise IllegalMove(f"you hold no {cards.name(card) if cards.is_card(card) else repr(card)}")
    if card != "scout" and not threshold_met(state):
        if state["options"]["variant"] == "basic":
            raise IllegalMove("action cards (the Scout aside) need 7 VP between both players (SI-23)")
        raise IllegalMove("action cards (the Scout aside) need at least 3 VP for each player (SI-41)")


# ---------------------------------------------------------------- what each card needs to have an effect


def _buildings(state: State, seat: int) -> list[dict[str, Any]]:
    """Buildings an Arsonist may choose: not units, not in a city with a Fire Station (ST-8)."""
    sheltered = set(effects.ask(state, seat, "arson_shelter"))
    return pr.sites(state["principalities"][seat], lambda c, col: cards.kind(c) == "building" and col not in sheltered)


def _knights(state: State, seat: int) -> list[dict[str, Any]]:
    return pr.sites(state["principalities"][seat], lambda c, col: cards.is_knight(c))


def _targets(state: State, card: str, seat: int) -> list[dict[str, Any]]:
    return _buildings(state, seat) if card == "arsonist" else _knights(state, seat)


def _can_happen(state: State, seat: int, card: str) -> bool:
    opp = 1 - seat
    if card in ("arsonist", "black-knight"):
        return bool(_targets(state, card, opp))
    if card == "brigands":
        return pr.total(state["principalities"][opp]) > 0
    if card == "spy":
        return bool(state["hands"][opp]) and not any(effects.ask(state, opp, "spy_immune"))
    if card == "merchant":
        return pr.total(state["principalities"][opp]) > 0
    if card == "caravan":
        return pr.total(state["principalities"][seat]) > 0
    return False


def action_moves(state: State, seat: int) -> list[Move]:
    """Action-phase plays the seat can make now (one representative set per card)."""
    out: list[Move] = []
    p = state["principalities"][seat]
    met: bool | None = None  # threshold_met, asked once: it counts both seats' VP
    for card in _action_cards(state, seat):
        if card == "scout":
            if pr.can_pay(p, cards.cost("settlement")):
                ends = [e for e in build.ENDS if build.can_extend(state, seat, "settlement", e) and state["region_pile"]]
                if ends:  # the settlement's price from the regions the player names (SI-4)
                    extra = regions.extras(regions.payment_choices(p, cards.cost("settlement")))
                    for e in ends:
                        out += regions.with_choices({"type": "play", "card": "scout", "end": e}, extra)
            continue
        if met is None:
            met = threshold_met(state)
        if not met or not _can_happen(state, seat, card):
            continue
        if card in ("arsonist", "black-knight", "brigands", "spy"):
            out.append({"type": "play", "card": card})
        elif card == "caravan":
            have = pr.resources(p)
            for give in _bundles(have):
                out += [
                    {"type": "play", "card": card, "give": give, "get": get}
                    for get in map(list, combinations_with_replacement(cards.RESOURCES, len(give)))
                    if get != give
                ]
        elif card == "merchant":
            mine = pr.resources(p)
            for take in _bundles(pr.resources(state["principalities"][1 - seat])):
                out += [
                    {"type": "play", "card": card, "take": take, "give": g}
                    for g in cards.RESOURCES
                    if mine[g] + take.count(g) > 0
                ]
    return out


def _bundles(have: dict[str, int]) -> list[list[str]]:
    """Every 1 or 2 resources (sorted lists) that `have` can pay: what a Caravan gives or a
    Merchant takes. The legal moves list them all (SI-23: "up to 2")."""
    return pr.affordable(have, 1) + pr.affordable(have, 2)


def before_roll_moves(state: State, seat: int) -> list[Move]:
    if "alchemist" in state["hands"][seat] and threshold_met(state):
        return [{"type": "play", "card": "alchemist", "number": n} for n in range(1, 7)]
    return []


def play_before_roll(state: State, seat: int, move: Move, events: list[Event]) -> int:
    """Alchemist (SI-10): played before the roll, it fixes the production die; the number it
    names is returned for the turn to roll with (the turn calls the action cards, not back)."""
    flow.fields(move, {"card", "number"})
    if move.get("card") != "alchemist":
        raise IllegalMove("before the roll only an Alchemist can be played")
    _require(state, seat, "alchemist")
    n = move.get("number")
    if type(n) is not int or not 1 <= n <= 6:
        raise IllegalMove("an Alchemist names the production number 1-6: play alchemist 4")
    state["pending"] = None
    _discard_played(state, seat, "alchemist", events)
    return n


# ---------------------------------------------------------------- playing in the action phase


def play(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    card = move.get("card")
    if not cards.is_card(card) or cards.kind(card) != "action":
        raise IllegalMove(f"{card!r} is no action card")
    if card == "alchemist":
        raise IllegalMove("an Alchemist is played before the roll")
    if card in ("bishop", "herb-woman"):
        raise IllegalMove(f"a {cards.name(card)} is played only against a duel")
    _require(state, seat, card)
    if card == "scout":
        _scout(state, seat, move, events)
        return
    if not _can_happen(state, seat, card):
        raise IllegalMove(f"a {cards.name(card)} would have no effect now (SI-23)")
    state["pending"] = None
    if card == "caravan":
        _caravan(state, seat, move, events)
    elif card == "merchant":
        _merchant(state, seat, move, events)
    elif card == "spy":
        flow.fields(move, {"card"})
        _discard_played(state, seat, card, events)
        flow.push(state, {"step": "spy", "seat": seat}, {"step": "action"})
        return
    else:
        flow.fields(move, {"card"})
        _discard_played(state, seat, card, events)
        flow.push(state, {"step": "counter", "attacker": seat, "card": card}, {"step": "action"})
        return
    _discard_played(state, seat, card, events)
    flow.push(state, {"step": "action"})


def _resource_list(x: Any, low: int, high: int, what: str) -> list[str]:
    if not isinstance(x, list) or not low <= len(x) <= high or not all(r in cards.RESOURCES for r in x):
        raise IllegalMove(f"{what}: {low} to {high} resources")
    return list(x)


def _caravan(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Caravan: swap up to 2 own resources with the supply."""
    flow.fields(move, {"card", "give", "get"})
    give = _resource_list(move.get("give"), 1, 2, "a Caravan gives")
    get = _resource_list(move.get("get"), len(give), len(give), "a Caravan gets as many as it gives")
    p = state["principalities"][seat]
    if not pr.can_pay(p, dict(Counter(give))):
        raise IllegalMove("you do not have what the Caravan gives")
    for r in give:
        pr.pay(p, r)
    for r in get:
        pr.gain(p, r)
    events.append(Event("caravan", {"seat": seat, "give": sorted(give), "get": sorted(get)}))


def _merchant(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Merchant: take up to 2 resources of choice from the opponent, give back 1 of choice."""
    flow.fields(move, {"card", "take", "give"})
    take = _resource_list(move.get("take"), 1, 2, "a Merchant takes")
    give = move.get("give")
    mine, theirs = state["principalities"][seat], state["principalities"][1 - seat]
    if not pr.can_pay(theirs, dict(Counter(take))):
        raise IllegalMove("your opponent does not have those resources")
    for r in take:
        pr.pay(theirs, r)
        pr.gain(mine, r)
    if give not in cards.RESOURCES or pr.resources(mine)[give] < 1:
        raise IllegalMove("a Merchant gives back 1 resource you have")
    pr.pay(mine, give)
    pr.gain(theirs, give)
    events.append(Event("merchant", {"seat": seat, "take": sorted(take), "give": give}))


def _scout(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Scout: build a settlement and choose its two regions from the region pile; then the
    pile is shuffled. The pile is shown to the scout's player alone."""
    flow.fields(move, {"card", "end", "from"})
    end = move.get("end")
    if end not in build.ENDS or not build.can_extend(state, seat, "settlement", end):
        raise IllegalMove("a Scout goes with a settlement at the open end of a road: play scout left|right")
    if not state["region_pile"]:
        raise IllegalMove("the region pile is empty: a Scout has nothing to choose")
    state["pending"] = None
    _discard_played(state, seat, "scout", events)
    flow.push(state, {"step": "action"})
    settle = {"type": "build", "what": "settlement", "end": end}
    if "from" in move:
        settle["from"] = move["from"]
    col = build.build_axis(state, seat, settle, None, events, draw=False)
    events.append(Event("region_pile_seen", {"cards": list(state["region_pile"])}, to=(seat,)))
    flow.ask(state, "scout", seat, col=col, secret=list(state["region_pile"]))


def _legal_scout(state: State, seat: int) -> list[Move]:
    pile = state["pending"]["secret"]  # the region pile as the scout was shown it (= the pile now)
    if len(pile) == 1:
        return [{"type": "regions", "above": pile[0], "below": None}, {"type": "regions", "above": None, "below": pile[0]}]
    return [{"type": "regions", "above": a, "below": b} for a in pile for b in pile if a != b]


@decision("scout", "choose the two regions for the new settlement", _legal_scout)
def _on_scout(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "regions":
        raise IllegalMove("choose the regions: regions ABOVE BELOW")
    flow.fields(move, {"above", "below"})
    if move not in _legal_scout(state, seat):
        raise IllegalMove("name two different regions of the pile (one above, one below)")
    col = state["pending"]["col"]
    state["pending"] = None
    chosen = [move["above"], move["below"]]
    slot = state["principalities"][seat]["regions"].setdefault(str(col), {})
    for side, card in zip(pr.SIDES, chosen, strict=True):
        if card is not None:
            state["region_pile"].remove(card)
            slot[side] = {"card": card, "stock": 0}
            events.append(Event("region", {"seat": seat, "card": card, "col": col, "side": side}))
    rng.shuffle(state["region_pile"])
    events.append(Event("region_pile_shuffled", {"size": len(state["region_pile"])}))


# ---------------------------------------------------------------- the Spy (SI-42, ST-4, ST-5)


@step("spy")
def _spy_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    seat = s["seat"]
    hand = sorted(state["hands"][1 - seat])
    events.append(Event("spied", {"seat": seat, "hand": hand}, to=(seat,)))
    look_only = any(effects.ask(state, 1 - seat, "spy_look_only"))  # Tower
    takeable = [c for c in hand if cards.kind(c) in ("action", "unit")]
    if look_only or (not takeable and first_day.on()):  # the Tower is public: no decision to make
        events.append(Event("spy_takes", {"seat": seat, "took": False}))
        return
    # SI-50: a decision even with nothing to take ("take nothing" alone), so a spectator
    # cannot tell from the flow of the game whether the hand holds an action card or unit
    # (version 1 took nothing at once, first_day.py)
    flow.ask(state, "spy", seat, secret=takeable)


def _legal_spy(state: State, seat: int) -> list[Move]:
    return [{"type": "take", "cards": [c]} for c in state["pending"]["secret"]] + [{"type": "take", "cards": []}]


@decision("spy", "take an action card or unit from the opponent's hand (or nothing)", _legal_spy)
def _on_spy(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] != "take":
        raise IllegalMove("take CARD from your opponent's hand, or take nothing")
    flow.fields(move, {"cards"})
    chosen = move.get("cards")
    if not isinstance(chosen, list) or len(chosen) > 1:
        raise IllegalMove("a Spy takes one card or none")
    if chosen and chosen[0] not in state["pending"]["secret"]:
        raise IllegalMove("a Spy takes only an action card or a unit from the opponent's hand (SI-42)")
    state["pending"] = None
    if chosen:
        state["hands"][1 - seat].remove(chosen[0])
        state["hands"][seat].append(chosen[0])
    events.append(Event("spy_takes", {"seat": seat, "took": bool(chosen)}))
    if chosen:  # the victim knows his card; a spectator does not (SI-50)
        events.append(Event("spy_took", {"seat": seat, "card": chosen[0]}, to=(0, 1)))


# ---------------------------------------------------------------- duels (SI-24)


@step("counter")
def _counter_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "counter", 1 - s["attacker"], attacker=s["attacker"], card=s["card"])


def _legal_counter(state: State, seat: int) -> list[Move]:
    counter = COUNTERS[state["pending"]["card"]]
    out: list[Move] = [{"type": "nocounter"}]
    if counter in state["hands"][seat]:
        out.insert(0, {"type": "counter", "card": counter})
    return out


@decision("counter", "answer the duel: counter or not", _legal_counter)
def _on_counter(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    pend = state["pending"]
    counter = COUNTERS[pend["card"]]
    if move["type"] == "counter":
        flow.fields(move, {"card"})
        if move.get("card") != counter:
            raise IllegalMove(f"against a {cards.name(pend['card'])} only a {cards.name(counter)} counters")
        if counter not in state["hands"][seat]:
            raise IllegalMove(f"you hold no {cards.name(counter)}")
        _discard_played(state, seat, counter, events)
        countered = True
    elif move["type"] == "nocounter":
        flow.fields(move, set())
        events.append(Event("no_counter", {"seat": seat}))
        countered = False
    else:
        raise IllegalMove(f"counter with a {cards.name(counter)}, or nocounter")
    state["pending"] = None
    attacker = pend["attacker"]
    die = 1 + rng.randbelow(6)
    success = die <= (2 if countered else 5)
    events.append(Event("duel", {"attacker": attacker, "card": pend["card"], "countered": countered, "die": die, "success": success}))
    winner, loser = (attacker, seat) if success else (seat, attacker)
    if pend["card"] == "brigands":
        for _ in range(2):
            flow.push(state, {"step": "choose", "seat": winner, "why": "brigands", "from": loser})
        return
    flow.push(
        state,
        {"step": "duel_choice", "card": pend["card"], "winner": winner, "loser": loser},
        {"step": "excess", "seat": loser},  # SI-13: a hand grown out of turn is cut at once
    )
    if loser == state["turn"]:
        state["queue"].pop(1)  # the player on turn settles his hand in the hand step


@step("duel_choice")
def _duel_choice_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    targets = _targets(state, s["card"], s["loser"])
    if not targets:
        events.append(Event("duel_nothing", {"seat": s["loser"], "card": s["card"]}))
        return
    flow.ask(state, "duel_choice", s["winner"], card=s["card"], loser=s["loser"])


def _legal_duel_choice(state: State, seat: int) -> list[Move]:
    pend = state["pending"]
    return [pr.site_move(t) for t in _targets(state, pend["card"], pend["loser"])]


@decision("duel_choice", "choose the card the loser of the duel takes back", _legal_duel_choice)
def _on_duel_choice(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    """SI-24: the loser takes the chosen card back to hand; a University goes back to the
    display instead (SI-45)."""
    pend = state["pending"]
    if move["type"] != "target":
        raise IllegalMove("choose the card: target N above|below [2]")
    flow.fields(move, {"at", "side", "level"})
    wanted = {"at": move.get("at"), "side": move.get("side"), "level": move.get("level", 0)}
    hits = [t for t in _targets(state, pend["card"], pend["loser"]) if {k: t[k] for k in wanted} == wanted]
    if not hits:
        raise IllegalMove("that site holds no card this duel can take")
    t = hits[0]
    state["pending"] = None
    loser = pend["loser"]
    pr.set_site(state["principalities"][loser], t["col"], t["side"], t["level"], None)
    to = "hand"
    if t["card"] == "university":
        state["display"].append(t["card"])
        to = "display"
    else:
        state["hands"][loser].append(t["card"])
    events.append(Event("returned", {"seat": loser, "card": t["card"], "to": to, "col": t["col"], "side": t["side"]}))


# ---------------------------------------------------------------- the Palace (ST-11)


def palace_moves(state: State, seat: int) -> list[Move]:
    """On a Year of plenty roll a Palace owner may take a discarded card back instead (ST-11, SI-40)."""
    if not any(effects.ask(state, seat, "reclaims_discard")):
        return []
    return [{"type": "reclaim", "card": c} for c in sorted(set(state["discard"]))]


def palace_reclaim(state: State, seat: int, move: Move, events: list[Event]) -> None:
    flow.fields(move, {"card"})
    if move not in palace_moves(state, seat):
        raise IllegalMove("only a Palace owner takes back a card, and only one from the discard pile")
    state["pending"] = None
    state["discard"].remove(move["card"])
    state["hands"][seat].append(move["card"])
    events.append(Event("reclaimed", {"seat": seat, "card": move["card"]}))
    if seat != state["turn"]:
        flow.push(state, {"step": "excess", "seat": seat})
