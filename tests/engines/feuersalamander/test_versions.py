"""Feuersalamander's rules versions 1 to 5 (PROTOCOL section 19: a game is played on and audited with
the version its genesis names; new games get the newest).

All five play the same game. What differs, each shown here on the same seeded games:
- 1 (the first day's, c116416) lacks the latest draw and key throw ("drawn", "last_keys") that
  2 (7b689f0) added to the state and the views; 1 and 2 know no leaving (3, a5fab0a, does): a
  resignation ends their games, so they have no `leave` or `out`.
- 1 to 3 read a claim's lists in any order and a missing 'own' as none (a71a38b made apply
  strict within version 3, which the release 8722713 had not been); 4 and 5 refuse them.
- 3 keeps the questions asked (with their answers) and the claims made in the state and in
  every view; its public question event names no turn and no losses. 4 keeps them in the log
  only: the question event carries turn and losses, and `recall` folds the record a client
  attaches, which is exactly version 3's lists.
- 3 and 4 let the answer `forced` play every decision with one legal move; 5 only those whose
  number of options is public (not a discard or a stone the hand decides).
The pinned traces (tests/engines/versions) hold each version to what its released code did;
these tests say what the difference is, and that everything a client and server call works
on a version-3 view.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from engines.core import Event, IllegalMove, Rng
from engines.feuersalamander import VERSIONS, Feuersalamander
from protocol.audit import audit
from protocol.leaving import lets_leave
from tests.engines.feuersalamander.memory import Memory
from tests.engines.versions.feuersalamander_games import choose
from tests.protocol.ledger import Ledger

V1, V2, V3, V4, V5 = (engines.get("feuersalamander", v) for v in ("1", "2", "3", "4", "5"))
FORCED = {"kind": "forced"}
HISTORIES = ("questions", "claims")

Step = tuple[Any, Any, list[Event]]  # (seat moved or None at the setup, the state after it, events)


def played(engine: Any, seats: int, seed: str, plies: int, options: dict[str, Any] | None = None) -> Iterator[Step]:
    """A seeded game, its moves chosen as the pinned games choose them (a kind of move first,
    a claim that holds half the time): questions, answers and claims come up early."""
    state, events = engine.setup(seats, engine.check_options(options or {}, seats), Rng(f"{seed}/setup".encode()))
    yield None, state, events
    rnd = random.Random(seed)
    for ply in range(plies):
        seat = engine.to_move(state)
        if seat is None:
            return
        legal = engine.legal_moves(state, seat)
        move = choose(engine, state, seat, legal, rnd)
        state, events = engine.apply(state, seat, move, Rng(f"{seed}/{ply}".encode()))
        yield seat, state, events


def without(value: dict[str, Any], keys: tuple[str, ...] = HISTORIES) -> dict[str, Any]:
    return {k: v for k, v in value.items() if k not in keys}


def test_new_games_get_version_5_and_versions_1_to_4_are_kept() -> None:
    """1 and 2 were written into pbem-log/2 genesis entries by main on 2026-11-30, before the
    release (tests/corpus/3299d74, 2d6105e): kept like every version a landed main wrote."""
    assert engines.get("feuersalamander") is VERSIONS["5"] and V5.version == "5"
    assert list(engines.versions("feuersalamander")) == ["1", "2", "3", "4", "5"]
    assert [e.version for e in (V1, V2, V3, V4, V5)] == ["1", "2", "3", "4", "5"]
    with pytest.raises(engines.UnknownVersion):
        engines.get("feuersalamander", "0")
    with pytest.raises(ValueError, match="kept: 1, 2, 3, 4, 5"):
        Feuersalamander("6")


def test_version_3_keeps_questions_and_claims_in_state_and_views_version_4_folds_them_from_the_log() -> None:
    """Same moves, same game: the states, views and events differ only by version 3's lists
    and version 4's turn and losses in the question event; a version-4 seat's record, folded
    from the events it saw, is version 3's view lists to the letter."""
    seats, asked, laid, failed = 3, 0, 0, 0
    memory = Memory(V4, seats)
    kept: list[tuple[Any, str]] = []  # each version-3 state as it was: no later move may change it
    for (seat3, s3, e3), (seat4, s4, e4) in zip(played(V3, seats, "fs versions", 400), played(V4, seats, "fs versions", 400), strict=True):
        assert seat3 == seat4 and set(s3) - set(s4) == set(HISTORIES) and without(s3) == s4
        kept.append((s3, json.dumps(s3, sort_keys=True)))
        memory.step(e4)
        for seat in [*range(seats), None]:
            v3, v4 = V3.view(s3, seat), V4.view(s4, seat)
            assert without(v3) == v4 and not set(HISTORIES) & set(v4)
            record = memory.of(seat) or {"questions": [], "claims": []}
            assert v3["questions"] == record["questions"] and v3["claims"] == record["claims"]
        assert [e.kind for e in e3] == [e.kind for e in e4]
        for a, b in zip(e3, e4, strict=True):
            if a.kind == "question":
                asked += 1
                assert a.data == without(b.data, ("turn", "losses")) and set(b.data) - set(a.data) == {"turn", "losses"}
                q = s3["questions"][-1]
                assert (q["turn"], q["losses"]) == (b.data["turn"], b.data["losses"])
                assert q["answer"] is next(e.data["answer"] for e in e4 if e.kind == "answer")
            else:
                assert a == b
        laid += sum(e.kind == "laid" for e in e4)
        failed += sum(e.kind == "claim_failed" for e in e4)
    assert asked and laid and failed, "the game asked no question or made no claim of either outcome"
    assert len(s3["questions"]) == asked and len(s3["claims"]) == laid + failed
    assert all(json.dumps(state, sort_keys=True) == text for state, text in kept), "a move changed an earlier state"


