"""The turn (SI-10, SI-15..SI-17, SI-20): the roll, the event die, production, the end.

The event die has six faces: brigand attack, trade advantage, knight tournament,
year of plenty and two event-card faces. The event die resolves before production.

The turn sits above the cards it offers (plays.py: the Alchemist before the roll, the Palace
on a Year of plenty; event_cards.py: the event face): it calls them, they never call it back,
so a played Alchemist hands its number back for `roll` instead of rolling itself.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from engines.siedler import cards, effects, event_cards, first_day, flow, plays, regions, scoring
from engines.siedler import principality as pr
from engines.siedler.flow import decision, step

FACES = ("brigand", "trade", "tournament", "plenty", "event", "event")
BRIGAND_LIMIT = 7


@step("begin_turn")
def _begin_turn(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    seat = s["seat"]
    state["turn"] = seat
    state["turn_no"] += 1
    state["dice"] = None
    events.append(Event("turn", {"seat": seat, "turn": state["turn_no"]}))
    flow.push(state, {"step": "roll", "seat": seat})


@step("roll")
def _roll_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "roll", s["seat"])


def _legal_roll(state: State, seat: int) -> list[Move]:
    return [{"type": "roll"}, *plays.before_roll_moves(state, seat)]


@decision("roll", "roll the dice", _legal_roll)
def _on_roll(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] == "play":
        roll(state, seat, plays.play_before_roll(state, seat, move, events), rng, events)
        return
    if move["type"] != "roll":
        raise IllegalMove("roll the dice first (roll)")
    flow.fields(move, set())
    state["pending"] = None
    roll(state, seat, None, rng, events)


def roll(state: State, seat: int, production: int | None, rng: Rng, events: list[Event]) -> None:
    """SI-10: both dice (an Alchemist fixes the production die); then the event die, production,
    the action phase."""
    number = 1 + rng.randbelow(6) if production is None else production
    face = FACES[rng.randbelow(6)]
    state["dice"] = {"production": number, "event": face}
    events.append(Event("rolled", {"seat": seat, "production": number, "event": face, "alchemist": production is not None}))
    flow.push(
        state,
        {"step": f"face_{face}"},
        {"step": "production", "number": number},
        {"step": "action"},
    )


# ---------------------------------------------------------------- production (SI-10)


@step("production")
def _production(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    number = s["number"]
    for seat in (state["turn"], 1 - state["turn"]):
        p = state["principalities"][seat]
        doubles = effects.ask(state, seat, "doubles")
        gains = []
        for col, side, r in pr.regions(p):
            data = cards.card(r["card"])
            if data["number"] != number:
                continue
            n = 1 + sum(
                1 for d in doubles if d["resource"] == data["resource"] and d["side"] == side and abs(d["col"] - col) == 1
            )
            got = min(n, pr.CAP - r["stock"])
            r["stock"] += got
            gains.append({"region": r["card"], "gained": got})
        gold = sum(effects.ask(state, seat, "gold_income")) if seat == state["turn"] else 0
        if gold:  # ST-6 Customs Office: after its owner's production
            gains.append({"resource": "gold", "gained": pr.gain(p, "gold", gold)})
        events.append(Event("produced", {"seat": seat, "number": number, "gains": gains}))


# ---------------------------------------------------------------- the event die (SI-15..SI-17)


@step("face_brigand")
def _brigand(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    """SI-15: more than 7 counted resources loses all gold and wool (or ore and wool).
    Regions beside own Garrisons are not counted, but the ruling protects them from the
    count only: a player over the limit loses all his gold and wool, theirs too. Not in
    the first rounds. (Version 1 spared them from the loss too: first_day.py.)"""
    if state["turn_no"] <= 2 * state["options"]["brigand_grace_turns"]:
        events.append(Event("brigand", {"grace": True}))
        return
    lose = state["options"]["brigand_loses"].split("+")
    for seat in (state["turn"], 1 - state["turn"]):
        p = state["principalities"][seat]
        guarded = {tuple(x) for g in effects.ask(state, seat, "guarded") for x in g}
        counted = sum(pr.resources(p, guarded).values())
        lost = dict.fromkeys(lose, 0)
        if counted > BRIGAND_LIMIT:
            spared = guarded if first_day.on() else set()
            for col, side, r in pr.regions(p):
                res = cards.card(r["card"])["resource"]
                if res in lose and (col, side) not in spared:
                    lost[res] += r["stock"]
                    r["stock"] = 0
        events.append(Event("brigand", {"seat": seat, "counted": counted, "lost": lost}))


@step("face_trade")
def _trade_advantage(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    """SI-16: the windmill holder takes 1 resource of choice from the opponent."""
    holder = state["tokens"]["windmill"]
    if holder is None:
        events.append(Event("trade_advantage", {"seat": None}))
        return
    if any(effects.ask(state, 1 - holder, "blocks_trade_advantage")):  # ST-12 Privateer Fleet
        events.append(Event("trade_advantage", {"seat": holder, "blocked": True}))
        return
    flow.push(state, {"step": "choose", "seat": holder, "why": "trade", "from": 1 - holder})


@step("face_tournament")
def _tournament(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    """SI-16: strictly more tournament points takes 1 resource of choice."""
    t = [scoring.tournament(state, seat) for seat in (0, 1)]
    if t[0] == t[1]:
        events.append(Event("knight_tournament", {"seat": None, "points": t}))
        return
    winner = 0 if t[0] > t[1] else 1
    events.append(Event("knight_tournament", {"seat": winner, "points": t}))
    flow.push(state, {"step": "choose", "seat": winner, "why": "tournament", "from": None})


@step("face_plenty")
def _plenty(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    """SI-16: each player takes 1 resource of choice, the active player first."""
    flow.push(
        state,
        {"step": "choose", "seat": state["turn"], "why": "plenty", "from": None},
        {"step": "choose", "seat": 1 - state["turn"], "why": "plenty", "from": None},
    )


@step("face_event")
def _event_face(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    event_cards.reveal(state, rng, events)


# ---------------------------------------------------------------- "takes 1 resource of choice" (SI-17)


def _choices(state: State, seat: int, source: int | None) -> list[str]:
    if source is None:
        return list(cards.RESOURCES)
    have = pr.resources(state["principalities"][source])
    return [r for r in cards.RESOURCES if have[r] > 0]


@step("choose")
def _choose_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    extra = []
    if s["why"] == "plenty":
        extra = plays.palace_moves(state, s["seat"])
    if not _choices(state, s["seat"], s["from"]) and not extra:
        events.append(Event("nothing_to_take", {"seat": s["seat"], "why": s["why"]}))
        return
    flow.ask(state, "choose", s["seat"], why=s["why"], source=s["from"])


def _legal_choose(state: State, seat: int) -> list[Move]:
    pend = state["pending"]
    p = state["principalities"][seat]
    g = regions.groups(p)
    out: list[Move] = []
    for r in _choices(state, seat, pend["source"]):
        out += regions.with_choices({"type": "choose", "resource": r}, regions.extras(regions.NONE, regions.gain_choices(p, {r: 1}, g)))
    if pend["why"] == "plenty":
        out += plays.palace_moves(state, seat)
    return out


@decision("choose", "choose a resource", _legal_choose)
def _on_choose(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    pend = state["pending"]
    if move["type"] == "reclaim" and pend["why"] == "plenty":
        plays.palace_reclaim(state, seat, move, events)
        return
    if move["type"] != "choose":
        raise IllegalMove("choose a resource: choose ore (lumber, wool, grain, brick, ore, gold)")
    flow.fields(move, {"resource", "to"})
    res = move.get("resource")
    if res not in _choices(state, seat, pend["source"]):
        raise IllegalMove(f"choose one of: {', '.join(_choices(state, seat, pend['source']))}")
    state["pending"] = None
    if pend["source"] is not None:
        pr.pay(state["principalities"][pend["source"]], res)
    stored = regions.gain(state["principalities"][seat], {res: 1}, regions.named(move, "to"), "the resource of choice")
    said = {"seat": seat, "resource": res, "from": pend["source"], "why": pend["why"], "stored": stored}
    if "to" in move:
        said["stored_on"] = list(move["to"])  # the region the player named (SI-17), for the log
    events.append(Event("takes", said))


# ---------------------------------------------------------------- the end of a turn


@step("end_turn")
def _end_turn(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    events.append(Event("turn_end", {"seat": state["turn"]}))
    flow.push(state, {"step": "begin_turn", "seat": 1 - state["turn"]})


def winner_check(state: State, events: list[Event], points: list[int] | None = None) -> None:
    """SI-20: the active player wins when he has the target during his own turn (checked after
    every move, and so at the start of his turn too). `points`: both seats' VP if counted."""
    seat = state["turn"]
    if seat is None or state["result"] is not None:
        return
    if points is None:
        points = [scoring.vp(state, s) for s in (0, 1)]
    if points[seat] >= state["options"]["target"]:
        state["result"] = {
            "winner": seat,
            "scores": points,
            "ranks": [1 if s == seat else 2 for s in (0, 1)],
            "reason": f"{points[seat]} victory points on his own turn",
        }
        state["pending"] = None
        state["queue"] = []
        events.append(Event("game_over", dict(state["result"])))
