"""client.verify on email moves: a server-attested step like a timeout.

The client follows an `email_move` like a move (seat to move, view commitments, payloads
owed) in a game whose signed genesis has `email_moves: true`; it refuses one in a game that
did not opt in, one for a seat not to move, one without a token, and a malformed opt-in.
The token and the move itself need the seed: the audit checks them.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.verify import VerifyError, check_log
from tests.protocol.ledger import Ledger, reseal, throw_policy

GAME = "g-toy"


def resealed(ledger: Ledger, entries: list[dict[str, Any]], seq: int) -> list[dict[str, Any]]:
    return reseal(entries, seq, ledger.server_key)


def test_an_email_move_is_followed_like_a_move() -> None:
    ledger = Ledger("verify-email", email_moves=True).begin()
    ledger.email_move({"type": "hide", "value": 1})
    me = ledger.player_keys[0].public_hex
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me)
    moved = ledger.entries[-1]
    assert receipt["email_moves"] is True
    assert receipt["to_move"] == moved["body"]["to_move"] == 1
    assert {k: receipt["views"][k] for k in ("seq", "commits")} == {"seq": moved["seq"], "commits": moved["body"]["views"]}
    private = [i for i, e in enumerate(moved["body"]["events"]) if "commit" in e and 0 in e["to"]]
    assert private and [o for o in receipt["owed"] if o[0] == moved["seq"]] == [[moved["seq"], i] for i in private]
    ledger.play_moves(throw_policy)
    ledger.reveal()
    again = check_log(GAME, copy.deepcopy(ledger.entries[moved["seq"]:]), moved["seq"], receipt, me)
    assert again["status"] == "over"


def test_an_email_move_in_a_game_that_did_not_opt_in() -> None:
    ledger = Ledger("verify-email-no").begin()
    ledger.email_move({"type": "throw"})
    with pytest.raises(VerifyError, match="takes no moves by email"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


def test_an_email_move_for_a_seat_not_to_move_or_without_token() -> None:
    ledger = Ledger("verify-email-seat", email_moves=True).begin()
    seq = ledger.email_move({"type": "throw"})["seq"]
    entries = copy.deepcopy(ledger.entries)
    entries[seq]["body"]["seat"] = 1
    with pytest.raises(VerifyError, match="is to move"):
        check_log(GAME, resealed(ledger, entries, seq), 0, None)
    entries = copy.deepcopy(ledger.entries)
    del entries[seq]["body"]["token"]
    with pytest.raises(VerifyError, match="names no token"):
        check_log(GAME, resealed(ledger, entries, seq), 0, None)


def test_a_malformed_opt_in_is_refused() -> None:
    ledger = Ledger("verify-email-bad", email_moves=True)
    ledger.entries[0]["body"]["email_moves"] = False
    entries = resealed(ledger, ledger.entries, 0)
    with pytest.raises(VerifyError, match="email_moves is true when"):
        check_log(GAME, entries, 0, None)