def test_a_version_3_answer_shows_only_to_the_asker_and_the_asked_seat() -> None:
    for _, state, _ in played(V3, 3, "fs versions", 400):
        if state["questions"]:
            break
    q = state["questions"][0]
    for seat in [*range(3), None]:
        shown = V3.view(state, seat)["questions"][0]
        seen = seat in (q["by"], q["to"])
        assert shown == {**q, "answer": q["answer"] if seen else None, "seen": seen}
    revealed = V3.revealed_view(state)
    assert [r["answer"] for r in revealed["questions"]] == [x["answer"] for x in state["questions"]]
    assert all(r["seen"] for r in revealed["questions"]) and revealed["hands"] == state["hands"]
    assert "questions" not in V4.revealed_view(without(state))  # version 4: the reveal's answers go through recall


def one_move_hidden_decisions() -> Iterator[tuple[Any, Any]]:
    """(version-3 state, version-5 state) of one position where the seat to move has exactly one
    legal move and it reads the hand (a discard or a stone), over a few seeded games."""
    for n in range(20):
        for (_, s3, _), (_, s5, _) in zip(played(V3, 2, f"fs forced {n}", 300), played(V5, 2, f"fs forced {n}", 300), strict=True):
            seat = V5.to_move(s5)
            if seat is not None and len(V5.legal_moves(s5, seat)) == 1 and not V5.forced_public(V5.view(s5, seat)):
                yield s3, s5


def test_versions_3_and_4_answer_a_one_move_decision_of_the_hand_with_forced_version_5_does_not() -> None:
    """6f273e7 (version 5): a standing `forced` answer to a discard or stone the hand allows only
    one way told the table what the hand held; 3 and 4 played it, and their logs hold it."""
    s3, s5 = next(one_move_hidden_decisions())
    seat = V5.to_move(s5)
    only = V5.legal_moves(s5, seat)
    assert s5["pending"]["kind"] in ("deal", "discard", "stone")
    assert V3.standing_move(V3.view(s3, seat), FORCED) == only[0] and V3.forced_public(V3.view(s3, seat))
    assert V4.standing_move(V4.view(s5, seat), FORCED) == only[0] and V4.forced_public(V4.view(s5, seat))
    assert V5.standing_move(V5.view(s5, seat), FORCED) is None
    texts = {e.version: e.answer_kinds()[0]["text"] for e in (V3, V4, V5)}
    assert texts["3"] == texts["4"] != texts["5"] and "hidden cards" in texts["5"]


def test_every_version_answers_a_public_one_move_decision_with_forced() -> None:
    """A key throw from the dungeon (FS-23) is one move everyone sees: all three answer it."""
    for engine in (V3, V4, V5):
        for _, state, _ in played(engine, 2, "fs keys", 600):
            seat = engine.to_move(state)
            if seat is not None and state["pending"]["kind"] == "keys":
                assert engine.standing_move(engine.view(state, seat), FORCED) == {"type": "keys"}
                break
        else:
            raise AssertionError("no key throw came up")


