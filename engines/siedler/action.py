"""The action phase (SI-11): build, trade, play action cards, remove own expansions, in
any order, until the player ends it ({"type": "end"}); then the hand step (SI-12)."""

from __future__ import annotations

from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from engines.siedler import build, flow, plays, regions, trade
from engines.siedler.flow import decision, step


@step("action")
def _action_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "action", state["turn"])


def _legal_action(state: State, seat: int) -> list[Move]:
    g, have = regions.scan(state["principalities"][seat])  # once for every kind: listing is done per move
    discounts = build.Discounts(state, seat)  # asked on first use, then kept
    return [
        *build.axis_moves(state, seat, have, g, discounts),
        *build.expansion_moves(state, seat, have, g, discounts),
        *trade.bank_moves(state, seat, have, g),
        *plays.action_moves(state, seat),
        *trade.offer_moves(state, seat, have),
        *build.remove_moves(state, seat),
        {"type": "end"},
    ]


@decision("action", "act (build, trade, play, remove) or end the action phase", _legal_action)
def _on_action(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    t = move["type"]
    if t == "offer":
        trade.offer(state, seat, move, events)
        return
    if t == "play":
        plays.play(state, seat, move, rng, events)
        return
    if t == "end":
        flow.fields(move, set())
        state["pending"] = None
        events.append(Event("action_end", {"seat": seat}))
        flow.push(state, {"step": "hand", "may_exchange": None})
        return
    handlers = {
        "build": lambda: build.build_axis(state, seat, move, rng, events),
        "expand": lambda: build.build_expansion(state, seat, move, rng, events),
        "remove": lambda: build.remove(state, seat, move, events),
        "trade": lambda: trade.bank_trade(state, seat, move, events),
    }
    if t not in handlers:
        raise IllegalMove("in the action phase: build, expand, trade, offer, play, remove or end")
    state["pending"] = None
    flow.push(state, {"step": "action"})
    handlers[t]()
