"""One signed path per decision, in the audit: a decision a standing answer in force prescribes
is the standing entry's, played at once, and any other entry there FAILs.

The re-roll through withheld answers: the server holds a seat's signed statement and the seat's
own signed move for one decision, each with its own random key, and keeps whichever outcome it
likes. Logged, the statement makes the standing entry the decision's only valid path; so a log
where the seat's own move (or a new statement, or anything else) plays a decision its statement
in force prescribes FAILs at that entry, naming the seat, the statement's entry and the rule.
The exception is the server's cap (MOST_IN_A_ROW standing entries in a row): then the head may
rest and the seat decides itself, and the audit says PASS for that.
"""

from __future__ import annotations

from typing import Any

import pytest

from protocol.standing import MOST_IN_A_ROW, prescribed
from tests.protocol.ledger import assert_fail
from tests.protocol.test_audit_standing import (
    EAGER,
    FIRST,
    FORCED,
    AnswersLedger,
    bot_policy,
    eager,
    kinds,
    run,
)


class Withholding(AnswersLedger):
    """A server that does not play seat 0's standing answer when it is due (while `withhold`):
    the head rests at the prescribed decision, for another path to play it."""

    withhold = False

    def due(self) -> tuple[int, dict[str, Any]] | None:
        """(rule index, move) seat 0's statement in force prescribes now, if seat 0 is to move."""
        if self.state is None or self.result is not None or self.engine.to_move(self.state) != 0:
            return None
        statement = self.in_force.get(0)
        return None if statement is None else prescribed(self.engine, self.state, 0, statement[1])

    def _play_out(self) -> None:
        if self.withhold and self.due() is not None:
            return
        super()._play_out()


def resting_at_a_forced_throw(label: str) -> tuple[Withholding, int]:
    """Seat 0 signs `forced`; the server then leaves its next forced decision unplayed.
    Returns the ledger at that decision and the seq of seat 0's statement."""
    ledger = Withholding(label)
    ledger.begin().play_moves(bot_policy, limit=4)
    stated = ledger.answers(0, [FORCED])["seq"]
    ledger.withhold = True
    for _ in range(400):
        if ledger.due() is not None:
            return ledger, stated
        assert ledger.result is None, "the label was chosen so that a forced decision comes up"
        ledger.play_moves(bot_policy, limit=1)
    raise AssertionError("no forced decision of seat 0 came up")


def finished(ledger: Withholding) -> dict[str, Any]:
    """The game played to its end by an honest server from here on (a decision left resting
    is played first), revealed: its export."""
    ledger.withhold = False
    ledger._play_out()
    if ledger.result is None:
        ledger.play_moves(bot_policy)
    ledger.reveal()
    return ledger.export()


def test_the_seats_own_move_at_a_prescribed_decision_fails_there() -> None:
    """The re-roll's second path: the seat's own signed forced throw logged where its forced
    answer was in force. FAIL at that move, naming seat, statement and rule."""
    ledger, stated = resting_at_a_forced_throw("fs-standing")
    found = ledger.due()
    assert found is not None
    seq = ledger.move(0, found[1])["seq"]
    assert_fail(
        run(finished(ledger)), seq,
        f"seat 0's standing answer in force (entry {stated}, rule 0: 'play forced moves",
        "the only valid entry here is the standing entry the server plays at once",
        "this is a move entry instead (one signed path per decision",
    )


def test_a_statement_logged_while_a_prescribed_decision_waits_fails_there() -> None:
    """Nothing may come between the entry that made a prescribed decision due and its standing
    entry (the honest server plays it in the same transaction): a new statement there FAILs."""
    ledger, stated = resting_at_a_forced_throw("fs-standing")
    seq = ledger.answers(0, [FORCED])["seq"]
    assert_fail(
        run(finished(ledger)), seq,
        f"(entry {stated}, rule 0:", "this is a statement of answers instead",
    )


def test_the_same_game_with_the_answer_played_passes() -> None:
    """The control: the same game where the server plays what the answer prescribes."""
    ledger, _ = resting_at_a_forced_throw("fs-standing")
    verdict = run(finished(ledger))
    assert verdict.word == "PASS", verdict.to_json()
    assert verdict.checked["standing"] > 0


