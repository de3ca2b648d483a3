"""Leaving a game of three or four, on the `trio` test engine (tests/protocol/trio.py).

With more than two seats, in an engine that lets seats leave, a resignation or forfeit is a
step: the seat is out and ranks last, the others play on, and the server makes the out
seat's forced decisions (`out` entries, random like a timeout's, secrets committed and
revealed). With one seat left in, it wins. The audit replays all of it and fails a server
that ends such a game anyway, decides for a seat still in, or lets a seat that left move.
"""

from __future__ import annotations

import pytest

from protocol import steps
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit, secret_salt
from protocol.entries import entry_hash, envelope, sign_envelope
from tests.protocol.ledger import Ledger, assert_fail, random_policy, resealed
from tests.protocol.ledger import export_of as _export_of
from tests.protocol.trio import TRIO, lookup

FORFEIT = {"days": 1, "grace_hours": 0, "on_expiry": "forfeit"}
GOLDEN_LEAVING_HEAD = "5219faf775eadc11e01db41b4a5a8ca934c8b58c78a66bf36107dc3a4dad3816"


def run(export):
    return audit(export, lookup=lookup)


def export_of(entries):
    return _export_of(entries, game="g-toy")


def systems(ledger: Ledger, kind: str) -> list[dict]:
    return [e for e in ledger.entries if e["type"] == "system" and e["body"].get("kind") == kind]


def left_early(label: str = "trio-out-2") -> Ledger:
    """Three seats; seat 1 resigns at once; a 6 later makes it owe an answer (a secret)."""
    ledger = Ledger(label, engine=TRIO, seats=3, options={"rounds": 4}).begin()
    ledger.resign(1)
    ledger.play_moves(random_policy)
    ledger.reveal()
    return ledger


def test_the_resigning_seat_is_out_ranks_last_and_the_others_play_on():
    ledger = left_early()
    resign = systems(ledger, "resign")[0]["body"]
    assert "result" not in resign and resign["to_move"] in (0, 2)
    assert set(resign) == {"kind", "envelope", "sig", "events", "state", "views", "to_move"}
    assert resign["events"][0] == {"kind": "left", "data": {"seat": 1, "why": "resigned"}, "to": None}
    assert ledger.result["ranks"][1] == 3 and ledger.result["winner"] in (0, 2)
    v = run(ledger.export())
    assert v.word == "PASS", v.to_json()
    assert v.result == ledger.result


def test_the_server_makes_the_forced_decisions_of_a_seat_that_left():
    ledger = left_early()
    out = systems(ledger, "out")
    assert out, "the label was chosen so that seat 1 owes an answer after it left"
    entry = out[0]
    assert entry["body"]["seat"] == 1 and entry["body"]["move"] == {"type": "answer"}
    revealed = {s["seq"]: s for s in ledger.entries[-1]["body"]["secrets"]}[entry["seq"]]
    assert revealed["salt"] == secret_salt(ledger.seed, entry["seq"])
    assert commit(TAG_SECRET, revealed["secret"], revealed["salt"]) == entry["body"]["secret_commit"]
    # no seat that left ever moves itself; no turn of it comes round
    assert all(e["body"]["envelope"]["seat"] != 1 for e in ledger.entries if e["type"] == "move")


def test_golden_leaving_game():
    ledger = left_early("golden")
    assert systems(ledger, "resign")
    assert entry_hash(ledger.entries[-1]) == GOLDEN_LEAVING_HEAD


def test_two_left_and_one_resigns_the_other_wins():
    ledger = Ledger("trio-two-left", engine=TRIO, seats=3, options={"rounds": 4}).begin()
    ledger.resign(1)
    ledger.resign(0)
    ledger.reveal()
    last = systems(ledger, "resign")[-1]["body"]
    assert last["result"]["winner"] == 2 and last["result"]["ranks"] == [2, 3, 1]
    assert "seat 2 is the last one in" in last["result"]["reason"]
    assert run(ledger.export()).word == "PASS"


def test_four_seats_leaving_in_turn():
    ledger = Ledger("trio-four", engine=TRIO, seats=4, options={"rounds": 3}).begin()
    ledger.play_moves(random_policy, limit=3)
    for seat in (3, 0):
        if ledger.result is None:
            ledger.resign(seat)
            ledger.play_moves(random_policy, limit=2)
    ledger.play_moves(random_policy)
    ledger.reveal()
    assert ledger.result["ranks"][3] == 4 and ledger.result["ranks"][0] == 3
    assert run(ledger.export()).word == "PASS"


