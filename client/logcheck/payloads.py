"""The private payloads (a hand, a concealed value) checked against the public log's commitments.

The server sends each seat what only that seat may see; the log commits to it in public, so a
payload that is not what was committed, or one addressed elsewhere, is caught at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from client.logcheck.errors import TamperError
from protocol import steps
from protocol.steps import check_payload


def payload_key(payload: dict[str, Any]) -> tuple[int, int]:
    return payload["seq"], payload["index"]


def check_payloads(
    entries: list[dict[str, Any]], start: int, payloads: Iterable[Any], seat: int | None
) -> list[dict[str, Any]]:
    """Check each payload against the commitment in the public log; return them all, or raise."""
    checked = []
    for payload in payloads:
        if (
            not isinstance(payload, dict)
            or not isinstance(payload.get("seq"), int)
            or not isinstance(payload.get("index"), int)
        ):
            raise TamperError(f"a private payload without seq and index: {payload!r}")
        seq, index = payload_key(payload)
        where = f"the private payload for entry {seq}, event {index}"
        if not start <= seq < start + len(entries):
            raise TamperError(f"{where} is for an entry the log does not show")
        events = entries[seq - start]["body"].get("events")
        if (
            not isinstance(events, list)
            or not 0 <= index < len(events)
            or not isinstance(events[index], dict)
        ):
            raise TamperError(f"{where} has no event in the public log")
        log_event = events[index]
        if "commit" not in log_event:
            raise TamperError(f"{where} is for an event the log shows in public")
        if log_event.get("to") != payload.get("to"):
            raise TamperError(
                f"{where} is addressed to {payload.get('to')}, the log says {log_event.get('to')}"
            )
        if seat is not None and seat not in (payload.get("to") or []):
            raise TamperError(f"{where} is not addressed to your seat {seat}")
        if not check_payload(payload, log_event):
            raise TamperError(
                f"TAMPERING: {where} does not match its public commitment: "
                "what you are shown is not what the server committed to"
            )
        event = payload.get("event")
        if isinstance(event, dict) and event.get("kind") == steps.PLAYED_FOR_YOU:
            committed = entries[seq - start]["body"].get("secret_commit")
            if steps.played_for_you(event, committed) is None:
                raise TamperError(
                    f"TAMPERING: entry {seq}: what the server says it played for your seat does "
                    "not open the concealed part it committed to in the log"
                )
        checked.append(payload)
    return checked
