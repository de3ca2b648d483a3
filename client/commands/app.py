"""The one typer app every command module registers on, and what they share.

Errors (a refusal by the server, a failed check, bad input) are caught once, in
`Group.invoke`, and printed as one line on stderr with a non-zero exit: a player should
never see a traceback.

Exit codes: 0 ok; 1 an error (the line says which); 2 bad usage; 3 an audit that is
INCOMPLETE (the game is not over); 4 a check failed: the server showed a fork, a bad
signature or a payload that does not match its commitment, or signs with another key than
the one pinned for its address (not the server you played with), or the log `pbem audit`
read is FAIL (tampered with or broken).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from client.commands import params
from client.commands.output import EXIT_UNSUPPORTED, EXIT_UNTRUSTED, fail, quiet_exit

if TYPE_CHECKING:
    from client.play import Player

# The order `pbem --help` lists the commands in: the way a player meets them, not the
# modules they are written in.
HELP_ORDER = (
    "init", "key", "engines", "new", "join", "invite", "games", "show", "moves", "move", "answers", "rematch",
    "resign", "abort", "vacation", "bot", "wait", "next", "log", "replay", "export", "audit",
    "compare", "notify", "whoami", "servers", "cards", "rules", "version",
)
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
_COMPLETION_OPTIONS = ("--show-completion", "--install-completion")
_NAMED_SHELL = "pbem.named_shell"


def _named_shell(args: list[str]) -> str | None:
    """The shell named after --show-completion/--install-completion, if one is."""
    for i, arg in enumerate(args[:-1]):
        if arg in _COMPLETION_OPTIONS and args[i + 1] in SHELLS:
            return args[i + 1]
    return None


def _named_shell_wins(callback: Any) -> Any:
    """Typer's completion options are flags that ask shellingham for the parent shell, so
    `pbem --show-completion bash` run from sh said "Shell sh not supported."; a shell named
    on the command line is the one meant."""

    def chosen(ctx: Any, param: Any, value: Any) -> Any:
        named = ctx.meta.get(_NAMED_SHELL)
        return callback(ctx, param, named if value and named else value)

    chosen.pbem_named_shell = True  # type: ignore[attr-defined]
    return chosen


def api_error_line(status: int, detail: str, head: dict[str, Any] | None, debug: bool = False) -> str:
    """A server's refusal as a sentence: the server's own words, never its status code (a
    player cannot act on "422"); PBEM_DEBUG keeps the code for whoever reports a bug."""
    line = f"pbem: the server refused: {detail}" if status else f"pbem: {detail}"
    if head and isinstance(head.get("seq"), int):
        line += f" (the game has moved on: its log now has {head['seq'] + 1} entries)"
    if debug and status:
        line += f" [HTTP status {status}]"
    return line


def _handled(exc: Exception) -> None:
    """A known failure as one line and its exit code; anything else as an internal error.

    The classes are imported here, on the way out, so a command that never talks to a
    server never loads what a server's answers need."""
    from client.api import ApiError
    from client.play import ClientError
    from client.player.errors import NewServerKey, UnsupportedGame
    from client.store import StoreError
    from client.verify import VerifyError
    from engines.core import IllegalMove

    if isinstance(exc, NewServerKey):
        fail(f"pbem: {exc}", EXIT_UNTRUSTED, loud=True)
    if isinstance(exc, VerifyError) or (isinstance(exc, ApiError) and exc.status in (401, 403, 404)):
        _new_server_key()  # a replaced server denies knowing you or your games: say that first
    if isinstance(exc, VerifyError):
        fail(f"pbem: VERIFICATION FAILED: {exc}", EXIT_UNTRUSTED, loud=True)
    if isinstance(exc, ApiError):
        fail(api_error_line(exc.status, exc.detail, exc.head, bool(os.environ.get("PBEM_DEBUG"))))
    if type(exc).__name__ == "MoveInterrupted":  # Ctrl-C's own exit status, said what happened
        fail(f"pbem: {exc}", 130)
    if isinstance(exc, IllegalMove):
        fail(f"pbem: illegal move: {exc.message}")
    if isinstance(exc, UnsupportedGame):  # not a failed check: this pbem cannot make it
        fail(f"pbem: UNSUPPORTED: {exc}", EXIT_UNSUPPORTED)
    if isinstance(exc, (ClientError, StoreError)):
        fail(f"pbem: {exc}")
    if os.environ.get("PBEM_DEBUG"):
        raise exc
    fail(f"pbem: internal error: {type(exc).__name__}: {exc} (set PBEM_DEBUG=1 for details)")


