"""Where the commands print: stdout for what was asked, one line on stderr for what went wrong.

Rich (colour and tables on a terminal) is imported on the first styled line printed on a
terminal, never when pbem starts: `pbem --help` prints none of it, and a line for a pipe (or
with NO_COLOR set) is written as it is, as rich would have written it, without loading rich.
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
EXIT_USAGE = 2  # bad usage: typer's own, and a typed argument that cannot be right (a compare code)
EXIT_INCOMPLETE = 3
EXIT_UNTRUSTED = 4
EXIT_UNSUPPORTED = 5  # this pbem cannot check the game or log (another format or rules version)


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


# C0 controls but tab and newline, DEL, and the C1 range: a server's words (a name, a refusal)
# must not move the cursor, clear the screen or recolour what follows.
_CONTROLS = dict.fromkeys([*range(0, 9), *range(11, 32), *range(127, 160)])


def clean(text: str) -> str:
    return text.translate(_CONTROLS)


def _styled(stream: Any) -> bool:
    from engines.core import color_wanted

    try:
        return color_wanted(os.environ, stream.isatty())
    except (AttributeError, ValueError):  # a closed or stand-in stream
        return False


def say(text: str, style: str | None = None) -> None:
    """One line for people on stdout (styled on a terminal, plain in a pipe)."""
    text = clean(text)
    if style is None or not _styled(sys.stdout):
        write(text)
        return
    from rich.text import Text

    out().print(Text(text) if style is None else Text(text, style=style))


def warn(text: str, style: str = "yellow") -> None:
    """One line for people on stderr."""
    text = clean(text)
    if not _styled(sys.stderr):
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
        return
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
