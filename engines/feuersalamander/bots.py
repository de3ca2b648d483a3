"""Bots for Feuersalamander. They see a seat's view and the legal moves only.

"random" picks a kind of move uniformly, then one move of that kind (so the
thousands of listed claims do not drown the throw). "simple" keeps what the
view tells it: YES answers it received (still fresh when the asked player
lost no card since; from the record the client folds from the log, when
the view carries one) and cards revealed by failed claims; it asks questions
its opponents' stones suggest, heads home and claims when it knows a whole
combination.
"""

from __future__ import annotations

import random
from typing import Any

from engines.feuersalamander import cards, circuit, sticks
from engines.feuersalamander.record import remembered

Move = dict[str, Any]


def random_bot(view: dict[str, Any], legal: list[Move], rnd: random.Random) -> Move:
    by_type: dict[str, list[Move]] = {}
    for m in legal:
        by_type.setdefault(m["type"], []).append(m)
    kind = rnd.choice(sorted(by_type))
    return rnd.choice(by_type[kind])


def known_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Cards the viewer knows another player holds right now: [{"seat", "card"}]."""
    me = view["seat"]
    known: list[dict[str, Any]] = []
    for s, revealed in enumerate(view["revealed"]):
        if s != me:
            known += [{"seat": s, "card": c} for c in revealed]
    for q in remembered(view, "questions"):
        fresh = q["losses"] == view["losses"][q["to"]]
        if q["by"] == me and q["answer"] is True and fresh:
            item = {"seat": q["to"], "card": q["coord"]}
            if item not in known:
                known.append(item)
    return known


def best_claim(view: dict[str, Any]) -> Move | None:
    """The most valuable combination made of own cards and cards known to be held, if any."""
    hand = view["hand"] or []
    known = known_cards(view)
    best: tuple[int, Move] | None = None
    choices: dict[str, list[tuple[str, int | None]]] = {k: [] for k in cards.KINDS}
    for c in hand:
        choices[cards.kind(c)].append((c, None))
    for item in known:
        choices[cards.kind(item["card"])].append((item["card"], item["seat"]))
    for w in choices["wing"]:
        for r in choices["row"]:
            for st in choices["stone"]:
                picks = [w, r, st]
                worth = cards.combo_value([p[0] for p in picks])
                move = {
                    "type": "claim",
                    "own": cards.sorted_cards([c for c, s in picks if s is None]),
                    "named": [{"seat": s, "card": c} for c, s in picks if s is not None],
                }
                if not move["named"]:
                    continue
                if best is None or worth > best[0]:
                    best = (worth, move)
    return None if best is None else best[1]


def _question(view: dict[str, Any], legal: list[Move], rnd: random.Random) -> Move:
    target = view["pending"]["target"]
    have = {cards.kind(c) for c in view["hand"] or []}
    answered = {
        q["coord"]
        for q in remembered(view, "questions")
        if q["by"] == view["seat"] and q["to"] == target and q["losses"] == view["losses"][target]
    }
    stone = view["stones"][target]
    hints = []
    if stone is not None:
        hints = [stone["wing"], f"row{stone['row']}", cards.STONES[stone["field"] - 1]]
    hints += view["revealed"][target]
    wanted = [c for c in hints if cards.kind(c) not in have and c not in answered]
    if not wanted:
        wanted = [c for c in cards.ALL_CARDS if cards.kind(c) not in have and c not in answered]
    if not wanted:
        return {"type": "noquestion"}
    return {"type": "ask", "seat": target, "coord": rnd.choice(wanted)}


def _move(view: dict[str, Any], rnd: random.Random) -> Move:
    me, n = view["seat"], view["seats"]
    place = view["figures"][me]
    want_home = best_claim(view) is not None
    scored = []
    for how in ("sum", "diff"):
        k = sticks.steps(view["last_throw"], how)
        score = rnd.random()
        if want_home and circuit.home_turn_step(place, me, k, n) is not None:
            score += 10
        dest = circuit.destination(place, me, k, n)
        if not want_home and circuit.visited_block(dest, me) is not None:
            score += 5
        scored.append((score, how))
    return {"type": "move", "how": max(scored)[1]}


def _discard(view: dict[str, Any], legal: list[Move], claim: Move | None, rnd: random.Random) -> Move:
    """Keep what a known combination needs; drop a kind others are known to hold; else chance.

    Two cards of one kind: the lower one goes. Three kinds: a random one, so
    that two simple bots do not all throw away the same kind forever.
    """
    keep = set(claim["own"]) if claim else set()
    options = [m for m in legal if m["card"] not in keep] or legal
    covered = {cards.kind(i["card"]) for i in known_cards(view)}
    preferred = [m for m in options if cards.kind(m["card"]) in covered]
    if preferred:
        options = preferred
    kinds = {cards.kind(m["card"]) for m in options}
    if len(kinds) == 1:
        return min(options, key=lambda m: cards.sort_key(m["card"]))
    return rnd.choice(options)


def simple_bot(view: dict[str, Any], legal: list[Move], rnd: random.Random) -> Move:
    pending = view["pending"]
    kind = pending["kind"]
    claim = best_claim(view) if kind in ("throw", "claim", "home", "deal", "discard") else None
    if kind in ("deal", "discard"):
        return _discard(view, legal, claim, rnd)
    if kind == "throw":
        if claim is not None and claim in legal:
            return claim
        return {"type": "throw"}
    if kind == "claim":
        return claim if claim is not None and claim in legal else {"type": "noclaim"}
    if kind == "home":
        return {"type": "home"} if claim is not None else {"type": "on"}
    if kind == "move":
        return _move(view, rnd)
    if kind == "question":
        return _question(view, legal, rnd)
    if kind == "exchange":
        return {"type": "exchange"}
    return rnd.choice(legal)
