"""Property tests over random closed and open Cavemen games (hypothesis).

Each example is one game between the random and the simple bot with a small round
limit (CV-17), so that examples stay short; the bound on decisions per turn makes
"every game ends" a real check, not a cap that hides a loop.

- every listed move applies; the move behaves the same after a JSON round trip of the
  state; apply never changes its input; cards are conserved;
- hidden identities travel only in private events (draws, own placements, Zippy's
  closed reveal);
- malformed and illegal moves are refused with IllegalMove and a message;
- non-interference (CV-18): changing the identities of the opponent's face-down
  cavemen never revealed to p, his hand, his stockpile order and his inactive deck below
  the top never changes p's view nor p's legal moves; the spectator sees even less.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.cavemen import ENGINE as E
from engines.cavemen import cards
from engines.core import IllegalMove, Rng
from tests.depth import examples
from tests.engines.cavemen.scenario import conserved

BOTS = E.bots()
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
# Decisions a turn can hold: 4 path moves + 4 second moves (Plucky, Gutsy), 2 Zippy choices
# after each attack, 3 placements and an end, 5 discards and an end, an end of the moves.
PER_TURN = 8 + 8 * 2 + 4 + 6 + 1
REDRAWS = 2 * 6

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "open": st.booleans(),
        "bots": st.lists(st.sampled_from(["random", "simple"]), min_size=2, max_size=2),
        "round_limit": st.sampled_from([2, 6, 15, 40]),
    }
)


def bound(round_limit: int) -> int:
    return REDRAWS + 2 * round_limit * PER_TURN


def play(game: dict[str, Any]):
    """Yield (state, seat, legal, rnd, i) before each decision, then apply the bot's move."""
    opts = {"open": game["open"], "round_limit": game["round_limit"]}
    state, _ = E.setup(2, opts, Rng(b"prop setup %d" % game["seed"]))
    rnd = random.Random(game["seed"])
    for i in range(bound(game["round_limit"]) + 1):
        seat = E.to_move(state)
        if seat is None:
            assert E.result(state) is not None
            return
        legal = E.legal_moves(state, seat)
        assert legal, f"no legal move for the seat to move: {state['pending']}"
        yield state, seat, legal, rnd, i
        move = BOTS[game["bots"][seat]](E.view(state, seat), legal, rnd)
        state, _ = E.apply(state, seat, move, Rng(b"prop %d %d" % (game["seed"], i)))
    raise AssertionError(f"the game did not end within {bound(game['round_limit'])} decisions")


def check_events(events: list[Any], seat: int) -> None:
    for e in events:
        assert json.loads(json.dumps(e.to_json())) == e.to_json()
        if e.kind == "drew" and "cards" in e.data or e.kind == "placed" and "card" in e.data:
            assert e.to == (e.data["seat"],), "a drawn or placed card goes to its owner only"
        if e.kind == "revealed":
            assert e.to == (e.data["seat"],)
        if e.to is None:
            assert not (e.kind == "placed" and "card" in e.data) and not (e.kind == "drew" and "cards" in e.data)


@settings(max_examples=examples(400), **SETTINGS)
@given(games)
def test_random_games_every_listed_move_applies_and_json_round_trips(game: dict[str, Any]) -> None:
    for state, seat, legal, rnd, i in play(game):
        conserved(state)
        snapshot = json.dumps(state, sort_keys=True)
        assert json.loads(snapshot) == state
        assert E.legal_moves(state, 1 - seat) == []
        assert len({json.dumps(m, sort_keys=True) for m in legal}) == len(legal), "no move listed twice"
        sample = legal if len(legal) <= 3 else rnd.sample(legal, 3)
        for move in sample:
            key = b"sample %d %d" % (game["seed"], i)
            new, events = E.apply(state, seat, move, Rng(key))
            twin, twin_events = E.apply(json.loads(snapshot), seat, json.loads(json.dumps(move)), Rng(key))
            assert json.dumps(new, sort_keys=True) == json.dumps(twin, sort_keys=True)
            assert [e.to_json() for e in events] == [e.to_json() for e in twin_events]
            assert json.dumps(state, sort_keys=True) == snapshot, "apply changed its input"
            check_events(events, seat)
            conserved(new)
            public, secret = E.split_move(move)
            assert E.merge_move(public, secret) == move
            assert "card" not in public or move["type"] != "place"


