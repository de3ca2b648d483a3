"""The in-browser audit (server/web/static/pbem_audit.js, run as is in Node) on logs with seats
handed to new keys (docs/PROTOCOL.md section 9, `handover`): it says what `pbem audit` says, at
the same entry, in the same words (tests/protocol/test_handover.py writes the logs). Skipped
without Node 20 or later, as tests/web/test_node_audit.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from protocol.audit import audit
from tests.protocol.ledger import Ledger, throw_policy
from tests.protocol.test_handover import BOX, fresh, hand_over, signed_handover
from tests.protocol.toy import lookup
from tests.web.test_node_audit import audit_in_node


def _finished(ledger: Ledger) -> dict[str, Any]:
    ledger.play_moves(throw_policy)
    ledger.reveal()
    return ledger.export()


def cases() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    honest = Ledger("node-honest").begin().play_moves(throw_policy, limit=2)
    hand_over(honest, 0, fresh("h0"), resealed=BOX)
    hand_over(honest, 0, fresh("h0b"))
    out.append(("honest", _finished(honest)))
    running = Ledger("node-running").begin()
    hand_over(running, 1, fresh("r1"))
    running.play_moves(throw_policy, limit=2)
    out.append(("running", running.export()))

    def hostile(name: str, make: Any) -> None:
        ledger = Ledger(f"node-{name}").begin().play_moves(throw_policy, limit=2)
        ledger._append("handover", make(ledger))  # noqa: SLF001 - the hostile server writes it
        out.append((name, _finished(ledger)))

    hostile("by the new key", lambda lg: signed_handover(lg, 0, fresh("n").public_hex, signer=fresh("n")))
    hostile("old is the other seat's", lambda lg: signed_handover(
        lg, 0, fresh("n").public_hex, signer=lg.player_keys[1], old=lg.player_keys[1].public_hex))
    hostile("to the other seat's key", lambda lg: signed_handover(lg, 0, lg.player_keys[1].public_hex))
    hostile("to the same key", lambda lg: signed_handover(lg, 0, lg.player_keys[0].public_hex))
    hostile("seat not joined", lambda lg: {**signed_handover(lg, 0, fresh("n").public_hex), "seat": 3})
    hostile("malformed box", lambda lg: signed_handover(lg, 0, fresh("n").public_hex, resealed="abc"))
    hostile("extra member", lambda lg: {**signed_handover(lg, 0, fresh("n").public_hex), "x": 1})

    old_key = Ledger("node-old-key").begin()
    old = old_key.player_keys[0]
    hand_over(old_key, 0, fresh("k0"))
    old_key.player_keys[0] = old
    old_key.move(0, {"type": "throw"})
    out.append(("old key moves", _finished(old_key)))

    after = Ledger("node-after").begin().play_moves(throw_policy)
    after._append("handover", signed_handover(after, 0, fresh("late").public_hex))  # noqa: SLF001
    after.reveal()
    out.append(("after the end", after.export()))
    return out


def test_the_page_follows_handovers_as_pbem_audit_does(tmp_path: Path) -> None:
    named = cases()
    results = audit_in_node(tmp_path, [data for _, data in named])
    for (name, data), got in zip(named, results, strict=True):
        want = audit(data, lookup=lookup)
        word = "FAIL" if not got["ok"] else "PASS" if got["complete"] else "INCOMPLETE"
        assert word == want.word, (name, got, want.to_json())
        if want.word == "FAIL":
            assert got["entry"] == want.entry, (name, got, want.to_json())
            assert got["reason"] == want.reason, name
    assert {name for name, _ in named} >= {"honest", "running"}
    assert any("every handover signed by the key that held its seat" in c for c in results[0]["checks"])
