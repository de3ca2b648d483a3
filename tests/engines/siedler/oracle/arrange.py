"""ORACLE: frozen copy of engines/siedler/arrange.py before the speed work (see oracle/rules.py).

Arranging the six start regions at setup (SI-6).

The card file fixes a default arrangement (HOUSE); before the starting hands each
player, the start player first, may swap two of his start regions as often as he
likes ({"type": "arrange", "a": id, "b": id}) and then keeps the result
({"type": "keep"}). Principalities are public, so the arrangement is too.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.core import Event, IllegalMove, Move, Rng, State
from tests.engines.siedler.oracle import cards, flow
from tests.engines.siedler.oracle import principality as pr
from tests.engines.siedler.oracle.flow import decision, step


def _start_ids(seat: int) -> list[str]:
    return sorted(c["id"] for c in cards.start_regions(seat))


@step("arrange")
def _arrange_step(state: State, s: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    flow.ask(state, "arrange", s["seat"])


def _legal_arrange(state: State, seat: int) -> list[Move]:
    return [{"type": "keep"}] + [{"type": "arrange", "a": a, "b": b} for a, b in combinations(_start_ids(seat), 2)]


@decision("arrange", "arrange the start regions (arrange A B) or keep them", _legal_arrange)
def _on_arrange(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] == "keep":
        flow.fields(move, set())
        state["pending"] = None
        events.append(Event("arranged", {"seat": seat}))
        return
    if move["type"] != "arrange":
        raise IllegalMove("swap two of your start regions (arrange A B) or keep them (keep)")
    flow.fields(move, {"a", "b"})
    a, b = move.get("a"), move.get("b")
    ids = _start_ids(seat)
    if a not in ids or b not in ids or a == b:
        raise IllegalMove(f"name two different start regions of yours: {', '.join(ids)}")
    state["pending"] = None
    where = {r["card"]: r for *_, r in pr.regions(state["principalities"][seat])}
    where[a]["card"], where[b]["card"] = b, a
    events.append(Event("swapped_regions", {"seat": seat, "a": a, "b": b}))
    flow.push(state, {"step": "arrange", "seat": seat})
