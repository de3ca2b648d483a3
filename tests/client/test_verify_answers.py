"""client.verify on standing answers, on Feuersalamander logs written as the server writes them.

The client pins each seat's signed statement in force (an `answers` entry, checked with the
seat's pinned key at its place in the log), follows a `standing` entry like a move, refuses one
played by a statement that was replaced or revoked, or with none in force, and, for its own
seat, recomputes the move from the position the server tells it privately: a move the rule
does not prescribe, or a position that is not the one the log committed to, is TAMPERING.
Forced throws are Der Feuersalamander's key throws and pair re-throws (FS-5).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engines
from client.logcheck.answers import check_standing
from client.verify import TamperError, VerifyError, check_log
from protocol.standing import prescribed
from tests.client.standing_forgery import (
    FORCED,
    forged_standing,
    log_step,
    play_standing,
    state_answers,
    views_seq,
)
from tests.protocol.ledger import Ledger, random_policy

GAME = "g-fs"
FS = engines.get("feuersalamander")


def begun(label: str) -> Ledger:
    return Ledger(label, engine=FS, game=GAME, options={"target": 20}).begin()


def until(ledger: Ledger, forced: bool, seat: int | None = None) -> int:
    """Random moves until the seat to move (`seat`, if given) faces a forced decision (or, with
    forced=False, a real choice); returns that seat."""
    for _ in range(400):
        assert ledger.state is not None and ledger.result is None
        to_move = FS.to_move(ledger.state)
        applies = prescribed(FS, ledger.state, to_move, [FORCED]) is not None
        if applies == forced and (seat is None or to_move == seat):
            return int(to_move)
        ledger.play_moves(random_policy, limit=1)
    raise AssertionError("no such decision came up")


def held(ledger: Ledger, seat: int) -> dict[tuple[int, int], dict[str, Any]]:
    return {(p["seq"], p["index"]): p for p in ledger.payloads[seat]}


def me(ledger: Ledger, seat: int) -> str:
    return ledger.player_keys[seat].public_hex


def test_a_statement_is_pinned_and_a_standing_move_is_followed_and_recomputed() -> None:
    ledger = begun("answers-honest")
    seat = until(ledger, forced=True)
    stated = state_answers(ledger, seat, [FORCED])
    played = play_standing(ledger, seat, (stated["seq"], [FORCED]))
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me(ledger, seat))
    assert receipt["answers"] == {str(seat): {"seq": stated["seq"], "answers": [FORCED]}}
    assert receipt["views"]["seq"] == played["seq"] and receipt["to_move"] == played["body"]["to_move"]
    assert [played["seq"], 0] in receipt["owed"]
    pending = receipt["standing"]
    assert [(p["seq"], p["rule"]) for p in pending] == [(played["seq"], None)]  # the index: in the payload
    assert pending[0]["commit"] == ledger.entries[views_seq(ledger.entries[: played["seq"]])]["body"]["views"][seat]
    check_standing(receipt, held(ledger, seat))
    assert receipt["standing"] == []
    # another seat pins the statement too (answers entries are public) but recomputes nothing
    other = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me(ledger, 1 - seat))
    assert other["answers"] == receipt["answers"] and not other.get("standing")


def test_a_statement_not_signed_by_its_seat_or_for_another_head_is_refused() -> None:
    ledger = begun("answers-unsigned")
    seat = until(ledger, forced=True)
    state_answers(ledger, seat, [FORCED], key=ledger.player_keys[1 - seat])
    with pytest.raises(VerifyError, match="not signed by the key of its seat"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)
    ledger.entries.pop()
    state_answers(ledger, seat, [{"kind": "always-win"}])
    with pytest.raises(VerifyError, match="a standing answer this game cannot take"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


def test_answers_before_the_start_are_refused() -> None:
    ledger = Ledger("answers-early", engine=FS, game=GAME, options={"target": 20})
    ledger.join(0)
    state_answers(ledger, 0, [FORCED])
    with pytest.raises(VerifyError, match="standing answers before the game started"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


def test_a_standing_move_with_no_statement_or_a_revoked_one_is_tampering() -> None:
    ledger = begun("answers-revoked")
    seat = until(ledger, forced=True)
    no_statement = copy.deepcopy(ledger)
    forced = prescribed(FS, ledger.state, seat, [FORCED])
    assert forced is not None
    seq, _ = no_statement.head()
    log_step(no_statement, forged_standing(
        FS, no_statement.state, seat, (1, [FORCED]), 0, forced[1], no_statement.seed, seq,
        views_seq(no_statement.entries), seats=2,
    ))
    with pytest.raises(TamperError, match=f"standing answer for seat {seat} that has none in force"):
        check_log(GAME, copy.deepcopy(no_statement.entries), 0, None)

    first = state_answers(ledger, seat, [FORCED])
    revoked = state_answers(ledger, seat, [])
    seq, _ = ledger.head()
    log_step(ledger, forged_standing(
        FS, ledger.state, seat, (first["seq"], [FORCED]), 0, forced[1], ledger.seed, seq,
        views_seq(ledger.entries), seats=2,
    ))
    with pytest.raises(TamperError, match=f"that it revoked at entry {revoked['seq']}"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


def test_a_standing_move_by_a_replaced_statement_is_tampering() -> None:
    ledger = begun("answers-replaced")
    seat = until(ledger, forced=True)
    forced = prescribed(FS, ledger.state, seat, [FORCED])
    assert forced is not None
    first = state_answers(ledger, seat, [FORCED])
    # the seat states again (the same rule: a new statement replaces the old one whole)
    second = state_answers(ledger, seat, [FORCED])
    seq, _ = ledger.head()
    log_step(ledger, forged_standing(
        FS, ledger.state, seat, (first["seq"], [FORCED]), 0, forced[1], ledger.seed, seq,
        views_seq(ledger.entries), seats=2,
    ))
    with pytest.raises(TamperError, match=f"that it replaced at entry {second['seq']}"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


def test_a_standing_move_for_a_seat_not_to_move_or_a_rule_it_lacks_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A standing entry for the seat not to move is refused; so is one naming, in the older shape
    (the index in the clear, taken here as in a version released with it), a rule the seat's
    statement lacks; in today's version a clear index is refused as such."""
    import protocol.standing

    ledger = begun("answers-wrong-seat")
    seat = until(ledger, forced=True)
    stated = state_answers(ledger, seat, [FORCED])
    play_standing(ledger, seat, (stated["seq"], [FORCED]))
    good = copy.deepcopy(ledger.entries)
    last = good[-1]
    wrong_seat = copy.deepcopy(good)
    wrong_seat[-1]["body"]["seat"] = 1 - seat
    from tests.protocol.ledger import reseal

    with pytest.raises(VerifyError, match="a standing answer for seat"):
        check_log(GAME, reseal(wrong_seat, last["seq"], ledger.server_key), 0, None)
    wrong_rule = copy.deepcopy(good)
    wrong_rule[-1]["body"]["rule"] = 3
    wrong_rule = reseal(wrong_rule, last["seq"], ledger.server_key)
    with pytest.raises(TamperError, match="names the rule that played in the clear"):
        check_log(GAME, copy.deepcopy(wrong_rule), 0, None)
    allowed = protocol.standing.CLEAR_RULE_VERSIONS | {(FS.id, FS.version)}
    monkeypatch.setattr(protocol.standing, "CLEAR_RULE_VERSIONS", allowed)
    with pytest.raises(VerifyError, match="names rule 3"):
        check_log(GAME, wrong_rule, 0, None)


