"""Games and seats: create one, join, invite, list yours, play one again, resign, abort, and
stop your clocks for a vacation."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from client.commands.app import GameArg, JsonOpt, app, confirm, player
from client.commands.output import fail, out, print_json, say


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
        str | None,
        typer.Option(
            "--on-expiry",
            metavar="bot|forfeit",
            help="When the time is up: bot (a random legal move is played; the default) or forfeit "
            "(the seat loses; the only choice in a blind magier game, where no one can place or reveal for you).",
        ),
    ] = None,
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
    or the seat forfeits. A blind magier game always forfeits: no one can place or reveal for you.
    """
    from client.play import ClientError, parse_options

    options = parse_options(option)
    deadline = None
    if days is not None:
        if on_expiry not in (None, "bot", "forfeit"):
            raise ClientError(f"--on-expiry is bot or forfeit, not {on_expiry!r}")
        on_expiry = _on_expiry(engine, options, seats, on_expiry)
        deadline = {"days": days, "grace_hours": grace_hours, "on_expiry": on_expiry}
    summary = player().new_game(
        engine, options, seats, join, deadline=deadline, email_moves=email_moves, private=private
    )
    if as_json:
        print_json(summary)
        return
    say(f"game {summary['id']} ({summary.get('title') or engine}, {summary.get('seats')} seats) created")
    if deadline is not None:
        say(
            f"deadline: {days} day(s) per decision plus {grace_hours} hour(s) of grace, "
            f"then {'a random legal move is played' if on_expiry == 'bot' else 'the seat forfeits'}"
        )
    if private:
        say(f"private: invite the others with `pbem invite {summary['id']} NAME`, then they join with: pbem join {summary['id']}")
    else:
        say(f"the others join with: pbem join {summary['id']}")


def _on_expiry(engine: str, options: dict[str, Any], seats: int | None, asked: str | None) -> str:
    """What expiry the new game's deadline signs: a bot only where a bot can make every decision.
    In a blind magier game no bot can place or reveal (those need secrets only their owner holds),
    so a seat would forfeit after all: --on-expiry bot is refused there as bad usage, before
    anything is sent, and the default is forfeit. The server refuses it too; an engine or options
    this client cannot read are left to the server."""
    import engines
    from protocol.blind import owner_decides

    try:
        rules = engines.get(engine)
        reason = owner_decides(rules, rules.check_options(options, seats or rules.min_seats))
    except Exception:  # noqa: BLE001 - unknown here or bad options: the server says which
        reason = None
    if reason is None:
        return asked or "bot"
    if asked == "bot":
        fail(f"pbem: --on-expiry bot cannot be kept in this game: {reason}; use --on-expiry forfeit", 2)
    return "forfeit"


@app.command()
def join(
    game: GameArg,
    seat: Annotated[
        int | None,
        typer.Option(metavar="SEAT", help="The seat to take (default: the first free one)."),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            metavar="TOKEN",
            help="The one-time token of an invitation mail: takes the seat kept for that address.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Take a seat in an open game; the last seat taken starts the game.

    Invited by e-mail? `pbem join GAME --token TOKEN`, as the invitation mail says: the token
    proves you read that mail (the address of an account proves nothing)."""
    summary = player().join(game, seat, token)
    if as_json:
        print_json(summary)
        return
    mine = [
        p["seat"] for p in summary.get("players") or [] if p and p.get("name") == player().name
    ]
    started = (
        "the game has started" if summary.get("status") == "running" else "waiting for more players"
    )
    say(f"you sit at seat {mine[0] if mine else seat} in game {game}; {started}")


@app.command()
def invite(
    game: GameArg,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The account name of the player to invite, or an e-mail address (it gets a mail with a one-time token, how to install pbem and join: the token takes the seat).")],
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
        summary = player().cancel_invite(game, name)
        if as_json:
            print_json(summary)
            return
        say(f"the invitation of {name} to game {game} is cancelled; the seat is free")
        return
    summary = player().invite(game, name, seat)
    if as_json:
        print_json(summary)
        return
    kept = [i["seat"] for i in summary.get("invited") or [] if i["name"] == name]
    if "@" in name:  # an address: a seat is kept for whoever reads its mail (the token in it)
        say(f"a seat of game {game} is kept for {name}; the invitation mail holds a one-time token: "
            f"they take the seat with `pbem join {game} --token TOKEN`")
        return
    say(f"seat {kept[0] if kept else seat} of game {game} is kept for {name}; they join with: pbem join {game}")


@app.command()
def games(
    open_only: Annotated[
        bool, typer.Option("--open", help="List games with a free seat instead of yours.")
    ] = False,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help="List the running public games anyone may watch (no account needed), newest "
            "move first; watch one with `pbem show GAME` (a prefix of its id will do).",
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """List your games (whose turn it is, your seat), the open ones with --open, or the running
    public games to watch with --watch."""
    from client.display.tables import game_line, game_row, games_table
    from client.play import ClientError

    if open_only and watch:
        raise ClientError("--open and --watch list different games: one at a time")
    me = player()
    found = me.watchable() if watch else me.games(open_only)
    if as_json:
        print_json(found)
        return
    if not found:
        if watch:
            say("no public game is running on this server: start one with pbem new ENGINE")
        else:
            say("no open games" if open_only else "you are in no games yet: pbem new ENGINE, or pbem games --open")
        return
    rows = [game_row(g, None if open_only or watch else me.store.seen(str(g["id"]))) for g in found]
    if not sys.stdout.isatty():  # piped: one game a line, nothing cut, easy to grep and cut
        for r in rows:
            sys.stdout.write(game_line(r) + "\n")
        sys.stdout.flush()
        return
    out().print(games_table(rows))


@app.command()
def rematch(game: GameArg, as_json: JsonOpt = False) -> None:
    """Play a finished game again: same game, options and players, each one seat further on.

    The player of seat 0 takes seat 1, and so on round (two players swap colours). You take
    your new seat; the others' seats are kept for them, and they are told by mail: each one
    takes theirs with `pbem join NEW`.
    """
    from client.rematch import rematch as rematch_game

    done = rematch_game(player(), game)
    if as_json:
        print_json(done)
        return
    names = done["summary"].get("seat_names") or []
    seats = ", ".join(
        f"{name} ({names[int(s)] if int(s) < len(names) else 'seat ' + s})" for s, name in done["seats"].items()
    )
    say(f"rematch of {game}: game {done['game']}, seats {seats}")
    say(f"the others join with: pbem join {done['game']}")


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
        confirm(f"resign game {game}?")
    player().resign(game)
    say(f"you resigned game {game}")


@app.command()
def abort(
    game: GameArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Abort a game you created: one that never started, or one nobody has moved in for a long
    time (the server's ABORT_AFTER_DAYS, 30 by default). Nobody wins."""
    if not yes:
        confirm(f"abort game {game}?")
    done = player().abort(game)
    if as_json:
        print_json(done)
        return
    say(f"game {game} is aborted (entry {done['entry']['seq']}): {done['result'].get('reason')}")


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
    shown = player().vacation(days)
    if as_json:
        print_json(shown)
        return
    if days is not None:
        say(f"on vacation from {shown.get('from')} until {shown.get('until')}", style="bold")
        for moved in shown.get("moved") or []:
            say(f"  game {moved['game']}: your decision is now due by {moved['expires']}")
    away = f"; away until {shown['away_until']}" if shown.get("away_until") else ""
    say(
        f"vacation {shown.get('year')}: {shown.get('used')} of {shown.get('budget')} day(s) used, "
        f"{shown.get('left')} left{away}"
    )
