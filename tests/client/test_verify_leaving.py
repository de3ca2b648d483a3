"""client.verify on games of three or four where seats leave, on the trio test engine.

The client follows a resignation or forfeit that is a step (the seat is out; views, seat to
move and payloads as after a move), and `out` entries for the forced decisions of a seat
that left. It refuses an `out` entry for a seat still in or not to move, a move by a seat
that left, a seat leaving twice, and a leaving-form resignation in a game of two.
"""

from __future__ import annotations

import copy

import pytest

import engines
from client.verify import VerifyError, check_log
from protocol import steps
from tests.protocol.ledger import Ledger, random_policy, reseal
from tests.protocol.test_leaving import left_early
from tests.protocol.trio import TRIO

engines.register(TRIO)  # the client follows a log by the game's rules: it must know the test game

GAME = "g-toy"


def test_the_client_follows_a_seat_leaving_and_the_servers_decisions_for_it() -> None:
    ledger = left_early()
    me = ledger.player_keys[0].public_hex
    resign = next(e for e in ledger.entries if e["body"].get("kind") == "resign")
    first = check_log(GAME, copy.deepcopy(ledger.entries[: resign["seq"] + 1]), 0, None, me)
    assert first["out"] == [1] and first["status"] == "running"
    assert first["to_move"] == resign["body"]["to_move"]
    assert first["views"]["seq"] == resign["seq"]
    rest = copy.deepcopy(ledger.entries[resign["seq"]:])
    final = check_log(GAME, rest, resign["seq"], first, me)
    assert final["status"] == "over" and final["result"] == ledger.result


def server_out(ledger: Ledger, seat: int) -> int:
    seq, _ = ledger.head()
    step = steps._server_move("out", TRIO, ledger.state, seat, ledger.seed, seq, ledger.seats)
    ledger.state = step.state
    ledger._append("system", step.body)
    return seq


def test_an_out_entry_for_a_seat_still_in_is_refused() -> None:
    ledger = Ledger("client-out", engine=TRIO, seats=3).begin()
    server_out(ledger, TRIO.to_move(ledger.state))
    with pytest.raises(VerifyError, match="not a seat to move that left the game"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


def test_a_move_by_a_seat_that_left_is_refused() -> None:
    ledger = Ledger("trio-out-2", engine=TRIO, seats=3, options={"rounds": 4}).begin()
    ledger._play_out = lambda: None  # type: ignore[method-assign]
    ledger.resign(1)
    while TRIO.to_move(ledger.state) != 1:
        ledger.play_moves(random_policy, limit=1)
    ledger.move(1, {"type": "answer", "value": "no"})
    with pytest.raises(VerifyError, match="a move by seat 1, which has left the game"):
        check_log(GAME, copy.deepcopy(ledger.entries), 0, None)


def test_leaving_twice_or_in_a_game_of_two_is_refused() -> None:
    ledger = Ledger("client-twice", engine=TRIO, seats=3).begin()
    ledger.resign(2)
    entries = copy.deepcopy(ledger.entries)
    again = copy.deepcopy(entries[-1])
    again["seq"] = len(entries)
    entries.append(again)
    entries = reseal(entries, len(entries) - 1, ledger.server_key)
    with pytest.raises(VerifyError):  # signed for another place in the log, and a second leave
        check_log(GAME, entries, 0, None)
    two = Ledger("client-two", engine=TRIO, seats=2).begin()
    two.resign(0)
    entries = copy.deepcopy(two.entries)
    body = entries[-1]["body"]
    entries[-1]["body"] = {k: v for k, v in body.items() if k != "result"} | {
        "events": [], "state": "00" * 32, "views": ["00" * 32] * 2, "to_move": 1,
    }
    with pytest.raises(VerifyError, match="a seat leaves a game of two"):
        check_log(GAME, reseal(entries, len(entries) - 1, two.server_key), 0, None)
