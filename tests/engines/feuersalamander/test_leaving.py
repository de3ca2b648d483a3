"""Leaving a game of three or four (the rulebook has no rule for it): a resigning or forfeiting seat is out.

It ranks last, its turns are skipped (a turn it is in the middle of ends), its cards stay
so it can be asked and named, its forced decisions (exchange, discards) remain for the
server to make; with one seat left in, that seat wins. A game nobody leaves is unchanged
(no "out" in the state or the view). The last tests run it through the protocol: a log
with a resignation, the server's decisions for the seat that left, and a PASS audit.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines import get
from engines.core import IllegalMove, Rng
from engines.feuersalamander import cards
from engines.feuersalamander.rules import TURN_KINDS, game_result
from engines.feuersalamander.turn import end_turn
from protocol.audit import audit
from tests.protocol.ledger import Ledger

E = get("feuersalamander")


def until_throw(state: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """Play the deal discards (random) until the first turn's throw is due."""
    while state["pending"]["kind"] == "deal":
        seat = state["pending"]["seat"]
        state, _ = E.apply(state, seat, rnd.choice(E.legal_moves(state, seat)), Rng(b"deal"))
    return state


def fresh(seats: int, label: str = "leave") -> dict[str, Any]:
    state, _ = E.setup(seats, {}, Rng(label.encode()))
    return until_throw(state, random.Random(label))


def test_a_game_nobody_leaves_has_no_out() -> None:
    state = fresh(3)
    assert "out" not in state and "out" not in E.view(state, 0) and E.out(state) == []


def test_leaving_in_the_middle_of_ones_turn_ends_it() -> None:
    state = fresh(3)
    turn = state["turn"]
    new, events = E.leave(state, turn, "resigned")
    assert new["out"] == [turn] and events[0].kind == "left" and events[0].data == {"seat": turn, "why": "resigned"}
    assert new["turn"] == (turn + 1) % 3 and new["pending"]["seat"] == (turn + 1) % 3
    assert new["pending"]["kind"] in ("throw", "keys")
    assert E.view(new, None)["out"] == [turn]
    assert state.get("out") is None  # the state passed in is not changed


def test_the_turn_skips_a_seat_that_left() -> None:
    state = fresh(4)
    turn = state["turn"]
    skipped = (turn + 1) % 4
    state, _ = E.leave(state, skipped, "forfeited")
    assert state["turn"] == turn  # not its turn: the turn goes on
    end_turn(state, [])
    assert state["turn"] == (turn + 2) % 4


def test_the_last_one_in_wins_and_the_others_rank_in_leaving_order() -> None:
    state = fresh(3)
    a, b, c = 2, 0, 1
    state, _ = E.leave(state, a, "resigned")
    assert state["result"] is None
    state, events = E.leave(state, b, "forfeited")
    assert state["result"]["winner"] == c and state["pending"] is None
    assert state["result"]["ranks"] == [2, 1, 3]  # c first, b (left second) 2nd, a last
    assert "is the last player in" in state["result"]["reason"]
    assert events[-1].kind == "game_over" and E.to_move(state) is None


def test_leaving_twice_or_after_the_end_is_refused() -> None:
    state = fresh(4)
    state, _ = E.leave(state, 1, "resigned")
    with pytest.raises(IllegalMove, match="left the game already"):
        E.leave(state, 1, "resigned")
    with pytest.raises(IllegalMove, match="no seat"):
        E.leave(state, 4, "resigned")
    state, _ = E.leave(state, 2, "resigned")
    state, _ = E.leave(state, 3, "resigned")
    with pytest.raises(IllegalMove, match="over"):
        E.leave(state, 0, "resigned")


def test_ranks_put_the_seats_that_left_last_whatever_their_score() -> None:
    state = {"scores": [30, 2, 10, 10], "out": [0]}
    assert game_result(state, 2, "x")["ranks"] == [4, 3, 1, 1]
    assert game_result({"scores": [30, 2, 10, 10]}, 0, "x")["ranks"] == [1, 4, 2, 2]