def _junk(data: st.DataObject, legal: list[dict[str, Any]], seat: int) -> tuple[int, Any]:
    values = st.one_of(
        st.none(), st.booleans(), st.integers(-3, 9), st.floats(allow_nan=False), st.text(max_size=6),
        st.sampled_from([*cards.HAND_CARDS, "up", "down", "left", "right", "A", "B", "C", "A4", "B5", "fire"]),
        st.lists(st.integers(0, 6), max_size=3),
    )
    keys = st.sampled_from(["type", "card", "path", "row", "from_path", "from_row", "dir", "col", "cell", "extra"])
    types = st.sampled_from(["step", "jump", "side", "attack", "extinguish", "place", "cave", "discard",
                             "reveal", "noreveal", "end", "fly", ""])
    base = data.draw(st.sampled_from(legal))
    how = data.draw(st.integers(0, 5))
    if how == 0:
        return data.draw(st.integers(-1, 2)), base  # maybe the wrong seat
    if how == 1:
        return seat, data.draw(st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2)))
    move = dict(base)
    if how == 2 and len(move) > 1:
        del move[data.draw(st.sampled_from(sorted(k for k in move if k != "type")))]
    elif how == 3:
        move[data.draw(keys)] = data.draw(values)
    elif how == 4:
        move = {"type": data.draw(types), **data.draw(st.dictionaries(keys, values, max_size=4))}
        if data.draw(st.booleans()):
            move["type"] = data.draw(values)
    else:
        move["type"] = data.draw(types)
    return seat, move


@settings(max_examples=examples(300), **SETTINGS)
@given(games, st.data())
def test_malformed_and_illegal_moves_are_refused_with_a_message(game: dict[str, Any], data: st.DataObject) -> None:
    for state, seat, legal, _, i in play(game):
        who, junk = _junk(data, legal, seat)
        try:
            new, _ = E.apply(state, who, junk, Rng(b"junk %d" % i))
        except IllegalMove as err:
            assert isinstance(err.message, str) and err.message.strip()
            continue
        assert who == seat and json.dumps(junk, sort_keys=True) in {json.dumps(m, sort_keys=True) for m in legal}, (
            f"accepted an illegal move {junk!r}"
        )
        conserved(new)


def _disguise(state: dict[str, Any], p: int | None, rnd: random.Random) -> dict[str, Any]:
    """Change everything p may not know: the identities of the others' face-down cavemen
    never revealed to p, their hands, stockpiles and inactive decks below the top."""
    other = json.loads(json.dumps(state))
    hidden = [s for s in (0, 1) if s != p]
    for i, piece in enumerate(other["field"]):
        if piece is None or piece["owner"] not in hidden or piece["up"]:
            continue
        if piece["known"] == 2 or (piece["known"] == 1 and p is not None):
            continue
        other["field"][i] = {**piece, "card": rnd.choice(cards.CAVEMEN)}
    for s in hidden:
        other["hands"][s] = [rnd.choice(cards.HAND_CARDS) for _ in other["hands"][s]]
        other["stock"][s] = [rnd.choice(cards.HAND_CARDS) for _ in other["stock"][s]]
        pile = other["inactive"][s]
        other["inactive"][s] = [rnd.choice(cards.HAND_CARDS) for _ in pile[:-1]] + pile[-1:]
    return other


@settings(max_examples=examples(300), **SETTINGS)
@given(games)
def test_non_interference_and_spectator(game: dict[str, Any]) -> None:
    """CV-15, CV-18: a seat's view, and the legal moves of the seat to decide, depend only on
    what that seat may know."""
    for state, seat, legal, rnd, _ in play(game):
        assert E.legal_moves(_disguise(state, seat, rnd), seat) == legal, "legal moves leak the opponent's secrets"
        spectator = E.view(state, None)
        assert spectator["hand"] is None and spectator["inactive"] is None
        for p in (None, 0, 1):
            view = E.view(state, p)
            assert json.loads(json.dumps(view)) == view
            assert "hands" not in view and "stock" not in view
            assert E.view(_disguise(state, p, rnd), p) == view
            if p is not None:
                assert view["hand"] == state["hands"][p] and view["inactive"] == state["inactive"][p]
                for i, piece in enumerate(state["field"]):
                    if piece is not None and piece["owner"] == p:
                        assert view["field"][i]["card"] == piece["card"], "the owner always knows his cavemen"


@settings(max_examples=examples(100), **SETTINGS)
@given(games)
def test_whole_games_end_by_a_fire_or_a_cv17_draw(game: dict[str, Any]) -> None:
    opts = {"open": game["open"], "round_limit": game["round_limit"]}
    state, _ = E.setup(2, opts, Rng(b"prop setup %d" % game["seed"]))
    rnd = random.Random(game["seed"])
    for i in range(bound(game["round_limit"])):
        seat = E.to_move(state)
        if seat is None:
            break
        move = BOTS[game["bots"][seat]](E.view(state, seat), E.legal_moves(state, seat), rnd)
        state, _ = E.apply(state, seat, move, Rng(b"prop %d %d" % (game["seed"], i)))
    result = E.result(state)
    assert result is not None
    assert ("put out a fire" in result["reason"]) == (result["winner"] is not None)
    assert result["winner"] is not None or "CV-17" in result["reason"]
    assert state["turn_no"] <= 2 * game["round_limit"]
