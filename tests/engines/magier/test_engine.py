"""The Engine protocol as the server, client and auditor use it."""

from __future__ import annotations

import copy
import json
import random

import pytest

import engines
from engines.core import BadOptions, Event, IllegalMove
from engines.magier import ENGINE
from engines.magier.diagram import position

E = engines.get("magier")


def assert_plain_json(value, where="value"):
    """Only dicts with str keys, lists, str, int, bool and None: what canonical JSON keeps as is."""
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), f"{where}: key {k!r} is not a str"
            assert_plain_json(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            assert_plain_json(v, f"{where}[{i}]")
    else:
        assert value is None or type(value) in (str, int, bool), f"{where}: {type(value).__name__}"


def test_registry_and_identity() -> None:
    assert E is ENGINE
    assert (E.id, E.version, E.title) == ("magier", "4", "Das magische Hexagon")
    assert (E.min_seats, E.max_seats) == (2, 2)
    assert E.seat_names(2) == ["red", "black"]
    assert "magier" in engines.ids()


def test_options_defaults_and_completion() -> None:
    """The option `blind` defaults to true (no server should hold a concealed value unless asked
    to); every other default is as before."""
    assert E.options() == {"wrap": "line", "open_placement": False, "move_limit": 200, "blind": True}
    assert E.check_options({}, 2) == E.options()
    assert E.check_options({"wrap": "torus", "move_limit": 7}, 2) == {
        "wrap": "torus",
        "open_placement": False,
        "move_limit": 7,
        "blind": True,
    }
    assert E.check_options({"blind": False}, 2)["blind"] is False
    options = {"wrap": "line"}
    E.check_options(options, 2)
    assert options == {"wrap": "line"}


@pytest.mark.parametrize(
    "options, seats, fragment",
    [
        ({}, 3, "exactly 2"),
        ({}, 1, "exactly 2"),
        ({"colour": "red"}, 2, "unknown option"),
        ({"wrap": "klein"}, 2, "wrap"),
        ({"wrap": None}, 2, "wrap"),
        ({"blind": 1}, 2, "blind"),
        ({"blind": None}, 2, "blind"),
        ({"open_placement": "yes"}, 2, "open_placement"),
        ({"open_placement": 1}, 2, "open_placement"),
        ({"move_limit": 0}, 2, "move_limit"),
        ({"move_limit": -5}, 2, "move_limit"),
        ({"move_limit": "10"}, 2, "move_limit"),
        ({"move_limit": 10.0}, 2, "move_limit"),
        ({"move_limit": True}, 2, "move_limit"),
        ({"move_limit": None}, 2, "move_limit"),
    ],
)
def test_bad_options_are_refused(options: dict, seats: int, fragment: str) -> None:
    with pytest.raises(BadOptions, match=fragment):
        E.check_options(options, seats)


def test_setup_is_plain_json_and_uses_no_chance() -> None:
    options = E.check_options({"blind": False}, 2)
    a, events_a = E.setup(2, options, None)
    b, events_b = E.setup(2, options, object())
    assert a == b and events_a == events_b
    assert_plain_json(a, "state")
    for e in events_a:
        assert isinstance(e, Event) and e.public
        assert_plain_json(e.data, e.kind)
    assert events_a[0].kind == "setup"
    assert json.loads(json.dumps(a)) == a
    assert E.to_move(a) == 0 and E.result(a) is None


def test_view_shape() -> None:
    state, _ = E.setup(2, E.check_options({"blind": False}, 2), None)
    view = E.view(state, 1)
    assert_plain_json(view, "view")
    for key in (
        "seat",
        "turn",
        "phase",
        "scores",
        "hands",
        "moves",
        "ply",
        "passes",
        "board",
        "options",
    ):
        assert key in view
    assert view["seat"] == 1 and view["turn"] == 0 and view["phase"] == "placement"
    with pytest.raises(ValueError):
        E.view(state, 2)


def test_apply_never_mutates_its_input() -> None:
    rnd = random.Random(5)
    state, _ = E.setup(2, E.check_options({"move_limit": 20, "blind": False}, 2), None)
    while E.to_move(state) is not None:
        seat = E.to_move(state)
        before = copy.deepcopy(state)
        move = rnd.choice(E.legal_moves(state, seat))
        new, events = E.apply(state, seat, move, None)
        assert state == before
        assert E.apply(before, seat, move, None) == (new, events)  # deterministic
        state = new


@pytest.mark.parametrize(
    "move, fragment",
    [
        (None, "JSON object"),
        ("pass", "JSON object"),
        ([], "JSON object"),
        ({}, "needs a type"),
        ({"type": 3}, "needs a type"),
        ({"type": "fly"}, "needs a type"),
        ({"type": "pass", "cell": "a1"}, "no field 'cell'"),
        ({"type": "step", "from": "a1"}, "cell name in 'to'"),
        ({"type": "step", "from": 5, "to": "a2"}, "cell name in 'from'"),
        ({"type": "step", "from": "z1", "to": "a2"}, "not a cell"),
        ({"type": "step", "from": "a9", "to": "a2"}, "not on the board"),
        ({"type": "jump"}, "needs a path"),
        ({"type": "jump", "path": "a1xa3"}, "needs a path"),
        ({"type": "jump", "path": ["a1", None]}, "cell name"),
        ({"type": "place", "cell": "c3", "value": 1}, "all wisdoms are placed"),
    ],
)
def test_malformed_moves_are_illegal_moves_not_crashes(move, fragment: str) -> None:
    state = position({"a1": "R", "i9": "B"})
    with pytest.raises(IllegalMove) as err:
        E.apply(state, 0, move, None)
    assert fragment in err.value.message


@pytest.mark.parametrize("seat", [1, 2, -1, None, "0", True])
def test_moving_out_of_turn_or_as_no_seat_is_refused(seat) -> None:
    state = position({"a1": "R", "i9": "B"})
    with pytest.raises(IllegalMove) as err:
        E.apply(state, seat, {"type": "step", "from": "a1", "to": "a2"}, None)
    assert err.value.message


def test_placement_value_must_be_a_held_int() -> None:
    state, _ = E.setup(2, E.check_options({"blind": False}, 2), None)
    for value in (None, "1", 1.0, True, 3, [1]):
        with pytest.raises(IllegalMove):
            E.apply(state, 0, {"type": "place", "cell": "c3", "value": value}, None)


def test_bots_return_legal_moves_from_the_view() -> None:
    bots = E.bots()
    assert {"random", "greedy"} <= set(bots)
    rnd = random.Random(1)
    state, _ = E.setup(2, E.check_options({"move_limit": 15, "blind": False}, 2), None)
    while E.to_move(state) is not None:
        seat = E.to_move(state)
        legal = E.legal_moves(state, seat)
        move = bots["greedy" if seat else "random"](E.view(state, seat), legal, rnd)
        assert move in legal
        state, _ = E.apply(state, seat, move, None)


def test_greedy_bot_burns_opponent_wisdoms_and_spares_its_own() -> None:
    greedy = E.bots()["greedy"]
    state = position({"e1": "R", "e2": "b2", "a5": "R", "i9": "B"})
    move = greedy(E.view(state, 0), E.legal_moves(state, 0), random.Random(0))
    assert move == {"type": "step", "from": "e1", "to": "e2"}
    # black's e4-d4 would push red's r2 from d4 onto the flame c4: red must do something about it
    state = position({"d4": "r2", "e4": "B", "d3": "R", "a1": "R", "i9": "B"})
    after, events = E.apply(state, 0, {"type": "step", "from": "a1", "to": "a2"}, None)
    assert any(
        e.kind == "burned"
        for e in E.apply(after, 1, {"type": "step", "from": "e4", "to": "d4"}, None)[1]
    )
    for seed in range(5):
        move = greedy(E.view(state, 0), E.legal_moves(state, 0), random.Random(seed))
        after, _ = E.apply(state, 0, move, None)
        threats = [m for m in E.legal_moves(after, 1) if m["type"] == "step"]
        burns = [
            m for m in threats if any(e.kind == "burned" for e in E.apply(after, 1, m, None)[1])
        ]
        assert burns == []
