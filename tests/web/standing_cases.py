"""Exports with answers given in advance, honest and tampered, for the in-browser audit's tests
(in Chromium, tests/web/test_browser_audit.py, and in Node, tests/web/test_node_audit.py): each
case with what `pbem audit` says of it, which the page must say too, at the same entry, in the
same words (or, where only the rules replay can see the fault, PASS: the page says so).

The toy game of tests/protocol/toy.py, with two rules of its own beside `forced`, so that the
server plays a concealed part (a hidden value, salted from the seed) and random draws (throws)
by standing answers; every log is written by protocol functions only (tests/server/answering.py).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from engines.answers import BadRule
from protocol.answers import sign_answers
from protocol.audit import Verdict, audit
from tests.protocol.ledger import reseal
from tests.protocol.toy import ToyEngine
from tests.server.answering import AnsweringLedger


class AnsweringToy(ToyEngine):
    """The toy game with rules `hide-two` (hide 2 when it may) and `throw` (always throw)."""

    KINDS = {"hide-two": ("hide", 2), "throw": ("throw", None)}

    def own_answer_kinds(self) -> list[dict[str, str]]:
        return [{"kind": k, "text": k, "usage": k} for k in self.KINDS]

    def check_own_rule(self, rule: Mapping[str, Any]) -> dict[str, Any]:
        if rule.get("kind") not in self.KINDS or set(rule) != {"kind"}:
            raise BadRule(f"the toy answers nothing called {rule.get('kind')!r} in advance")
        return {"kind": rule["kind"]}

    def parse_own_rule(self, words: list[str]) -> dict[str, Any]:
        return {"kind": words[0]}

    def own_standing_move(self, view: dict[str, Any], rule: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any] | None:
        kind, value = self.KINDS[rule["kind"]]
        wanted = {"type": kind, **({"value": value} if value is not None else {})}
        return wanted if wanted in moves else None

    def describe_own_rule(self, rule: dict[str, Any]) -> str:
        return "hide 2 when you may" if rule["kind"] == "hide-two" else "always throw"


TOY = AnsweringToy()
RULES = [{"kind": "hide-two"}, {"kind": "throw"}]


def lookup(engine_id: str) -> AnsweringToy:
    assert engine_id == TOY.id
    return TOY


def run(export: dict[str, Any]) -> Verdict:
    return audit(export, lookup=lookup)


def game(label: str = "answers", finish: bool = True) -> AnsweringLedger:
    """Seat 0 answers everything in advance (a hidden 2, then throws) from its first turn on;
    seat 1 passes, answers hide-two (played at once: it is to move) and revokes it; then seat 1
    passes, seat 0's throws played for it, until seat 1's last decision, which it answers with
    a throw in advance (so the log ends with a standing entry, then the reveal)."""
    ledger = AnsweringLedger(label, engine=TOY, game=f"g-{label}", options={"rounds": 5}).begin()
    ledger.answer(0, RULES)  # seat 0 is to move: its hide 2 and later throws are played at once
    ledger.move(1, {"type": "pass"})
    ledger.answer(1, [{"kind": "hide-two"}])
    ledger.answer(1, [])  # revoked
    while finish and ledger.result is None:
        if ledger.state is not None and ledger.state["moves"] == 2 * ledger.state["rounds"] - 1:
            ledger.answer(1, [{"kind": "throw"}])
        else:
            ledger.move(1, {"type": "pass"})
    if finish:
        ledger.reveal()
    return ledger


def _kinds(data: dict[str, Any], kind: str) -> list[int]:
    return [e["seq"] for e in data["entries"] if e["type"] == kind]


def _resealed(ledger: AnsweringLedger, data: dict[str, Any], seq: int) -> dict[str, Any]:
    return {**data, "entries": reseal(data["entries"], seq, ledger.server_key)}


def _signed(ledger: AnsweringLedger, body: dict[str, Any], **change: Any) -> None:
    """A statement changed and signed again by its seat: a fault of the player's own making."""
    body["statement"].update(change)
    body["sig"] = sign_answers(body["statement"], ledger.player_keys[body["seat"]])


def cases() -> list[tuple[str, dict[str, Any]]]:
    """(name, export): honest ones, then one fault each (relinked and re-signed by the server)."""
    ledger = game()
    honest = ledger.export()
    out: list[tuple[str, dict[str, Any]]] = [
        ("answers honest", honest),
        ("answers running", game("answers-running", finish=False).export()),
    ]
    first = _kinds(honest, "answers")[0]
    played = _kinds(honest, "standing")
    zeros = [s for s in played if honest["entries"][s]["body"]["seat"] == 0]
    hidden = next(s for s in played if honest["entries"][s]["body"]["secret_commit"])

    def edit(name: str, seq: int, change: Any) -> None:
        data = copy.deepcopy(honest)
        change(data["entries"][seq]["body"])
        out.append((name, _resealed(ledger, data, seq)))

    edit("answers signature", first, lambda b: b.update(sig=b["sig"][:-2] + format(int(b["sig"][-2:], 16) ^ 1, "02x")))
    edit("answers other game", first, lambda b: b["statement"].update(game="g-other"))
    edit("answers stale prev", first, lambda b: b["statement"].update(prev="ab" * 32))
    edit("answers seat nobody joined", first, lambda b: (b.update(seat=5), b["statement"].update(seat=5)))
    edit("answers not a list", first, lambda b: _signed(ledger, b, answers={"kind": "forced"}))
    edit("answers too many", first, lambda b: _signed(ledger, b, answers=[{"kind": "throw"}] * 17))
    edit("standing for a seat without answers", zeros[-1], lambda b: b.update(seat=1))
    edit("standing names a replaced statement", zeros[-1], lambda b: b.update(answers=first - 1))
    edit("standing another move", played[-1], lambda b: b.update(move={"type": "pass"}))
    data = copy.deepcopy(honest)
    reveal = data["entries"][-1]["body"]
    for item in reveal["secrets"]:
        if item["seq"] == hidden:
            item["salt"] = "a5" * 32
    out.append(("standing secret salt", _resealed(ledger, data, len(data["entries"]) - 1)))
    late = game("answers-late", finish=False)
    while late.result is None:  # seat 1 passes to the end, answering nothing in advance
        late.move(1, {"type": "pass"})
    late.answer(1, RULES)
    late.reveal()
    out.append(("answers after the end", late.export()))
    early = AnsweringLedger("answers-early", engine=TOY, game="g-answers-early")
    early.join(0)
    early.join(1)
    early.answer(0, RULES)
    early.start()
    out.append(("answers before the start", early.export()))
    return out


# What the page cannot see without the rules: a standing entry whose move is not the one its
# rule prescribes (the replay's check). `pbem audit` fails it; the page passes it and says so.
RULES_ONLY = {"standing another move"}
