"""The audit's shortcuts on canonical JSON keep its verdicts exactly as before.

While hashing each entry the audit learns whether it lay in canonical JSON's fast domain
(protocol.canonical.canonical_plain), serialising the body apart so the replay compares its
own body with the log's bytes instead of serialising the log's again. Only when every entry
lay in the domain does it write the engines' states and views without the domain check
(canonical_own inside inputs_checked): a log holding a value beyond it (a hidden value sent
as 2.0, which canonical JSON writes 2) is replayed with every check, and passes as before.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core import Event, Rng
from protocol.audit import _Auditor, audit
from protocol.canonical import NotCanonical
from protocol.chain_check import ChainCheck
from protocol.entries import entry_hash
from tests.protocol.ledger import Ledger
from tests.protocol.test_canonical_fast import keys, values
from tests.protocol.toy import ToyEngine, lookup


def _hash_or_refusal(fn: Any, entry: dict[str, Any]) -> str | type[Exception]:
    try:
        return str(fn(entry))
    except NotCanonical:
        return NotCanonical


FIELDS = st.sampled_from(["v", "game", "seq", "type", "prev", "ts", "sig", "a", "body2", "zz"])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(keys(surrogates=True), values(surrogates=True, outside=True), max_size=4),
       st.dictionaries(FIELDS, values(surrogates=False, outside=True), max_size=7))
def test_the_chain_hashes_an_entry_as_entry_hash(body: Any, fields: dict[str, Any]) -> None:
    """The body serialised apart and joined with the other fields is the whole entry's canonical
    JSON: the same hash (or the same refusal) for any body and any other fields."""
    entry = {**fields, "body": body}
    chain = ChainCheck(lookup)
    assert _hash_or_refusal(lambda e: chain._entry_hash(0, e), entry) == _hash_or_refusal(entry_hash, entry)


def _hidden_as_float() -> dict[str, Any]:
    """A toy game where seat 0 hides 2.0: its commitment, the listed move and the state's
    canonical JSON all read it as 2, so the server takes it; the reveal lists it as 2.0."""
    ledger = Ledger("plain-float").begin()
    ledger.move(0, {"type": "hide", "value": 2.0})
    ledger.play_moves()
    ledger.reveal()
    export = ledger.export()
    assert any(s["secret"] == {"value": 2.0} and type(s["secret"]["value"]) is float
               for s in export["entries"][-1]["body"]["secrets"])
    return export


def test_a_value_beyond_the_fast_domain_is_replayed_with_every_check() -> None:
    export = _hidden_as_float()
    auditor = _Auditor(lookup)
    verdict = auditor.run(copy.deepcopy(export))
    assert verdict.word == "PASS", verdict.reason
    assert auditor.plain_log is False
    assert audit(export, lookup=lookup).word == "PASS"


def test_a_log_within_the_domain_is_found_so() -> None:
    export = Ledger("plain-int").play().export()
    auditor = _Auditor(lookup)
    assert auditor.run(export).word == "PASS"
    assert auditor.plain_log is True
    assert set(auditor.bodies) == set(range(len(export["entries"])))


class FloatToy(ToyEngine):
    """A toy whose own rules write a float into its state (a weight of 1.0 beside each hidden
    value, which nothing else reads): our own code leaving the domain, the one thing the
    unchecked path relies on engines never to do."""

    id = "floattoy"

    def apply(self, state: dict[str, Any], seat: int, move: dict[str, Any], rng: Rng) -> tuple[dict[str, Any], list[Event]]:
        new, events = super().apply(state, seat, move, rng)
        if move.get("type") == "hide":
            new["weight"] = 1.0
        return new, events


def test_an_engine_that_builds_a_float_fails_its_audit_loudly() -> None:
    """The server writes the state with every check (1.0 as 1); the audit of a log within the
    domain writes the engine's state unchecked (1.0), so the commitments differ and the audit
    FAILs, naming the entry: never a silent PASS. This is why test_canonical_fast checks that
    every engine's states and views stay in the domain."""
    engine = FloatToy()
    ledger = Ledger("float-engine", engine=engine).play()
    verdict = audit(ledger.export(), lookup=lambda _id: engine)
    assert verdict.word == "FAIL"
    assert "body.state differs from the replay" in verdict.reason
