"""`pbem key`: the home's key, which IS the account (there is no password).

One module per command, each registering on `key_app`, which `client.cli` adds to the one
app as the `key` group: `backup` prints it on paper, `rotate` replaces it.
"""

from __future__ import annotations

from typing import Any

import typer

from client.commands import params
from client.commands.app import app


class KeyGroup(typer.core.TyperGroup):
    """The `key` commands take their parameters as every other pbem command does."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            params.adapt_command(command)
        return command


key_app = typer.Typer(
    cls=KeyGroup,
    name="key",
    no_args_is_help=True,
    rich_markup_mode=None,
    help=(
        "Your key: it is your account on every server (there is no password). "
        "`pbem key backup` prints it as 24 words to keep on paper; "
        "`pbem init --restore --server URL` brings a home back from them; "
        "`pbem key rotate` replaces the key on every server (when it may have leaked)."
    ),
)
app.add_typer(key_app)
