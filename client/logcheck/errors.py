"""The ways a server's log can fail the client's checks, and the hash every chain check takes.

One base class, so the player can keep whatever failed as evidence without telling the kinds
apart; the kinds say what the player is looking at: a rewritten history or a tampered payload.
"""

from __future__ import annotations

from typing import Any

from protocol.canonical import NotCanonical
from protocol.entries import entry_hash


class VerifyError(Exception):
    """The server showed something that does not check out. Loud, with the entry it is about."""


class ForkError(VerifyError):
    """The server's history does not extend the head this player saw and kept."""


class TamperError(VerifyError):
    """A private payload does not match the commitment the public log holds for it."""


def hash_of(entry: dict[str, Any]) -> str:
    """An entry without a canonical form has no hash: the server's fault, said as one."""
    try:
        return entry_hash(entry)
    except NotCanonical as exc:
        raise VerifyError(f"entry {entry.get('seq')!r} has no canonical form: {exc}") from exc


def fork_error(seq: int) -> ForkError:
    return ForkError(
        f"the server shows a history that does not extend what you saw at seq {seq}: "
        "this game's log was rewritten (keep your receipts and evidence, they prove it)"
    )