def test_a_move_the_rule_does_not_prescribe_is_caught_by_its_seat() -> None:
    """A seat with a real choice (no forced move): the server plays one of its legal moves
    anyway 'by' the rule forced. The log is well formed; the seat's own client recomputes the
    rule from the position it is told and finds that forced prescribes nothing there."""
    ledger = begun("answers-not-prescribed")
    seat = until(ledger, forced=True)
    stated = state_answers(ledger, seat, [FORCED])
    until(ledger, forced=False, seat=seat)
    legal = FS.legal_moves(ledger.state, seat)
    seq, _ = ledger.head()
    log_step(ledger, forged_standing(
        FS, ledger.state, seat, (stated["seq"], [FORCED]), 0, legal[-1], ledger.seed, seq,
        views_seq(ledger.entries), seats=2,
    ))
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me(ledger, seat))
    with pytest.raises(TamperError, match=f"TAMPERING: entry {seq} played '.+' for you by your standing answer 'play forced moves.*', but your answers prescribe nothing here"):
        check_standing(receipt, held(ledger, seat))
    # the other seat cannot see the position: its client has nothing to recompute
    other = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me(ledger, 1 - seat))
    check_standing(other, held(ledger, 1 - seat))


def test_a_position_that_is_not_the_committed_one_is_caught_by_its_seat() -> None:
    """The server tells the seat a position where the rule would apply, but not the one its
    log committed to: the view does not open the commitment of the entry before."""
    ledger = begun("answers-false-view")
    seat = until(ledger, forced=True)
    forced_view = FS.view(ledger.state, seat)
    stated = state_answers(ledger, seat, [FORCED])
    until(ledger, forced=False, seat=seat)
    legal = FS.legal_moves(ledger.state, seat)
    seq, _ = ledger.head()
    log_step(ledger, forged_standing(
        FS, ledger.state, seat, (stated["seq"], [FORCED]), 0, legal[0], ledger.seed, seq,
        views_seq(ledger.entries), seats=2, view=forced_view,
    ))
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me(ledger, seat))
    with pytest.raises(TamperError, match="is not the one its log committed to for you"):
        check_standing(receipt, held(ledger, seat))


def test_a_pending_check_waits_for_its_payload() -> None:
    ledger = begun("answers-pending")
    seat = until(ledger, forced=True)
    stated = state_answers(ledger, seat, [FORCED])
    played = play_standing(ledger, seat, (stated["seq"], [FORCED]))
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me(ledger, seat))
    check_standing(receipt, {})
    assert [p["seq"] for p in receipt["standing"]] == [played["seq"]]
    check_standing(receipt, held(ledger, seat))
    assert receipt["standing"] == []
