"""client.verify on system entries (deadlines, aborts): what the client accepts while a game runs.

A timeout is a step like a move (it updates the seat to move, the view commitments and the
payloads owed); a forfeit and an abort end the game with the result their kind implies. The
client refuses a timeout or forfeit in a game whose signed genesis has no deadline or
another action, one for a seat not to move, a system kind it does not know, and a genesis
whose deadline is malformed. (What it cannot check, the bot's move, the audit replays.)
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.verify import VerifyError, check_log
from protocol import steps
from tests.protocol.ledger import Ledger, reseal, throw_policy

GAME = "g-toy"
BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}
FORFEIT = {"days": 2, "grace_hours": 0, "on_expiry": "forfeit"}


def resealed(ledger: Ledger, entries: list[dict[str, Any]], seq: int) -> list[dict[str, Any]]:
    return reseal(entries, seq, ledger.server_key)


def test_a_timeout_is_followed_like_a_move() -> None:
    ledger = Ledger("verify-timeout", deadline=BOT).begin()
    ledger.timeout()
    me = ledger.player_keys[0].public_hex
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None, me)
    timeout = ledger.entries[-1]
    assert receipt["deadline"] == BOT
    assert receipt["to_move"] == timeout["body"]["to_move"] == 1
    assert {k: receipt["views"][k] for k in ("seq", "commits")} == {"seq": timeout["seq"], "commits": timeout["body"]["views"]}
    # the private events of the timeout addressed to my seat are owed to me
    private = [i for i, e in enumerate(timeout["body"]["events"]) if "commit" in e and 0 in e["to"]]
    assert [o for o in receipt["owed"] if o[0] == timeout["seq"]] == [[timeout["seq"], i] for i in private]
    # the game goes on; played to the end with timeouts, the client follows to the reveal
    ledger.play_moves(throw_policy)
    ledger.reveal()
    again = check_log(GAME, copy.deepcopy(ledger.entries[timeout["seq"]:]), timeout["seq"], receipt, me)
    assert again["status"] == "over" and again["revealed"] == len(ledger.entries) - 1


def test_a_forfeit_ends_the_game() -> None:
    ledger = Ledger("verify-forfeit", deadline=FORFEIT).begin()
    ledger.move(0, {"type": "throw"})
    ledger.forfeit()
    ledger.reveal()
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None)
    assert receipt["status"] == "over"
    assert receipt["result"] == {"winner": 0, "scores": None, "reason": "seat 1 forfeited: out of time"}


def test_an_abort_before_the_start_is_accepted() -> None:
    ledger = Ledger("verify-abort")
    ledger.join(0)
    ledger.abort("nobody came")
    ledger.reveal()
    receipt = check_log(GAME, copy.deepcopy(ledger.entries), 0, None)
    assert receipt["status"] == "over" and receipt["result"]["reason"] == "aborted: nobody came"


def server_timeout(ledger: Ledger, seat: int | None = None) -> None:
    """A server that writes a timeout whatever its own checks say."""
    seq, _ = ledger.head()
    to_move = ledger.engine.to_move(ledger.state)
    step = steps.timeout(ledger.engine, ledger.state, to_move, ledger.seed, seq, seats=ledger.seats)
    body = dict(step.body)
    if seat is not None:
        body["seat"] = seat
    ledger.state = step.state
    ledger._append("system", body)


@pytest.mark.parametrize(
    ("deadline", "seat", "words"),
    [
        (None, None, "a timeout in a game without deadlines"),
        (FORFEIT, None, "the signed genesis says 'forfeit' on expiry"),
        (BOT, 1, "a timeout for seat 1, but seat 0 is to move"),
        (BOT, 7, "a timeout for seat 7"),
    ],
)
def test_a_timeout_the_genesis_or_the_turn_does_not_allow_is_refused(deadline, seat, words) -> None:
    ledger = Ledger("verify-bad-timeout", deadline=deadline).begin()
    server_timeout(ledger, seat)
    with pytest.raises(VerifyError, match=words):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"kind": "forfeit", "seat": 0, "result": steps.forfeit_result(2, 0)}, "but seat 1 is to move"),
        ({"kind": "forfeit", "seat": 1, "result": steps.forfeit_result(2, 0)}, "not what a forfeit"),
        ({"kind": "forfeit", "seat": 1, "result": steps.forfeit_result(2, 1), "x": 1}, "not what a forfeit"),
        ({"kind": "abort", "reason": "x", "result": {"winner": 0, "scores": None, "reason": "aborted: x"}},
         "not what an abort implies"),
        ({"kind": "surrender", "result": steps.abort_result("x")}, "unknown kind 'surrender'"),
        ({"kind": "timeout", "seat": 1, "action": "bot", "move": {}, "secret_commit": None},
         "says 'forfeit' on expiry"),
    ],
)
def test_malformed_system_entries_are_refused(body, words) -> None:
    ledger = Ledger("verify-bad-system", deadline=FORFEIT).begin()
    ledger.move(0, {"type": "throw"})
    ledger.forfeit()
    entries = copy.deepcopy(ledger.entries)
    entries[-1]["body"] = body
    with pytest.raises(VerifyError, match=words):
        check_log(GAME, resealed(ledger, entries, len(entries) - 1), 0, None)


def test_a_timeout_without_its_move_is_refused() -> None:
    ledger = Ledger("verify-timeout-shape", deadline=BOT).begin()
    ledger.timeout()
    for field, value in (("action", "forfeit"), ("move", None), ("secret_commit", "zz")):
        entries = copy.deepcopy(ledger.entries)
        entries[-1]["body"][field] = value
        with pytest.raises(VerifyError, match="names no move"):
            check_log(GAME, resealed(ledger, entries, len(entries) - 1), 0, None)


@pytest.mark.parametrize("deadline", [None, {"days": 4, "grace_hours": 0, "on_expiry": "bot"}, {}])
def test_a_malformed_genesis_deadline_is_refused(deadline) -> None:
    ledger = Ledger("verify-genesis", deadline=BOT)
    entries = copy.deepcopy(ledger.entries)
    entries[0]["body"]["deadline"] = deadline
    with pytest.raises(VerifyError, match="genesis deadline is malformed"):
        check_log(GAME, resealed(ledger, entries, 0), 0, None)
