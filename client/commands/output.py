"""Where the commands print: stdout for what was asked, one line on stderr for what went wrong.

Rich (colour and tables on a terminal, plain text in a pipe) is imported on the first line
printed, not when pbem starts: `pbem --help` prints none of it.
"""

from __future__ import annotations

import io
import json
import os
import sys
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console

EXIT_ERROR = 1
EXIT_INCOMPLETE = 3
EXIT_UNTRUSTED = 4


def quiet_exit() -> None:
    """Exit 0 after EPIPE, with stdout pointed at /dev/null so the final flush is silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file (a test's runner): nothing will be flushed to a closed pipe
    raise typer.Exit(0)


_CONSOLE: list[type[Console]] = []


def _console_class() -> type[Console]:
    if not _CONSOLE:
        from rich.console import Console

        class PipeConsole(Console):
            """A closed pipe (`pbem show G | head -1`) is not an error: the reader had enough."""

            def on_broken_pipe(self) -> None:
                quiet_exit()

        _CONSOLE.append(PipeConsole)
    return _CONSOLE[0]


def out() -> Console:
    return _console_class()(highlight=False, soft_wrap=True)


def err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def say(text: str, style: str | None = None) -> None:
    """One line for people on stdout (styled on a terminal, plain in a pipe)."""
    from rich.text import Text

    out().print(Text(text) if style is None else Text(text, style=style))


def warn(text: str, style: str = "yellow") -> None:
    """One line for people on stderr."""
    from rich.text import Text

    err().print(Text(text, style=style))


def fail(message: str, code: int = EXIT_ERROR, loud: bool = False) -> None:
    warn(message, "bold red" if loud else "red")
    raise typer.Exit(code)


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    sys.stdout.flush()  # a closed pipe shows here, where the handler turns it into exit 0


def write(text: str) -> None:
    """Text that is already what it should look like (a board, a rules summary), as it is."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
