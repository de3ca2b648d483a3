"""Property tests over random siedler games (bots random and builder, both variants).

- listed moves apply (a sample at every step) and apply never changes its input;
  the state survives a JSON round trip; every card is conserved;
- format/parse round-trip every legal move;
- malformed and unlisted moves are refused with IllegalMove, never a traceback;
- SI-50: a seat's view does not change when concealed things change (the opponent's
  hand contents, pile order, the event deck, the region pile), and events naming
  cards from a hand or pile are private.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core import IllegalMove, Rng
from engines.siedler import cards
from engines.siedler import principality as pr
from engines.siedler.rules import Siedler

E = Siedler()
BOTS = E.bots()
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "variant": st.sampled_from(["tournament-new-players", "basic"]),
        "bots": st.lists(st.sampled_from(["random", "builder"]), min_size=2, max_size=2),
    }
)
PRIVATE_KINDS = {"pile_seen", "took_cards", "under_card", "spied", "region_pile_seen", "conflict_cards"}


def all_cards(state: dict[str, Any]) -> Counter[str]:
    out: Counter[str] = Counter()
    for h in state["hands"]:
        out.update(h)
    for p in state["piles"]:
        out.update(p)
    out.update(state["discard"])
    out.update(state["display"])
    out.update(state["event_deck"])
    out.update(state["region_pile"])
    for p in state["principalities"]:
        out.update(pr.built(p))
        out.update(r["card"] for *_, r in pr.regions(p))
    for k, n in state["supply"].items():
        out[k] += n
    pend = state["pending"] or {}
    if pend.get("kind") == "region":
        out[pend["card"]] += 1
    if pend.get("kind") == "conflict":
        out[pend["secret"]] += 1
    out.update(s["card"] for s in state["queue"] if s["step"] == "conflict")
    return +out


def expected(variant: str) -> Counter[str]:
    sets = {"basic"} if variant == "basic" else {"basic", "tournament"}
    return Counter({c["id"]: c["count"] for c in cards.CATALOG.cards.values() if c["set"] in sets})


def play(game: dict[str, Any], cap: int):
    state, events = E.setup(2, {"variant": game["variant"]}, Rng(b"prop %d" % game["seed"]))
    rnd = random.Random(game["seed"])
    for i in range(cap):
        seat = E.to_move(state)
        if seat is None:
            assert E.result(state) is not None
            return
        legal = E.legal_moves(state, seat)
        assert legal, state["pending"]
        yield state, seat, legal, rnd, i
        move = BOTS[game["bots"][seat]](E.view(state, seat), legal, rnd)
        state, events = E.apply(state, seat, move, Rng(b"move %d %d" % (game["seed"], i)))
        for e in events:
            if e.kind in PRIVATE_KINDS:
                assert e.to is not None, e


@settings(max_examples=12, **SETTINGS)
@given(games)
def test_moves_apply_input_unchanged_cards_conserved(game: dict[str, Any]) -> None:
    want = expected(game["variant"])
    for state, seat, legal, rnd, _i in play(game, 400):
        assert all_cards(state) == want
        assert json.loads(json.dumps(state)) == state
        before = json.dumps(state, sort_keys=True)
        for move in rnd.sample(legal, min(3, len(legal))):
            E.apply(state, seat, move, Rng(b"probe"))
        assert json.dumps(state, sort_keys=True) == before
        assert E.legal_moves(state, 1 - seat) == []


@settings(max_examples=8, **SETTINGS)
@given(games)
def test_notation_round_trips_every_legal_move(game: dict[str, Any]) -> None:
    for state, seat, legal, _rnd, _i in play(game, 250):
        view = E.view(state, seat)
        for move in legal:
            assert E.parse(E.format(move), view) == move, move


BAD = [
    {},
    {"type": 3},
    {"type": "fly"},
    {"type": "build", "what": "castle", "end": "up"},
    {"type": "expand", "card": "abbey", "at": 99, "side": "above"},
    {"type": "expand", "card": "nonsense", "at": 1, "side": "above"},
    {"type": "trade", "give": "ore", "rate": "3", "get": "wool"},
    {"type": "offer", "give": {"ore": -1}, "get": {"wool": 1}},
    {"type": "play", "card": "colossus"},
    {"type": "search", "pile": 99},
    {"type": "take", "cards": "spy"},
    {"type": "draw", "pile": -1},
    {"type": "remove", "at": "1", "side": "above"},
    {"type": "choose", "resource": "diamonds"},
    {"type": "target", "at": 1, "side": "sideways", "level": 0},
    {"type": "end", "extra": 1},
]


@settings(max_examples=8, **SETTINGS)
@given(games)
def test_bad_moves_are_refused_with_a_message(game: dict[str, Any]) -> None:
    for state, seat, legal, _rnd, _i in play(game, 250):
        for move in BAD:
            if move in legal:
                continue
            try:
                E.apply(state, seat, move, Rng(b"bad"))
            except IllegalMove as exc:
                assert exc.message
            else:
                raise AssertionError(f"{move} was accepted at {state['pending']}")
        try:
            E.apply(state, 1 - seat, legal[0], Rng(b"bad"))
        except IllegalMove:
            pass
        else:
            raise AssertionError("a move of the seat not to move was accepted")


@settings(max_examples=8, **SETTINGS)
@given(games)
def test_si50_views_ignore_what_the_seat_cannot_know(game: dict[str, Any]) -> None:
    for state, _seat, _legal, rnd, _i in play(game, 250):
        for viewer in (0, 1, None):
            v = E.view(state, viewer)
            other = 1 - viewer if viewer is not None else rnd.randrange(2)
            changed = json.loads(json.dumps(state))
            h = changed["hands"][other]
            if h:
                h[0] = "spy" if h[0] != "spy" else "scout"
            searching = state["searching"]
            for k, p in enumerate(changed["piles"]):
                if not (searching and searching["seat"] == viewer and searching["pile"] == k):
                    p.reverse()
            changed["event_deck"].reverse()
            if not (state["pending"] or {}).get("kind") == "scout":
                changed["region_pile"].reverse()
            if viewer is not None and (state["pending"] or {}).get("seat") != viewer:
                if state["pending"] and "secret" in state["pending"]:
                    changed["pending"]["secret"] = "changed"
            assert E.view(changed, viewer) == v
            assert v["hand"] is None if viewer is None else v["hand"] == sorted(state["hands"][viewer])


GAMES = 1000


def test_a_thousand_random_games_play_without_a_crash() -> None:
    """A hostile review's crash hunt: a thousand random games of both variants, each to a random turn limit (20 to 140
    decisions, so early, middle and late positions all come up) or to its end: every move the bots
    pick from the listed ones applies, the seat to move always has a legal move, the other seat has
    none, cards are conserved, and a move of a wrong shape is refused with a message."""
    for seed in range(GAMES):
        game = {
            "seed": seed,
            "variant": ("tournament-new-players", "basic")[seed % 2],
            "bots": (["random", "builder"], ["builder", "random"], ["random", "random"])[seed % 3],
        }
        last = None
        for state, seat, legal, rnd, i in play(game, 20 + seed % 121):
            last = state
            if i % 25 == 0:
                assert E.legal_moves(state, 1 - seat) == []
                bad = {**rnd.choice(legal), "type": rnd.choice(["trade", "build", "play", "nonsense"]), "rate": []}
                try:
                    E.apply(state, seat, bad, Rng(b"bad"))
                except IllegalMove as exc:
                    assert exc.message
        assert last is not None
        assert all_cards(last) == expected(game["variant"])
