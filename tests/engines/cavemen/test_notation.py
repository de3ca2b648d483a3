"""The Cavemen notation: every legal move reads back from its text; spellings and errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cavemen import ENGINE as E
from engines.core import IllegalMove, Rng
from tests.engines.cavemen.scenario import BLUE, RED, board, put


def test_parse_format_round_trip_over_random_games() -> None:
    """Every listed move of 30 random games (closed and open) reads back from its text."""
    bots = E.bots()
    for seed in range(30):
        state, _ = E.setup(2, {"open": seed % 2 == 1, "round_limit": 20}, Rng(b"n%d" % seed))
        rnd = random.Random(seed)
        for i in range(2000):
            seat = E.to_move(state)
            if seat is None:
                break
            view = E.view(state, seat)
            legal = E.legal_moves(state, seat)
            for move in legal:
                assert E.parse(E.format(move), view) == move
            state, _ = E.apply(state, seat, bots["random"](view, legal, rnd), Rng(b"m%d" % i))


def test_spellings() -> None:
    s = board()
    put(s, RED, "gritty", 1, 6)
    put(s, BLUE, "snappy", 2, 5)
    s["hands"][RED] = ["gutsy", "cave"]
    v = E.view(s, RED)
    assert E.parse("  Move p1R6 DOWN ", v) == {"type": "step", "path": 1, "row": 6, "dir": "down"}
    assert E.parse("step P1 6 down", v) == {"type": "step", "path": 1, "row": 6, "dir": "down"}
    assert E.parse("move P1 r6 back", v) == {"type": "step", "path": 1, "row": 6, "dir": "down"}
    assert E.parse("move P1 r6 forward", E.view(s, BLUE))["dir"] == "down", "Blue's forward is down"
    assert E.parse("move P1 r6 right", v) == {"type": "side", "path": 1, "row": 6, "dir": "right"}
    assert E.parse("extinguish a", v) == {"type": "extinguish", "col": "A", "path": 1, "row": 6}
    assert E.parse("discard 2", v) == {"type": "discard", "card": "cave"}
    assert E.parse("discard gutsy", v) == {"type": "discard", "card": "gutsy"}
    assert E.parse("cave b 4", v) == {"type": "cave", "cell": "B4"}
    assert E.parse("END", v) == {"type": "end"} == E.parse("done", v) == E.parse("end phase", v)
    assert E.parse("no reveal", v) == {"type": "noreveal"}
    put(s, RED, "zippy", 2, 3)
    v = E.view(s, RED)
    assert E.parse("attack P2 r5", v) == {"type": "attack", "path": 2, "row": 5, "from_path": 2, "from_row": 3}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("fly away", "cannot read"),
        ("move P5 r1 up", "position"),
        ("move P1 r3", "direction"),
        ("side P1 r3 up", "left or right"),
        ("jump P1 r3 left", "along its path"),
        ("place cave P0 r1", "cave B4"),
        ("place wizard P0 r1", "cannot read the card"),
        ("discard 9", "no card number 9"),
        ("cave A2", "CV-2"),
        ("extinguish D", "column"),
        ("extinguish A", "none of your cavemen"),
        ("attack P2 r5", "none of your cavemen"),
        ("pass", "type 'end phase' to end the phase"),  # not silently the end of a whole phase
    ],
)
def test_errors_explain(text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        E.parse(text, E.view(board(), RED))


def test_ambiguous_attack_needs_from() -> None:
    s = board()
    put(s, RED, "gritty", 1, 4)
    put(s, RED, "snappy", 2, 3)
    put(s, BLUE, "gutsy", 2, 4)
    with pytest.raises(IllegalMove, match="add 'from"):
        E.parse("attack P2 r4", E.view(s, RED))


def test_the_public_part_of_a_placement_formats_without_the_card() -> None:
    public, _ = E.split_move({"type": "place", "card": "dino", "path": 0, "row": 1})
    assert E.format(public) == "place a caveman P0 r1"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30) | st.from_regex(r"(move|side|jump|attack|extinguish|place|cave|discard|reveal) [a-z0-9 ]{0,20}"))
def test_any_text_is_a_move_or_a_clear_refusal(text: str) -> None:
    s = board()
    put(s, RED, "zippy", 1, 3)
    s["hands"][RED] = ["cave", "gritty"]
    try:
        move = E.parse(text, E.view(s, RED))
    except IllegalMove as err:
        assert err.message.strip()
        return
    assert isinstance(move, dict) and isinstance(move["type"], str)
