"""`pbem`, the terminal client: one function per command, thin over client.play.

Every command that reads prints for people by default and JSON with --json.
Errors (a refusal by the server, a failed check, bad input) are caught once,
in `_Group.invoke`, and printed as one line on stderr with a non-zero exit:
a player should never see a traceback.

Exit codes: 0 ok; 1 an error (the line says which); 2 bad usage; 3 an audit
that is INCOMPLETE (the game is not over); 4 a check failed: the server showed a
fork, a bad signature or a payload that does not match its commitment, or the
log `pbem audit` read is FAIL (tampered with or broken).
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from client import compare as compare_receipts
from client import spectate
from client.api import ApiError
from client.play import (
    ClientError,
    Player,
    format_move,
    kept_for,
    local_engine,
    parse_options,
    retryable,
)
from client.rematch import rematch as rematch_game
from client.store import StoreError
from client.verify import VerifyError
from engines.core import IllegalMove, color_wanted
from protocol.audit import Verdict
from protocol.audit import audit as audit_export
from protocol.canonical import loads_strict
from protocol.steps import PLAYED_FOR_YOU

EXIT_ERROR = 1
EXIT_INCOMPLETE = 3
EXIT_UNTRUSTED = 4


class _Console(Console):
    """A closed pipe (`pbem show G | head -1`) is not an error: the reader had enough."""

    def on_broken_pipe(self) -> None:
        _quiet_exit()


def _quiet_exit() -> None:
    """Exit 0 after EPIPE, with stdout pointed at /dev/null so the final flush is silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file (a test's runner): nothing will be flushed to a closed pipe
    raise typer.Exit(0)


def _out() -> Console:
    return _Console(highlight=False, soft_wrap=True)


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(message: str, code: int = EXIT_ERROR, loud: bool = False) -> None:
    style = "bold red" if loud else "red"
    _err().print(Text(message, style=style))
    raise typer.Exit(code)


class _Argument(typer.core.TyperArgument):
    """Arguments as man pages write them: `GAME` and `[MOVE]` in the usage line, no `<str>`.

    Typer would print `{GAME}` and `GAME <str>`, which read like a set to pick from and a
    type annotation; every argument here has a metavar that says what it is."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None if self.metavar is not None else super().display_type_rich(ctx)

    def _usage_display_name(self) -> str:
        name = self.display_name_raw
        if not self.required and not name.startswith("["):
            name = f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")


class _Group(typer.core.TyperGroup):
    """The single top-level error handler: known failures become one line, never a traceback."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        for param in getattr(command, "params", []):
            if type(param) is typer.core.TyperArgument:
                param.__class__ = _Argument
        return command

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except BrokenPipeError:
            _quiet_exit()
        except VerifyError as exc:
            _fail(f"pbem: VERIFICATION FAILED: {exc}", EXIT_UNTRUSTED, loud=True)
        except ApiError as exc:
            hint = f" (the log's head is now seq {exc.head.get('seq')})" if exc.head else ""
            prefix = f"error {exc.status}" if exc.status else "error"
            _fail(f"pbem: {prefix}: {exc.detail}{hint}")
        except IllegalMove as exc:
            _fail(f"pbem: illegal move: {exc.message}")
        except (ClientError, StoreError) as exc:
            _fail(f"pbem: {exc}")
        except KeyboardInterrupt:
            _fail("pbem: interrupted", 130)
        except Exception as exc:  # noqa: BLE001 - the promise is: no traceback, ever
            if os.environ.get("PBEM_DEBUG"):
                raise
            _fail(
                f"pbem: internal error: {type(exc).__name__}: {exc} (set PBEM_DEBUG=1 for details)"
            )


app = typer.Typer(
    cls=_Group,
    name="pbem",
    help=(
        "Play hidden-information board games by email, and check that nobody cheated.\n\n"
        "Start with `pbem init --server URL --name NAME --email EMAIL`, then `pbem new magier` "
        "or `pbem join GAME`. Keys, receipts and evidence live in $PBEM_HOME (default: the "
        "platform's config directory).\n\n"
        "Game ids may be shortened to any unique prefix of at least 4 characters.\n\n"
        "Exit status: 0 ok; 1 an error (one line on stderr says which); 2 bad usage; "
        "3 an audit that is INCOMPLETE; 4 a check failed: the server failed one (fork, bad "
        "signature) or `pbem audit` found the log FAIL (tampering)."
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

def _find_game(value: str | None) -> str | None:
    """A GAME argument: the full id, or any unique prefix of at least 4 characters."""
    if value is None:
        return None
    return _player().find_game(value)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("pbem")
        except PackageNotFoundError:
            found = "unknown"
        sys.stdout.write(f"pbem {found}\n")
        raise typer.Exit(0)


# The server chosen with --server (or PBEM_SERVER) for this run; None: the home's default.
_SERVER: list[str | None] = [None]


@app.callback()
def _main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print pbem's version and exit."
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


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
GameArg = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        callback=_find_game,
        help="The game id (see `pbem games`), or any unique prefix of it (4 characters or more).",
    ),
]


def _player() -> Player:
    return Player(server=_SERVER[0])


def _print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    sys.stdout.flush()  # a closed pipe shows here, where the handler turns it into exit 0


def _seat_label(seat: int | None, seat_names: list[str], players: list[Any] | None = None) -> str:
    if seat is None:
        return "nobody"
    label = f"seat {seat}"
    if 0 <= seat < len(seat_names):
        label += f" {seat_names[seat]}"
    if players and 0 <= seat < len(players) and players[seat]:
        label += f" ({players[seat].get('name')})"
    return label


def _seat_name(seat: int | None, seat_names: list[str], players: list[Any]) -> str:
    """'ada (red)': the player's name and the seat's name; 'seat 1 (black)' if nobody sits."""
    if seat is None:
        return ""
    p = players[seat] if 0 <= seat < len(players) else None
    name = str(p.get("name")) if p else f"seat {seat}"
    return f"{name} ({seat_names[seat]})" if 0 <= seat < len(seat_names) else name


def _result_text(
    result: dict[str, Any] | None, seat_names: list[str], players: list[Any], short: bool = False
) -> str:
    if not result:
        return "over"
    winner = result.get("winner")
    if short:
        who = _seat_name(winner, seat_names, players)
        text = "draw" if winner is None else f"{who} won"
        if result.get("reason"):
            text += f" ({result['reason']})"
        return text
    text = "draw" if winner is None else f"won by {_seat_label(winner, seat_names, players)}"
    if result.get("scores") is not None:
        text += f", scores {result['scores']}"
    if result.get("reason"):
        text += f" ({result['reason']})"
    return text


def status_line(shown: dict[str, Any]) -> str:
    """One line under the board: the game, whose turn, your seat, the verified head."""
    names, players = shown.get("seat_names") or [], shown.get("players") or []
    parts = [f"{shown.get('title') or shown.get('engine')} - game {shown['game']}"]
    if shown["status"] == "over":
        parts.append("game over: " + _result_text(shown.get("result"), names, players))
    elif shown["status"] == "open":
        parts.append("waiting for players")
    elif shown.get("your_turn"):
        parts.append("YOUR TURN")
    else:
        parts.append(f"to move: {_seat_label(shown.get('to_move'), names, players)}")
    if shown.get("spectator"):
        parts.append("you: watching (no seat)")
    else:
        parts.append(f"you: {_seat_label(shown.get('seat'), names)}")
    running = shown.get("clock") if isinstance(shown.get("clock"), dict) else None
    if running and running.get("expires"):
        deadline = shown.get("deadline") or {}
        parts.append(f"decide by {running['expires']} (then: {deadline.get('on_expiry', '?')})")
    parts.append(f"head seq {shown['head']['seq']}")
    return " | ".join(parts)


def _entry_seq(answer: dict[str, Any]) -> Any:
    """The move's own entry (the head may already be the reveal that followed it)."""
    entry = answer.get("entry")
    return entry.get("seq") if isinstance(entry, dict) else answer["head"]["seq"]


def _board_text(shown: dict[str, Any]) -> str:
    """The board in colour on a terminal (unless NO_COLOR), else the plain text `--json` gives."""
    if shown.get("status") == "open" or not color_wanted(os.environ, sys.stdout.isatty()):
        return str(shown["text"])
    view = shown.get("final_view") or shown["view"]
    try:
        return str(local_engine(str(shown["engine"])).render(view, color=True))  # type: ignore[call-arg]
    except Exception:  # noqa: BLE001 - an engine without colour still shows its board
        return str(shown["text"])


def _show(shown: dict[str, Any]) -> None:
    out = _out()
    sys.stdout.write(_board_text(shown) + "\n")
    sys.stdout.flush()
    style = "bold green" if shown.get("your_turn") else "bold"
    out.print(Text(status_line(shown), style=style))
    if shown.get("spectator") and shown.get("status") == "running":
        out.print(Text(spectate.UNCHECKED, style="dim"))
    if shown.get("status") == "over":
        if shown.get("final_view") is not None:
            out.print(Text(shown.get("final_note") or "the final position, everything revealed (the log replayed: PASS)"))
        game = shown["game"]
        out.print(Text(f"keep it and check it: pbem export {game} -o {game}.json && pbem audit {game}.json", style="dim"))


GROUP_LIMIT = 150  # a longer run of one kind (claims with 4 players) is shown by its ends; --json lists all


def _groups(moves: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Runs of consecutive moves whose notation starts with the same word ("claim", "place")."""
    runs: list[tuple[str, list[dict[str, Any]]]] = []
    for m in moves:
        kind = (str(m.get("text") or "").split() or [""])[0]
        if runs and runs[-1][0] == kind:
            runs[-1][1].append(m)
        else:
            runs.append((kind, [m]))
    return runs


def _print_moves(listed: dict[str, Any]) -> None:
    out = _out()
    moves = listed["moves"]
    if not moves:
        out.print(
            Text(f"no legal moves for you in game {listed['game']} right now (not your turn?)")
        )
        return
    width = len(str(len(moves)))
    for kind, group in _groups(moves):
        if len(group) > GROUP_LIMIT:
            first, last = group[0], group[-1]
            out.print(Text(f"{first['n']:>{width}}. {first['text']}"))
            out.print(Text(f"{'':>{width}}  ... {len(group) - 2} more {kind} moves (all with --json; or type one) ..."))
            out.print(Text(f"{last['n']:>{width}}. {last['text']}"))
            continue
        for m in group:
            out.print(Text(f"{m['n']:>{width}}. {m['text']}"))
    out.print(
        Text(f"play one with: pbem move {listed['game']} NUMBER  (or its notation)", style="dim")
    )


# -- account ---------------------------------------------------------------------------------


@app.command()
def init(
    server: Annotated[
        str,
        typer.Option(
            envvar="PBEM_SERVER",
            metavar="URL",
            help="The pbem server's URL, e.g. https://pbem.example.org.",
        ),
    ],
    name: Annotated[
        str, typer.Option(metavar="NAME", help="Your player name, as the others will see it.")
    ],
    email: Annotated[
        str, typer.Option(metavar="EMAIL", help="Where your-turn and game-over mail goes.")
    ],
    accept_new_server_key: Annotated[
        bool,
        typer.Option(
            "--accept-new-server-key",
            help="The server's key changed and you know why (its operator told you): accept it.",
        ),
    ] = False,
) -> None:
    """Create your key (if there is none yet) and your account on a server.

    One home may hold accounts on several servers (one key for all): the newest becomes the
    default, `pbem --server URL COMMAND` uses another, `pbem servers` lists them.
    The key (key.pem in $PBEM_HOME) IS your account: there is no password. Back it up.
    The server's key is remembered; if it ever changes, init refuses (as ssh does) until
    you run it with --accept-new-server-key.
    """
    player = _player()
    account = player.init_account(server, name, email, accept_new_server_key)
    _out().print(
        Text(
            f"account {account.get('name')} <{account.get('email')}> on {player.config['server']}; "
            f"key {player.store.key_path} (back it up: it is your account)"
        )
    )
    others = sorted(url for url in player.accounts() if url != player.config["server"])
    if others:
        _out().print(Text(
            f"this server is now your default; your other accounts ({', '.join(others)}) stay: "
            "pbem --server URL COMMAND, or `pbem servers`"
        ))


@app.command("engines")
def engines_cmd(as_json: JsonOpt = False) -> None:
    """List the games the server hosts, with their seats and options."""
    found = _player().engines()
    if as_json:
        _print_json(found)
        return
    table = Table("id", "title", "seats", "options")
    for e in found:
        seats = f"{e.get('min_seats')}-{e.get('max_seats')}"
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in (e.get("options") or {}).items())
        table.add_row(Text(e.get("id", "")), Text(e.get("title", "")), seats, Text(options))
    _out().print(table)


# -- games -----------------------------------------------------------------------------------


@app.command()
def new(
    engine: Annotated[
        str, typer.Argument(metavar="ENGINE", help="The game, e.g. magier (see `pbem engines`).")
    ],
    seats: Annotated[
        int | None,
        typer.Option(metavar="N", help="Number of players (default: the game's minimum)."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-O",
            metavar="KEY=VALUE",
            help="A game option as key=value (value read as JSON if it can be); repeatable.",
        ),
    ] = None,
    join: Annotated[
        bool, typer.Option("--join/--no-join", help="Take the first seat yourself.")
    ] = True,
    days: Annotated[
        int | None,
        typer.Option(
            metavar="DAYS", help="Days per decision: 1, 2, 3, 5, 7 or 14 (default: no deadline)."
        ),
    ] = None,
    grace_hours: Annotated[
        int,
        typer.Option(
            "--grace-hours", metavar="HOURS", help="Hours of grace after the days (0-168)."
        ),
    ] = 12,
    on_expiry: Annotated[
        str,
        typer.Option(
            "--on-expiry",
            metavar="bot|forfeit",
            help="When the time is up: bot (a random legal move is played) or forfeit (the seat loses).",
        ),
    ] = "bot",
    email_moves: Annotated[
        bool,
        typer.Option(
            "--email-moves",
            help="Players may also answer their your-turn mail with a move (server-attested, not signed).",
        ),
    ] = False,
    private: Annotated[
        bool,
        typer.Option(
            "--private",
            help="Only you, the players and the players you invite can see the game (and join: by invitation).",
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Create a new game and (by default) take its first seat.

    Anyone may watch a game (`pbem show GAME` without a seat) unless it is --private.

    With --days, every decision has a deadline, signed into the game's genesis: a reminder at
    half the time, a last warning, then the server plays a random legal move (--on-expiry bot)
    or the seat forfeits.
    """
    options = parse_options(option)
    deadline = None
    if days is not None:
        if on_expiry not in ("bot", "forfeit"):
            raise ClientError(f"--on-expiry is bot or forfeit, not {on_expiry!r}")
        deadline = {"days": days, "grace_hours": grace_hours, "on_expiry": on_expiry}
    summary = _player().new_game(
        engine, options, seats, join, deadline=deadline, email_moves=email_moves, private=private
    )
    if as_json:
        _print_json(summary)
        return
    _out().print(
        Text(
            f"game {summary['id']} ({summary.get('title') or engine}, {summary.get('seats')} seats) created"
        )
    )
    if deadline is not None:
        _out().print(
            Text(
                f"deadline: {days} day(s) per decision plus {grace_hours} hour(s) of grace, "
                f"then {'a random legal move is played' if on_expiry == 'bot' else 'the seat forfeits'}"
            )
        )
    if private:
        _out().print(Text(f"private: invite the others with `pbem invite {summary['id']} NAME`, then they join with: pbem join {summary['id']}"))
    else:
        _out().print(Text(f"the others join with: pbem join {summary['id']}"))


@app.command()
def join(
    game: GameArg,
    seat: Annotated[
        int | None,
        typer.Option(metavar="SEAT", help="The seat to take (default: the first free one)."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Take a seat in an open game; the last seat taken starts the game."""
    summary = _player().join(game, seat)
    if as_json:
        _print_json(summary)
        return
    mine = [
        p["seat"] for p in summary.get("players") or [] if p and p.get("name") == _player().name
    ]
    started = (
        "the game has started" if summary.get("status") == "running" else "waiting for more players"
    )
    _out().print(Text(f"you sit at seat {mine[0] if mine else seat} in game {game}; {started}"))


@app.command()
def invite(
    game: GameArg,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The account name of the player to invite, or an e-mail address (someone without an account gets a mail saying how to install pbem and join).")],
    seat: Annotated[
        int | None,
        typer.Option(metavar="SEAT", help="The seat to keep for them (default: the first free one)."),
    ] = None,
    cancel: Annotated[
        bool, typer.Option("--cancel", help="Cancel their invitation: the kept seat is free again.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Keep a seat of an open game for a named player; they see it in `pbem games` and join it.

    With --cancel, free the seat kept for them (the creator, the inviter or the guest may).
    """
    if cancel:
        summary = _player().cancel_invite(game, name)
        if as_json:
            _print_json(summary)
            return
        _out().print(Text(f"the invitation of {name} to game {game} is cancelled; the seat is free"))
        return
    summary = _player().invite(game, name, seat)
    if as_json:
        _print_json(summary)
        return
    kept = [i["seat"] for i in summary.get("invited") or [] if i["name"] == name]
    if "@" in name:  # an address: a seat is kept for it (or for the account that has it)
        _out().print(Text(f"a seat of game {game} is kept for {name}; an invitation mail tells them how to join"))
        return
    _out().print(Text(f"seat {kept[0] if kept else seat} of game {game} is kept for {name}; they join with: pbem join {game}"))


@app.command()
def games(
    open_only: Annotated[
        bool, typer.Option("--open", help="List games with a free seat instead of yours.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """List your games (whose turn it is, your seat), or the open ones with --open."""
    found = _player().games(open_only)
    if as_json:
        _print_json(found)
        return
    if not found:
        _out().print(
            Text(
                "no open games"
                if open_only
                else "you are in no games yet: pbem new ENGINE, or pbem games --open"
            )
        )
        return
    rows = [_game_row(g) for g in found]
    if not sys.stdout.isatty():  # piped: one game a line, nothing cut, easy to grep and cut
        for r in rows:
            parts = [r["game"], r["engine"], r["status"], r["players"]]
            parts += [f"{k}: {r[k]}" for k in ("to move", "you", "last entry") if r[k]]
            sys.stdout.write("  ".join(parts) + "\n")
        sys.stdout.flush()
        return
    _out().print(_games_table(rows))


def _games_table(rows: list[dict[str, str]]) -> Table:
    table = Table(*rows[0].keys())
    table.columns[0].no_wrap = True  # an id is never cut: it is what you paste
    table.columns[0].min_width = max(len(r["game"]) for r in rows)
    table.columns[0].overflow = "fold"
    for r in rows:
        table.add_row(*(Text(v) for v in r.values()))
    return table


def _game_row(g: dict[str, Any]) -> dict[str, str]:
    """One game of `pbem games` in words: seats as "ada (red)", the result, the newest entry."""
    names = g.get("seat_names") or []
    kept = {i["seat"]: kept_for(i) for i in g.get("invited") or []}
    seats = []
    for i, p in enumerate(g.get("players") or []):
        colour = f" ({names[i]})" if i < len(names) else ""
        if p:
            seats.append(f"{p.get('name')}{colour}")
        elif i in kept:
            seats.append(f"kept for {kept[i]}{colour}")
        else:
            seats.append(f"free{colour}")
    players = g.get("players") or []
    if g.get("status") == "over":
        turn = _result_text(g.get("result"), names, players, short=True)
    elif g.get("status") == "open":
        turn = ""
    elif g.get("my_seat") is not None and g.get("to_move") == g.get("my_seat"):
        turn = "YOU"
    else:
        turn = _seat_name(g.get("to_move"), names, players)
    you = "" if g.get("my_seat") is None else _seat_name(g["my_seat"], names, [])
    if g.get("invited_seat") is not None:
        you = f"invited: seat {g['invited_seat']}"
    return {
        "game": str(g["id"]),
        "engine": str(g.get("engine", "")),
        "status": str(g.get("status", "")),
        "players": ", ".join(seats),
        "to move": turn,
        "you": you,
        "last entry": str(g.get("updated") or ""),
    }


@app.command()
def show(game: GameArg, as_json: JsonOpt = False) -> None:
    """Show the game as your seat sees it, after checking the log and your private payloads.

    Without a seat in it you watch: the public board, whose turn it is and the result (checked
    against the signed log), and at the end the final position with everything revealed.
    """
    player = _player()
    if player.has_account:
        try:
            shown = player.show(game)
        except ApiError as exc:
            if exc.status != 403:
                raise
            shown = spectate.watch(player, game)  # no seat: watch (the log must agree)
    else:
        shown = spectate.watch(player, game)
    if as_json:
        _print_json(shown)
        return
    _show(shown)


@app.command()
def moves(game: GameArg, as_json: JsonOpt = False) -> None:
    """List your legal moves, numbered: `pbem move GAME N` plays number N.

    Your client works them out itself from the view the signed log commits to, and checks
    the server's list against them (a difference is a lie: exit 4)."""
    listed = _player().list_moves(game)
    if as_json:
        _print_json(listed)
        return
    _print_moves(listed)


@app.command()
def move(
    game: GameArg,
    chosen: Annotated[
        str | None,
        typer.Argument(
            metavar="MOVE", help="A number from the list, or the move in the game's notation."
        ),
    ] = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Show what would be sent (the envelope), send nothing."),
    ] = False,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Send a move typed by number without asking.")
    ] = False,
    one: Annotated[
        bool,
        typer.Option(
            "--one", help="Make just this move, even when the same move is then forced again."
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Make a move: its number in the list of legal moves, or its notation.

    Without MOVE, list the legal moves (when it is your turn; else say whose turn it is).
    With one, sign and send it, then print the new view. A number means the move listed
    with it: if the game has moved on since that list (your own move included), list again.
    The moves are your client's own, worked out from your verified view; one your rules do
    not allow is refused before anything is sent. On a terminal, a move
    typed by number is spelt out in notation and sent only when you say yes. When the same
    move is then the only legal one again (Der Feuersalamander's key throws), it is made again
    at once, each one echoed, until there is a choice or the turn passes (--one: not).

    There is no undo, not even by agreement: a sent move is signed into the game's
    hash-chained log, which the other players may read at once, and a signed log cannot
    take it back.
    """
    player = _player()
    if chosen is None:
        listed = player.list_moves(game)
        if as_json:
            _print_json(listed)
        else:
            _print_moves(listed)
        return
    st, chosen_move = player.prepare(game, chosen)
    if dry_run:
        would = player.dry_run(st, chosen_move)
        if as_json:
            _print_json({**would, "sent": False})
            return
        _out().print(Text(f"would play {would['text']} (entry {would['envelope']['seq']}); nothing sent", style="bold"))
        _print_json(would["envelope"])
        if would["secret"] is not None:
            _out().print(Text("concealed part (sent only to the server, committed in the envelope):"))
            _print_json(would["secret"])
        return
    text = format_move(st.engine, chosen_move)
    if _by_number(chosen) and not yes and _interactive():
        if not typer.confirm(f"play {text}? It cannot be undone", default=False):
            _out().print("not sent")
            return
    if not as_json:
        _out().print(Text(f"sending {text} ..."))
    answer = player.submit(st, chosen_move)
    if not as_json:
        _out().print(Text(f"played {answer.get('text')} (entry {_entry_seq(answer)})", style="bold"))
    again = [] if one else _forced_repeats(player, game, chosen_move, as_json)
    shown = player.show(game)
    if as_json:
        _print_json(
            {
                "move": answer.get("move"),
                "text": answer.get("text"),
                "head": answer.get("head"),
                "forced": [{"text": a.get("text"), "entry": _entry_seq(a)} for a in again],
                "show": shown,
            }
        )
        return
    _show(shown)


FORCED_LIMIT = 20  # more forced repeats than any rule allows (five key throws at most)


def _forced_repeats(player: Player, game: str, played: dict[str, Any], quiet: bool) -> list[dict[str, Any]]:
    """Play the same move again while it stays the only legal one (Der Feuersalamander's key
    throws): a decision with no choice is not worth a command of its own. Each is a signed move
    like any other, made on the verified head and echoed."""
    answers: list[dict[str, Any]] = []
    for _ in range(FORCED_LIMIT):
        st = player.state(game)
        if not st.my_turn:
            break
        listed = player.moves(game)["moves"]
        if len(listed) != 1 or listed[0]["move"] != played:
            break
        answer = player.submit(st, played)
        answers.append(answer)
        if not quiet:
            _out().print(Text(f"played {answer.get('text')} again (entry {_entry_seq(answer)}): the only move", style="bold"))
    return answers


def _by_number(chosen: str) -> bool:
    return chosen.strip().lstrip("#").isdigit()


def _interactive() -> bool:
    """Questions only on a terminal: a script that pipes `pbem move G 3` is not asked."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


@app.command()
def rematch(game: GameArg, as_json: JsonOpt = False) -> None:
    """Play a finished game again: same game, options and players, each one seat further on.

    The player of seat 0 takes seat 1, and so on round (two players swap colours). You take
    your new seat; the others' seats are kept for them, and they are told by mail: each one
    takes theirs with `pbem join NEW`.
    """
    done = rematch_game(_player(), game)
    if as_json:
        _print_json(done)
        return
    names = done["summary"].get("seat_names") or []
    seats = ", ".join(
        f"{name} ({names[int(s)] if int(s) < len(names) else 'seat ' + s})" for s, name in done["seats"].items()
    )
    _out().print(Text(f"rematch of {game}: game {done['game']}, seats {seats}"))
    _out().print(Text(f"the others join with: pbem join {done['game']}"))


@app.command()
def resign(
    game: GameArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Resign the game (signed like a move); with two players the other one wins.

    In a game of three or four that lets players leave (Der Feuersalamander), you are out and
    rank last; the others play on (the last one left in wins).
    """
    if not yes:
        typer.confirm(f"resign game {game}?", abort=True)
    _player().resign(game)
    _out().print(Text(f"you resigned game {game}"))


@app.command()
def abort(
    game: GameArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Abort a game you created: one that never started, or one nobody has moved in for a long
    time (the server's ABORT_AFTER_DAYS, 30 by default). Nobody wins."""
    if not yes:
        typer.confirm(f"abort game {game}?", abort=True)
    done = _player().abort(game)
    if as_json:
        _print_json(done)
        return
    _out().print(Text(f"game {game} is aborted (entry {done['entry']['seq']}): {done['result'].get('reason')}"))


@app.command()
def vacation(
    days: Annotated[
        int | None,
        typer.Argument(metavar="[DAYS]", help="Days away: your clocks stop in every game (without it: what is left)."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Take a vacation: your deadlines in every game move by DAYS days, within a yearly budget.

    The other players are told. Without DAYS, show the days used and left this year.
    """
    shown = _player().vacation(days)
    if as_json:
        _print_json(shown)
        return
    out = _out()
    if days is not None:
        out.print(Text(f"on vacation from {shown.get('from')} until {shown.get('until')}", style="bold"))
        for moved in shown.get("moved") or []:
            out.print(Text(f"  game {moved['game']}: your decision is now due by {moved['expires']}"))
    away = f"; away until {shown['away_until']}" if shown.get("away_until") else ""
    out.print(
        Text(
            f"vacation {shown.get('year')}: {shown.get('used')} of {shown.get('budget')} day(s) used, "
            f"{shown.get('left')} left{away}"
        )
    )


MIN_POLL = 1.0  # seconds: --poll 0 must not hammer the server


def _bot_names() -> str:
    import engines as registry

    try:
        return "; ".join(
            f"{e}: {', '.join(sorted(registry.get(e).bots()))}" for e in registry.ids()
        )
    except Exception:  # noqa: BLE001 - help must show even if an engine cannot load
        return "see the game's rules"


@app.command()
def bot(
    game: GameArg,
    name: Annotated[
        str,
        typer.Option("--bot", metavar="NAME", help=f"Which of the game's bots plays your seat: {_bot_names()}."),
    ] = "random",
    poll: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            help=f"Seconds between looks at the game while waiting (at least {MIN_POLL:g}).",
        ),
    ] = 5.0,
    once: Annotated[
        bool, typer.Option("--once", help="Make at most one move (if it is your turn) and stop.")
    ] = False,
) -> None:
    """Let a bot play your seat until the game is over (it sees only your view).

    It is meant to run for days: a lost connection or a server error is retried, waiting
    longer each time (up to 5 minutes), and said on screen.
    """
    if poll < 0:
        raise ClientError(f"--poll is a number of seconds, 0 or more, not {poll:g}")
    player = _player()
    out = _out()

    def report(answer: dict[str, Any], text: str) -> None:
        out.print(Text(f"entry {_entry_seq(answer)}: played {text}"))

    def retrying(exc: Exception, delay: float) -> None:
        _err().print(Text(f"pbem bot: {exc}; trying again in {delay:g} s", style="yellow"))

    made = player.play_bot(
        game, name, until_over=not once, poll=max(poll, MIN_POLL), on_move=report,
        on_retry=retrying,
    )
    shown = player.show(game)
    out.print(Text(f"{made} move(s) made"))
    out.print(Text(status_line(shown)))


WAIT_FIRST = 15.0  # seconds between the first looks of `pbem wait`; doubles up to --max-poll
WAIT_MAX = 600.0


def _pause(seconds: float) -> None:
    """`pbem wait`'s sleep between looks (a name of its own, so a test can make it instant)."""
    import time

    time.sleep(seconds)


def _waiting_line(g: dict[str, Any]) -> str:
    since = f" since {g['updated']}" if g.get("updated") else ""
    return f"your turn in game {g['id']} ({g.get('title') or g.get('engine')}){since}: pbem show {g['id']}"


@app.command("wait")
def wait_cmd(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            callback=_find_game,
            help="Wait for this game only (an id or a unique prefix); default: any of your games.",
        ),
    ] = None,
    poll: Annotated[
        float,
        typer.Option(metavar="SECONDS", help=f"Seconds before the second look; doubled after each (at least {MIN_POLL:g})."),
    ] = WAIT_FIRST,
    max_poll: Annotated[
        float, typer.Option("--max-poll", metavar="SECONDS", help="The longest wait between two looks.")
    ] = WAIT_MAX,
    bell: Annotated[
        bool, typer.Option("--bell/--no-bell", help="Ring the terminal bell when it is your turn (never when piped).")
    ] = True,
    as_json: JsonOpt = False,
) -> None:
    """Block until it is your turn in any of your games (or in GAME), then say which and ring.

    For a terminal kept open: it looks at the server now, then after --poll seconds, waiting
    twice as long each time up to --max-poll; a lost connection is retried. Each game named is
    checked against its signed log first.
    """
    if poll < 0 or max_poll < 0:
        raise ClientError("--poll and --max-poll are numbers of seconds, 0 or more")
    player = _player()
    delay = max(poll, MIN_POLL)
    told = False
    while True:
        try:
            ready = player.waiting_games(game)
        except ApiError as exc:
            if not retryable(exc):
                raise
            _err().print(Text(f"pbem wait: {exc}; trying again in {delay:g} s", style="yellow"))
            ready = []
        if ready:
            break
        if game is not None:
            summary = player.summary(game)
            if summary.get("status") == "over":
                raise ClientError(f"game {game} is over: there is no turn to wait for")
        elif not any(g.get("status") in ("running", "open") for g in player.games()):
            raise ClientError("you are in no running game: there is no turn to wait for (pbem games --open)")
        if not told and not as_json:
            where = f"game {game}" if game else "any of your games"
            _err().print(Text(f"waiting for your turn in {where} (Ctrl-C stops)", style="dim"))
            told = True
        _pause(delay)
        delay = min(delay * 2, max(max_poll, MIN_POLL))
    if as_json:
        _print_json({"games": ready})
    else:
        for g in ready:
            _out().print(Text(_waiting_line(g), style="bold green"))
    if bell_wanted(bell, sys.stdout.isatty()):
        sys.stdout.write("\a")
        sys.stdout.flush()


def bell_wanted(bell: bool, isatty: bool) -> bool:
    """The terminal bell rings on a terminal only, and never with --no-bell."""
    return bell and isatty


@app.command("next")
def next_cmd(as_json: JsonOpt = False) -> None:
    """The game that has waited longest for your move (by its last entry's time), or say none does."""
    ready = _player().waiting_games()
    if as_json:
        _print_json({"game": ready[0] if ready else None, "waiting": len(ready)})
        return
    if not ready:
        _out().print(Text("no game waits for you"))
        return
    more = f" ({len(ready) - 1} more wait for you: pbem games)" if len(ready) > 1 else ""
    _out().print(Text(_waiting_line(ready[0]) + more, style="bold"))


# -- the log ----------------------------------------------------------------------------------


class _History:
    """What `pbem log` needs to tell a game in words: the engine, who sits where (from the
    signed joins, as the verified receipt holds them), and the reader's own concealed parts
    (their move secrets and checked private payloads, from the local evidence store)."""

    def __init__(self, receipt: dict[str, Any], evidence: dict[str, Any]) -> None:
        try:
            self.engine: Any = local_engine(str(receipt.get("engine")))
        except ClientError:
            self.engine = None
        seats = int(receipt.get("seats") or 0)
        try:
            self.seat_names = list(self.engine.seat_names(seats)) if self.engine else []
        except Exception:  # noqa: BLE001 - the seat numbers still say who
            self.seat_names = []
        self.names: dict[str, str] = dict(receipt.get("names") or {})
        self.me = receipt.get("seat")
        self.secrets = {s["seq"]: s for s in evidence.get("secrets") or [] if isinstance(s.get("seq"), int)}
        self.payloads = {
            (p["seq"], p["index"]): p for p in evidence.get("payloads") or []
            if isinstance(p.get("seq"), int) and isinstance(p.get("index"), int)
        }
        # seq -> {"secret"}: what the server played in the reader's name (checked by verify)
        self.told = {
            seq: {"secret": p["event"]["data"]["secret"]}
            for (seq, _), p in self.payloads.items()
            if isinstance(p.get("event"), dict) and p["event"].get("kind") == PLAYED_FOR_YOU
        }
        self.describe = getattr(self.engine, "describe_event", None)
        self.played: dict[int, tuple[Any, Any]] = {}  # seq -> (seat, public move), for the reveal

    def who(self, seat: Any) -> str:
        """'ada (red)'; 'seat 1 (black)' before anybody sat there."""
        if not isinstance(seat, int):
            return f"seat {seat}"
        name = self.names.get(str(seat)) or f"seat {seat}"
        colour = self.seat_names[seat] if 0 <= seat < len(self.seat_names) else f"seat {seat}"
        return f"{name} ({colour})" if colour != name else name

    def move(self, move: Any) -> str:
        if self.engine is None or not isinstance(move, dict):
            return json.dumps(move, sort_keys=True)
        return format_move(self.engine, move)

    def full_move(self, public: Any, secret: Any) -> str:
        try:
            return self.move(self.engine.merge_move(public, secret)) if self.engine else json.dumps(secret)
        except Exception:  # noqa: BLE001 - the secret is still shown
            return json.dumps(secret, sort_keys=True)

    def concealed(self, seq: Any, public: Any, committed: bool) -> str:
        """' + concealed part', with the reader's own secret when it is theirs (kept when the
        reader moved, or told privately when the server moved for the reader's seat)."""
        if not committed:
            return ""
        mine = self.secrets.get(seq) or self.told.get(seq)
        if mine is not None:
            return f" + concealed part (yours: {self.full_move(public, mine.get('secret'))})"
        return " + concealed part"

    def event(self, event: dict[str, Any]) -> str | None:
        if self.describe is None:
            return None
        try:
            return self.describe(event)  # type: ignore[no-any-return]
        except Exception:  # noqa: BLE001 - an event the engine cannot tell is left out
            return None

    def events(self, seq: Any, events: list[Any]) -> list[str]:
        """The public events in words, and the private ones the reader was shown."""
        lines = []
        others = 0
        for index, event in enumerate(events):
            if not isinstance(event, dict):
                continue
            if "commit" not in event:
                text = self.event(event)
                if text:
                    lines.append(text)
                continue
            payload = self.payloads.get((seq, index))
            if payload is None:
                others += 1
                continue
            if (payload.get("event") or {}).get("kind") == PLAYED_FOR_YOU:
                continue  # told on the entry's own line: "concealed part (yours: ...)"
            text = self.event(payload.get("event") or {})
            readers = [s for s in payload.get("to") or [] if s != self.me]
            seen = "only you see this" if not readers else "seen by you and " + ", ".join(self.who(s) for s in readers)
            lines.append(f"{text or json.dumps(payload.get('event'), sort_keys=True)}  [{seen}]")
        if others and self.describe is not None:
            lines.append(f"({others} private event(s) for other eyes)")
        return lines


def _entry_words(entry: dict[str, Any], h: _History) -> tuple[str, list[str]]:
    """One entry in words (the line) and what happened in it (the lines under it)."""
    body, kind, seq = entry.get("body") or {}, entry.get("type"), entry.get("seq")
    what = ""
    details: list[str] = []
    if kind == "genesis":
        title = getattr(h.engine, "title", None) or body.get("engine")
        what = (
            f"{title} ({body.get('engine')} v{body.get('engine_version')}) created: "
            f"{body.get('seats')} seats, options {json.dumps(body.get('options'), sort_keys=True)}"
        )
        deadline = body.get("deadline")
        if isinstance(deadline, dict):
            what += f"; {deadline.get('days')} day(s) per decision, then {deadline.get('on_expiry')}"
        if body.get("email_moves"):
            what += "; moves by email allowed"
    elif kind == "join":
        seat = body.get("seat")
        colour = h.seat_names[seat] if isinstance(seat, int) and 0 <= seat < len(h.seat_names) else ""
        what = f"{body.get('name')} takes seat {seat}" + (f" ({colour})" if colour else "")
        if seat == h.me:
            what += " - you"
    elif kind == "start":
        to_move = body.get("to_move")
        what = "the game starts" + (f"; {h.who(to_move)} to move" if isinstance(to_move, int) else "")
    elif kind == "move":
        env = body.get("envelope") or {}
        seat = env.get("seat")
        what = f"{h.who(seat)}: {h.move(env.get('move') or {})}"
        what += h.concealed(seq, env.get("move"), bool(env.get("secret_commit")))
        h.played[seq] = (seat, env.get("move"))
    elif kind == "system":
        system = body.get("kind")
        seat = body.get("seat")
        what = str(system)
        if isinstance(body.get("move"), dict):
            h.played[seq] = (seat, body.get("move"))
        if system == "timeout":
            what = f"timeout: {h.who(seat)} out of time, the server played {h.move(body.get('move') or {})}"
            what += h.concealed(seq, body.get("move"), bool(body.get("secret_commit")))
        elif system == "out":
            what = f"out: {h.who(seat)} has left, the server played {h.move(body.get('move') or {})}"
            what += h.concealed(seq, body.get("move"), bool(body.get("secret_commit")))
        elif system == "email_move":
            what = f"{h.who(seat)}: {h.move(body.get('move') or {})} (by email, server-attested)"
            what += h.concealed(seq, body.get("move"), bool(body.get("secret_commit")))
        elif system == "forfeit":
            what = f"forfeit: {h.who(seat)} out of time"
        elif system == "resign":
            leaver = (body.get("envelope") or {}).get("seat")
            if "views" in body:
                what = f"resign: {h.who(leaver)} leaves the game, the others play on"
            else:
                what = f"resign: {h.who(leaver)} resigns"
        elif system == "abort":
            what = "abort: the game is aborted, nobody wins"
        if system in ("abort", "resign", "forfeit") and isinstance(body.get("result"), dict):
            what += f" ({body['result'].get('reason')})"
    elif kind == "reveal":
        result = body.get("result")
        winner = result.get("winner") if isinstance(result, dict) else None
        told = "a draw" if winner is None else f"{h.who(winner)} won"
        if isinstance(result, dict) and result.get("scores") is not None:
            told += f", scores {result['scores']}"
        if isinstance(result, dict) and result.get("reason"):
            told += f" ({result['reason']})"
        secrets = body.get("secrets") or []
        what = f"the reveal: {told}; the server's seed and {len(secrets)} concealed part(s) made public"
        for item in secrets:
            if not isinstance(item, dict):
                continue
            played = h.played.get(item.get("seq"))  # type: ignore[arg-type]
            if played is None:
                details.append(f"entry {item.get('seq')}: {json.dumps(item.get('secret'), sort_keys=True)}")
            else:
                details.append(f"entry {item.get('seq')}, {h.who(played[0])}: {h.full_move(played[1], item.get('secret'))}")
    details = h.events(seq, body.get("events") or []) + details
    return f"{seq:>4}  {kind:<8} {entry.get('ts', '')}  {what}", details


@app.command()
def log(
    game: GameArg,
    start: Annotated[int, typer.Option("--from", metavar="N", help="First entry to show.")] = 0,
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            metavar="N",
            help="Draw the position as it was right after entry N, everything revealed (a finished "
            "game: its verified export replayed; before the reveal the seed is secret; a blind "
            "magier game's unburnt wisdoms are never revealed).",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """The game's history in words: who joined, each move with the player's name, what it did
    (throws, pushes, burns, claims and what they revealed), timeouts, resignations, the reveal;
    your own concealed parts and the private events you were shown are shown to you.

    Everything is checked first (signatures, links, your receipt, each payload against its
    commitment). --json prints the signed entries themselves.
    """
    player = _player()
    if at is not None:
        _log_at(player, game, at, as_json)
        return
    entries = player.log(game, start)
    if as_json:
        _print_json(entries)
        return
    receipt = player.store.receipt(game) or {}
    if receipt.get("seat") is not None and receipt.get("status") == "running":
        try:
            player.state(game)  # fetches and checks the private payloads owed to this seat
            receipt = player.store.receipt(game) or receipt
        except (ClientError, ApiError):
            pass  # the public history is still told
    history = _History(receipt, player.store.evidence(game))
    if start > 0:  # the earlier entries still name the moves the reveal speaks of
        entries = player.log(game, 0)
    out = _out()
    for entry in entries:
        line, details = _entry_words(entry, history)
        if entry["seq"] < start:
            continue
        out.print(Text(line))
        for detail in details:
            out.print(Text(f"{'':>6}{'':<9}- {detail}"))


def _draw(engine_id: str, view: Any, text: str) -> str:
    """A board in colour on a terminal (unless NO_COLOR), else the plain text."""
    if not color_wanted(os.environ, sys.stdout.isatty()):
        return text
    try:
        return str(local_engine(engine_id).render(view, color=True))  # type: ignore[call-arg]
    except Exception:  # noqa: BLE001 - an engine without colour still shows its board
        return text


def _export_history(data: dict[str, Any]) -> _History:
    """_History for an export read offline: names from its signed joins, no reader's secrets."""
    entries = data.get("entries") or []
    genesis = (entries[0].get("body") or {}) if entries else {}
    names = {
        str(e["body"].get("seat")): str(e["body"].get("name"))
        for e in entries if e.get("type") == "join" and isinstance(e.get("body"), dict)
    }
    return _History({"engine": genesis.get("engine"), "seats": genesis.get("seats"), "names": names}, {})


def _words(data: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Every entry of an export in words, told in order (the reveal cites earlier moves)."""
    history = _export_history(data)
    return [_entry_words(entry, history) for entry in data.get("entries") or []]


def _print_position(position: dict[str, Any], words: tuple[str, list[str]]) -> None:
    """'after entry N: <the entry in words>', its events, then the board."""
    line, details = words
    out = _out()
    out.print(Text(f"after entry {position['seq']} of {position['entries'] - 1}:", style="bold"))
    out.print(Text(line))
    for detail in details:
        out.print(Text(f"{'':>6}{'':<9}- {detail}"))
    sys.stdout.write(_draw(position["engine"], position["view"], position["text"]) + "\n")
    sys.stdout.flush()


def _log_at(player: Player, game: str, at: int, as_json: bool) -> None:
    """`pbem log GAME --at N`: the replayed position of a finished game; before the reveal, say
    why not and show the seat's current view instead."""
    from client.play import position_in_export

    shown = player.show(game)
    if shown["status"] != "over":
        why = (
            f"the position after entry {at} can be drawn only once game {game} is over: the "
            "server's seed stays secret until the reveal, and without it nothing can be replayed"
        )
        if as_json:
            _print_json({"game": game, "at": at, "available": False, "reason": why, "show": shown})
            return
        _err().print(Text(f"pbem: {why}; here is your seat's view now:", style="yellow"))
        _show(shown)
        return
    data = player.export(game)  # checked against the receipt
    position = position_in_export(data, at)
    if as_json:
        _print_json({"game": game, "at": at, "available": True, **position})
        return
    _print_position(position, _words(data)[at])


def _read_log_file(file: str) -> Any:
    """An export from a file ('-': stdin), read strictly (canonical JSON rules)."""
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as exc:
        raise ClientError(f"cannot read {file}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise ClientError(f"{file} is not a text file") from exc
    try:
        return loads_strict(text)
    except ValueError as exc:
        try:
            json.loads(text)
        except ValueError:
            raise ClientError(f"{file} is not a log pbem can audit: {exc}") from exc
        # JSON that readers read differently (a key twice, NaN): a log that fails, not a bad file
        raise _Ambiguous(f"{file} is not a log that has one meaning: {exc}") from exc


class _Ambiguous(ClientError):
    """An export that is JSON but not one log: two readers could replay two different games."""


@app.command()
def replay(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="An export from `pbem export` ('-' reads stdin).")
    ],
    at: Annotated[
        int | None,
        typer.Option("--at", metavar="N", help="The position right after entry N (default: the last)."),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every position, from the start to the end, in order.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Step through a finished game offline, everything revealed, from its export (except a
    blind magier game's unburnt wisdoms: nobody ever reveals those, so they show as "?").

    The file is audited first: a log that FAILs is refused (exit 4), one that is INCOMPLETE
    (the game is not over, its seed still secret) cannot be replayed (exit 3). Step with
    --at N (N from `pbem log`), or print every position with --all.
    """
    from client.play import positions_in_export

    try:
        data = _read_log_file(file)
    except _Ambiguous as exc:
        _fail(f"pbem: FAIL: {exc}; a log that fails the audit is not replayed", EXIT_UNTRUSTED, loud=True)
    verdict = audit_export(data)
    if not verdict.ok:
        _fail(f"pbem: FAIL: {verdict.reason}; a log that fails the audit is not replayed", EXIT_UNTRUSTED, loud=True)
    if not verdict.complete:
        _fail(
            "pbem: INCOMPLETE: the game is not over, so the server's seed is still secret and "
            "nothing can be replayed yet",
            EXIT_INCOMPLETE,
        )
    entries = data["entries"]
    if every and at is not None:
        raise ClientError("--at and --all go one at a time: one position, or every one")
    started = next((e["seq"] for e in entries if e.get("type") == "start"), len(entries) - 1)
    seqs = list(range(started, len(entries))) if every else [len(entries) - 1 if at is None else at]
    positions = positions_in_export(data, seqs)
    if as_json:
        _print_json({"game": verdict.game, "verdict": verdict.word, "positions": positions})
        return
    words = _words(data)
    for position in positions:
        _print_position(position, words[position["seq"]])
    if not every:
        seq = positions[0]["seq"]
        steps = [f"--at {n}" for n in (seq - 1, seq + 1) if started <= n < len(entries)]
        if steps:
            _out().print(Text(f"step with: pbem replay {file} " + " or ".join(steps), style="dim"))


@app.command()
def export(
    game: GameArg,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", metavar="FILE", help="Write the export to this file."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Download the whole signed log (with the reveal once the game is over) for `pbem audit`."""
    data = _player().export(game, output)
    if output is None:
        _print_json(data)
        return
    if as_json:
        _print_json(
            {"game": game, "file": str(output), "entries": len(data.get("entries") or []),
             "complete": any(e.get("type") == "reveal" for e in data.get("entries") or [])}
        )
        return
    _out().print(
        Text(
            f"wrote {output} ({len(data.get('entries') or [])} entries); check it with: pbem audit {output}"
        )
    )


@app.command()
def audit(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="An export from `pbem export` ('-' reads stdin).")
    ],
    as_json: JsonOpt = False,
) -> None:
    """Check an exported game offline: every signature, link, commitment, random draw and move.

    Prints PASS, INCOMPLETE (the game is not over: nothing to replay yet) or FAIL with the
    first entry that fails. Exit status 0 only on PASS; 3 on INCOMPLETE; 4 on FAIL (the log
    failed a check); 1 if the file cannot be read at all.
    """
    try:
        verdict = audit_export(_read_log_file(file))
    except _Ambiguous as exc:
        verdict = Verdict(ok=False, complete=False, reason=str(exc))
    if as_json:
        _print_json(verdict.to_json())
    else:
        style = {"PASS": "bold green", "INCOMPLETE": "bold yellow"}.get(verdict.word, "bold red")
        line = Text(f"{verdict.word}: ", style=style)
        line.append(verdict.reason)
        _out().print(line)
        if verdict.game:
            c = verdict.checked
            _out().print(
                Text(
                    f"game {verdict.game} ({verdict.engine}): {c.get('entries', 0)} entries, "
                    f"{c.get('signatures', 0)} signatures, {c.get('commitments', 0)} commitments, "
                    f"{c.get('moves', 0)} moves replayed"
                    + (f"; result {json.dumps(verdict.result)}" if verdict.result else "")
                )
            )
    if verdict.word == "INCOMPLETE":
        raise typer.Exit(EXIT_INCOMPLETE)
    if verdict.word != "PASS":
        raise typer.Exit(EXIT_UNTRUSTED)  # the log failed a check, as --help says of exit 4


@app.command()
def compare(
    game: GameArg,
    code: Annotated[
        str | None,
        typer.Argument(
            metavar="CODE",
            help="Another player's code from their `pbem compare GAME`, to check against yours.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Compare receipts with another player: did the server show you both the same game?

    Without CODE, print your receipt (the newest signed entry you verified and a
    fingerprint of the seats' keys) as a short code to read to the other player. With
    their CODE, check it against your verified log: exit 0 on a match, 4 if the
    server showed you two different histories.
    """
    player = _player()
    if code is None:
        receipt = player.store.receipt(game)
        if receipt is None:
            raise ClientError(f"you have never looked at game {game}: run `pbem show {game}` first")
        described = compare_receipts.describe(game, receipt)
        if as_json:
            _print_json(described)
            return
        out = _out()
        out.print(Text(f"game {game}, as you verified it up to entry {described['seq']}:"))
        out.print(Text(f"  head  {compare_receipts.groups(described['hash'][: compare_receipts.HEAD_CHARS])}"))
        if described["started"]:
            out.print(Text(f"  keys  {compare_receipts.groups(described['keys'][: compare_receipts.KEYS_CHARS])}"))
        out.print(Text(f"  code  {described['code']}", style="bold"))
        out.print(Text(f"the other player runs: pbem compare {game} {described['code']}"))
        return
    try:
        other = compare_receipts.parse_code(code)
    except ValueError as exc:
        raise ClientError(str(exc)) from exc
    checked = compare_receipts.check(player.api, player.store, game, other)
    if as_json:
        _print_json(checked)
        return
    _out().print(Text(checked["text"], style="bold green"))


# -- mail ---------------------------------------------------------------------------------

NOTIFY_SETTINGS = ("all", "digest", "none")


def _notify_line(settings: dict[str, Any]) -> str:
    muted = settings.get("muted") or []
    words = {"all": "every mail", "digest": "one daily digest", "none": "no mail"}
    setting = settings.get("notify")
    return f"mail: {setting} ({words.get(str(setting), '?')}); muted games: {', '.join(muted) or 'none'}"


@app.command()
def notify(
    what: Annotated[
        str | None,
        typer.Argument(
            metavar="[all|digest|none|GAME]",
            help="all: every mail; digest: one mail a day; none: no mail; or a GAME to --mute/--unmute.",
        ),
    ] = None,
    mute: Annotated[
        bool | None, typer.Option("--mute/--unmute", help="With a GAME: no mail about it / mail again.")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Which mail you get: every mail (your turn, invitations, start, game over), a daily
    digest, or none; or mute one game. Without arguments, show the current setting."""
    api = _player().api
    if what is not None and what not in NOTIFY_SETTINGS and all(c in "0123456789abcdef" for c in what):
        what = _player().find_game(what)  # a GAME, perhaps by a prefix of its id
    if what is None:
        if mute is not None:
            raise ClientError("--mute and --unmute need a GAME: pbem notify GAME --mute")
        settings = api.notify()
    elif what in NOTIFY_SETTINGS:
        if mute is not None:
            raise ClientError("--mute and --unmute go with a GAME, not with a setting")
        settings = api.notify(what)
    elif mute is None:
        settings = api.notify()
        state = "muted" if what in (settings.get("muted") or []) else "not muted"
        if as_json:
            _print_json({**settings, "game": what, "game_muted": state == "muted"})
        else:
            _out().print(Text(f"game {what} is {state}; " + _notify_line(settings)))
        return
    else:
        settings = api.mute(what, mute)
    if as_json:
        _print_json(settings)
        return
    _out().print(Text(_notify_line(settings)))


def key_fingerprint(public_hex: str) -> str:
    """The first 64 bits of SHA-256 over the public key, in groups of four hex digits."""
    import hashlib

    digest = hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:16]
    return " ".join(digest[i : i + 4] for i in range(0, 16, 4))


@app.command()
def whoami(as_json: JsonOpt = False) -> None:
    """Your account as the server knows it: name, e-mail, server, key fingerprint, mail settings."""
    player = _player()
    me = player.api.me()
    settings = player.api.notify()
    out = {
        "name": me.get("name"),
        "email": me.get("email"),
        "server": player.config.get("server"),
        "key": me.get("key"),
        "fingerprint": key_fingerprint(str(me.get("key"))),
        "key_file": str(player.store.key_path),
        "notify": settings.get("notify"),
        "muted": settings.get("muted") or [],
    }
    if as_json:
        _print_json(out)
        return
    console = _out()
    for label, value in (
        ("name", out["name"]),
        ("email", out["email"]),
        ("server", out["server"]),
        ("key", f"{out['fingerprint']} (SHA-256 of your public key; {out['key_file']})"),
        ("mail", _notify_line(settings).removeprefix("mail: ")),
    ):
        console.print(Text(f"{label:<7}{value}"))


@app.command()
def servers(
    default: Annotated[
        str | None,
        typer.Option("--default", metavar="URL", help="Make your account on URL the default one."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Your accounts, one per server (one key for all of them), the default one marked.

    `pbem init --server URL ...` adds an account (and makes it the default); any command
    takes `pbem --server URL COMMAND` (or PBEM_SERVER=URL) to use another one.
    """
    player = Player()
    if default is not None:
        player.set_default(default)
    chosen = player.store.config().get("server")
    rows = [
        {"server": url, "name": acct.get("name"), "email": acct.get("email"), "default": url == chosen}
        for url, acct in sorted(player.accounts().items())
    ]
    if as_json:
        _print_json(rows)
        return
    if not rows:
        _fail(f"no pbem account in {player.store.home}: run `pbem init --server URL --name NAME --email EMAIL` first")
    for row in rows:
        mark = "*" if row["default"] else " "
        _out().print(Text(f"{mark} {row['server']}  {row['name']} <{row['email']}>"))
    _out().print(Text("* the default; another one: pbem --server URL COMMAND", style="dim"))


@app.command()
def cards(
    engine: Annotated[
        str,
        typer.Argument(metavar="ENGINE", help="A game with cards, e.g. siedler.", autocompletion=lambda incomplete: _engine_ids(incomplete)),
    ],
) -> None:
    """Every card of a game: its name, count, cost, effect in words, and whether its data is
    `house` (our reading, where no source confirmed it) or `confirmed`."""
    found = local_engine(engine)
    text = getattr(found, "cards_text", None)
    if text is None:
        _fail(f"pbem: {engine} has no card list (games with one: {', '.join(_card_games()) or 'none'})")
    sys.stdout.write(str(text()).rstrip("\n") + "\n")
    sys.stdout.flush()


def _card_games() -> list[str]:
    import engines as all_engines

    return [e.id for e in all_engines.all() if hasattr(e, "cards_text")]


def _engine_ids(incomplete: str) -> list[str]:
    """Shell completion for an ENGINE: the engines this pbem knows."""
    import engines as registry

    return [e for e in registry.ids() if e.startswith(incomplete)]


@app.command()
def rules(
    engine: Annotated[
        str,
        typer.Argument(metavar="ENGINE", help="magier or feuersalamander.", autocompletion=_engine_ids),
    ],
    as_json: JsonOpt = False,
) -> None:
    """A game's rules in short, with our rulings (MH-n, FS-n) and house rule; offline.

    Prompts that cite a ruling, such as "(ruling FS-13, ...)", point here.
    """
    import engines as registry

    try:
        text = registry.rules_text(engine)
    except LookupError as exc:  # an unknown engine (UnknownEngine says which are known), or no summary
        _fail(f"pbem: {exc}", 2)
        return
    if as_json:
        _print_json({"engine": engine, "title": registry.get(engine).title, "text": text})
        return
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


def main() -> None:
    app()
