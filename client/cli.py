"""`pbem`, the terminal client: the entry point (`pbem = "client.cli:app"` in pyproject.toml).

The commands live in `client/commands/`, one module per thing a player does, each
registering on the one app of `client.commands.app`; the words they print are
`client/display/`'s. This module imports them all, and nothing imports it but the `pbem`
script (and tests): a command module never needs it.
"""

from __future__ import annotations

from client.commands import (  # noqa: F401 - importing a command module registers its commands
    account,
    answers,
    checks,
    games,
    history,
    moving,
    reference,
    waiting,
)
from client.commands.app import app
from client.commands.key import backup, rotate  # noqa: F401 - the `pbem key` group and its commands

__all__ = ["app", "main"]


def main() -> None:
    app()
