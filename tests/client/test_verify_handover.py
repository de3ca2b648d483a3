"""client.verify follows a seat handed to a new key (docs/PROTOCOL.md section 9, `handover`): the
receipt pins the new key from the next entry on, a home whose key is the new one holds the seat,
a later fetch from the kept receipt is no fork; a handover the seat's key did not sign, or a move
the old key signed after it, is refused loudly."""

from __future__ import annotations

import copy

import pytest

import engines
from client.verify import VerifyError, check_log
from tests.protocol.ledger import Ledger, throw_policy
from tests.protocol.test_handover import fresh, hand_over, signed_handover
from tests.protocol.toy import TOY

engines.register(TOY)  # the client follows a log by the game's rules: it must know the test game

GAME = "g-toy"


def test_the_receipt_follows_the_seat_to_its_new_key_without_a_false_fork() -> None:
    ledger = Ledger("client-handover").begin().play_moves(throw_policy, limit=2)
    old = ledger.player_keys[0].public_hex
    before = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, old)
    assert before["seat"] == 0
    new = fresh("client-new")
    hand_over(ledger, 0, new)
    ledger.play_moves(throw_policy, limit=2)
    # the same home, from its receipt, after it took the new key: no fork, the same seat
    start = before["seq"]
    after = check_log(GAME, copy.deepcopy(ledger.entries[start:]), start, before, new.public_hex)
    assert after["players"]["0"] == new.public_hex and after["retired"] == [old]
    assert after["seat"] == 0
    # a home restored from the new key alone, first look from the genesis: it finds its seat
    restored = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, new.public_hex)
    assert restored["seat"] == 0 and restored["players"]["0"] == new.public_hex
    # the old key holds no seat any more
    stale = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, old)
    assert "seat" not in stale


def test_a_handover_by_another_key_or_an_old_key_s_move_after_it_is_refused() -> None:
    ledger = Ledger("client-forged").begin()
    ledger._append("handover", signed_handover(ledger, 0, fresh("f").public_hex, signer=fresh("f")))  # noqa: SLF001
    with pytest.raises(VerifyError, match=r"entry 4: the handover is not signed by the key that holds seat 0"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None, None)

    ledger = Ledger("client-old-move").begin()
    old = ledger.player_keys[0]
    hand_over(ledger, 0, fresh("g"))
    ledger.player_keys[0] = old
    ledger.move(0, {"type": "throw"})
    with pytest.raises(VerifyError, match=r"entry 5: the move is not signed by the key of seat 0"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None, None)


def test_a_handover_after_the_end_is_refused() -> None:
    ledger = Ledger("client-late").begin().play_moves(throw_policy)
    ledger._append("handover", signed_handover(ledger, 1, fresh("late").public_hex))  # noqa: SLF001
    with pytest.raises(VerifyError, match=r"a handover entry after the game ended"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None, None)
