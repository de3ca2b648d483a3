"""Reply by email in the log: the genesis `email_moves` member and `email_move` entries.

The toy ledger writes them with protocol.steps.email_move as the server does; the audit
recomputes the token from the revealed seed, replays the move with `email_key(seq)` and
compares the body byte for byte, and names these moves as server-attested.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from engines.core import IllegalMove, Rng
from protocol import steps
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit, email_key, move_token, secret_salt
from protocol.entries import entry_hash
from tests.protocol.ledger import Ledger, assert_fail, reseal, resealed, throw_policy
from tests.protocol.test_vectors import SEED
from tests.protocol.toy import TOY, lookup

# Known answers (docs/PROTOCOL.md section 18): SEED is bytes 0x00..0x1f.
TOKEN_G1_4 = "96f660283d59f7f23be9c26dbb5def0b"  # move_token(SEED, "g1", 4, "cd" x 32, seat 0)
EMAIL_KEY_4 = "92fc87673f6a5e9d1ca9595ff728d80c52ca9108ed355b1df1e847c8e468d7e1"
EMAIL_RANDBELOW6 = [5, 1, 2, 3, 0, 5, 0, 5]


def run(export):
    return audit(export, lookup=lookup)


def test_token_and_email_key_vectors():
    assert move_token(SEED, "g1", 4, "cd" * 32, 0) == TOKEN_G1_4
    msg = b"pbem/v1/token\n" + (
        b'{"game":"g1","prev":"' + b"cd" * 32 + b'","seat":0,"seq":4}'
    )
    assert hmac.new(SEED, msg, hashlib.sha256).hexdigest()[:32] == TOKEN_G1_4
    assert email_key(SEED, 4).hex() == EMAIL_KEY_4
    assert hmac.new(SEED, b'pbem/v1/rng/email\n{"seq":4}', hashlib.sha256).hexdigest() == EMAIL_KEY_4
    rng = Rng(email_key(SEED, 4))
    assert [rng.randbelow(6) for _ in range(8)] == EMAIL_RANDBELOW6
    # bound to game, seq, head and seat
    others = {
        move_token(SEED, "g2", 4, "cd" * 32, 0), move_token(SEED, "g1", 5, "cd" * 32, 0),
        move_token(SEED, "g1", 4, "ce" * 32, 0), move_token(SEED, "g1", 4, "cd" * 32, 1),
    }
    assert TOKEN_G1_4 not in others and len(others) == 4


def email_ledger(label: str = "email") -> Ledger:
    """Seat 0 hides 2 by email (a secret), seat 1 throws by email, then signed moves."""
    ledger = Ledger(label, email_moves=True).begin()
    ledger.email_move({"type": "hide", "value": 2})
    ledger.email_move({"type": "throw"})
    ledger.play_moves(throw_policy)
    ledger.reveal()
    return ledger


def email_seqs(ledger: Ledger) -> list[int]:
    return [e["seq"] for e in ledger.entries if e["body"].get("kind") == "email_move"]


def test_email_moves_pass_and_are_named_attested():
    ledger = email_ledger()
    assert ledger.entries[0]["body"]["email_moves"] is True
    v = run(ledger.export())
    assert v.word == "PASS", v.to_json()
    assert v.checked["attested"] == 2
    assert "2 move(s) were made by email: server-attested, not player-signed" in v.reason
    first = ledger.entries[email_seqs(ledger)[0]]
    assert first["body"]["move"] == {"type": "hide"}  # the value stays concealed until the reveal
    assert first["body"]["token"] == move_token(ledger.seed, ledger.game, first["seq"], first["prev"], 0)
    revealed = {s["seq"]: s for s in ledger.entries[-1]["body"]["secrets"]}[first["seq"]]
    assert revealed == {"seq": first["seq"], "secret": {"value": 2}, "salt": secret_salt(ledger.seed, first["seq"])}
    assert commit(TAG_SECRET, {"value": 2}, revealed["salt"]) == first["body"]["secret_commit"]


def test_a_game_without_email_moves_has_no_member_and_no_attested_words():
    ledger = Ledger("plain").play()
    assert "email_moves" not in ledger.entries[0]["body"]
    v = run(ledger.export())
    assert v.word == "PASS" and v.checked["attested"] == 0 and "email" not in v.reason


def test_unfinished_log_with_email_moves_is_incomplete():
    ledger = Ledger("email-open", email_moves=True).begin()
    ledger.email_move({"type": "throw"})
    assert run(ledger.export()).word == "INCOMPLETE"


def test_email_move_step_refuses_seat_not_to_move_and_illegal_moves():
    ledger = Ledger("email-step", email_moves=True).begin()
    head = ledger.head()
    with pytest.raises(steps.StepError, match="not the seat to move"):
        steps.email_move(TOY, ledger.state, 1, {"type": "throw"}, ledger.seed, "g-toy", head, seats=2)
    with pytest.raises(steps.StepError, match="not a seat"):
        steps.email_move(TOY, ledger.state, 2, {"type": "throw"}, ledger.seed, "g-toy", head, seats=2)
    with pytest.raises(IllegalMove):
        steps.email_move(TOY, ledger.state, 0, {"type": "hide", "value": 9}, ledger.seed, "g-toy", head, seats=2)


# --- tampering fails at the entry ----------------------------------------------------------------


def test_email_move_with_a_wrong_token():
    ledger = email_ledger()
    entries = ledger.export()["entries"]
    seq = email_seqs(ledger)[1]
    entries[seq]["body"]["token"] = move_token(ledger.seed, ledger.game, seq - 1, entries[seq]["prev"], 1)
    assert_fail(run(resealed(ledger, entries, seq)), seq, "body.token differs from the replay")
    entries[seq]["body"]["token"] = "not a token"
    assert_fail(run(resealed(ledger, entries, seq)), seq, "token is not 16 bytes")


def test_email_move_with_another_move():
    ledger = email_ledger()
    entries = ledger.export()["entries"]
    seq = email_seqs(ledger)[1]
    entries[seq]["body"]["move"] = {"type": "pass"}
    assert_fail(run(resealed(ledger, entries, seq)), seq, "differs from the replay")


def test_email_move_of_a_seat_not_to_move():
    ledger = email_ledger()
    entries = ledger.export()["entries"]
    seq = email_seqs(ledger)[1]
    entries[seq]["body"]["seat"] = 0
    assert_fail(run(resealed(ledger, entries, seq)), seq, "not the seat to move")


def test_email_move_for_a_seat_nobody_joined():
    ledger = email_ledger()
    entries = ledger.export()["entries"]
    seq = email_seqs(ledger)[1]
    entries[seq]["body"]["seat"] = 7
    assert_fail(run(resealed(ledger, entries, seq)), seq, "nobody joined")


def test_email_move_with_a_wrong_revealed_secret():
    ledger = email_ledger()
    entries = ledger.export()["entries"]
    seq = email_seqs(ledger)[0]
    for item in entries[-1]["body"]["secrets"]:
        if item["seq"] == seq:
            item["salt"] = "a5" * 32
    assert_fail(run(resealed(ledger, entries, len(entries) - 1)), seq, "not the one the seed gives")


def test_email_move_in_a_game_that_did_not_opt_in():
    """A server that plays an email move in a game whose players never agreed to them."""
    ledger = Ledger("no-email").begin()
    seq = ledger.email_move({"type": "throw"})["seq"]
    ledger.play_moves(throw_policy)
    ledger.reveal()
    assert_fail(run(ledger.export()), seq, "did not opt in to email moves")
    # unfinished too: the genesis is checked without the seed
    ledger = Ledger("no-email-open").begin()
    seq = ledger.email_move({"type": "throw"})["seq"]
    assert_fail(run(ledger.export()), seq, "did not opt in")


def test_the_opt_in_cannot_be_added_after_the_joins():
    ledger = Ledger("added-later").begin()
    ledger.email_move({"type": "throw"})
    ledger.play_moves(throw_policy)
    ledger.reveal()
    entries = ledger.export()["entries"]
    entries[0]["body"]["email_moves"] = True
    assert_fail(run(resealed(ledger, entries, 0)), 1, "join signature does not verify")


@pytest.mark.parametrize("value", [False, None, 1, "yes", {}])
def test_malformed_genesis_email_moves(value):
    ledger = Ledger("malformed-email", email_moves=True)
    ledger.entries[0]["body"]["email_moves"] = value
    ledger.entries[0] = reseal(ledger.entries, 0, ledger.server_key)[0]
    ledger.begin().play_moves(throw_policy).reveal()
    assert_fail(run(ledger.export()), 0, "email_moves is true when")


def test_golden_email_game():
    """Byte-stable like the other golden logs: the token and rng derivations cannot drift."""
    ledger = email_ledger("golden-email")
    assert entry_hash(ledger.entries[-1]) == GOLDEN_EMAIL_HEAD
    assert run(ledger.export()).word == "PASS"


GOLDEN_EMAIL_HEAD = "697b1f88e2e5172eabfcf19d680d1a28cd3cdf77bf6ebb3d8292e35a5e927a0d"
