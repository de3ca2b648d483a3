"""Deadlines in the log: the genesis `deadline` member, `timeout` and `forfeit` entries.

The toy ledger writes them with the same protocol.steps functions as the server; the audit
replays a timeout's random move from the revealed seed and compares the body byte for byte,
and checks that a forfeit names the seat to move and implies the right result. A dishonest
server that re-seals a changed entry with its own key is caught at that entry.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from engines.core import Rng
from protocol import steps
from protocol.audit import audit
from protocol.canonical import canonical
from protocol.commitments import TAG_SECRET, commit, secret_salt, timeout_key
from protocol.entries import entry_hash
from tests.protocol.ledger import Ledger, assert_fail, reseal, resealed, throw_policy
from tests.protocol.test_vectors import SEED
from tests.protocol.toy import TOY, lookup

BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}
FORFEIT = {"days": 3, "grace_hours": 12, "on_expiry": "forfeit"}

# Known answers (docs/PROTOCOL.md section 18): SEED is bytes 0x00..0x1f.
TIMEOUT_KEY_4 = "557f8391c53f53bc534748b3a909fd3f8f7d8d7548b77b4394d50d316ac7b277"
SECRET_SALT_4 = "fd5a6d2251f5e13ec4478fefbdd3316d0344675dd391c40d5ab8f562a4f72dae"
TIMEOUT_RANDBELOW6 = [0, 4, 1, 4, 5, 1, 0, 5]
# The toy state below, timed out at seq 4: the body's digest (canonical JSON, SHA-256).
TOY_STATE = {
    "rounds": 2, "moves": 0, "turn": 0, "dealt": [4, 2], "thrown": [0, 0], "hidden": [None, None],
}
TOY_TIMEOUT_MOVE = {"type": "throw"}
TOY_TIMEOUT_BODY = "e18e40c6be35d218d370d7f964061e9b7119c8413f3947d996091c79dd34c14c"


def run(export):
    return audit(export, lookup=lookup)


# --- derivations -------------------------------------------------------------------------------


def test_timeout_key_and_secret_salt_vectors():
    assert timeout_key(SEED, 4).hex() == TIMEOUT_KEY_4
    msg = b"pbem/v1/rng/timeout\n" + b'{"seq":4}'
    assert hmac.new(SEED, msg, hashlib.sha256).hexdigest() == TIMEOUT_KEY_4
    assert secret_salt(SEED, 4) == SECRET_SALT_4
    assert SECRET_SALT_4 == hmac.new(SEED, b"pbem/v1/salt/secret/4", hashlib.sha256).hexdigest()
    rng = Rng(timeout_key(SEED, 4))
    assert [rng.randbelow(6) for _ in range(8)] == TIMEOUT_RANDBELOW6
    assert len({timeout_key(SEED, 4), timeout_key(SEED, 5), timeout_key(bytes(32), 4)}) == 3


def test_toy_timeout_vector():
    """The whole step: legal[randbelow(len(legal))], then the same rng throws the die."""
    legal = TOY.legal_moves(TOY_STATE, 0)
    rng = Rng(timeout_key(SEED, 4))
    assert legal[rng.randbelow(len(legal))] == TOY_TIMEOUT_MOVE
    step = steps.timeout(TOY, TOY_STATE, 0, SEED, 4, seats=2)
    assert step.body["move"] == TOY_TIMEOUT_MOVE and step.body["secret_commit"] is None
    # the die comes from the same stream, continuing after the pick
    assert step.body["events"][0] == {
        "kind": "threw", "data": {"seat": 0, "value": rng.randbelow(6) + 1}, "to": None
    }
    assert hashlib.sha256(canonical(step.body)).hexdigest() == TOY_TIMEOUT_BODY


def test_timeout_refuses_a_seat_not_to_move():
    with pytest.raises(steps.StepError, match="not the seat to move"):
        steps.timeout(TOY, TOY_STATE, 1, SEED, 4, seats=2)
    with pytest.raises(steps.StepError, match="not a seat"):
        steps.timeout(TOY, TOY_STATE, 2, SEED, 4, seats=2)
    with pytest.raises(steps.StepError, match="not the seat to move"):
        steps.forfeit(TOY, TOY_STATE, 1, 2)


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        (BOT, True),
        (FORFEIT, True),
        ({"days": 14, "grace_hours": 168, "on_expiry": "bot"}, True),
        (None, False),
        ({}, False),
        ({"days": 4, "grace_hours": 0, "on_expiry": "bot"}, False),
        ({"days": True, "grace_hours": 0, "on_expiry": "bot"}, False),
        ({"days": 1.0, "grace_hours": 0, "on_expiry": "bot"}, False),
        ({"days": 1, "grace_hours": -1, "on_expiry": "bot"}, False),
        ({"days": 1, "grace_hours": 169, "on_expiry": "bot"}, False),
        ({"days": 1, "grace_hours": 0, "on_expiry": "abort"}, False),
        ({"days": 1, "grace_hours": 0, "on_expiry": "bot", "x": 1}, False),
    ],
)
def test_deadline_shape(value, ok):
    assert (steps.deadline_problem(value) is None) == ok


# --- honest logs pass --------------------------------------------------------------------------


def timeout_ledger(label: str = "timeouts") -> Ledger:
    """Both seats time out on their first decision; seat 0's bot happens to hide (a secret)."""
    ledger = Ledger(label, deadline=BOT).begin()
    ledger.timeout()
    ledger.timeout()
    ledger.play_moves(throw_policy)
    ledger.reveal()
    return ledger