def test_a_forfeit_in_a_game_of_three_is_a_leave():
    ledger = Ledger("trio-forfeit", engine=TRIO, seats=3, deadline=FORFEIT).begin()
    seat = TRIO.to_move(ledger.state)
    ledger.forfeit()
    body = systems(ledger, "forfeit")[0]["body"]
    assert body["seat"] == seat and "result" not in body and "views" in body
    assert body["events"][0]["data"] == {"seat": seat, "why": "forfeited"}
    ledger.play_moves(random_policy)
    ledger.reveal()
    assert ledger.result["ranks"][seat] == 3
    assert run(ledger.export()).word == "PASS"


def test_with_two_seats_a_resignation_still_ends_the_game():
    ledger = Ledger("trio-two", engine=TRIO, seats=2).begin()
    ledger.resign(0)
    ledger.reveal()
    body = systems(ledger, "resign")[0]["body"]
    assert body["result"] == {"winner": 1, "scores": None, "reason": "seat 0 resigned"}
    assert run(ledger.export()).word == "PASS"


def test_a_seat_cannot_leave_twice():
    ledger = Ledger("trio-twice", engine=TRIO, seats=4).begin()
    ledger.resign(2)
    with pytest.raises(steps.StepError, match="left the game already"):
        ledger.resign(2)


# --- a dishonest server -------------------------------------------------------------------------


def test_ending_the_game_at_a_resignation_of_three_fails():
    """The old way (everyone draws) denies the leader the win: the audit refuses it."""
    ledger = Ledger("trio-draw", engine=TRIO, seats=3).begin()
    ledger.play_moves(random_policy, limit=2)
    seq, prev = ledger.head()
    seat = TRIO.to_move(ledger.state)
    env = envelope(ledger.game, seq, prev, seat, {"type": "resign"}, None, "ab" * 32, "t")
    sig = sign_envelope(env, ledger.player_keys[seat])
    body = steps.resign(ledger.player_keys[seat].public_hex, env, sig, 3, (seq, prev))
    ledger.result = body["result"]
    ledger._append("system", body)
    ledger.reveal()
    assert_fail(run(ledger.export()), seq, "differs from the replay")


def test_an_out_entry_for_a_seat_still_in_fails():
    ledger = Ledger("trio-fake-out", engine=TRIO, seats=3).begin()
    seq, _ = ledger.head()
    seat = TRIO.to_move(ledger.state)
    step = steps._server_move("out", TRIO, ledger.state, seat, ledger.seed, seq, 3)
    ledger.state, ledger.result = step.state, step.body.get("result")
    if step.secret:
        ledger.secrets.append(step.secret)
    ledger._append("system", step.body)
    ledger.play_moves(random_policy)
    ledger.reveal()
    assert_fail(run(ledger.export()), seq, "has not left the game")


def test_an_out_entry_with_another_move_fails():
    ledger = left_early()
    entry = systems(ledger, "out")[0]
    entries = ledger.export()["entries"]
    entries[entry["seq"]]["body"]["secret_commit"] = commit(TAG_SECRET, {"value": "maybe"}, "a5" * 32)
    assert_fail(run(resealed(ledger, entries, entry["seq"])), entry["seq"], "body.secret_commit differs")


def test_an_out_entry_in_a_game_of_two_fails():
    from tests.protocol.toy import TOY

    ledger = Ledger("toy-out").begin()
    seq, _ = ledger.head()
    step = steps._server_move("out", TOY, ledger.state, 0, ledger.seed, seq, 2)
    ledger.state = step.state
    if step.secret:
        ledger.secrets.append(step.secret)
    ledger._append("system", step.body)
    ledger.play_moves(random_policy)
    ledger.reveal()
    assert_fail(audit(ledger.export(), lookup=lookup), seq, "no seat can leave")


def test_a_move_by_a_seat_that_left_fails():
    """A server that lets the player who left make its own forced decision (it must decide for it)."""
    ledger = Ledger("trio-out-2", engine=TRIO, seats=3, options={"rounds": 4}).begin()
    ledger._play_out = lambda: None  # type: ignore[method-assign]
    ledger.resign(1)
    while ledger.result is None and TRIO.to_move(ledger.state) != 1:
        ledger.play_moves(random_policy, limit=1)
    assert TRIO.to_move(ledger.state) == 1 and 1 in TRIO.out(ledger.state)
    seq, _ = ledger.head()
    ledger.move(1, {"type": "answer", "value": "yes"})
    ledger.play_moves(random_policy)
    ledger.reveal()
    assert_fail(run(ledger.export()), seq, "has left the game")
