"""A seat handed to a new key (docs/PROTOCOL.md sections 9 and 15, `handover`): the audit follows
the seat's key through the log, and fails every handover the old key did not make, or made to a
key the game has seen, or after the end, at that very entry.

Logs are written by tests/protocol/ledger.py (every step as the server writes it); a hostile
server's handover is written by the same server key, so only the players' signatures and the
rules of the handover can catch it.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from protocol.audit import audit
from protocol.entries import entry_hash
from protocol.handover import (
    TAG_HANDOVER,
    check_handover,
    handover_body,
    handover_signed,
    handover_statement,
    rotation_signed,
    rotation_statement,
    sign_handover,
    sign_rotation,
)
from protocol.keys import SigningKey
from protocol.steps import StepError
from tests.protocol.ledger import Ledger, assert_fail, throw_policy
from tests.protocol.toy import lookup

# A box as protocol.seat_secrets.seal writes it: 12 + 16 + 2 bytes at least, lower-case hex
BOX = "ab" * 40


def run(export: dict[str, Any]) -> Any:
    return audit(export, lookup=lookup)


def signed_handover(
    ledger: Ledger, seat: int, new: str, *, signer: SigningKey | None = None, old: str | None = None,
    resealed: Any = None,
) -> dict[str, Any]:
    """The body the seat's client sends: signed by the seat's key (or `signer`), handing `old`
    (the seat's key, unless given) to `new`."""
    key = ledger.player_keys[seat]
    old = key.public_hex if old is None else old
    statement = handover_statement(ledger.game, entry_hash(ledger.entries[0]), seat, old, new, resealed)
    return handover_body(statement, sign_handover(statement, signer or key))


def hand_over(ledger: Ledger, seat: int, new_key: SigningKey, **kw: Any) -> dict[str, Any]:
    """Append the handover as the server does, and play on with the new key."""
    entry = ledger._append("handover", signed_handover(ledger, seat, new_key.public_hex, **kw))  # noqa: SLF001
    ledger.player_keys[seat] = new_key
    return entry


def fresh(label: str) -> SigningKey:
    """A key of its own for each label (the same label, the same key)."""
    return SigningKey.from_seed_hex(hashlib.sha256(label.encode()).hexdigest())


def midgame(label: str = "handover") -> Ledger:
    """A game begun, two moves played, then seat 0 handed to a new key."""
    ledger = Ledger(label).begin().play_moves(throw_policy, limit=2)
    hand_over(ledger, 0, fresh("n0"))
    return ledger


# -- honest logs --------------------------------------------------------------------------------


def test_a_game_with_a_handover_mid_game_audits_pass() -> None:
    ledger = midgame()
    ledger.play_moves(throw_policy)
    ledger.reveal()
    verdict = run(ledger.export())
    assert verdict.word == "PASS", verdict.reason
    assert "handover" in [e["type"] for e in ledger.entries]


def test_a_running_game_with_handovers_is_incomplete_and_signatures_hold() -> None:
    ledger = midgame()
    hand_over(ledger, 0, fresh("n0b"))  # handed on again, by the key that now holds it
    hand_over(ledger, 1, fresh("n1"))
    ledger.play_moves(throw_policy, limit=2)
    verdict = run(ledger.export())
    assert verdict.word == "INCOMPLETE", verdict.reason


def test_a_handover_before_the_start_after_the_seat_joined() -> None:
    ledger = Ledger("early")
    ledger.join(0)
    hand_over(ledger, 0, fresh("e0"), resealed=None)
    ledger.join(1)
    ledger.start()
    ledger.play_moves(throw_policy)
    ledger.reveal()
    verdict = run(ledger.export())
    assert verdict.word == "PASS", verdict.reason


def test_a_handover_with_resealed_records_passes() -> None:
    ledger = Ledger("boxed").begin()
    hand_over(ledger, 1, fresh("b1"), resealed=BOX)
    ledger.play_moves(throw_policy)
    ledger.reveal()
    assert run(ledger.export()).word == "PASS"


# -- hostile logs: each FAILs at the handover entry, or at the move the old key signed ---------------


def test_a_move_signed_by_the_old_key_after_the_handover_fails_there() -> None:
    ledger = Ledger("old-key").begin().play_moves(throw_policy, limit=2)
    old = ledger.player_keys[0]
    hand_over(ledger, 0, fresh("n0"))
    ledger.player_keys[0] = old  # a server that takes the old key's move anyway
    entry = ledger.move(0, {"type": "throw"})
    assert_fail(run(ledger.export()), entry["seq"], "signature does not verify")


@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("signed by the new key", ("not signed by the key that holds seat 0",)),
        ("signed by another seat's key", ("not signed by the key that holds seat 0",)),
        ("old is another seat's key", ("old key is not the key that holds seat 0 now",)),
        ("to another seat's key", ("a key that holds or held a seat of this game",)),
        ("to the same key", ("to the key that holds it already",)),
        ("to a key another seat handed on", ("a key that holds or held a seat of this game",)),
        ("for a seat not joined", ("seat 5, which nobody joined",)),
        ("a malformed resealed", ("resealed records are malformed",)),
        ("resealed in upper case", ("resealed records are malformed",)),
        ("a member too many", ("a handover holds exactly",)),
        ("a weak new key", ("not an Ed25519 public key",)),
    ],
)
def test_a_handover_the_rules_refuse_fails_at_it(case: str, words: tuple[str, ...]) -> None:
    ledger = Ledger(f"bad-{case}").begin().play_moves(throw_policy, limit=2)
    mine, theirs, new = ledger.player_keys[0], ledger.player_keys[1], fresh("n0")
    if case == "to a key another seat handed on":
        handed = ledger.player_keys[1].public_hex
        hand_over(ledger, 1, fresh("n1"))
        body = signed_handover(ledger, 0, handed)
    else:
        body = {
            "signed by the new key": lambda: signed_handover(ledger, 0, new.public_hex, signer=new),
            "signed by another seat's key": lambda: signed_handover(ledger, 0, new.public_hex, signer=theirs),
            "old is another seat's key": lambda: signed_handover(
                ledger, 0, new.public_hex, signer=theirs, old=theirs.public_hex
            ),
            "to another seat's key": lambda: signed_handover(ledger, 0, theirs.public_hex),
            "to the same key": lambda: signed_handover(ledger, 0, mine.public_hex),
            "for a seat not joined": lambda: {**signed_handover(ledger, 0, new.public_hex), "seat": 5},
            "a malformed resealed": lambda: signed_handover(ledger, 0, new.public_hex, resealed="zz" * 40),
            "resealed in upper case": lambda: signed_handover(ledger, 0, new.public_hex, resealed=BOX.upper()),
            "a member too many": lambda: {**signed_handover(ledger, 0, new.public_hex), "name": "x"},
            "a weak new key": lambda: signed_handover(ledger, 0, "00" * 32),
        }[case]()
    entry = ledger._append("handover", body)  # noqa: SLF001 - the hostile server writes it
    ledger.play_moves(throw_policy)
    ledger.reveal()
    assert_fail(run(ledger.export()), entry["seq"], *words)