def test_a_version_3_view_renders_and_serves_client_bots_and_text() -> None:
    """Everything a client or server calls works on version 3's views: render (with or without a
    record: the view's own lists are drawn), bots, moves, notation, describe_*, public_mismatch,
    recall (which keeps nothing: the view carries it), the final revealed view."""
    seats = 3
    last: list[Any] = []
    for seat, state, events in played(V3, seats, "fs versions", 400):
        last = [seat, state, events]
        for event in events:
            assert isinstance(V3.describe_event(event.to_json()), str | None)
        assert V3.recall(None, [e.to_json() for e in events], 0) is None
    state = last[1]
    assert state["result"] is not None and state["questions"] and state["claims"]
    previous = list(played(V3, seats, "fs versions", 400))[-2][1]
    mover = V3.to_move(previous)
    view = V3.view(previous, mover)
    text = V3.render(view)
    assert "Questions" in text and "Claims:" in text
    assert V3.render({**view, "record": None}) == text
    assert "Claims:" in V3.render({**view, "record": {"questions": [], "claims": []}}, color=True)
    legal = V3.legal_moves(previous, mover)
    assert V3.moves_from_view(view) == legal
    for move in legal[:50]:
        assert V3.parse(V3.format(move), view) == move
        V3.describe_move(view, move)
    rnd = random.Random(3)
    for name, bot in V3.bots().items():
        assert bot(view, legal, rnd) in legal, name
    step = {"to_move": mover, "result": None}
    assert V3.public_mismatch(view, step) is None
    assert V3.public_mismatch(view, {**step, "to_move": (mover + 1) % seats}) is not None
    final = V3.revealed_view(state)
    assert "Game over" in V3.render(final) and "Questions" in V3.render(final)


def test_leaving_a_game_of_three_in_version_3_keeps_its_histories_and_plays_on() -> None:
    for _, state, _ in played(V3, 3, "fs versions", 400):
        if state["questions"] and state["pending"]["kind"] == "throw":
            break
    turn = state["turn"]
    new, events = V3.leave(state, turn, "resigned")
    assert V3.out(new) == [turn] and events[0].kind == "left"
    assert new["questions"] == state["questions"] and new["claims"] == state["claims"]
    assert V3.view(new, None)["out"] == [turn] and V3.view(new, None)["questions"]
    seat = V3.to_move(new)
    assert seat != turn
    V3.apply(new, seat, V3.legal_moves(new, seat)[0], Rng(b"on"))
    with pytest.raises(IllegalMove):
        V3.leave(new, turn, "resigned")
    rest, _ = V3.leave(new, seat, "forfeited")
    assert rest["result"]["winner"] == 3 - turn - seat


def test_a_version_3_game_with_a_resignation_audits_pass_with_its_own_rules() -> None:
    """Through the protocol: the genesis names version 3, the log's question events carry no turn
    (as version 3 wrote them), and today's audit replays it with version 3's rules."""
    ledger = Ledger("fs-v3", engine=V3, seats=3, options={"target": 500})
    ledger.begin()
    rnd = random.Random(3)

    def play(moves: int) -> None:
        for _ in range(moves):
            seat = V3.to_move(ledger.state)
            if seat is None or ledger.result is not None:
                return
            ledger.move(seat, choose(V3, ledger.state, seat, V3.legal_moves(ledger.state, seat), rnd))

    play(100)
    ledger.resign(V3.to_move(ledger.state))  # out; the other two play on (version 3's leaving)
    assert ledger.result is None and len(V3.out(ledger.state)) == 1
    play(30)
    ledger.resign(V3.to_move(ledger.state))
    assert ledger.result is not None
    ledger.reveal()
    assert ledger.entries[0]["body"]["engine_version"] == "3"
    questions = [e for x in ledger.entries for e in (x["body"].get("events") or []) if e.get("kind") == "question"]
    assert questions and all(set(q["data"]) == {"by", "to", "coord"} for q in questions)
    verdict = audit(ledger.export())
    assert verdict.word == "PASS", verdict.reason


def respelled_claims(engine: Any) -> Iterator[tuple[Any, int, dict[str, Any], dict[str, Any]]]:
    """(state, seat, listed claim, the claim written otherwise) at the claims of a seeded game of
    `engine`: 'own' reversed (two own cards), 'named' reversed, and 'own' left out (none shown)."""
    for _, state, _ in played(engine, 3, "fs versions", 400):
        seat = engine.to_move(state)
        claims = [m for m in engine.legal_moves(state, seat) if m["type"] == "claim"] if seat is not None else []
        for listed in claims:
            if len(listed["own"]) == 2:
                yield state, seat, listed, {**listed, "own": listed["own"][::-1]}
                break
        for listed in claims:
            if not listed["own"]:
                yield state, seat, listed, {"type": "claim", "named": listed["named"][::-1]}
                break


