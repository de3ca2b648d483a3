"""Looking and moving: `pbem show`, the numbered legal `moves`, and `move`."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from client.commands.app import GameArg, JsonOpt, app, find_game, game_ids, player
from client.commands.output import print_json, say, write
from client.display.listing import how_to_play_line, move_lines, no_moves_line
from client.display.status import answering_line, board_text, entry_seq, status_key, status_line

if TYPE_CHECKING:
    from client.play import Player

FORCED_LIMIT = 20  # more forced repeats than any rule allows (five key throws at most)
SINCE_LIMIT = 15  # "Since you looked:" tells this many steps at most above the board


def since_you_looked(me: Player, shown: dict[str, Any]) -> None:
    """What happened since this player last looked, in words, above the board: a move's outcome
    (a fight won, a die thrown) is otherwise only found in `pbem log`. The first look says nothing
    and only remembers. A spectator's looks are remembered in their home too (the public log
    only: they have no private payloads), so watching a game over days reads the same way."""
    names = {i: str(p.get("name")) for i, p in enumerate(shown.get("players") or []) if p}
    seat = shown.get("seat") if isinstance(shown.get("seat"), int) else None
    tell_since(me, shown["game"], shown["head"]["seq"], names, str(shown.get("engine")), seat)


def since_listing(me: Player, listed: dict[str, Any]) -> None:
    """The "Since you looked" lines above `pbem move GAME`'s list, as above `pbem show`'s board: the mail
    says to list your moves first, so the list is often the first look. Names and engine come
    from the receipt the listing just verified."""
    game = listed["game"]
    receipt = me.store.receipt(game) or {}
    names = {int(s): str(n) for s, n in (receipt.get("names") or {}).items() if str(s).isdigit()}
    seat = listed.get("seat") if isinstance(listed.get("seat"), int) else None
    tell_since(me, game, listed["head"]["seq"], names, str(receipt.get("engine")), seat)


def tell_since(me: Player, game: str, head: int, names: dict[int, str], engine_id: str, seat: int | None) -> None:
    """Say the steps after the last look up to `head`, then remember `head` as seen."""
    import engines
    from protocol.story import tell

    last = me.store.seen(game)
    if last is not None and head > last:
        try:
            engine = engines.get(engine_id, (me.store.receipt(game) or {}).get("engine_version"))
        except (engines.UnknownEngine, engines.UnknownVersion):
            engine = None
        lines = tell(
            engine, me.log(game, start=last + 1), names, after_seq=last, own=_own_events(me, game, engine),
            reader=seat,
        )
        if lines:
            say("Since you looked:", style="bold")
            if len(lines) > SINCE_LIMIT:  # a long absence: the newest steps, the rest in the log
                say(f"  ({len(lines) - SINCE_LIMIT} earlier steps: pbem log {game} --from {last + 1})", style="dim")
                lines = lines[-SINCE_LIMIT:]
            for line in lines:
                say(f"  {line}")
    if last is None or head > last:
        me.store.save_seen(game, head)


def _own_events(me: Player, game: str, engine: Any) -> dict[tuple[int, int], str]:
    """(seq, index) -> words: the private events this player was shown (their checked payloads
    in the local evidence store), so "Since you looked" says what they drew, not "one concealed
    event"; the server's moves in their name are told on the move's own line instead."""
    from protocol.standing import ANSWERED
    from protocol.steps import PLAYED_FOR_YOU

    describe = getattr(engine, "describe_event", None)
    if describe is None:
        return {}
    seat = (me.store.receipt(game) or {}).get("seat")
    told: dict[tuple[int, int], str] = {}
    for p in me.store.evidence(game).get("payloads") or []:
        event = p.get("event") if isinstance(p, dict) else None
        if not isinstance(event, dict) or event.get("kind") in (PLAYED_FOR_YOU, ANSWERED):
            continue  # ANSWERED: the position a standing answer was checked against, not news
        if not (isinstance(p.get("seq"), int) and isinstance(p.get("index"), int)):
            continue
        try:
            said = describe(event)
        except Exception:  # noqa: BLE001 - an event the engine cannot tell stays counted
            said = None
        if said:
            alone = p.get("to") == [seat]
            told[(p["seq"], p["index"])] = f"{said} (only you see this)" if alone else f"{said} (seen by you too)"
    return told


def print_shown(shown: dict[str, Any], me: Player | None = None) -> None:
    """The board, the status line under it, and what a spectator or a finished game adds."""
    if me is not None:
        since_you_looked(me, shown)
    write(board_text(shown))
    say(status_line(shown), style="bold green" if shown.get("your_turn") else "bold")
    if shown.get("status") != "open":
        say(status_key(shown), style="dim")
    answering = answering_line(shown)
    if answering:
        say(answering)
    if shown.get("spectator") and shown.get("status") == "running":
        from client.spectate import UNCHECKED

        say(UNCHECKED, style="dim")
    if shown.get("status") == "over":
        if me is not None:
            from client.display.status import end_lines

            for line in end_lines(shown, me.log(shown["game"])):
                say(line, style="bold")
        if shown.get("final_view") is not None:
            say(shown.get("final_note") or "the final position, everything revealed (the log replayed: PASS)")
        game = shown["game"]
        say(f"keep it and check it: pbem export {game} -o {game}.json && pbem audit {game}.json", style="dim")


