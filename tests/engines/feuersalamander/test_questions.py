"""Scenario tests of the questions (FS-15..FS-17): who may ask whom, who learns the answer, and
the prisoner a question frees. The scripted chance and rigged states are test_rules's."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Event, IllegalMove
from tests.engines.feuersalamander.memory import seen_by
from tests.engines.feuersalamander.test_rules import E, T, pending, play, rig

# ---------------------------------------------------------------- FS-15 .. FS-17: questions


def _last_question(events: list[Event], seat: int | None, everything: bool = False) -> dict[str, Any]:
    """The question of this step as `seat` remembers it (version 4: from the log, `recall`)."""
    return E.recall(None, seen_by(events, seat, everything), seat)["questions"][-1]


def _to_question(n: int, hands: list[list[str]], figures: list[Any], steps: tuple[int, int]) -> dict[str, Any]:
    st = rig(n, hands=hands, figures=figures)
    st, _ = play(st, 0, "throw", *T(steps[0], steps[1], "stone-key" if hands[0] else "stone"))
    if hands[0]:
        st, _ = play(st, 0, E.legal_moves(st, 0)[0])
    st, _ = play(st, 0, "move diff")
    assert pending(st)[1] == "question"
    return st


def test_fs15_question_is_public_answer_private_to_questioner_and_asked() -> None:
    st = _to_question(3, [[], ["row5"], ["row5"]], [4, "home", "home"], (2, 1))
    assert st["pending"]["target"] == 1
    yes, ev = play(st, 0, "ask queen row 5")
    question = [e for e in ev if e.kind == "question"][0]
    answer = [e for e in ev if e.kind == "answer"][0]
    assert question.public and question.data == {"by": 0, "to": 1, "coord": "row5", "turn": 1, "losses": 0}
    assert answer.to == (0, 1) and answer.data["answer"] is True
    asked = {"by": 0, "to": 1, "coord": "row5", "turn": 1, "losses": 0}
    assert _last_question(ev, 0) == _last_question(ev, 1) == {**asked, "answer": True, "seen": True}
    assert _last_question(ev, 2) == {**asked, "answer": None, "seen": False}, "the Monk holds row 5 too, but was not told"
    assert _last_question(ev, None) == {**asked, "answer": None, "seen": False}
    assert _last_question(ev, None, everything=True)["answer"] is True, "a finished game's reveal opens every answer"
    assert "questions" not in E.view(yes, 0) and "questions" not in yes, "version 4: the past is in the log only"
    no, ev = play(st, 0, "ask queen fire")
    assert [e for e in ev if e.kind == "answer"][0].data["answer"] is False


def test_fs15_with_two_players_the_answer_is_known_to_both() -> None:
    st = _to_question(2, [[], ["three-stone"]], [4, "home"], (2, 1))
    st, ev = play(st, 0, "ask queen stone three")
    answer = [e for e in ev if e.kind == "answer"][0]
    assert answer.to == (0, 1) and answer.data["answer"] is True
    assert _last_question(ev, 0)["answer"] is True
    assert _last_question(ev, 1)["answer"] is True
    assert _last_question(ev, None)["answer"] is None


def test_fs15_one_coordinate_per_question_and_only_the_block_owner() -> None:
    st = _to_question(3, [[], ["row5"], []], [4, "home", "home"], (2, 1))
    with pytest.raises(IllegalMove, match="Queen's block"):
        play(st, 0, {"type": "ask", "seat": 2, "coord": "row5"})
    with pytest.raises(IllegalMove):
        play(st, 0, {"type": "ask", "seat": 1, "coord": "row5 and fire"})
    assert len(E.legal_moves(st, 0)) == 1 + 14


def test_fs16_question_after_a_zero_step_move_in_another_block() -> None:
    st = rig(hands=[[], []], figures=[6, "home"])
    st, _ = play(st, 0, "throw", *T(3, 3, "stone"))
    st, _ = play(st, 0, "move diff")
    assert st["figures"][0] == 6 and pending(st) == (0, "question")


def test_fs16_no_question_in_own_block_or_at_home() -> None:
    st = rig(hands=[[], []], figures=[0, "home"])
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 0, "move diff")
    assert st["figures"][0] == 1 and pending(st) == (1, "throw")
    st = rig(hands=[[], []])
    st, _ = play(st, 0, "throw", *T(2, 2, "stone"))
    st, _ = play(st, 0, "move diff")
    assert st["figures"][0] == "home" and pending(st) == (0, "throw")


def test_fs17_asking_a_prisoner_frees_him_but_he_may_not_claim_before_his_next_turn() -> None:
    st = rig(3, hands=[["three-stone"], ["row5", "fire"], []], figures=[0, "dungeon", 8], turn=2)
    st, _ = play(st, 2, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 2, "move diff")  # the Monk steps onto the Queen's s4
    st, ev = play(st, 2, "ask queen row 5")
    assert st["figures"][1] == "home"
    assert [e.data for e in ev if e.kind == "freed"] == [{"seat": 1, "by": "question"}]
    assert pending(st) == (0, "throw")
    assert E.legal_moves(st, 1) == []
    with pytest.raises(IllegalMove, match="not your decision"):
        play(st, 1, "claim own:fire own:row5 king:three-stone")
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 0, "stone air 1 three")
    st, _ = play(st, 0, "move diff")
    # his own next turn starts at home: claiming is allowed then
    assert pending(st) == (1, "throw") and st["pending"]["may_claim"] is True
    st, _ = play(st, 1, "claim own:fire own:row5 king:three-stone")
    assert st["scores"][1] == 60


def test_fs17_questioner_keeps_a_pair_throw_after_freeing() -> None:
    st = rig(hands=[[], []], figures=[5, "dungeon"])
    st, _ = play(st, 0, "throw", *T(1, 1, "stone"))
    st, _ = play(st, 0, "move diff")
    st, _ = play(st, 0, "ask queen fire")
    assert st["figures"][1] == "home" and pending(st) == (0, "throw")