@pytest.mark.parametrize("engine", [V1, V2, V3], ids=["1", "2", "3"])
def test_versions_1_to_3_play_a_claim_in_any_order_as_the_listed_one_versions_4_and_5_refuse_it(engine: Any) -> None:
    """a71a38b (within version 3, without a new version): apply took only claims written as listed,
    in card order with 'own' present. The release 8722713 (version 3), and versions 1 and 2 before
    it, took 'own' and 'named' in any order and 'own' left out, and played the claim in card order;
    their servers logged such moves as written, and those logs audit PASS only if these versions
    read claims so still. Versions 4 and 5 came after a71a38b: they never took another order, and
    still refuse it with the reason."""
    seen = 0
    for state, seat, listed, other in respelled_claims(engine):
        seen += 1
        rng = f"claim {seen}".encode()
        assert other != listed and engine.apply(state, seat, other, Rng(rng)) == engine.apply(state, seat, listed, Rng(rng))
        today = without(state)  # the same table without version 3's histories
        assert V5.apply(today, seat, listed, Rng(rng))  # the listed spelling: refused below only for its order
        for strict in (V4, V5):
            with pytest.raises(IllegalMove, match="a claim lists"):
                strict.apply(today, seat, other, Rng(rng))
    assert seen >= 10, "the game reached too few claims"


def test_version_1_is_version_2_without_the_latest_draw_and_key_throw() -> None:
    """7b689f0 (version 2) added "drawn" and "last_keys" to the state and the views, for the log
    in words and the board; nothing else changed: the same moves make the same game, and a
    version-1 state or view is version 2's without those two members. A version-1 view renders
    (no card marked new, no key throw line)."""
    drawn = keys = 0
    for (seat1, s1, e1), (seat2, s2, e2) in zip(played(V1, 3, "fs versions", 400), played(V2, 3, "fs versions", 400), strict=True):
        assert seat1 == seat2 and e1 == e2
        assert "drawn" not in s1 and "last_keys" not in s1 and s1 == without(s2, ("drawn", "last_keys"))
        for seat in [*range(3), None]:
            v1, v2 = V1.view(s1, seat), V2.view(s2, seat)
            assert "drawn" not in v1 and "last_keys" not in v1 and v1 == without(v2, ("drawn", "last_keys"))
        drawn += any(s2["drawn"])
        keys += s2["last_keys"] is not None
    assert drawn and keys, "no card was drawn or no key throw made: the game shows no difference"
    assert "(new)" not in V1.render(V1.view(s1, 0)) and "Game over" in V1.render(V1.revealed_view(s1))
    assert "drawn" not in V1.revealed_view(s1) and V1.revealed_view(s1)["drawn_all"] == [None] * 3


def test_versions_1_and_2_have_no_leaving_a_resignation_ends_their_games() -> None:
    """a5fab0a (version 3) let a seat of three or four resign and the others play on; before it a
    resignation ended the game. So versions 1 and 2 have no `leave` or `out` (the protocol lets a
    seat leave only where both are callable, protocol.leaving.lets_leave), and their games are
    otherwise played exactly as version 3's (the pinned traces of 2 and 3 are the same)."""
    for engine in (V1, V2):
        assert getattr(engine, "leave", None) is None and getattr(engine, "out", None) is None
        assert not lets_leave(engine, 3) and not lets_leave(engine, 4)
    assert lets_leave(V3, 3) and not lets_leave(V3, 2)
    for (_, s2, e2), (_, s3, e3) in zip(played(V2, 4, "fs versions", 300), played(V3, 4, "fs versions", 300), strict=True):
        assert s2 == s3 and e2 == e3 and V2.view(s2, 1) == V3.view(s3, 1)


@pytest.mark.parametrize("engine", [V1, V2], ids=["1", "2"])
def test_a_resignation_in_a_version_1_or_2_game_of_three_ends_it_and_the_log_audits_pass(engine: Any) -> None:
    """Through the protocol, as their server did: the genesis names the version, a seat of three
    resigns, the game is over, and today's audit replays it with that version's rules (the
    corpus holds the demos their code made: tests/corpus/3299d74 and 2d6105e)."""
    ledger = Ledger(f"fs-v{engine.version}", engine=engine, seats=3, options={"target": 500})
    ledger.begin()
    rnd = random.Random(3)
    for _ in range(100):
        seat = engine.to_move(ledger.state)
        ledger.move(seat, choose(engine, ledger.state, seat, engine.legal_moves(ledger.state, seat), rnd))
    ledger.resign(engine.to_move(ledger.state))
    assert ledger.result is not None
    ledger.reveal()
    assert ledger.entries[0]["body"]["engine_version"] == engine.version
    verdict = audit(ledger.export())
    assert verdict.word == "PASS", verdict.reason
