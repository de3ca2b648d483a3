"""ORACLE: frozen copy of engines/siedler/setup.py before the speed work (see oracle/rules.py).

Options and the opening (SI-2..SI-7, SI-14, SI-30).

The central supply, the shuffled region pile, the event deck and the draw piles
(5 in `basic`; 8 in the tournament game, the house Tournament Set dealt into three
more, and both Universities face up in a display). The start player is found by
production-die rolls (ties re-roll); then each player chooses his starting hand
from a pile (hands.py: "start" decisions).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import BadOptions, Event, Rng, State
from tests.engines.siedler.oracle import cards
from tests.engines.siedler.oracle import principality as pr

VARIANTS = ("tournament-new-players", "basic")
BRIGAND_LOSES = ("gold+wool", "ore+wool")
DEFAULTS: dict[str, Any] = {
    "variant": "tournament-new-players",
    "target": 12,
    "brigand_loses": "gold+wool",
    "brigand_grace_turns": 2,
    "windmill_needs_city": True,
}
BASIC_PILES = 5
TOURNAMENT_PILES = 3


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    if type(seats) is not int or seats != 2:
        raise BadOptions(f"Die Siedler von Catan - Das Kartenspiel is for 2 players, not {seats!r}")
    if not isinstance(options, Mapping):
        raise BadOptions("options must be a mapping")
    unknown = sorted(str(k) for k in options if k not in DEFAULTS)
    if unknown:
        raise BadOptions(f"unknown option(s): {', '.join(unknown)}; known: {', '.join(DEFAULTS)}")
    out = {**DEFAULTS, **options}
    if out["variant"] not in VARIANTS:
        raise BadOptions(f"variant is one of {', '.join(VARIANTS)}, not {out['variant']!r}")
    if out["brigand_loses"] not in BRIGAND_LOSES:
        raise BadOptions(f"brigand_loses is one of {', '.join(BRIGAND_LOSES)}, not {out['brigand_loses']!r}")
    for key, low in (("target", 1), ("brigand_grace_turns", 0)):
        if type(out[key]) is not int or out[key] < low:
            raise BadOptions(f"{key} must be a whole number >= {low}, not {out[key]!r}")
    if type(out["windmill_needs_city"]) is not bool:
        raise BadOptions("windmill_needs_city must be true or false")
    return out


def deal(items: list[str], n: int) -> list[list[str]]:
    """Deal round-robin into n piles of about the same size (index 0 is the top)."""
    piles: list[list[str]] = [[] for _ in range(n)]
    for i, c in enumerate(items):
        piles[i % n].append(c)
    return piles


def start_rolls(rng: Rng) -> tuple[list[list[int]], int]:
    """SI-14: both roll the production die; the higher begins; a tie re-rolls."""
    rounds = []
    while True:
        roll = [1 + rng.randbelow(6), 1 + rng.randbelow(6)]
        rounds.append(roll)
        if roll[0] != roll[1]:
            return rounds, 0 if roll[0] > roll[1] else 1


def new_state(options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    opts = check_options(options, 2)
    tournament = opts["variant"] == "tournament-new-players"
    basic = cards.draw_pile_cards("basic")
    rng.shuffle(basic)
    piles = deal(basic, BASIC_PILES)
    events_deck = cards.event_cards("basic") + (cards.event_cards("tournament") if tournament else [])
    if tournament:  # SI-30
        extra = cards.draw_pile_cards("tournament")
        rng.shuffle(extra)
        piles += deal(extra, TOURNAMENT_PILES)
    rng.shuffle(events_deck)
    region_pile = cards.region_pile()
    rng.shuffle(region_pile)
    rounds, first = start_rolls(rng)
    state: State = {
        "seats": 2,
        "options": opts,
        "principalities": [pr.new(0), pr.new(1)],
        "hands": [[], []],
        "piles": piles,
        "region_pile": region_pile,
        "event_deck": events_deck,
        "discard": [],
        "display": cards.display_cards() if tournament else [],
        "supply": {k: cards.central(k) for k in ("road", "settlement", "city")},
        "tokens": {"knight": None, "windmill": None},
        "flag": {"seat": None, "vp": 2} if tournament else None,
        "start_rolls": rounds,
        "start_player": first,
        "dice": None,
        "last_event": None,
        "turn": None,
        "turn_no": 0,
        "queue": [],
        "pending": None,
        "searching": None,
        "offer": None,
        "result": None,
    }
    events = [
        Event("setup", {"variant": opts["variant"], "piles": [len(p) for p in piles], "display": state["display"]}),
        Event("start_rolls", {"rounds": rounds, "start_player": first}),
    ]
    state["queue"] = [
        {"step": "arrange", "seat": first},  # SI-6
        {"step": "arrange", "seat": 1 - first},
        {"step": "start_hand", "seat": first, "exclude": None},  # SI-14
    ]
    return state, events
