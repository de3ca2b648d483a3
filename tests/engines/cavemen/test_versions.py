"""Cavemen's rules versions (PROTOCOL section 19: a version a game has used is frozen; RULES.md "Versions").

Version 1 (the release of 2026-11-30) and version 2 play the same game; they differ only in
the answer in advance `forced`. Version 1 plays every decision with one legal move, even one
whose being the only move depends on the hand (CV-18), and the logs it wrote hold those
standing entries, so it must keep answering them. Version 2 answers only where the public log
shows the seat had one move (forced_public). New games get version 2.
"""

from __future__ import annotations

from typing import Any

import engines
from engines.cavemen import ENGINE, VERSIONS
from engines.core import Rng
from tests.engines.cavemen.scenario import RED, board, do, put

FORCED = {"kind": "forced"}


def _a_cave_nowhere_to_go() -> dict[str, Any]:
    """Red places (CV-12) holding one cave card while every replaceable cave is his already:
    `end` is his only move, but only his hand says so (a caveman there could be placed)."""
    state = board(phase="place")
    state["hands"][RED] = ["cave"]
    state["caves"] = {cell: RED for cell in state["caves"]}
    return state


def test_cavemen_keeps_versions_1_and_2_and_new_games_get_2() -> None:
    assert list(engines.versions("cavemen")) == ["1", "2"]
    assert engines.get("cavemen") is ENGINE is VERSIONS["2"]
    assert engines.get("cavemen").version == "2"  # what a new game's genesis names
    assert engines.get("cavemen", "1") is VERSIONS["1"]
    assert VERSIONS["1"].version == "1"


def test_version_1_forced_plays_an_end_only_the_hand_decides_and_version_2_does_not() -> None:
    state = _a_cave_nowhere_to_go()
    old, new = VERSIONS["1"], VERSIONS["2"]
    assert old.legal_moves(state, RED) == new.legal_moves(state, RED) == [{"type": "end"}]
    assert old.standing_move(old.view(state, RED), FORCED) == {"type": "end"}
    assert new.standing_move(new.view(state, RED), FORCED) is None
    # The same hand size with a caveman in it has placements: the hand alone made `end` the only move.
    other = _a_cave_nowhere_to_go()
    other["hands"][RED] = ["gutsy"]
    assert len(new.legal_moves(other, RED)) > 1


def test_both_versions_answer_an_end_the_public_sees_is_the_only_move() -> None:
    """A face-up Ballsy that has stepped (CV-5): everyone sees it has no move left."""
    state = board(phase="move")
    put(state, RED, "ballsy", 0, 2, up=True, known=2)
    state, _ = do(state, "move P0 r2 up")
    for version in ("1", "2"):
        engine = VERSIONS[version]
        assert engine.standing_move(engine.view(state, RED), FORCED) == {"type": "end"}, version


def test_the_versions_play_the_same_rules() -> None:
    """Only answers in advance differ: the same `end` gives the same position in both."""
    state = _a_cave_nowhere_to_go()
    played = [VERSIONS[v].apply(state, RED, {"type": "end"}, Rng(b"v")) for v in ("1", "2")]
    (a, a_events), (b, b_events) = played
    assert a == b
    assert [e.to_json() for e in a_events] == [e.to_json() for e in b_events]


def test_each_version_says_what_its_forced_answers() -> None:
    old = next(k["text"] for k in VERSIONS["1"].answer_kinds() if k["kind"] == "forced")
    new = next(k["text"] for k in VERSIONS["2"].answer_kinds() if k["kind"] == "forced")
    assert "hidden cards" not in old
    assert "hidden cards" in new
