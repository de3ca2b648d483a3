"""A released log never changes meaning: standing entries written before the rule's index moved
into the seat's private `answered` event (the index in the clear, as `rule`) still audit PASS
and are still followed and recomputed by their seat's client, alone or mixed with entries of
the shape written now (a server upgraded while a game runs), for the rules versions released
with that shape (protocol.standing.CLEAR_RULE_VERSIONS; the test adds today's Feuersalamander to
it). In a version released after it, a clear `rule` is a server telling the table which of the
seat's rules applied: the audit FAILs that entry and the seat's client refuses it. The
Feuersalamander ledger of test_audit_standing.py plays the game.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import protocol.standing
from client.logcheck.answers import check_standing
from client.logcheck.errors import TamperError
from client.verify import check_log
from protocol.audit import audit
from protocol.standing import standing
from tests.protocol.test_audit_standing import GAME, AnswersLedger, bot_policy, kinds

FORCED = {"kind": "forced"}


class Shaped(AnswersLedger):
    """The ledger writing each standing entry in the shape `clear(n)` says for its n-th one."""

    def __init__(self, label: str, clear: Any) -> None:
        super().__init__(label, target=300)
        self.clear, self.played = clear, 0

    def play_standing(self, seat: int, statement: tuple[int, list[dict[str, Any]]], rule: int) -> dict[str, Any]:
        assert self.state is not None and self.last_views is not None
        seq, _ = self.head()
        step = standing(
            self.engine, self.state, seat, statement, rule, self.seed, seq, self.last_views, seats=self.seats,
            clear_rule=self.clear(self.played),
        )
        self.played += 1
        return self._seeded_step(step, "standing")


def shaped(label: str, clear: Any) -> Shaped:
    ledger = Shaped(f"shapes-{label}", clear)
    ledger.begin().play_moves(bot_policy, limit=4)
    ledger.answers(0, [FORCED])
    while len(kinds(ledger, "standing")) < 4:
        assert ledger.result is None, "the label was chosen so that four forced decisions come up"
        ledger.play_moves(bot_policy, limit=1)
    return ledger


@pytest.mark.parametrize(
    ("label", "clear"),
    [("old", lambda n: True), ("new", lambda n: False), ("mixed", lambda n: n % 2 == 0)],
)
def test_either_shape_audits_and_is_recomputed_by_its_seats_client(
    label: str, clear: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fs = ("feuersalamander", Shaped("probe", clear).engine.version)
    monkeypatch.setattr(protocol.standing, "CLEAR_RULE_VERSIONS", protocol.standing.CLEAR_RULE_VERSIONS | {fs})
    ledger = shaped(label, clear)
    played = kinds(ledger, "standing")
    assert [("rule" in e["body"]) for e in played] == [bool(clear(n)) for n in range(len(played))]
    for entry in played:
        told = next(p for p in ledger.payloads[0] if (p["seq"], p["index"]) == (entry["seq"], 0))
        assert ("rule" in told["event"]["data"]) != ("rule" in entry["body"])  # in one place only
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, ledger.player_keys[0].public_hex)
    assert len(receipt["standing"]) == len(played)
    check_standing(receipt, {(p["seq"], p["index"]): p for p in ledger.payloads[0]})
    assert receipt["standing"] == []
    ledger.play_moves(bot_policy)
    ledger.reveal()
    verdict = audit(ledger.export())
    assert verdict.word == "PASS", verdict.to_json()


@pytest.mark.parametrize(("label", "clear"), [("old", lambda n: True), ("mixed", lambda n: n % 2 == 1)])
def test_a_clear_rule_in_a_version_that_keeps_it_private_fails_at_that_entry(label: str, clear: Any) -> None:
    """Today's Feuersalamander keeps the index private: a server that writes it in the clear (the
    shape that told whether a duel's defender held a counter card) is caught by every client at
    once and FAILed by the audit at that very entry, with or without the seed."""
    ledger = shaped(label, clear)
    first = next(e["seq"] for e in kinds(ledger, "standing") if "rule" in e["body"])
    for seat in (0, 1):
        with pytest.raises(TamperError, match=f"entry {first}: .*in the clear"):
            check_log(GAME, copy.deepcopy(ledger.entries), 0, None, ledger.player_keys[seat].public_hex)
    running = audit(ledger.export())
    assert (running.word, running.entry) == ("FAIL", first), running.to_json()
    ledger.play_moves(bot_policy)
    ledger.reveal()
    verdict = audit(ledger.export())
    assert (verdict.word, verdict.entry) == ("FAIL", first), verdict.to_json()
    assert "in the clear" in verdict.reason
