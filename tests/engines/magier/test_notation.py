"""Notation: parse(format(m), view) == m for every legal move, and helpful refusals."""

from __future__ import annotations

import random

import pytest

import engines
from engines.core import IllegalMove
from engines.magier.diagram import position

E = engines.get("magier")


def _positions(seed: int, options: dict, count: int):
    """Views of random positions along one random game, with their legal moves."""
    rnd = random.Random(seed)
    state, _ = E.setup(2, E.check_options({"blind": False, **options}, 2), None)
    out = []
    while E.to_move(state) is not None and len(out) < count:
        seat = E.to_move(state)
        moves = E.legal_moves(state, seat)
        out.append((E.view(state, seat), moves))
        state, _ = E.apply(state, seat, rnd.choice(moves), None)
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"wrap": "torus"}, {"open_placement": True}, {"wrap": "torus", "open_placement": True}],
)
def test_parse_format_round_trip_for_every_legal_move(options: dict) -> None:
    checked = 0
    for seed in range(4):
        for view, moves in _positions(seed, {**options, "move_limit": 40}, 200):
            for move in moves:
                assert E.parse(E.format(move), view) == move
                checked += 1
    assert checked > 5000


def test_round_trip_of_pass() -> None:
    state = position({"a1": "R", "i9": "B"})
    assert E.parse(E.format({"type": "pass"}), E.view(state, 0)) == {"type": "pass"}


def test_alternative_spellings() -> None:
    view = E.view(position({"b2": "R", "i9": "B"}), 0)
    step = {"type": "step", "from": "b2", "to": "c3"}
    for text in ("b2-c3", "B2 - C3", "b2 ne", "step b2 ne", "step b2-c3", "  b2   c3 "):
        assert E.parse(text, view) == step
    jump = {"type": "jump", "path": ["b2", "d2", "d4"]}
    for text in ("b2xd2xd4", "b2 x d2 x d4", "jump b2 d2 d4", "jump b2xd2xd4"):
        assert E.parse(text, view) == jump
    place = {"type": "place", "cell": "c3", "value": 1}
    for text in ("place c3 1", "c3 1", "c3=1", "place c3 +1", "PLACE C3 1"):
        assert E.parse(text, view) == place
    assert E.parse("c3 -1", view)["value"] == -1
    assert E.parse("a1 w", view) == {"type": "step", "from": "a1", "to": "a5"}  # through the edge


def test_direction_through_the_edge_follows_the_wrap_option() -> None:
    torus = E.view(position({"e9": "R", "i9": "B"}, options={"wrap": "torus"}), 0)
    line = E.view(position({"e9": "R", "i9": "B"}), 0)
    assert E.parse("e9 e", line)["to"] == "e1"
    assert E.parse("e9 e", torus)["to"] != "e1"


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "type a move"),
        ("hello", "cannot read"),
        ("j1-j2", "not a cell"),
        ("a6-a5", "row a runs from a1 to a5"),
        ("e5-e7", "not next to"),
        ("place c3", "say which wisdom"),
        ("place c3 5", "1, 2 or -1"),
        ("b2 up", "not a direction"),
        ("b2xz9", "not a cell"),
        ("place e0 1", "row e runs from e1 to e9"),
    ],
)
def test_bad_text_is_refused_with_a_helpful_message(text: str, fragment: str) -> None:
    view = E.view(position({"b2": "R", "i9": "B"}, hands=([1, -1], [1])), 0)
    with pytest.raises(IllegalMove) as err:
        E.parse(text, view)
    assert fragment in err.value.message


def test_missing_value_message_lists_own_hand() -> None:
    state, _ = E.setup(2, E.check_options({"blind": False}, 2), None)
    with pytest.raises(IllegalMove, match=r"you still hold 2 2 1 1 1 -1 -1"):
        E.parse("place c3", E.view(state, 0))


def test_parse_refuses_non_text_and_format_refuses_non_moves() -> None:
    with pytest.raises(IllegalMove):
        E.parse(None, {})  # type: ignore[arg-type]
    for bad in (None, {}, {"type": "step"}, {"type": "jump", "path": [1]}, {"type": "fly"}):
        with pytest.raises(IllegalMove):
            E.format(bad)  # type: ignore[arg-type]


def test_format_of_a_concealed_placement_has_no_value() -> None:
    public, _ = E.split_move({"type": "place", "cell": "c3", "value": 2})
    assert E.format(public) == "place c3"