@pytest.mark.parametrize("seats", [3, 4])
def test_a_seat_that_left_never_has_a_turn_decision(seats: int) -> None:
    """Random games: whoever leaves when, no turn decision is ever a left seat's."""
    for game in range(6):
        rnd = random.Random(f"{seats}-{game}")
        state, _ = E.setup(seats, {"target": 20}, Rng(f"leave-{seats}-{game}".encode()))
        for step in range(400):
            if state["result"] is not None:
                break
            if step in (20, 90) and len(E.out(state)) < seats - 1:
                state, _ = E.leave(state, rnd.choice([s for s in range(seats) if s not in E.out(state)]), "resigned")
                continue
            seat = E.to_move(state)
            pending = state["pending"]
            assert not (pending["kind"] in TURN_KINDS and seat in E.out(state)), (step, pending)
            legal = E.legal_moves(state, seat)
            state, events = E.apply(state, seat, rnd.choice(legal), Rng(f"{game}-{step}".encode()))
            assert not any(e.kind == "turn" and e.data["seat"] in E.out(state) for e in events)
        if state["result"] is not None:
            for i, s in enumerate(E.out(state)):
                assert state["result"]["ranks"][s] == seats - i


def claim_state() -> tuple[dict[str, Any], int, int, int]:
    """Three seats, the turn player at home with a claim possible; (state, turn, out, other)."""
    state = fresh(3, "claim")
    turn = state["turn"]
    assert state["pending"] == {"kind": "throw", "seat": turn, "may_claim": True, "again": False, "freed": False}
    out, other = (turn + 1) % 3, (turn + 2) % 3
    return state, turn, out, other


def failing_claim(state: dict[str, Any], out: int, other: int) -> dict[str, Any]:
    """Name a card the seat that left holds, and cards of the other kinds `other` does not hold."""
    held = state["hands"][out][0]
    named = [{"seat": out, "card": held}]
    for k in cards.KINDS:
        if k == cards.kind(held):
            continue
        card = next(c for c in cards.ALL_CARDS if cards.kind(c) == k and c not in state["hands"][other])
        named.append({"seat": other, "card": card})
    return {"type": "claim", "own": [], "named": sorted(named, key=lambda i: cards.sort_key(i["card"]))}  # as listed


def test_a_seat_that_left_still_owes_the_exchange_a_failed_claim_offers() -> None:
    state, turn, out, other = claim_state()
    state, _ = E.leave(state, out, "resigned")
    state, _ = E.apply(state, turn, failing_claim(state, out, other), Rng(b"c"))
    assert state["pending"]["kind"] == "exchange" and state["pending"]["seat"] == out
    assert E.legal_moves(state, out) == [{"type": "exchange"}, {"type": "keep"}]


def test_through_the_protocol_the_server_decides_for_the_seat_that_left_and_the_audit_passes() -> None:
    ledger = Ledger("fs-leave", engine=E, seats=3, options={"target": 84})
    ledger.begin()
    rnd = random.Random(1)
    while ledger.state["pending"]["kind"] == "deal":
        seat = E.to_move(ledger.state)
        ledger.move(seat, rnd.choice(E.legal_moves(ledger.state, seat)))
    turn = ledger.state["turn"]
    out, other = (turn + 1) % 3, (turn + 2) % 3
    resign = ledger.resign(out)
    assert "result" not in resign["body"] and resign["body"]["to_move"] == turn
    ledger.move(turn, failing_claim(ledger.state, out, other))
    served = [e for e in ledger.entries if e["type"] == "system" and e["body"].get("kind") == "out"]
    assert served and served[0]["body"]["seat"] == out
    assert served[0]["body"]["move"]["type"] in ("exchange", "keep")
    assert E.to_move(ledger.state) != out
    for _ in range(30):  # the two still in play on a little
        seat = E.to_move(ledger.state)
        ledger.move(seat, rnd.choice([m for m in E.legal_moves(ledger.state, seat) if m["type"] != "claim"] or E.legal_moves(ledger.state, seat)))
    ledger.resign(other)
    assert ledger.result["winner"] == turn and ledger.result["ranks"][out] == 3 and ledger.result["ranks"][other] == 2
    ledger.reveal()
    verdict = audit(ledger.export())
    assert verdict.word == "PASS", verdict.reason
