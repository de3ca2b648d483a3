"""The end of the game and its ranking (FS-24): a claim reaching the target, cards left in play
that can no longer form a combination, or one seat left in. Every way a game ends writes its
result here, so the ranks read the same whichever rule ended it."""

from __future__ import annotations

from typing import Any

from engines.core import Event, State
from engines.feuersalamander import cards
from engines.feuersalamander.seats import name, out_seats


def game_result(state: State, winner: int | None, reason: str) -> dict[str, Any]:
    """FS-24: ranks by totals, equal totals sharing a rank (1, 2, 2, 4). Seats that left the
    game (the rulebook has no rule for leaving) rank below every seat still in, the one that
    left first lowest, so leaving never beats playing on."""
    scores = list(state["scores"])
    gone = out_seats(state)
    playing = [s for s in range(len(scores)) if s not in gone]
    ranks = [0] * len(scores)
    for s in playing:
        ranks[s] = 1 + sum(1 for o in playing if scores[o] > scores[s])
    for i, s in enumerate(gone):
        ranks[s] = len(scores) - i
    return {"winner": winner, "scores": scores, "ranks": ranks, "reason": reason}


def exhausted(state: State) -> bool:
    """Cards leave play only in laid combinations: once the cards still in play lack a wing, a
    row or a stone field, no claim can ever succeed again."""
    pool = state["deck"] + state["discard"] + [c for h in state["hands"] for c in h]
    return {cards.kind(c) for c in pool} != set(cards.KINDS)


def finish(state: State, winner: int | None, reason: str, events: list[Event]) -> None:
    state["result"] = game_result(state, winner, reason)
    state["pending"] = None
    events.append(Event("game_over", dict(state["result"])))


def ended_by_claim(state: State, seat: int, events: list[Event]) -> bool:
    """After a successful claim: the game ends when it reaches the target, or when the cards
    left in play can form no combination any more (the highest total among the seats still in
    wins, nobody if that total is shared). True if it ended."""
    if state["scores"][seat] >= state["options"]["target"]:
        reason = f"{name(seat)} reached {state['scores'][seat]} of {state['options']['target']} points"
        finish(state, seat, reason, events)
        return True
    if exhausted(state):
        gone = out_seats(state)
        playing = [s for s in range(state["seats"]) if s not in gone]
        best = max(state["scores"][s] for s in playing)
        leaders = [s for s in playing if state["scores"][s] == best]
        finish(
            state,
            leaders[0] if len(leaders) == 1 else None,
            "no complete combination can be formed from the cards left in play",
            events,
        )
        return True
    return False