def print_moves(listed: dict[str, Any]) -> None:
    if not listed["moves"]:
        say(no_moves_line(listed["game"]))
        return
    for line in move_lines(listed):
        say(line)
    say(how_to_play_line(listed["game"]), style="dim")


@app.command()
def show(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            callback=find_game,
            autocompletion=game_ids,
            help="The game id, or a unique prefix of it (4 characters or more); without it, the "
            "game waiting for your move.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the game as your seat sees it, after checking the log and your private payloads.

    Without GAME: the game where it is your turn (several: they are listed; none: said so).
    Without a seat in it you watch: the public board, whose turn it is and the result (checked
    against the signed log), and at the end the final position with everything revealed.
    """
    me = player()
    if game is None:
        game = _waiting_game(me, as_json)
        if game is None:
            return
    shown = looked_at(me, game)
    if as_json:
        print_json(shown)
        return
    print_shown(shown, me)


def looked_at(me: Player, game: str) -> dict[str, Any]:
    """What `pbem show` prints: the seat's view, or, without a seat, the spectator's (whose
    log must agree that this player holds none)."""
    from client import spectate
    from client.api import ApiError

    if not me.has_account:
        return spectate.watch(me, game)
    try:
        return me.show(game)
    except ApiError as exc:
        if exc.status not in (403, 404):  # 404: a private game answers a non-member as no game
            raise
        return spectate.watch(me, game)  # no seat: watch (the log must agree)


def _waiting_game(me: Player, as_json: bool) -> str | None:
    """The one game waiting for this player's move; with several, they are listed (and None
    returned), with none, that is said. Whose turn it is comes from each game's verified log."""
    from client.display.status import waiting_line
    from client.play import ClientError

    if not me.has_account:
        raise ClientError("name the game to watch: pbem show GAME (pbem games --watch lists them)")
    waiting = me.waiting_games()
    if len(waiting) == 1:
        return str(waiting[0]["id"])
    if as_json:
        print_json({"waiting": [g["id"] for g in waiting]})
        return None
    if not waiting:
        say("no game is waiting for your move; your games: pbem games")
        return None
    say(f"{len(waiting)} games are waiting for your move; show one with pbem show GAME:")
    for g in waiting:
        say(f"  {waiting_line(g)}")
    return None


@app.command()
def moves(game: GameArg, as_json: JsonOpt = False) -> None:
    """List your legal moves, numbered: `pbem move GAME N` plays number N.

    Your client works them out itself from the view the signed log commits to, and checks
    the server's list against them (a difference is a lie: exit 4)."""
    listed = player().list_moves(game)
    if as_json:
        print_json(listed)
        return
    print_moves(listed)


@app.command()
def move(
    game: GameArg,
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="MOVE",
            help="A number from the list, or the move in the game's notation (quoted or not: "
            "the rest of the line is the move).",
            show_default=False,
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
    from client.legal import format_move

    me = player()
    chosen = " ".join(words) if words else None  # `pbem move G claim queen:row5 king:fire`, unquoted
    if chosen is None:
        listed = me.list_moves(game)
        if as_json:
            print_json(listed)
        else:
            since_listing(me, listed)
            print_moves(listed)
        return
    st, chosen_move = me.prepare(game, chosen)
    if dry_run:
        would = me.dry_run(st, chosen_move)
        if as_json:
            print_json({**would, "sent": False})
            return
        say(f"would play {would['text']} (entry {would['envelope']['seq']}); nothing sent", style="bold")
        print_json(would["envelope"])
        if would["secret"] is not None:
            say("concealed part (sent only to the server, committed in the envelope):")
            print_json(would["secret"])
        return
    text = format_move(st.engine, chosen_move)
    if _by_number(chosen) and not yes and _interactive():
        if not typer.confirm(f"play {text}? It cannot be undone", default=False):
            say("not sent")
            return
    if not as_json:
        say(f"sending {text} ...")
    answer = me.submit(st, chosen_move)
    if not as_json:
        say(f"played {answer.get('text')} (entry {entry_seq(answer)})", style="bold")
    again = [] if one else _forced_repeats(me, game, chosen_move, as_json)
    shown = me.show(game)
    if as_json:
        print_json(
            {
                "move": answer.get("move"),
                "text": answer.get("text"),
                "head": answer.get("head"),
                "forced": [{"text": a.get("text"), "entry": entry_seq(a)} for a in again],
                "show": shown,
            }
        )
        return
    print_shown(shown, me)


def _forced_repeats(me: Player, game: str, played: dict[str, Any], quiet: bool) -> list[dict[str, Any]]:
    """Play the same move again while it stays the only legal one (Der Feuersalamander's key
    throws): a decision with no choice is not worth a command of its own. Each is a signed move
    like any other, made on the verified head and echoed."""
    answers: list[dict[str, Any]] = []
    for _ in range(FORCED_LIMIT):
        st = me.state(game)
        if not st.my_turn:
            break
        listed = me.moves(game)["moves"]
        if len(listed) != 1 or listed[0]["move"] != played:
            break
        answer = me.submit(st, played)
        answers.append(answer)
        if not quiet:
            say(f"played {answer.get('text')} again (entry {entry_seq(answer)}): the only move", style="bold")
    return answers


def _by_number(chosen: str) -> bool:
    return chosen.strip().lstrip("#").isdigit()


def _interactive() -> bool:
    """Questions only on a terminal: a script that pipes `pbem move G 3` is not asked."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