class Capped(AnswersLedger):
    """A server that plays at most `most` standing entries in a row after an append."""

    most = MOST_IN_A_ROW

    def _play_out(self) -> None:
        for _ in range(self.most):
            if self.result is not None or self.state is None:
                return
            seat = self.engine.to_move(self.state)
            statement = self.in_force.get(seat)
            found = None if statement is None else prescribed(self.engine, self.state, seat, statement[1])
            if found is None or statement is None:
                return
            self.play_standing(seat, statement, found[0])


def both_answer_everything(most: int) -> tuple[Capped, int]:
    """Both seats answer every decision in advance (`first-listed`): the server plays standing
    entries until its cap; then the seat to move plays its own move. Returns the ledger, over
    and revealed, and the seq of that own move."""
    ledger = Capped("fs-cap", engine=EAGER)
    ledger.most = most
    ledger.begin()
    ledger.answers(0, [FIRST])
    ledger.answers(1, [FIRST])
    assert ledger.result is None, "the cap is reached before the game ends"
    assert ledger.entries[-1]["type"] == "standing"
    assert len(kinds(ledger, "standing")) == most
    assert ledger.state is not None
    seat = EAGER.to_move(ledger.state)
    seq = ledger.move(seat, EAGER.legal_moves(ledger.state, seat)[0])["seq"]
    if ledger.result is None:
        ledger.resign(EAGER.to_move(ledger.state))
    ledger.reveal()
    return ledger, seq


def test_after_the_cap_of_standing_entries_in_a_row_the_seat_may_decide_itself() -> None:
    """MOST_IN_A_ROW standing entries in a row, then the head rests and the seat moves: PASS."""
    ledger, _ = both_answer_everything(MOST_IN_A_ROW)
    verdict = run(ledger.export(), eager)
    assert verdict.word == "PASS", verdict.to_json()


def test_a_head_resting_before_the_cap_fails_at_the_entry_after() -> None:
    """One standing entry fewer than the cap, then the seat's own move: FAIL at that move."""
    ledger, seq = both_answer_everything(MOST_IN_A_ROW - 1)
    assert_fail(run(ledger.export(), eager), seq, "rule 0: 'first-listed')", "this is a move entry instead")


def test_one_standing_entry_more_than_the_cap_fails_there() -> None:
    """Past the cap the resting decision is the seat's: a 201st standing entry in a row would be
    a second path beside the seat's own move, and FAILs."""
    ledger = Capped("fs-cap", engine=EAGER)
    ledger.most = MOST_IN_A_ROW + 1
    ledger.begin()
    ledger.answers(0, [FIRST])
    ledger.answers(1, [FIRST])
    assert ledger.result is None, "the cap is passed before the game ends"
    seq = kinds(ledger, "standing")[MOST_IN_A_ROW]["seq"]
    ledger.resign(0)
    ledger.reveal()
    assert_fail(run(ledger.export(), eager), seq, f"a standing entry after {MOST_IN_A_ROW} in a row")


def test_a_standing_entry_past_the_cap_is_refused_by_every_client_at_once(monkeypatch: Any) -> None:
    """The seat's client and the other's count the row as they follow the log (no seed needed):
    the 201st standing entry in a row is a TamperError naming it; exactly MOST_IN_A_ROW, then the
    seat's own move, is followed without a word."""
    import copy

    import client.player.engine
    from client.logcheck.errors import TamperError
    from client.verify import check_log
    from tests.protocol.test_audit_standing import GAME

    monkeypatch.setattr(client.player.engine, "local_engine", eager)
    honest, _ = both_answer_everything(MOST_IN_A_ROW)
    for seat in (0, 1):
        check_log(GAME, copy.deepcopy(honest.entries), 0, None, honest.player_keys[seat].public_hex)
    ledger = Capped("fs-cap", engine=EAGER)
    ledger.most = MOST_IN_A_ROW + 1
    ledger.begin()
    ledger.answers(0, [FIRST])
    ledger.answers(1, [FIRST])
    seq = kinds(ledger, "standing")[MOST_IN_A_ROW]["seq"]
    for seat in (0, 1):
        with pytest.raises(TamperError, match=f"entry {seq}: a standing entry after {MOST_IN_A_ROW} in a row"):
            check_log(GAME, copy.deepcopy(ledger.entries), 0, None, ledger.player_keys[seat].public_hex)