def test_golden_timeout_game():
    """A log with timeouts, byte-stable like test_vectors.test_golden_toy_game."""
    ledger = timeout_ledger("golden")
    kinds = [(e["type"], e["body"].get("kind")) for e in ledger.entries]
    assert kinds[4:6] == [("system", "timeout"), ("system", "timeout")]
    assert ledger.entries[0]["body"]["deadline"] == BOT
    assert entry_hash(ledger.entries[-1]) == GOLDEN_TIMEOUT_HEAD
    assert run(ledger.export()).word == "PASS"


GOLDEN_TIMEOUT_HEAD = "63a17fa5a6d719678d107eafb33b25ab7f54d1cebac67d8a5bf171a9b2a83ca2"


def test_timeouts_pass_and_the_secret_waits_for_the_reveal():
    ledger = timeout_ledger()
    v = run(ledger.export())
    assert v.word == "PASS", v.to_json()
    assert v.checked["moves"] == 4
    hid = [e for e in ledger.entries if e["body"].get("kind") == "timeout" and e["body"]["secret_commit"]]
    assert hid, "the label was chosen so that a timeout hides a value"
    entry = hid[0]
    seq = entry["seq"]
    assert entry["body"]["move"] == {"type": "hide"}  # the value is not in the public log
    revealed = {s["seq"]: s for s in ledger.entries[-1]["body"]["secrets"]}[seq]
    assert revealed["salt"] == secret_salt(ledger.seed, seq)
    assert commit(TAG_SECRET, revealed["secret"], revealed["salt"]) == entry["body"]["secret_commit"]
    # the hider got its private note, like after its own hide
    seat = entry["body"]["seat"]
    assert any(p["seq"] == seq and p["event"]["kind"] == "note" for p in ledger.payloads[seat])


def test_timeout_ends_the_game():
    ledger = Ledger("timeout-end", deadline=BOT).begin()
    while ledger.result is None:
        ledger.timeout()
    assert "result" in ledger.entries[-1]["body"]
    ledger.reveal()
    assert run(ledger.export()).word == "PASS"


def test_unfinished_log_with_timeouts_is_incomplete():
    ledger = Ledger("timeout-open", deadline=BOT).begin()
    ledger.timeout()
    assert run(ledger.export()).word == "INCOMPLETE"


def forfeit_ledger() -> Ledger:
    ledger = Ledger("forfeit", deadline=FORFEIT).begin()
    ledger.move(0, {"type": "throw"})
    ledger.forfeit()
    ledger.reveal()
    return ledger


def test_forfeit_passes_and_the_other_seat_wins():
    ledger = forfeit_ledger()
    v = run(ledger.export())
    assert v.word == "PASS", v.to_json()
    assert v.result == {"winner": 0, "scores": None, "reason": "seat 1 forfeited: out of time"}
    assert ledger.entries[-2]["body"] == {"kind": "forfeit", "seat": 1, "result": v.result}


# --- tampering fails at the entry ----------------------------------------------------------------


def first_timeout(ledger: Ledger) -> int:
    return next(e["seq"] for e in ledger.entries if e["body"].get("kind") == "timeout")


def test_timeout_with_another_move():
    ledger = timeout_ledger()
    entries = ledger.export()["entries"]
    seq = first_timeout(ledger)
    played = entries[seq]["body"]["move"]
    entries[seq]["body"]["move"] = {"type": "throw"} if played != {"type": "throw"} else {"type": "pass"}
    assert_fail(run(resealed(ledger, entries, seq)), seq, "body.move.type differs from the replay")


def test_timeout_for_another_seat():
    """The seat not to move cannot time out (the audit checks to_move, not the clock)."""
    ledger = timeout_ledger()
    entries = ledger.export()["entries"]
    seq = first_timeout(ledger)
    entries[seq]["body"]["seat"] = 1 - entries[seq]["body"]["seat"]
    assert_fail(run(resealed(ledger, entries, seq)), seq, "not the seat to move")


def test_timeout_for_a_seat_nobody_joined():
    ledger = timeout_ledger()
    entries = ledger.export()["entries"]
    seq = first_timeout(ledger)
    entries[seq]["body"]["seat"] = 5
    assert_fail(run(resealed(ledger, entries, seq)), seq, "nobody joined")


