"""What the player is told when a command cannot be done, or the server lied about why."""

from __future__ import annotations

from client.logcheck.errors import VerifyError


class ClientError(Exception):
    """Something the player asked for that cannot be done; the message says what to do instead."""


class NotInitialised(ClientError):
    pass


class ServerLie(VerifyError):
    """The server refused a signed submission for a reason its own signed log contradicts."""


class MoveInterrupted(ClientError):
    """Ctrl-C while a move was on its way: the message says whether the server played it."""
