"""Waiting for your turn: a `bot` that plays your seat, `wait` until it is your move, `next`."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from client.commands.app import GameArg, JsonOpt, app, find_game, player
from client.commands.output import print_json, say, warn
from client.commands.params import later_help
from client.display.status import entry_seq, status_line, waiting_line

MIN_POLL = 1.0  # seconds: --poll 0 must not hammer the server
WAIT_FIRST = 15.0  # seconds between the first looks of `pbem wait`; doubles up to --max-poll
WAIT_MAX = 600.0


def _bot_names() -> str:
    """Every engine's bots, for `pbem bot --help` (which alone loads every engine for it)."""
    import engines as registry

    try:
        return "; ".join(
            f"{e}: {', '.join(sorted(registry.get(e).bots()))}" for e in registry.ids()
        )
    except Exception:  # noqa: BLE001 - help must show even if an engine cannot load
        return "see the game's rules"


BOTS = later_help("{bots}", _bot_names)


@app.command()
def bot(
    game: GameArg,
    name: Annotated[
        str,
        typer.Option("--bot", metavar="NAME", help=f"Which of the game's bots plays your seat: {BOTS}."),
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
    longer each time (up to 5 minutes), and said on screen. While it runs, the server sends
    your seat no your-turn mail or reminder (the bot tells it so, and again every ten minutes;
    a bot that stopped without a word is forgotten within half an hour). --once does not.
    """
    from client.play import ClientError

    if poll < 0:
        raise ClientError(f"--poll is a number of seconds, 0 or more, not {poll:g}")
    me = player()

    def report(answer: dict[str, Any], text: str) -> None:
        say(f"entry {entry_seq(answer)}: played {text}")

    def retrying(exc: Exception, delay: float) -> None:
        warn(f"pbem bot: {exc}; trying again in {delay:g} s")

    made = me.play_bot(
        game, name, until_over=not once, poll=max(poll, MIN_POLL), on_move=report,
        on_retry=retrying,
    )
    shown = me.show(game)
    say(f"{made} move(s) made")
    say(status_line(shown))


def _pause(seconds: float) -> None:
    """`pbem wait`'s sleep between looks (a name of its own, so a test can make it instant)."""
    import time

    time.sleep(seconds)


def bell_wanted(bell: bool, isatty: bool) -> bool:
    """The terminal bell rings on a terminal only, and never with --no-bell."""
    return bell and isatty


@app.command("wait")
def wait_cmd(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            callback=find_game,
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
    from client.api import ApiError
    from client.play import ClientError, retryable

    if poll < 0 or max_poll < 0:
        raise ClientError("--poll and --max-poll are numbers of seconds, 0 or more")
    me = player()
    delay = max(poll, MIN_POLL)
    told = False
    while True:
        try:
            ready = me.waiting_games(game)
        except ApiError as exc:
            if not retryable(exc):
                raise
            warn(f"pbem wait: {exc}; trying again in {delay:g} s")
            ready = []
        if ready:
            break
        if game is not None:
            summary = me.summary(game)
            if summary.get("status") == "over":
                raise ClientError(f"game {game} is over: there is no turn to wait for")
        elif not any(g.get("status") in ("running", "open") for g in me.games()):
            raise ClientError("you are in no running game: there is no turn to wait for (pbem games --open)")
        if not told and not as_json:
            where = f"game {game}" if game else "any of your games"
            warn(f"waiting for your turn in {where} (Ctrl-C stops)", style="dim")
            told = True
        _pause(delay)
        delay = min(delay * 2, max(max_poll, MIN_POLL))
    if as_json:
        print_json({"games": ready})
    else:
        for g in ready:
            say(waiting_line(g), style="bold green")
    if bell_wanted(bell, sys.stdout.isatty()):
        sys.stdout.write("\a")
        sys.stdout.flush()


@app.command("next")
def next_cmd(as_json: JsonOpt = False) -> None:
    """The game that has waited longest for your move (by its last entry's time), or say none does."""
    ready = player().waiting_games()
    if as_json:
        print_json({"game": ready[0] if ready else None, "waiting": len(ready)})
        return
    if not ready:
        say("no game waits for you")
        return
    more = f" ({len(ready) - 1} more wait for you: pbem games)" if len(ready) > 1 else ""
    say(waiting_line(ready[0]) + more, style="bold")
