"""What a seat remembers of a Feuersalamander game, rebuilt from the log (engine version 4):
the questions asked (with the answers it saw) and the claims made.

Version 3 kept both in the state and in every view, so a game's state grew with every move
and the server serialised it on every append. The past is in the log the client verifies
anyway: the public "question" event says who asked whom about what, at which turn and after
how many losses of the asked seat; the private "answer" event reaches the two seats; "claim"
and its outcome ("laid" or "claim_failed") are public. Folding those events step by step
gives exactly the old views' lists:

    {"questions": [{"by", "to", "coord", "turn", "losses", "answer": bool | None, "seen": bool}],
     "claims": [{"seat", "own", "named": [{"seat", "card", "held"}], "ok", "value" (when ok)}]}

A question's answer is None and "seen" false unless the seat received the answer event (it
asked or was asked, or a finished game's reveal opened every answer). Pure; no rules here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Record = dict[str, list[dict[str, Any]]]

_KINDS = frozenset({"question", "answer", "claim", "laid", "claim_failed"})


def empty() -> Record:
    return {"questions": [], "claims": []}


def remembered(view: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    """The questions or claims of the record a caller attached to `view` (`view["record"]`); none
    without one: renders then draw no history lines and bots play on what the view shows. A
    version-3 view carries both lists itself (engines.feuersalamander.histories): those count."""
    if isinstance(view.get(key), list):
        return list(view[key])
    record = view.get("record")
    return list(record.get(key) or []) if isinstance(record, Mapping) else []


def recall(record: Any, events: Sequence[Mapping[str, Any]], seat: int | None) -> Record:
    """The record after one log entry's events (as `seat` saw them); `record` stays as it was.

    Most steps carry none of these events: the same record comes back then, so folding a long
    log copies the lists only at the steps that add to them."""
    old: Record = empty() if record is None else record
    if not any(e.get("kind") in _KINDS for e in events):
        return old
    questions, claims = list(old["questions"]), list(old["claims"])
    for event in events:
        kind, data = event.get("kind"), event.get("data") or {}
        if kind == "question":
            questions.append(
                {
                    "by": data["by"],
                    "to": data["to"],
                    "coord": data["coord"],
                    "turn": data["turn"],
                    "losses": data["losses"],
                    "answer": None,
                    "seen": False,
                }
            )
        elif kind == "answer":
            _answer(questions, data)
        elif kind == "claim":
            named = [{"seat": i["seat"], "card": i["card"]} for i in data["named"]]
            claims.append({"seat": data["seat"], "own": list(data["own"]), "named": named})
        elif kind == "laid" and claims:
            last = claims[-1]
            claims[-1] = {**last, "named": [{**i, "held": True} for i in last["named"]], "ok": True, "value": data["value"]}
        elif kind == "claim_failed" and claims:
            held = [{"seat": i["seat"], "card": i["card"], "held": i["held"]} for i in data["held"]]
            claims[-1] = {**claims[-1], "named": held, "ok": False}
    return {"questions": questions, "claims": claims}


def _answer(questions: list[dict[str, Any]], data: Mapping[str, Any]) -> None:
    """The answer belongs to the latest question of the same asker, asked seat and coordinate
    (it follows that question in the same step)."""
    for i in range(len(questions) - 1, -1, -1):
        q = questions[i]
        if (q["by"], q["to"], q["coord"]) == (data["by"], data["to"], data["coord"]):
            questions[i] = {**q, "answer": data["answer"], "seen": True}
            return