def _new_server_key() -> None:
    """Exit 4 with the loud warning when the server now signs with another key than the one
    pinned for it; nothing when it does not (or cannot be asked)."""
    try:
        changed = player().new_server_key(_GAME[0])
    except Exception:  # noqa: BLE001 - the original failure is still told
        return
    if changed is not None:
        fail(f"pbem: {changed}", EXIT_UNTRUSTED, loud=True)


# Each command's line in `pbem --help`: a whole short sentence (click would cut the docstring's
# first sentence mid-phrase with "..." where it is longer than the line), in the order of
# HELP_ORDER; tests/client/test_cli_small_points.py holds every command to one that fits.
SHORT_HELP = {
    "init": "Create your key and your account on a server.",
    "key": "Your key, which is your account: back it up, or replace it.",
    "engines": "List the games the server hosts, their seats and options.",
    "new": "Create a new game and (by default) take its first seat.",
    "join": "Take a seat in an open game; the last seat taken starts it.",
    "invite": "Keep a seat of an open game for a named player.",
    "games": "List your games, the open ones, or the ones to watch.",
    "show": "Show a game as your seat sees it, checked against its log.",
    "moves": "List your legal moves, numbered for `pbem move GAME N`.",
    "move": "Make a move, by its number or in the game's notation.",
    "answers": "List or change your answers given in advance.",
    "rematch": "Play a finished game again with the same players.",
    "resign": "Resign a game (signed like a move).",
    "abort": "Abort a game you created that never started or stalled.",
    "vacation": "Take a vacation: your deadlines move by DAYS days.",
    "bot": "Let a bot play your seat until the game is over.",
    "wait": "Wait until it is your turn, then say in which game.",
    "next": "Show the game that has waited longest for your move.",
    "log": "The game's history in words, checked against its log.",
    "replay": "Step through a finished game offline, everything revealed.",
    "export": "Download a game's whole signed log for `pbem audit`.",
    "audit": "Check an exported game offline, trusting no one.",
    "compare": "Compare receipts with another player: did you see one game?",
    "notify": "Choose which mail you get, or mute one game.",
    "whoami": "Your account as the server knows it.",
    "servers": "Your accounts, one per server, and the default one.",
    "cards": "Every card of a game, its count, cost and effect.",
    "rules": "A game's rules in short, with our rulings; offline.",
    "version": "Print pbem's version, its log format and engine versions.",
}


