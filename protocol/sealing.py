"""Which rules versions seal an owner-held secret into its envelope, and the one member check.

An owner-held move (a blind placement, docs/PROTOCOL.md section 11a) keeps its value from the
server, so its owner's client once had to keep the value alone, and a lost home lost the game.
From the versions named here the envelope carries the value sealed to its owner's key as a
ninth member, `sealed` (section 7a): the log keeps it, only the owner opens it. A released
version never changes (section 19), so the versions before keep exactly eight members; like
protocol.listed.UNLISTED_VERSIONS the rule is keyed by (engine, version), never by date.

The server, the audit, the client's log check and the in-browser audit (its own copy, kept
equal by a test) all ask `envelope_problem`, so none of them takes an envelope another refuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Engine
from protocol.blind import owner_held
from protocol.envelope import ENVELOPE_KEYS
from protocol.seat_secrets import box_problem

SEALED = "sealed"
SEALED_KEYS = ENVELOPE_KEYS | {SEALED}

# engine id -> the first rules version whose owner-held moves carry `sealed` (every later one too)
SEALED_FROM = {"magier": 4}


def seals(engine_id: str, version: str) -> bool:
    """Whether owner-held moves of this rules version carry their secret sealed (`sealed`)."""
    first = SEALED_FROM.get(engine_id)
    return first is not None and isinstance(version, str) and version.isdigit() and int(version) >= first


def envelope_problem(env: Mapping[str, Any], engine_id: str, version: str, held: bool) -> str | None:
    """Why the members of `env` are not those of its move, in the refusal's words, or None.

    `held`: the move's secret is owner-held (protocol.blind.owner_held). An envelope has exactly
    the eight members of section 10, except an owner-held move of a sealing version, which has
    exactly nine: `sealed` too, a well-formed box. Only the form can be checked here: nobody but
    the owner can open the box.
    """
    members = set(env)
    if held and seals(engine_id, version):
        if members != SEALED_KEYS:
            return (
                f"an owner-held move of {engine_id} version {version} carries its secret sealed: "
                f"the envelope must have exactly the fields {sorted(SEALED_KEYS)}"
            )
        problem = box_problem(env[SEALED])
        return None if problem is None else f"the envelope's sealed box is malformed: {problem}"
    if members == ENVELOPE_KEYS:
        return None
    if members == SEALED_KEYS:
        why = (
            f"{engine_id} version {version} does not seal owner-held secrets" if held
            else "only an owner-held move (its secret kept from the server) carries `sealed`"
        )
        return f"{why}: the envelope must have exactly the fields {sorted(ENVELOPE_KEYS)}"
    return f"the envelope must have exactly the fields {sorted(ENVELOPE_KEYS)}"


def held_in_public(engine: Engine, options: Any, public: Any) -> bool:
    """`owner_held` for a reader that has no state, only the signed genesis (a client following
    the log, the audit of a running game): a sealing version's hook must decide from the options
    and the public move alone, which every view carries (tests/protocol/test_sealing.py holds
    magier to it), so every reader draws the line where the server does."""
    if not seals(engine.id, engine.version):
        return False
    return owner_held(engine, {"options": options if isinstance(options, Mapping) else {}}, public)
