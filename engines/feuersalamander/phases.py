"""The phases of a turn, one handler per pending decision (FS-5..FS-23): the throw, the
double-rule discard, placing the stone, moving by the sum or the difference, turning home, the
question, the key throw of a prisoner, and the exchanges after a failed claim.

`HANDLERS` maps each pending kind to its handler; apply has checked the move (legal.check)
before one is called, so a handler only carries it out, on a state it may change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Event, Move, Rng, State
from engines.feuersalamander import cards, circuit, sticks
from engines.feuersalamander.claims import claim
from engines.feuersalamander.deal import next_deal_discard
from engines.feuersalamander.hands import discard, draw
from engines.feuersalamander.turn import after_step, end_turn, next_exchange

Handler = Callable[[State, int, Move, Rng, list[Event]], None]


def on_deal(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    discard(state, seat, move["card"], "deal", events)
    next_deal_discard(state, seat + 1, events)


def on_discard(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    discard(state, seat, move["card"], "double", events)
    if state["pending"]["then"] == "exchange":
        next_exchange(state, events)
    else:
        state["pending"] = {"kind": "move", "seat": seat}


def on_throw(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] == "claim":
        context = "freed" if state["pending"]["freed"] else "start"
        claim(state, seat, move, context, events)
        return
    t = sticks.throw(rng)
    state["last_throw"] = {"seat": seat, **t}
    state["pair"] = sticks.is_pair(t)
    events.append(Event("threw", {"seat": seat, **t}))
    hand = state["hands"][seat]
    if t["symbol"] == "salamander":
        draw(state, seat, rng, events)
        if not cards.hand_ok(state["hands"][seat]):
            state["pending"] = {"kind": "discard", "seat": seat, "then": "move"}
            return
    elif hand:
        state["pending"] = {"kind": "stone", "seat": seat}
        return
    else:
        events.append(Event("stone_stays", {"seat": seat}))  # FS-13: no card, no placing
    state["pending"] = {"kind": "move", "seat": seat}


def on_stone(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    ch = {k: move[k] for k in ("wing", "row", "field")}
    state["stones"][seat] = ch
    events.append(Event("stone", {"seat": seat, "chamber": ch}))
    state["pending"] = {"kind": "move", "seat": seat}


def on_move(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    how = move["how"]
    n = sticks.steps(state["last_throw"], how)
    place = state["figures"][seat]
    events.append(Event("steps", {"seat": seat, "how": how, "steps": n}))
    at = circuit.home_turn_step(place, seat, n, state["seats"])
    if at is not None:
        state["pending"] = {"kind": "home", "seat": seat, "steps": n, "at": at}
        return
    finish_move(state, seat, circuit.destination(place, seat, n, state["seats"]), events)


def on_home(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] == "home":
        state["figures"][seat] = "home"
        events.append(Event("moved", {"seat": seat, "to": "home"}))
        state["pending"] = {"kind": "claim", "seat": seat}
        return
    n = state["pending"]["steps"]
    finish_move(state, seat, circuit.destination(state["figures"][seat], seat, n, state["seats"]), events)


def finish_move(state: State, seat: int, dest: Any, events: list[Event]) -> None:
    """The figure lands: it captures whoever stands there (FS-7), and a visited block owes a
    question to its owner."""
    state["figures"][seat] = dest
    events.append(Event("moved", {"seat": seat, "to": dest}))
    if isinstance(dest, int):
        for other, place in enumerate(state["figures"]):
            if other != seat and place == dest:  # FS-7
                state["figures"][other] = "dungeon"
                events.append(Event("captured", {"seat": other, "by": seat, "space": dest}))
    owner = circuit.visited_block(dest, seat)
    if owner is not None:
        state["pending"] = {"kind": "question", "seat": seat, "target": owner}
    else:
        after_step(state, events)


def on_claim(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] == "noclaim":
        events.append(Event("no_claim", {"seat": seat}))
        after_step(state, events)
        return
    claim(state, seat, move, "home", events)


def on_question(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    target = state["pending"]["target"]
    if move["type"] == "noquestion":
        events.append(Event("no_question", {"seat": seat}))
        after_step(state, events)
        return
    coord = move["coord"]
    answer = coord in state["hands"][target]
    # The question is kept in the log, not the state (engines.feuersalamander.record): the
    # event says all a player's record needs, the turn and the asked seat's losses included.
    question = {"by": seat, "to": target, "coord": coord, "turn": state["turn_no"], "losses": state["losses"][target]}
    events.append(Event("question", question))
    events.append(
        Event("answer", {"by": seat, "to": target, "coord": coord, "answer": answer}, to=tuple(sorted({seat, target})))
    )
    if state["figures"][target] == "dungeon":  # FS-17
        state["figures"][target] = "home"
        events.append(Event("freed", {"seat": target, "by": "question"}))
    after_step(state, events)


def on_exchange(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    card = state["pending"]["card"]
    if move["type"] == "keep":
        events.append(Event("kept", {"seat": seat, "card": card}))
        next_exchange(state, events)
        return
    discard(state, seat, card, "exchange", events)
    draw(state, seat, rng, events)
    if not cards.hand_ok(state["hands"][seat]):
        state["pending"] = {"kind": "discard", "seat": seat, "then": "exchange"}
        return
    next_exchange(state, events)


def on_keys(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    pending = state["pending"]
    shown, aside = sticks.key_throw(rng, pending["aside"])
    throws = pending["throws"] + 1
    events.append(Event("key_throw", {"seat": seat, "shown": shown, "aside": aside, "throw": throws}))
    state["last_keys"] = {"seat": seat, "shown": shown, "aside": aside, "throw": throws, "turn": state["turn_no"]}
    if all(aside):
        state["figures"][seat] = "home"
        events.append(Event("freed", {"seat": seat, "by": "keys"}))
        state["pending"] = {"kind": "throw", "seat": seat, "may_claim": True, "again": False, "freed": True}
    elif throws >= sticks.MAX_KEY_THROWS:
        events.append(Event("still_prisoner", {"seat": seat}))
        end_turn(state, events)
    else:
        state["pending"] = {**pending, "aside": aside, "throws": throws}


HANDLERS: dict[str, Handler] = {
    "deal": on_deal,
    "discard": on_discard,
    "throw": on_throw,
    "stone": on_stone,
    "move": on_move,
    "home": on_home,
    "claim": on_claim,
    "question": on_question,
    "exchange": on_exchange,
    "keys": on_keys,
}
