"""Setting up a game (FS-9, FS-11): the deal of two cards each, the throws for the start player,
and the discards owed for dealt pairs, which are moves in seat order before the first throw."""

from __future__ import annotations

from typing import Any

from engines.core import Event, Rng, State
from engines.feuersalamander import cards, sticks
from engines.feuersalamander.turn import begin_turn


def start_throws(seats: int, rng: Rng) -> tuple[list[list[dict[str, int]]], int]:
    """FS-9: everyone throws one number stick; the highest starts; the tied highest re-throw."""
    contenders = list(range(seats))
    rounds = []
    while True:
        this = [{"seat": s, "value": sticks.number_stick(rng)} for s in contenders]
        rounds.append(this)
        best = max(t["value"] for t in this)
        contenders = [t["seat"] for t in this if t["value"] == best]
        if len(contenders) == 1:
            return rounds, contenders[0]


def setup(seats: int, opts: dict[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    """`opts` already checked. The events are the state's own objects: the caller detaches them."""
    deck = cards.new_deck()
    rng.shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(seats)]
    for _ in range(2):
        for s in range(seats):
            hands[s].append(deck.pop(0))
    hands = [cards.sorted_cards(h) for h in hands]
    rounds, first = start_throws(seats, rng)
    state: State = {
        "seats": seats,
        "options": opts,
        "deck": deck,
        "discard": [],
        "hands": hands,
        "revealed": [[] for _ in range(seats)],
        "losses": [0] * seats,
        "figures": ["home"] * seats,
        "stones": [None] * seats,
        "laid": [[] for _ in range(seats)],
        "scores": [0] * seats,
        "start_throws": rounds,
        "start_player": first,
        "last_throw": None,
        "last_keys": None,
        "drawn": [None] * seats,
        "turn": None,
        "turn_no": 0,
        "pair": False,
        "exchanges": [],
        "pending": None,
        "result": None,
    }
    events = [Event("deal", {"cards": list(h)}, to=(s,)) for s, h in enumerate(hands)]
    events.append(Event("dealt", {"hand_sizes": [2] * seats, "deck_size": len(deck)}))
    events.append(Event("start_throws", {"rounds": rounds, "start_player": first}))
    next_deal_discard(state, 0, events)
    return state, events


def next_deal_discard(state: State, start: int, events: list[Event]) -> None:
    """FS-11: pairs of one kind are resolved in seat order before the first throw."""
    for s in range(start, state["seats"]):
        if not cards.hand_ok(state["hands"][s]):
            state["pending"] = {"kind": "deal", "seat": s}
            return
    begin_turn(state, state["start_player"], events)