class Group(typer.core.TyperGroup):
    """The single top-level error handler: known failures become one line, never a traceback."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(names, key=lambda n: HELP_ORDER.index(n) if n in HELP_ORDER else len(HELP_ORDER))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        params.adapt_command(command)
        if command is not None and cmd_name in SHORT_HELP:
            command.short_help = SHORT_HELP[cmd_name]  # never cut mid-sentence by click
        return command

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        params.adapt_all(self, ctx)
        ctx.meta[_NAMED_SHELL] = _named_shell(args)
        for param in self.params:
            if param.name in ("show_completion", "install_completion") and param.callback:
                if not getattr(param.callback, "pbem_named_shell", False):
                    param.callback = _named_shell_wins(param.callback)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except BrokenPipeError:
            quiet_exit()
        except KeyboardInterrupt:
            fail("pbem: interrupted", 130)
        except Exception as exc:  # noqa: BLE001 - the promise is: no traceback, ever
            _handled(exc)


def commands_needed(args: list[str], names: set[str]) -> set[str] | None:
    """The commands a command line can run (None: all of them, for the list in `pbem --help`,
    a mistyped name's suggestion, completion): `pbem show G` needs only `show`, `pbem
    --version` none."""
    if any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return None  # a shell asks what to complete
    version = False
    words = iter(args)
    for arg in words:
        if arg == "--server":
            next(words, None)
        elif arg.startswith("--server="):
            continue
        elif arg == "--version":
            version = True
        elif arg.startswith("-"):
            return None
        else:
            return {arg} if arg in names else None
    return set() if version else None


class App(typer.Typer):
    """The one app. Typer builds every command (each function's signature read and its
    annotations evaluated) before it parses the command line; run from the command line, this
    app lets it build only the commands that line can run."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs.get("args") is not None:
            return super().__call__(*args, **kwargs)
        every = self.registered_commands
        names = {c.name or typer.main.get_command_name(c.callback.__name__) for c in every if c.callback}
        needed = commands_needed(sys.argv[1:], names)
        if needed is None:
            return super().__call__(*args, **kwargs)
        self.registered_commands = [
            c for c in every if c.callback and (c.name or typer.main.get_command_name(c.callback.__name__)) in needed
        ]
        try:
            return super().__call__(*args, **kwargs)
        finally:
            self.registered_commands = every


app = App(
    cls=Group,
    name="pbem",
    help=(
        "Play hidden-information board games by email, and check that nobody cheated.\n\n"
        "Start with `pbem init --server URL --name NAME --email EMAIL`, then `pbem new magier` "
        "or `pbem join GAME`. Keys, receipts and evidence live in $PBEM_HOME (default: the "
        "platform's config directory).\n\n"
        "Game ids may be shortened to any unique prefix of at least 4 characters.\n\n"
        "Exit status: 0 ok; 1 an error (one line on stderr says which); 2 bad usage; "
        "3 an audit that is INCOMPLETE; 4 a check failed: the server failed one (fork, bad "
        "signature, another server key than the one pinned at `pbem init`) or `pbem audit` "
        "found the log FAIL (tampering)."
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


# The GAME this run's command names (as found), for what a failure says about it.
_GAME: list[str | None] = [None]


def find_game(ctx: typer.Context, value: str | None) -> str | None:
    """A GAME argument: the full id, or any unique prefix of at least 4 characters (a prefix
    that names no game points to the list of games the command takes: `pbem join`, the open ones)."""
    if value is None:
        return None
    _GAME[0] = value
    _GAME[0] = found = player().find_game(value, joining=ctx.info_name == "join")
    return found


def _version(value: bool) -> None:
    """`pbem --version`: pbem's version on the first line, then the log format and the engine
    versions it writes and reads (protocol.versions; `pbem version --json` prints the same)."""
    if value:
        from protocol.versions import lines, statement

        sys.stdout.write("\n".join(lines(statement(), schema=False)) + "\n")
        raise typer.Exit(0)


# The server chosen with --server (or PBEM_SERVER) for this run; None: the home's default.
_SERVER: list[str | None] = [None]


@app.callback()
def _main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print pbem's version, the log format and the engine versions it writes and reads, and exit."
        ),
    ] = False,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            metavar="URL",
            envvar="PBEM_SERVER",
            help=(
                "Which of your servers this command talks to (default: the last one you ran "
                "`pbem init` on, or the one `pbem servers --default` chose). Without an account "
                "there, you can still watch its public games."
            ),
        ),
    ] = None,
) -> None:
    _SERVER[0] = server or None
    _GAME[0] = None


def game_ids(incomplete: str) -> list[tuple[str, str]]:
    """Shell completion for a GAME: the ids this home holds a receipt for, read from the local
    store alone (no network while a shell waits), the games to act in first, each with what
    it is as the help text zsh and fish show."""
    from client.store import Store

    store = Store()
    found = []
    for game in store.receipt_games():
        if not game.startswith(incomplete):
            continue
        receipt = store.receipt(game) or {}
        status = str(receipt.get("status") or "")
        mine = receipt.get("seat") is not None and receipt.get("to_move") == receipt.get("seat")
        what = f"{receipt.get('engine') or 'game'}, {'your turn' if mine and status == 'running' else status or 'unknown'}"
        found.append((not (mine and status == "running"), status != "running", game, what))
    return [(game, what) for *_, game, what in sorted(found)]


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
GameArg = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        callback=find_game,
        autocompletion=game_ids,
        help="The game id (see `pbem games`), or any unique prefix of it (4 characters or more).",
    ),
]


def confirm(question: str) -> None:
    """Ask before what cannot be undone, but only a person at a terminal: piped, a prompt
    would read the next line of a script as the answer, so the command wants --yes."""
    if not sys.stdin.isatty():
        fail(f"pbem: not asking \"{question}\" without a terminal: add --yes to do it", 2)
    typer.confirm(question, abort=True)


def player() -> Player:
    """The player of this run: the home's account on the server chosen for it."""
    from client.play import Player

    return Player(server=_SERVER[0])


def engine_ids(incomplete: str) -> list[str]:
    """Shell completion for an ENGINE: the engines this pbem knows."""
    import engines as registry

    return [e for e in registry.ids() if e.startswith(incomplete)]
