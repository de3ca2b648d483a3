"""Laying down a combination (FS-14, FS-18..FS-22): a claim at the start of a turn, after being
freed by the key throw, or after turning home. A claim is the only way to score and the only
rule that sends the claimant to the dungeon, so it ends the game, the turn or the step here."""

from __future__ import annotations

from typing import Any

from engines.core import Event, Move, State
from engines.feuersalamander import cards
from engines.feuersalamander.hands import lose, reveal
from engines.feuersalamander.scoring import ended_by_claim
from engines.feuersalamander.turn import after_step, end_turn, next_exchange


def claim(state: State, seat: int, move: Move, context: str, events: list[Event]) -> None:
    """`move` is legal.check's fresh copy. `context` ("start", "freed" or "home") says where in
    the turn the claim was made, which decides what a successful one leads to. The claim stays
    in the log only (its events), never in the state (engines.feuersalamander.record)."""
    own, named = move["own"], move["named"]
    held = [item["card"] in state["hands"][item["seat"]] for item in named]
    ok = all(held)
    events.append(Event("claim", {"seat": seat, "own": own, "named": named}))
    if not ok:
        claim_failed(state, seat, own, named, held, events)
        return
    for c in own:
        lose(state, seat, c)
    for item in named:
        lose(state, item["seat"], item["card"])
    combo = cards.sorted_cards(own + [i["card"] for i in named])
    worth = cards.combo_value(combo)
    state["laid"][seat].append({"cards": combo, "value": worth})
    state["scores"][seat] += worth
    events.append(Event("laid", {"seat": seat, "cards": combo, "value": worth, "score": state["scores"][seat]}))
    if len(own) == 2 and state["stones"][seat] is not None:  # FS-14
        state["stones"][seat] = None
        events.append(Event("stone_home", {"seat": seat}))
    if ended_by_claim(state, seat, events):
        return
    if context == "freed":
        state["pending"] = {"kind": "throw", "seat": seat, "may_claim": False, "again": False, "freed": False}
    elif context == "home":
        after_step(state, events)
    else:
        end_turn(state, events)


def claim_failed(
    state: State, seat: int, own: list[str], named: list[dict[str, Any]], held: list[bool], events: list[Event]
) -> None:
    """FS-21: to the dungeon; own and held named cards become public; holders may exchange."""
    state["figures"][seat] = "dungeon"
    state["pair"] = False
    for c in own:
        reveal(state, seat, c)
    queue = []
    for item, h in zip(named, held, strict=True):
        if h:
            reveal(state, item["seat"], item["card"])
            queue.append({"seat": item["seat"], "card": item["card"]})
    n = state["seats"]
    queue.sort(key=lambda e: ((e["seat"] - seat) % n, cards.sort_key(e["card"])))
    events.append(
        Event("claim_failed", {"seat": seat, "own": own, "held": [{**i, "held": h} for i, h in zip(named, held, strict=True)]})
    )
    state["exchanges"] = queue
    next_exchange(state, events)
