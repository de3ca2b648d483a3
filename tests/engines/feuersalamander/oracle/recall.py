"""ORACLE: an independent reading of what a seat remembers of a Feuersalamander game (version 4),
written apart from engines/feuersalamander/record.py to cross-check it: the shape the views of
version 3 carried ("questions" with the answers the seat saw, "claims" with their outcome),
rebuilt from one log entry's events at a time.

It reads the events as one step: a question and its answer come in the same step, one after
the other, and so do a claim and its outcome ("laid" or "claim_failed"). A full copy of the
record each step keeps the old one unchanged (slow, and plain).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any


def recall(record: Any, events: Sequence[Mapping[str, Any]], seat: int | None) -> dict[str, Any]:
    out = {"questions": [], "claims": []} if record is None else json.loads(json.dumps(record))
    asked: dict[str, Any] | None = None  # the question of this step, waiting for its answer
    claim: dict[str, Any] | None = None  # the claim of this step, waiting for its outcome
    for event in events:
        data = dict(event["data"])
        if event["kind"] == "question":
            asked = {**data, "answer": None, "seen": False}
            out["questions"].append(asked)
        elif event["kind"] == "answer":
            assert asked is not None and (asked["by"], asked["to"], asked["coord"]) == (data["by"], data["to"], data["coord"])
            assert seat is None or seat in event["to"], "an answer passed to a seat it was not addressed to"
            asked["answer"], asked["seen"] = data["answer"], True
        elif event["kind"] == "claim":
            claim = {"seat": data["seat"], "own": list(data["own"]), "named": [dict(i) for i in data["named"]]}
            out["claims"].append(claim)
        elif event["kind"] == "laid":
            assert claim is not None and claim["seat"] == data["seat"]
            for item in claim["named"]:
                item["held"] = True
            claim["ok"], claim["value"] = True, data["value"]
        elif event["kind"] == "claim_failed":
            assert claim is not None and claim["seat"] == data["seat"]
            claim["named"] = [dict(i) for i in data["held"]]
            claim["ok"] = False
    return out