def test_timeout_with_a_wrong_secret_commitment():
    ledger = timeout_ledger()
    entries = ledger.export()["entries"]
    seq = next(e["seq"] for e in entries if e["body"].get("secret_commit") and e["type"] == "system")
    entries[seq]["body"]["secret_commit"] = commit(TAG_SECRET, {"value": 9}, secret_salt(ledger.seed, seq))
    assert_fail(run(resealed(ledger, entries, seq)), seq, "body.secret_commit differs")


def test_timeout_with_a_wrong_revealed_secret():
    ledger = timeout_ledger()
    entries = ledger.export()["entries"]
    seq = next(e["seq"] for e in entries if e["body"].get("secret_commit") and e["type"] == "system")
    for item in entries[-1]["body"]["secrets"]:
        if item["seq"] == seq:
            item["salt"] = "a5" * 32
    v = run(resealed(ledger, entries, len(entries) - 1))
    assert_fail(v, seq, "not the one the seed gives")
    entries[-1]["body"]["secrets"] = [s for s in entries[-1]["body"]["secrets"] if s["seq"] != seq]
    assert_fail(run(resealed(ledger, entries, len(entries) - 1)), seq, "no secret for this timeout")


def test_timeout_with_changed_events_or_views():
    ledger = timeout_ledger()
    seq = first_timeout(ledger)
    for path in ("views", "state", "to_move"):
        entries = ledger.export()["entries"]
        body = entries[seq]["body"]
        body[path] = body["views"][::-1] if path == "views" else ("00" * 32 if path == "state" else 5)
        assert_fail(run(resealed(ledger, entries, seq)), seq, f"body.{path}")


def server_timeout(ledger: Ledger) -> int:
    """A server that appends a timeout whatever the genesis says (bypassing its own checks)."""
    seq, _ = ledger.head()
    step = steps.timeout(ledger.engine, ledger.state, ledger.engine.to_move(ledger.state), ledger.seed, seq, seats=ledger.seats)
    ledger.state, ledger.result = step.state, step.body.get("result")
    ledger._append("system", step.body)
    return seq


def test_timeout_in_a_game_without_deadlines_or_with_forfeit():
    for deadline, words in ((None, "without deadlines"), (FORFEIT, "says 'forfeit' on expiry")):
        ledger = Ledger("no-deadline", deadline=deadline).begin()
        seq = server_timeout(ledger)
        ledger.play_moves(throw_policy)
        ledger.reveal()
        assert_fail(run(ledger.export()), seq, words)


def test_the_deadline_cannot_change_after_the_joins():
    """The joins sign the genesis (through prev): a deadline added or changed later breaks them."""
    ledger = timeout_ledger()
    entries = ledger.export()["entries"]
    del entries[0]["body"]["deadline"]
    assert_fail(run(resealed(ledger, entries, 0)), 1, "join signature does not verify")
    entries = ledger.export()["entries"]
    entries[0]["body"]["deadline"] = dict(FORFEIT)
    assert_fail(run(resealed(ledger, entries, 0)), 1, "join signature does not verify")


def test_forfeit_with_a_wrong_result():
    ledger = forfeit_ledger()
    entries = ledger.export()["entries"]
    seq = len(entries) - 2
    entries[seq]["body"]["result"]["winner"] = 1
    entries[-1]["body"]["result"]["winner"] = 1
    assert_fail(run(resealed(ledger, entries, seq)), seq, "body.result.winner differs")


def test_forfeit_of_the_seat_not_to_move():
    ledger = forfeit_ledger()
    entries = ledger.export()["entries"]
    seq = len(entries) - 2
    entries[seq]["body"] = {"kind": "forfeit", "seat": 0, "result": steps.forfeit_result(2, 0)}
    entries[-1]["body"]["result"] = steps.forfeit_result(2, 0)
    assert_fail(run(resealed(ledger, entries, seq)), seq, "not the seat to move")


def test_forfeit_with_extra_members_or_in_a_bot_game():
    ledger = forfeit_ledger()
    seq = len(ledger.entries) - 2
    entries = ledger.export()["entries"]
    entries[seq]["body"]["note"] = "slow"
    assert_fail(run(resealed(ledger, entries, seq)), seq, "body.note differs")
    bot = Ledger("forfeit-in-bot-game", deadline=BOT).begin()
    seq, _ = bot.head()
    bot.result = steps.forfeit_result(2, 0)
    bot._append("system", {"kind": "forfeit", "seat": 0, "result": bot.result})
    bot.reveal()
    assert_fail(run(bot.export()), seq, "says 'bot' on expiry")


@pytest.mark.parametrize(
    "deadline",
    [None, {}, {"days": 4, "grace_hours": 0, "on_expiry": "bot"}, {**BOT, "extra": 1}, "1 day"],
)
def test_malformed_genesis_deadline(deadline):
    """Checked before the replay, so even a genesis the players signed that way fails at 0."""
    ledger = Ledger("malformed", deadline=BOT)
    ledger.entries[0]["body"]["deadline"] = deadline
    ledger.entries[0] = reseal(ledger.entries, 0, ledger.server_key)[0]
    ledger.begin().play_moves(throw_policy).reveal()
    assert_fail(run(ledger.export()), 0, "deadline is malformed")
