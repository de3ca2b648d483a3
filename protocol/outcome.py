"""What one step gives: the entry body's commitments and the private payloads beside it.

Every step (a start, a move, a timeout, an email move, a seat leaving) publishes its
events, commits the new state and each seat's view, and says who moves next, the same
way: the auditor recomputes these from the revealed seed and compares byte for byte, and
each client re-checks its own payloads and view against the signed log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.core import Engine, Event
from protocol.blind import needs_owner
from protocol.canonical import canonical_own
from protocol.commitments import (
    TAG_EVENT,
    TAG_STATE,
    TAG_VIEW,
    commit,
    commit_canonical,
    event_salt,
    state_salt,
    view_salt,
)
from protocol.envelope import HEX64


@dataclass(frozen=True)
class Payload:
    """A private event with its salt, for the seats in `to`."""

    seq: int
    index: int
    to: tuple[int, ...]
    event: dict[str, Any]
    salt: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "index": self.index,
            "to": list(self.to),
            "event": self.event,
            "salt": self.salt,
        }


@dataclass(frozen=True)
class Step:
    """The outcome of one step: the entry body to log, the new state, the private payloads."""

    body: dict[str, Any]
    state: dict[str, Any]
    payloads: list[Payload]
    # The concealed part the server keeps for the reveal, as the reveal lists it:
    # {"seq", "secret", "salt"}; None when there is none or it stays with its owner.
    secret: dict[str, Any] | None = None
    # canonical(state), kept from its commitment so the server stores it without serialising
    # the state a second time on every move; None where the step did not make it.
    state_json: bytes | None = field(default=None, repr=False, compare=False)


def commit_state(state: dict[str, Any], seed: bytes, seq: int) -> tuple[str, bytes]:
    """The state's commitment for the entry body, and its canonical JSON (Step.state_json)."""
    data = canonical_own(state)  # our engine's value: see protocol.canonical.canonical_own
    return commit_canonical(TAG_STATE, data, state_salt(seed, seq)), data


def publish(events: list[Event], seed: bytes, seq: int) -> tuple[list[dict[str, Any]], list[Payload]]:
    """Public events go in the log as they are; private ones as a commitment only."""
    public: list[dict[str, Any]] = []
    payloads: list[Payload] = []
    for index, event in enumerate(events):
        data = event.to_json()
        if event.public:
            public.append(data)
            continue
        salt = event_salt(seed, seq, index)
        to = sorted(event.to or ())
        public.append({"to": to, "commit": commit(TAG_EVENT, data, salt)})
        payloads.append(Payload(seq, index, tuple(to), data, salt))
    return public, payloads


def check_payload(payload: dict[str, Any], log_event: dict[str, Any]) -> bool:
    """What a client runs on each private payload it receives against the public log."""
    if not isinstance(payload, dict) or not isinstance(log_event, dict):
        return False
    try:
        return log_event.get("commit") == commit(TAG_EVENT, payload["event"], payload["salt"])
    except (KeyError, TypeError, ValueError):
        return False


def views(engine: Engine, state: dict[str, Any], seats: int, seed: bytes, seq: int) -> list[str]:
    """Each seat's view after the step, committed: what the server shows a seat is then
    checked by that seat against the signed log, and every one is re-checked by the audit."""
    return [
        commit_canonical(TAG_VIEW, canonical_own(engine.view(state, seat)), view_salt(seed, seq, seat))
        for seat in range(seats)
    ]


def check_view(view: Any, salt: Any, committed: Any) -> bool:
    """What a client runs on the view it is shown, against its seat's commitment in the log."""
    if not isinstance(salt, str) or not HEX64.fullmatch(salt) or not isinstance(committed, str):
        return False
    try:
        return commit(TAG_VIEW, view, salt) == committed
    except (TypeError, ValueError):
        return False


def status_of(engine: Engine, state: dict[str, Any]) -> dict[str, Any]:
    """Who moves next, the result once there is one, and `owner_only` where no server bot can
    make the decision due: what a reader of the log needs without replaying it."""
    result = engine.result(state)
    status: dict[str, Any] = {"to_move": engine.to_move(state)}
    if result is not None:
        status["result"] = result
    if needs_owner(engine, state):
        status["owner_only"] = True  # absent otherwise: other games' bodies are as they were
    return status
