"""A game's past: the `log` in words, `replay` of a finished game offline, and `export`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from client.commands.app import GameArg, JsonOpt, app, player
from client.commands.logfile import Ambiguous, read_log_file
from client.commands.moving import looked_at, print_shown
from client.commands.output import (
    EXIT_INCOMPLETE,
    EXIT_UNSUPPORTED,
    EXIT_UNTRUSTED,
    fail,
    print_json,
    say,
    warn,
    write,
)
from client.display.status import draw

if TYPE_CHECKING:
    from client.play import Player


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
    your own concealed parts and the private events you were shown are shown to you, and once
    the game is over every private event (every deal and draw), replayed from the log.

    Everything is checked first (signatures, links, your receipt, each payload against its
    commitment). --json prints the signed entries themselves.
    """
    from client.api import ApiError
    from client.display.narration import (
        History,
        entry_lines,
        entry_words,
        replayed_private,
        signed_words,
    )
    from client.play import ClientError

    me = player()
    if at is not None:
        _log_at(me, game, at, as_json)
        return
    entries = me.log(game, start)
    if as_json:
        print_json(entries)
        return
    receipt = me.store.receipt(game) or {}
    if receipt.get("seat") is not None and receipt.get("status") == "running":
        try:
            me.state(game)  # fetches and checks the private payloads owed to this seat
            receipt = me.store.receipt(game) or receipt
        except (ClientError, ApiError):
            pass  # the public history is still told
    if start > 0:  # the earlier entries still name the moves the reveal speaks of
        entries = me.log(game, 0)
    revealed = None
    if entries and entries[-1].get("type") == "reveal":  # over: every private event may be told
        from protocol.entries import FORMAT

        revealed = replayed_private({"format": FORMAT, "game": game, "entries": entries})
    history = History(receipt, me.store.evidence(game), revealed, entries)
    for entry in entries:
        words = entry_words(entry, history)
        if entry["seq"] < start:
            continue
        for line in entry_lines(words):
            say(line)
    say(signed_words(entries), style="dim")
    if revealed and any(revealed.values()):
        say("the game is over: every private event above was replayed from the revealed log (audit PASS)", style="dim")


def _print_position(position: dict[str, Any], words: tuple[str, list[str]]) -> None:
    """'after entry N: <the entry in words>', its events, then the board."""
    from client.display.narration import entry_lines

    say(f"after entry {position['seq']} of {position['entries'] - 1}:", style="bold")
    for line in entry_lines(words):
        say(line)
    write(draw(position["engine"], position["view"], position["text"], position.get("engine_version")))


def _log_at(me: Player, game: str, at: int, as_json: bool) -> None:
    """`pbem log GAME --at N`: the replayed position of a finished game; before the reveal, say
    why not and show the seat's current view instead."""
    from client.display.narration import replayed_private, words
    from client.play import position_in_export

    shown = looked_at(me, game)  # a spectator's too
    if shown["status"] != "over":
        why = (
            f"the position after entry {at} can be drawn only once game {game} is over: the "
            "server's seed stays secret until the reveal, and without it nothing can be replayed"
        )
        if as_json:
            print_json({"game": game, "at": at, "available": False, "reason": why, "show": shown})
            return
        now = "your seat's view" if shown.get("seat") is not None else "the game as it stands"
        warn(f"pbem: {why}; here is {now}:")
        print_shown(shown)
        return
    data = me.export(game)  # checked against the receipt
    private = replayed_private(data)  # one replay for the words and the record both
    position = position_in_export(data, at, private)
    if as_json:
        print_json({"game": game, "at": at, "available": True, **position})
        return
    _print_position(position, words(data, private)[at])


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

    The file is audited first: a log that FAILs is refused (exit 4), one this pbem cannot
    check (UNSUPPORTED: another format or rules version) too (exit 5), one that is INCOMPLETE
    (the game is not over, its seed still secret) cannot be replayed (exit 3). Step with
    --at N (N from `pbem log`), or print every position with --all.
    """
    from client.display.narration import replayed_private, words
    from client.play import ClientError, positions_in_export
    from protocol.audit import audit as audit_export

    try:
        data = read_log_file(file)
    except Ambiguous as exc:
        fail(f"pbem: FAIL: {exc}; a log that fails the audit is not replayed", EXIT_UNTRUSTED, loud=True)
    verdict = audit_export(data)
    if not verdict.supported:
        fail(f"pbem: UNSUPPORTED: {verdict.reason}; this pbem cannot replay it", EXIT_UNSUPPORTED)
    if not verdict.ok:
        fail(f"pbem: FAIL: {verdict.reason}; a log that fails the audit is not replayed", EXIT_UNTRUSTED, loud=True)
    if not verdict.complete:
        fail(
            "pbem: INCOMPLETE: the game is not over, so the server's seed is still secret and "
            "nothing can be replayed yet",
            EXIT_INCOMPLETE,
        )
    entries = data["entries"]
    if every and at is not None:
        raise ClientError("--at and --all go one at a time: one position, or every one")
    started = next((e["seq"] for e in entries if e.get("type") == "start"), len(entries) - 1)
    seqs = list(range(started, len(entries))) if every else [len(entries) - 1 if at is None else at]
    private = replayed_private(data)  # one replay for the words and the record both
    positions = positions_in_export(data, seqs, private)
    if as_json:
        print_json({"game": verdict.game, "verdict": verdict.word, "positions": positions})
        return
    told = words(data, private)
    for position in positions:
        _print_position(position, told[position["seq"]])
    if not every:
        seq = positions[0]["seq"]
        steps = [f"--at {n}" for n in (seq - 1, seq + 1) if started <= n < len(entries)]
        if steps:
            say(f"step with: pbem replay {file} " + " or ".join(steps), style="dim")


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
    data = player().export(game, output)
    if output is None:
        print_json(data)
        return
    if as_json:
        print_json(
            {"game": game, "file": str(output), "entries": len(data.get("entries") or []),
             "complete": any(e.get("type") == "reveal" for e in data.get("entries") or [])}
        )
        return
    say(f"wrote {output} ({len(data.get('entries') or [])} entries); check it with: pbem audit {output}")
