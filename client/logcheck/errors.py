"""The ways a server's log can fail the client's checks.

One base class, so the player can keep whatever failed as evidence without telling the kinds
apart; the kinds say what the player is looking at: a rewritten history or a tampered payload.
Nothing else is imported here, so a command that only reports these errors stays cheap to start.
"""

from __future__ import annotations


class VerifyError(Exception):
    """The server showed something that does not check out. Loud, with the entry it is about."""


class ForkError(VerifyError):
    """The server's history does not extend the head this player saw and kept."""


class TamperError(VerifyError):
    """A private payload does not match the commitment the public log holds for it."""


def fork_error(seq: int) -> ForkError:
    return ForkError(
        f"the server shows a history that does not extend what you saw at seq {seq}: "
        "this game's log was rewritten (keep your receipts and evidence, they prove it)"
    )
