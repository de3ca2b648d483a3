"""What an audit costs, against a yardstick measured in the same run: Ed25519.

Every entry of a log carries at least one signature the audit must verify, so
an audit can never be faster than verifying that many signatures. The ratio
`audit rate / Ed25519 rate` (both for the same number of signatures, the
number the audit itself counts) says how close the audit gets to that floor on
this machine, independent of how fast the machine is: 1.0 would mean the rest
of the audit (hashing, canonical JSON, replaying the game) costs nothing.
"""

from __future__ import annotations

import time
from typing import Any

from protocol.audit import audit
from protocol.keys import SigningKey, verify

TAG = b"pbem/bench\n"


def ed25519_seconds(count: int) -> float:
    """Seconds to verify `count` distinct signatures with protocol.keys.verify (the audit's check)."""
    key = SigningKey.generate()
    messages = [b"%032d" % i for i in range(count)]
    signed = [(m, key.sign(TAG, m)) for m in messages]
    public = key.public_hex
    started = time.perf_counter()
    for message, sig in signed:
        if not verify(public, TAG, message, sig):  # pragma: no cover - our own signatures
            raise SystemExit("a fresh Ed25519 signature did not verify")
    return time.perf_counter() - started


def audit_vs_ed25519(log: dict[str, Any], repeat: int = 5) -> dict[str, Any]:
    """The best of `repeat` audits of `log` against the best of `repeat` timings of as many
    signature checks; the ratio of rates is ed25519 seconds / audit seconds."""
    audit_s = float("inf")
    verdict = None
    for _ in range(repeat):
        started = time.perf_counter()
        verdict = audit(log)
        audit_s = min(audit_s, time.perf_counter() - started)
    assert verdict is not None
    signatures = verdict.checked.get("signatures", 0)
    ed_s = min(ed25519_seconds(signatures) for _ in range(repeat))
    return {
        "engine": verdict.engine,
        "entries": len(log["entries"]),
        "verdict": verdict.word,
        "signatures": signatures,
        "audit_s": round(audit_s, 4),
        "ed25519_s": round(ed_s, 4),
        "audit_rate_vs_ed25519": round(ed_s / audit_s, 3),
    }