def test_the_same_old_key_cannot_hand_the_seat_twice() -> None:
    ledger = Ledger("twice").begin()
    old = ledger.player_keys[0]
    first = signed_handover(ledger, 0, fresh("t1").public_hex)
    ledger._append("handover", first)  # noqa: SLF001
    ledger.player_keys[0] = fresh("t1")
    second = signed_handover(ledger, 0, fresh("t2").public_hex, signer=old, old=old.public_hex)
    entry = ledger._append("handover", second)  # noqa: SLF001
    assert_fail(run(ledger.export()), entry["seq"], "old key is not the key that holds seat 0 now")


def test_a_replayed_handover_fails_even_when_the_seat_came_back() -> None:
    """The very bytes of a handover signed before, appended again: its old key no longer holds the seat."""
    ledger = Ledger("replayed").begin()
    body = signed_handover(ledger, 0, fresh("r1").public_hex)
    ledger._append("handover", body)  # noqa: SLF001
    entry = ledger._append("handover", body)  # noqa: SLF001
    assert_fail(run(ledger.export()), entry["seq"], "old key is not the key that holds seat 0 now")


def test_a_handover_after_the_game_ended_fails() -> None:
    ledger = Ledger("after").begin().play_moves(throw_policy)
    entry = ledger._append("handover", signed_handover(ledger, 0, fresh("late").public_hex))  # noqa: SLF001
    ledger.reveal()
    assert_fail(run(ledger.export()), entry["seq"], "a handover entry after the game ended")


