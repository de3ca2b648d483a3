"""Property tests over random games (hypothesis picks the seeds and the junk).

Budget: about 1100 random games in all, kept fast with small `move_limit`s;
the whole module runs in well under a minute on two cores.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.core import Event, IllegalMove
from engines.magier.board import CELLS
from engines.magier.diagram import position

E = engines.get("magier")


def fast(examples: int) -> settings:
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


seeds = st.integers(min_value=0, max_value=2**32 - 1)
option_sets = st.fixed_dictionaries(
    {
        "wrap": st.sampled_from(["line", "torus"]),
        "open_placement": st.booleans(),
        "move_limit": st.integers(min_value=1, max_value=20),
    }
)


def plain(value) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return value is None or type(value) in (str, int, bool)


def game(seed: int, options: dict) -> Iterator[tuple[dict, int, list, dict]]:
    """A random game: yields (state, seat, legal moves, chosen move) before each turn."""
    rnd = random.Random(seed)
    state, _ = E.setup(2, E.check_options({"blind": False, **options}, 2), None)
    while (seat := E.to_move(state)) is not None:
        legal = E.legal_moves(state, seat)
        move = rnd.choice(legal)
        yield state, seat, legal, move
        state, _ = E.apply(state, seat, move, None)


def play_to(seed: int, options: dict, turns: int) -> dict:
    """The state after `turns` random turns (or at the end of the game)."""
    rnd = random.Random(seed)
    state, _ = E.setup(2, E.check_options({"blind": False, **options}, 2), None)
    for _ in range(turns):
        seat = E.to_move(state)
        if seat is None:
            break
        state, _ = E.apply(state, seat, rnd.choice(E.legal_moves(state, seat)), None)
    return state


@fast(500)
@given(seed=seeds, options=option_sets)
def test_random_games_run_to_an_end_within_the_move_limit(seed: int, options: dict) -> None:
    """No crash; JSON round-trip changes nothing; the game ends by MH-13, MH-12 or MH-14."""
    state = None
    turns = 0
    for state, seat, legal, move in game(seed, options):
        turns += 1
        assert legal and E.legal_moves(state, 1 - seat) == []
        text = json.dumps(state, sort_keys=True)
        new, events = E.apply(state, seat, move, None)
        assert json.dumps(state, sort_keys=True) == text  # input untouched
        assert plain(new) and all(isinstance(e, Event) and plain(e.data) for e in events)
        again = json.loads(text)
        assert again == state
        assert E.apply(again, seat, move, None) == (new, events)
        if turns % 7 == 0:
            assert E.legal_moves(again, seat) == legal
            for who in (0, 1, None):
                view = E.view(state, who)
                assert plain(view) and view["seat"] == who
                assert E.render(view)
    final = E.apply(state, seat, move, None)[0]
    result = E.result(final)
    assert result is not None and E.to_move(final) is None
    assert result["scores"] == final["scores"]
    assert sum(final["moves"]) <= 2 * options["move_limit"]
    if result["reason"].startswith("the move limit"):
        assert final["moves"] == [options["move_limit"]] * 2
    if result["winner"] is not None and result["reason"].endswith("points"):
        assert final["scores"][result["winner"]] >= 5


@fast(60)
@given(seed=seeds, options=option_sets)
def test_every_listed_move_applies(seed: int, options: dict) -> None:
    options = {**options, "move_limit": min(options["move_limit"], 5)}
    for state, seat, legal, _ in game(seed, options):
        assert len({json.dumps(m, sort_keys=True) for m in legal}) == len(legal)
        for move in legal:
            new, events = E.apply(state, seat, move, None)
            assert plain(new) and events
            assert E.view(new, 1 - seat)["last_seat"] == seat


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
cellish = (
    st.sampled_from(CELLS)
    | st.sampled_from(["j1", "a6", "e0", "e10", "i4", "", "E5", " e5 ", "a-1"])
    | json_values
)
near_moves = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "step", "jump", "pass", "fly", 1, None])},
    optional={
        "cell": cellish,
        "value": st.sampled_from([1, 2, -1, 0, 3, 1.0, "1", None, True]),
        "from": cellish,
        "to": cellish,
        "path": st.lists(cellish, max_size=5) | json_values,
        "open": json_values,
    },
)
junk_moves = (
    near_moves | json_values | st.dictionaries(st.text(max_size=6), json_values, max_size=4)
)


def _equivalent_legal(state: dict, seat: int, new: dict) -> bool:
    """Some listed move leads to the same state (an accepted junk move must be legal)."""
    for move in E.legal_moves(state, seat):
        after, _ = E.apply(state, seat, move, None)
        if after["board"] == new["board"] and after["scores"] == new["scores"]:
            return True
    return False


@fast(250)
@given(seed=seeds, options=option_sets, turns=st.integers(0, 40), data=st.data())
def test_malformed_and_illegal_moves_are_refused(
    seed: int, options: dict, turns: int, data
) -> None:
    """Random junk, moves of the wrong seat and off-board cells: IllegalMove with a message."""
    state = play_to(seed, options, turns)
    text = json.dumps(state, sort_keys=True)
    seat = E.to_move(state)
    seats = [0, 1] if seat is None else [seat]
    for _ in range(8):
        move = data.draw(junk_moves)
        who = data.draw(st.sampled_from(seats + [2, -1, None, "0", True]))
        try:
            new, _ = E.apply(state, who, move, None)
        except IllegalMove as err:
            assert isinstance(err.message, str) and err.message.strip()
        else:
            assert who == seat and _equivalent_legal(state, seat, new)
    if seat is not None:
        for move in E.legal_moves(state, seat)[:5]:
            try:
                E.apply(state, 1 - seat, move, None)
            except IllegalMove as err:
                assert "not your turn" in err.message
            else:
                raise AssertionError("the other seat moved out of turn")
    assert json.dumps(state, sort_keys=True) == text


def _replace_values(state: dict, owner: int, rnd: random.Random) -> dict:
    """The same game with owner's unburnt wisdoms (placed and in hand) given other values."""
    state = json.loads(json.dumps(state))
    values = [
        p["value"] for p in state["board"].values() if p["kind"] == "wisdom" and p["seat"] == owner
    ]
    values += state["hands"][owner]
    if rnd.random() < 0.5:
        rnd.shuffle(values)
    else:
        values = [rnd.choice([2, 1, -1]) for _ in values]
    for name in sorted(state["board"]):
        piece = state["board"][name]
        if piece["kind"] == "wisdom" and piece["seat"] == owner:
            piece["value"] = values.pop(0)
    state["hands"][owner] = sorted(values, reverse=True)
    return state


