"""Version 4: the questions and claims of the past are out of the state and the views and
are rebuilt from the log by `recall`, in the shape version 3's views carried them.

- FS-15 / FS-16: the public question event carries the turn and the asked seat's losses then, so
  a YES answer can be known to be stale from the record alone (FS-25).
- FS-18 .. FS-21: a claim's record says which named cards were held, whether it was laid and
  for how much.
- `recall` is pure: folding a step never changes an earlier record, and a step without a
  question or a claim gives the same record back; the engines without a past remember nothing.
"""

from __future__ import annotations

import random

import engines
from engines.core import Rng
from protocol.canonical import canonical
from tests.engines.feuersalamander.memory import Memory, seen_by
from tests.engines.feuersalamander.test_rules import E, T, play, rig


def test_fs15_the_question_event_carries_the_turn_and_the_asked_seats_losses_then() -> None:
    st = rig(2, hands=[[], ["row5", "fire"]], figures=[4, "home"], discard=["air"])
    st["losses"] = [0, 3]
    st["turn_no"] = 7
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 0, "move diff")
    st, events = play(st, 0, "ask queen row 5")
    question = next(e for e in events if e.kind == "question")
    assert question.data == {"by": 0, "to": 1, "coord": "row5", "turn": 7, "losses": 3}
    record = E.recall(None, seen_by(events, 0), 0)
    assert record == {
        "questions": [{"by": 0, "to": 1, "coord": "row5", "turn": 7, "losses": 3, "answer": True, "seen": True}],
        "claims": [],
    }


def test_fs18_fs21_the_record_of_a_laid_and_of_a_failed_claim() -> None:
    st = rig(3, hands=[["fire", "row5"], ["three-stone"], ["air"]])
    st, laid = play(st, 0, "claim own:fire own:row5 queen:three-stone")
    record = E.recall(None, seen_by(laid, None), None)
    assert record["claims"] == [
        {"seat": 0, "own": ["fire", "row5"], "named": [{"seat": 1, "card": "three-stone", "held": True}], "ok": True, "value": 60}
    ]
    st = rig(3, hands=[["fire"], ["three-stone"], ["air"]])
    st, failed = play(st, 0, "claim own:fire monk:row5 queen:three-stone")
    record = E.recall(record, seen_by(failed, 2), 2)
    assert record["claims"][1] == {
        "seat": 0,
        "own": ["fire"],
        "named": [{"seat": 2, "card": "row5", "held": False}, {"seat": 1, "card": "three-stone", "held": True}],
        "ok": False,
    }
    text = E.render({**E.view(st, 2), "record": record})
    assert "King: claim own:fire monk:row5 queen:three-stone -> failed" in text
    assert "-> laid, 60 points" in text


def test_recall_never_changes_an_earlier_record_and_keeps_one_a_step_adds_nothing_to() -> None:
    for n in (2, 3, 4):
        st, events = E.setup(n, {"target": 20}, Rng(b"record %d" % n))
        memory = Memory(E, n)
        memory.step(events)
        rnd = random.Random(n)
        kept: dict[int, tuple[object, bytes]] = {}  # every record made, once
        asked = 0
        for i in range(600):
            seat = E.to_move(st)
            if seat is None:
                break
            before = dict(memory.records)
            kept.update({id(r): (r, canonical(r)) for r in before.values() if id(r) not in kept})
            st, events = E.apply(st, seat, E.bots()["random"](E.view(st, seat), E.legal_moves(st, seat), rnd), Rng(b"r %d" % i))
            memory.step(events)
            if not {"question", "claim"} & {e.kind for e in events}:
                assert all(memory.records[k] is before[k] for k in before), "nothing to add: the same record"
            asked += sum(e.kind == "question" for e in events)
        assert asked > 0 and memory.of(None)["claims"], f"{n} seats: the game asked and claimed"
        assert all(canonical(r) == snapshot for r, snapshot in kept.values()), "a later step changed an earlier record"


def test_engines_without_a_past_remember_nothing() -> None:
    """BaseEngine's default: their views carry all a player needs, so the record stays None."""
    for engine_id in engines.ids():
        if engine_id != "feuersalamander":
            engine = engines.get(engine_id)
            assert engine.recall(None, [{"kind": "x", "data": {}, "to": None}], 0) is None