def test_a_handover_after_the_end_fails_without_the_reveal_too() -> None:
    """No seed, no replay: the signed body that carries the result says the game ended there."""
    ledger = Ledger("after-unrevealed").begin().play_moves(throw_policy)
    ended = ledger.entries[-1]["seq"]
    entry = ledger._append("handover", signed_handover(ledger, 0, fresh("late").public_hex))  # noqa: SLF001
    assert_fail(run(ledger.export()), entry["seq"], f"after the game ended (at entry {ended})")


def test_a_handover_signed_for_another_game_fails() -> None:
    """The same player with the same key in two games of one id: a handover signed over the
    other game's genesis does not verify in this one."""
    other = Ledger("other-game").begin()
    ledger = Ledger("this-game")
    ledger.player_keys[0] = other.player_keys[0]
    ledger.begin()
    entry = ledger._append("handover", signed_handover(other, 0, fresh("x").public_hex))  # noqa: SLF001
    assert_fail(run(ledger.export()), entry["seq"], "not signed by the key that holds seat 0")


# -- the pure functions -------------------------------------------------------------------------


def test_the_statements_and_their_tags() -> None:
    old, new, server = fresh("o"), fresh("n"), fresh("s")
    statement = rotation_statement(server.public_hex, old.public_hex, new.public_hex)
    assert sorted(statement) == ["new", "old", "server"]
    assert rotation_signed(statement, sign_rotation(statement, old), old.public_hex)
    assert rotation_signed(statement, sign_rotation(statement, new), new.public_hex)
    assert not rotation_signed(statement, sign_rotation(statement, new), old.public_hex)
    hand = handover_statement("g", "00" * 32, 0, old.public_hex, new.public_hex, None)
    assert sorted(hand) == ["game", "genesis", "new", "old", "resealed", "seat"]
    sig = sign_handover(hand, old)
    assert handover_signed(hand, sig, old.public_hex)
    # a signature for one purpose never serves the other
    assert not rotation_signed(hand, sig, old.public_hex)
    assert TAG_HANDOVER == b"pbem/v1/handover\n"


def test_check_handover_gives_the_seat_and_its_new_key() -> None:
    old, new = fresh("o"), fresh("n")
    statement = handover_statement("g", "00" * 32, 1, old.public_hex, new.public_hex, None)
    body = handover_body(statement, sign_handover(statement, old))
    assert sorted(body) == ["new", "old", "resealed", "seat", "sig"]
    keys = {0: fresh("z").public_hex, 1: old.public_hex}
    assert check_handover(body, "g", "00" * 32, keys, set(keys.values())) == (1, new.public_hex)
    with pytest.raises(StepError) as refused:
        check_handover(body, "g", "11" * 32, keys, set(keys.values()))  # another genesis
    assert refused.value.status == 403
    with pytest.raises(StepError) as refused:
        check_handover(body, "g", "00" * 32, keys, {*keys.values(), new.public_hex})
    assert refused.value.status == 409


def test_past_an_entry_this_pbem_does_not_know_handovers_are_still_followed() -> None:
    """An entry of a newer type stops the replay (UNSUPPORTED), but the rule-free checks after it
    go on with the seat's key as the handovers left it: the new key's move is no fault, and the
    old key's move after the handover FAILs there."""
    def log(old_moves: bool) -> tuple[dict[str, Any], int]:
        ledger = Ledger("unknown-then-handover").begin()
        ledger._append("future", {"what": "a newer pbem's entry"})  # noqa: SLF001
        old = ledger.player_keys[0]
        hand_over(ledger, 0, fresh("u0"))
        if old_moves:
            ledger.player_keys[0] = old
        entry = ledger.move(0, {"type": "throw"})
        return ledger.export(), entry["seq"]

    export, _ = log(old_moves=False)
    verdict = run(export)
    assert verdict.word == "UNSUPPORTED", verdict.reason
    export, seq = log(old_moves=True)
    assert_fail(run(export), seq, "signature does not verify")
