"""Answers given in advance, the engine side: what a rule prescribes is one of the seat's legal
moves, computed from its view alone, and nothing else is taken as a rule.

Random games of every engine and mode: at every position the rule `forced` prescribes exactly
the only legal move when there is one and everyone can tell that there is (`forced_public`),
nothing otherwise, and nothing for a seat not to move.
The protocol side (the standing step and the view it tells its seat) is checked at the end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engines
from engines.answers import MOST_RULES, BadRule
from engines.core import Rng
from protocol import steps
from protocol.commitments import view_salt
from protocol.envelope import StepError
from protocol.outcome import check_view
from protocol.standing import ANSWERED, prescribed, standing

MODES = [
    ("magier", 2, {"blind": False}),
    ("feuersalamander", 2, {}),
    ("feuersalamander", 3, {}),
    ("cavemen", 2, {}),
    ("cavemen", 2, {"open": True}),
    ("siedler", 2, {}),
]
PLIES = 150
FORCED = {"kind": "forced"}


def positions(engine_id: str, seats: int, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """The states of one random game (every legal move taken at random)."""
    engine = engines.get(engine_id)
    rnd = random.Random(seed)
    state, _ = engine.setup(seats, engine.check_options(options, seats), Rng(b"answers %d" % seed))
    out = [state]
    for ply in range(PLIES):
        seat = engine.to_move(state)
        if seat is None or engine.result(state) is not None:
            break
        legal = engine.legal_moves(state, seat)
        state, _ = engine.apply(state, seat, rnd.choice(legal), Rng(b"ply %d %d" % (seed, ply)))
        out.append(state)
    return out


@pytest.mark.parametrize(("engine_id", "seats", "options"), MODES)
def test_forced_prescribes_exactly_the_only_legal_move(engine_id: str, seats: int, options: dict[str, Any]) -> None:
    engine = engines.get(engine_id)
    seen_forced = 0
    for seed in range(2):
        for state in positions(engine_id, seats, options, seed):
            to_move = engine.to_move(state)
            for seat in range(seats):
                view = engine.view(state, seat)
                got = engine.standing_move(view, FORCED)
                legal = engine.legal_moves(state, seat) if seat == to_move else []
                public = engine.forced_public(view)  # type: ignore[attr-defined]
                if len(legal) == 1 and not steps.needs_owner(engine, state) and public:
                    assert got == legal[0]
                    seen_forced += 1
                elif len(legal) == 1:  # one move, but only the seat can see that it is one
                    assert got is None, (engine_id, seat, got)
                else:
                    assert got is None, (engine_id, seat, got)
    if engine_id == "feuersalamander":
        assert seen_forced > 0, "random Feuersalamander games hold forced throws"


def test_no_rule_answers_a_decision_that_needs_the_owners_secret() -> None:
    """A blind magier placement carries a value only its owner holds (MH-6): the server can
    never answer it for the seat, whatever the seat signed."""
    engine = engines.get("magier")
    state, _ = engine.setup(2, engine.check_options({}, 2), Rng(b"blind"))
    assert steps.needs_owner(engine, state)
    assert prescribed(engine, state, engine.to_move(state), [FORCED]) is None


@pytest.mark.parametrize("engine_id", engines.ids())
def test_every_engine_lists_forced_and_takes_only_rules_it_knows(engine_id: str) -> None:
    engine = engines.get(engine_id)
    kinds = [k["kind"] for k in engine.answer_kinds()]
    assert kinds[0] == "forced" and len(set(kinds)) == len(kinds)
    assert all(k["text"] and k["usage"] for k in engine.answer_kinds())
    assert engine.parse_rule("forced") == FORCED
    assert engine.check_rules([FORCED]) == [FORCED]
    refused = [
        "forced",
        {"kind": "forced", "extra": 1},
        {"kind": 1},
        {"kind": "no-such-kind"},
        {"kind": "forced", "weight": 0.5},
    ]
    for rule in refused:
        with pytest.raises(BadRule):
            engine.check_rule(rule)
    with pytest.raises(BadRule, match="twice"):
        engine.check_rules([FORCED, FORCED])
    with pytest.raises(BadRule, match="at most"):
        engine.check_rules([FORCED] * (MOST_RULES + 1))
    with pytest.raises(BadRule, match="forced"):  # the refusal names the kinds the game knows
        engine.parse_rule("always-win")
    with pytest.raises(BadRule):
        engine.parse_rule("")


def test_standing_step_tells_the_seat_the_view_it_answered_from_and_refuses_what_no_rule_gives() -> None:
    """The standing entry's first event, private to its seat, is the seat's view before the move
    with the salt that opens the view commitment of the entry before: the seat's client checks
    the answer from it at once. A rule index that is not the first to apply is refused."""
    engine = engines.get("feuersalamander")
    seed = bytes(range(32))
    start = steps.start(engine, 2, engine.check_options({"target": 20}, 2), ["00" * 32, "11" * 32], seed, 3)
    state, before, seq = start.state, 3, 4
    rnd = random.Random(5)
    committed_views = start.body["views"]
    for _ in range(400):
        seat = engine.to_move(state)
        if engine.result(state) is not None:
            break
        found = prescribed(engine, state, seat, [FORCED])
        if found is not None:
            committed = committed_views[seat]
            with pytest.raises(StepError, match="first that applies"):
                standing(engine, state, seat, (2, [FORCED]), 1, seed, seq, before, seats=2)
            step = standing(engine, state, seat, (2, [FORCED]), 0, seed, seq, before, seats=2)
            private = step.payloads[0]
            assert private.index == 0 and private.to == (seat,) and private.event["kind"] == ANSWERED
            data = private.event["data"]
            assert data["salt"] == view_salt(seed, before, seat)
            assert check_view(data["view"], data["salt"], committed)
            assert step.body["move"] == found[1] and data["rule"] == 0 and step.body["answers"] == 2
            assert "rule" not in step.body  # nothing logged in the clear says which rule played
            return
        legal = engine.legal_moves(state, seat)
        with pytest.raises(StepError, match="prescribe no move"):
            standing(engine, state, seat, (2, [FORCED]), 0, seed, seq, before, seats=2)
        move = rnd.choice(legal)
        state, _ = engine.apply(state, seat, move, Rng(b"x %d" % seq))
        committed_views = steps.views(engine, state, 2, seed, seq)
        before, seq = seq, seq + 1
    pytest.fail("no forced decision came up")
