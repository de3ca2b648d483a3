"""An answer that accepts what was never offered: a false view commitment in a trade offer's
entry, then a standing "accept" played from that false view (the real app behind a hostile
operator holding its key and database, tests/hostile.py).

bob offers alice a swap in the open (his signed move and its public `offer` event). The
operator writes into that entry, for alice, a view commitment whose pending offer is another
swap, one her standing answer `accept-trade` takes; then it plays "accept" for her by that
answer, told from the false view. Her client opens the position against the commitment (it
matches: the operator wrote both), runs her rules on it (they prescribe "accept"), and only
a check of the committed view against the public move and events of the offer entry shows the
lie. So her `pbem show` and `pbem log` stop with TAMPERING naming the offer entry (exit 4),
and the audit of the finished export FAILs at that entry, where the false commitment is signed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import engines
from client.play import Player
from engines.core import Rng
from protocol import steps
from protocol.audit import audit
from protocol.commitments import TAG_VIEW, commit, view_salt
from tests.client.standing_forgery import forged_standing
from tests.hostile import HostileServer, assert_cli_refuses, cli

E = engines.get("siedler")


def a_lie(state: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]] | None:
    """(bob's real offer, the offer alice's false view shows, her answer that accepts the false
    one) where both offers are ones alice can pay and bob may make now; None if there is none."""
    if E.to_move(state) != 1 or (state["pending"] or {}).get("kind") != "action":
        return None
    for offer in E.legal_moves(state, 1):
        if offer.get("type") != "offer":
            continue
        after, _ = E.apply(state, 1, offer, Rng(b"look"))
        if {"type": "accept"} not in E.legal_moves(after, 0):
            continue  # alice cannot pay bob's real offer
        view = E.view(after, 0)
        (gets, n), = offer["give"].items()
        for other in ("gold", "ore", "grain", "brick", "wool", "lumber"):
            if other in offer["get"] or other == gets:
                continue
            false_view = {**view, "pending": {**view["pending"], "get": {other: 1}}}
            if {"type": "accept"} in E.moves_from_view(false_view):
                rule = {"kind": "accept-trade", "give": {other: 1}, "get": {gets: n}}
                return offer, false_view, rule
    return None


def test_a_standing_accept_of_an_offer_never_made_is_caught_by_its_seat_and_the_audit(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    alice, bob = player("alice"), player("bob")
    game = alice.new_game("siedler", {"target": 7}, seats=2, join=True)["id"]
    bob.join(game)
    rnd = random.Random(11)
    for _ in range(400):
        state = server.operator.state(game)
        found = a_lie(state)
        if found is not None:
            break
        seat = E.to_move(state)
        assert seat is not None, "the game ended before bob could offer a trade"
        [alice, bob][seat].play_bot(game, "builder", until_over=False, rng=rnd)
    else:
        raise AssertionError("bob never could offer alice a trade")
    offer, false_view, rule = found
    stated = alice.set_answers(game, [rule])["entry"]
    assert cli(alice, "show", game).exit_code == 0  # honest so far

    # bob's offer (his own signature), logged with a false view commitment for alice
    op = server.operator
    seed = op.seed(game)
    key = bob.store.key()
    env, sig = op._envelope(game, 1, key, offer, None)
    step = steps.move(E, op.state(game), key.public_hex, env, sig, None, None, seed, (env["seq"], env["prev"]), seats=2)
    offer_seq = env["seq"]
    step.body["views"][0] = commit(TAG_VIEW, false_view, view_salt(seed, offer_seq, 0))
    op.append(game, "move", step.body, step)
    # "accept", played for alice by her answer, told from the false view
    accept = forged_standing(
        E, step.state, 0, (stated, [rule]), 0, {"type": "accept"}, seed, offer_seq + 1, offer_seq,
        seats=2, view=false_view,
    )
    op.append(game, "standing", accept.body, accept)

    words = f"TAMPERING: entry {offer_seq}: the position its log committed to for you"
    assert_cli_refuses(alice, "show", game, words=words)
    refused = cli(alice, "show", game)
    assert "trade offer" in refused.stderr and "Played for you" not in refused.stdout
    assert_cli_refuses(alice, "log", game, words=f"TAMPERING: entry {offer_seq}")

    # the game ends (bob resigns), the server reveals its seed: the audit FAILs at the offer
    bob.resign(game)
    export = bob.export(game)
    verdict = audit(export)
    assert verdict.word == "FAIL" and verdict.entry == offer_seq, verdict.to_json()