@fast(300)
@given(seed=seeds, turns=st.integers(0, 60), wrap=st.sampled_from(["line", "torus"]))
def test_non_interference_hidden_values_never_reach_the_opponent_or_spectators(
    seed: int, turns: int, wrap: str
) -> None:
    """MH-7, MH-15: what the other seat and spectators see (views and legal moves)
    does not depend on the values of a player's unburnt wisdoms."""
    state = play_to(seed, {"wrap": wrap, "move_limit": 30}, turns)
    rnd = random.Random(seed)
    for owner in (0, 1):
        other = _replace_values(state, owner, rnd)
        assert E.view(other, 1 - owner) == E.view(state, 1 - owner)
        assert E.view(other, None) == E.view(state, None)
        assert E.legal_moves(other, 1 - owner) == E.legal_moves(state, 1 - owner)
        if state["phase"] == "movement":  # legality never depends on a value, not even one's own
            assert E.legal_moves(other, owner) == E.legal_moves(state, owner)


@st.composite
def crowded_positions(draw) -> dict:
    """A random movement-phase position, crowded and near the end: scores 0..4, many pieces."""
    cells = draw(st.permutations(CELLS))
    flames = {"c4", "e3", "e5", "e7", "g6"}
    free = [c for c in cells if c not in flames]
    pieces: dict[str, str] = {}
    for seat in (0, 1):
        for value in draw(st.lists(st.sampled_from([2, 1, -1]), max_size=7)):
            pieces[free.pop()] = f"{'rb'[seat]}{value}"
    rest = [c for c in cells if c not in pieces]
    for seat in (0, 1):
        for _ in range(draw(st.integers(1, 10))):
            pieces[rest.pop()] = "RB"[seat]
    return position(
        pieces,
        turn=draw(st.integers(0, 1)),
        scores=(draw(st.integers(0, 4)), draw(st.integers(0, 4))),
        options={"wrap": draw(st.sampled_from(["line", "torus"])), "move_limit": 8},
    )


@fast(80)
@given(state=crowded_positions(), seed=seeds)
def test_crowded_games_end_by_score_passes_or_limit(state: dict, seed: int) -> None:
    """Burn-hungry play from crowded positions reaches MH-13 and MH-12 endings too."""
    rnd = random.Random(seed)
    start = list(state["scores"])
    gained = [0, 0]
    last_two: list[str] = []
    while (seat := E.to_move(state)) is not None:
        legal = E.legal_moves(state, seat)
        outcomes = [(m, *E.apply(state, seat, m, None)) for m in legal]
        burning = [o for o in outcomes if any(e.kind == "burned" for e in o[2])]
        move, state, events = rnd.choice(burning if burning and rnd.random() < 0.9 else outcomes)
        gained[seat] += sum(e.data["value"] for e in events if e.kind == "burned")
        assert all(e.data["owner"] == 1 - seat for e in events if e.kind == "burned")
        last_two = (last_two + [move["type"]])[-2:]
    result = E.result(state)
    assert result["scores"] == [start[0] + gained[0], start[1] + gained[1]]
    if result["reason"].endswith("points"):
        assert max(result["scores"]) >= 5 and result["scores"][result["winner"]] >= 5
    elif result["reason"].startswith("both players passed"):
        assert last_two == ["pass", "pass"]
    else:
        assert state["moves"] == [8, 8]
    if result["winner"] is None:
        assert result["scores"][0] == result["scores"][1]
