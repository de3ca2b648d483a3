"""describe_event for `pbem log`: every event Cavemen emits reads as words; junk never raises."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cavemen import ENGINE as E
from engines.core import Rng
from tests.engines.cavemen.scenario import BLUE, RED, board, do, put


def test_every_event_of_random_games_is_described() -> None:
    seen: set[str] = set()
    bot = E.bots()["random"]
    for seed in range(40):
        state, events = E.setup(2, {"open": seed % 2 == 1, "round_limit": 30}, Rng(b"ev%d" % seed))
        rnd = random.Random(seed)
        for i in range(5000):
            for e in events:
                text = E.describe_event(e.to_json())
                assert isinstance(text, str) and text, e
                seen.add(e.kind)
            seat = E.to_move(state)
            if seat is None:
                break
            move = bot(E.view(state, seat), E.legal_moves(state, seat), rnd)
            state, events = E.apply(state, seat, move, Rng(b"e%d" % i))
    assert {"setup", "drew", "placed", "moved", "attack", "turn", "ended", "game_over"} <= seen


def test_descriptions_name_what_happened() -> None:
    s = board()
    put(s, RED, "ballsy", 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    put(s, RED, "gritty", 0, 1)
    s["inactive"][BLUE] = ["cave"]
    s, ev = do(s, "attack P1 r4 from P1 r3")
    texts = [E.describe_event(e.to_json()) for e in ev]
    assert (
        "Red's Ballsy (1) on P1 r3 attacks Zippy (7) on P1 r4: the attacker wins: Blue's Zippy (7) goes to "
        "the inactive deck" in texts
    )
    assert any(t.startswith("Blue's inactive deck (1 card) goes shuffled under the stockpile") for t in texts)
    s, ev = do(s, "reveal P0 r1")
    texts = [E.describe_event(e.to_json()) for e in ev]
    assert "Blue's Zippy reveals the caveman on P0 r1" in texts
    assert "Zippy shows you Gritty (3) on P0 r1" in texts


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["kind", "data", "to"]), st.one_of(
    st.none(), st.text(max_size=8), st.integers(), st.dictionaries(st.text(max_size=6), st.integers() | st.text(max_size=4)),
    st.sampled_from(["attack", "moved", "drew", "placed", "returned", "zippy_reveal", "game_over"]),
)))
def test_junk_events_never_raise(event: dict) -> None:
    text = E.describe_event(event)
    assert text is None or isinstance(text, str)
