"""A whole siedler game through the protocol (the ledger the server writes) passes the
offline audit; states and views are canonical JSON (what the protocol commits to)."""

from __future__ import annotations

import random
from typing import Any

import rfc8785

from protocol.audit import audit
from protocol.canonical import canonical
from tests.engines.siedler.table import E
from tests.protocol.ledger import Ledger


def builder_policy(engine: Any, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    return E.bots()["builder"](engine.view(state, seat), legal, rnd)


def test_a_whole_game_through_the_ledger_passes_the_audit() -> None:
    ledger = Ledger("siedler", engine=E, game="g-siedler").begin().play_moves(builder_policy)
    ledger.reveal()
    export = ledger.export()
    verdict = audit(export, lookup=lambda engine_id: E)
    assert verdict.word == "PASS", verdict.to_json()
    assert verdict.result["winner"] in (0, 1)
    moves = [(e["body"].get("envelope") or e["body"]).get("move") for e in export["entries"]]
    takes = [m for m in moves if isinstance(m, dict) and m.get("type") == "take"]
    assert takes and all("cards" not in m for m in takes), "SI-50: taken cards are secret in the log"
    committed = 0
    for e in export["entries"]:
        for ev in e["body"].get("events", []):
            if ev.get("kind") in ("took_cards", "pile_seen", "under_card"):
                raise AssertionError(f"a private event in the clear: {ev}")
            committed += "commit" in ev
    assert committed > 10, "private events appear as commitments"


def test_states_and_views_are_canonical_json() -> None:
    from engines.core import Rng

    rnd = random.Random(5)
    state, _ = E.setup(2, {}, Rng(b"canonical"))
    for i in range(200):
        for value in [state, *(E.view(state, s) for s in (None, 0, 1))]:
            assert canonical(value) == rfc8785.dumps(value)
        seat = E.to_move(state)
        if seat is None:
            break
        state, _ = E.apply(state, seat, rnd.choice(E.legal_moves(state, seat)), Rng(b"%d" % i))
