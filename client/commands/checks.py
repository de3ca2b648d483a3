"""Checking that nobody cheated: `audit` an export offline, `compare` receipts with a player."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from client.commands.app import GameArg, JsonOpt, app, player
from client.commands.logfile import Ambiguous, read_log_file
from client.commands.output import (
    EXIT_INCOMPLETE,
    EXIT_UNSUPPORTED,
    EXIT_UNTRUSTED,
    EXIT_USAGE,
    fail,
    out,
    print_json,
    say,
)


@app.command()
def audit(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="An export from `pbem export` ('-' reads stdin).")
    ],
    as_json: JsonOpt = False,
) -> None:
    """Check an exported game offline: every signature, link, commitment, random draw and move.

    Prints PASS, INCOMPLETE (the game is not over: nothing to replay yet), FAIL with the
    first entry that fails, or UNSUPPORTED (this pbem cannot check the log: another format,
    engine, engine version or entry type; the line says which pbem can). Exit status 0 only on
    PASS; 3 on INCOMPLETE; 4 on FAIL (the log failed a check); 5 on UNSUPPORTED; 1 if the file
    cannot be read at all.
    """
    from protocol.audit import Verdict
    from protocol.audit import audit as audit_export

    data: Any = None
    try:
        data = read_log_file(file)
        verdict = audit_export(data)
    except Ambiguous as exc:
        verdict = Verdict(ok=False, complete=False, reason=str(exc))
    if as_json:
        print_json(verdict.to_json())
    else:
        from rich.text import Text

        style = {"PASS": "bold green", "INCOMPLETE": "bold yellow", "UNSUPPORTED": "bold magenta"}.get(
            verdict.word, "bold red"
        )
        line = Text(f"{verdict.word}: ", style=style)
        line.append(verdict.reason)
        out().print(line)
        if verdict.game:
            say(
                f"game {verdict.game} ({verdict.engine}): {counts_words(verdict.checked)}"
                + (f"; {_result_words(data, verdict.result)}" if verdict.result else "")
            )
    if verdict.word == "INCOMPLETE":
        raise typer.Exit(EXIT_INCOMPLETE)
    if verdict.word == "UNSUPPORTED":  # not checked here, so nobody is accused: another pbem can
        raise typer.Exit(EXIT_UNSUPPORTED)
    if verdict.word != "PASS":
        raise typer.Exit(EXIT_UNTRUSTED)  # the log failed a check, as --help says of exit 4


def counts_words(checked: dict[str, Any]) -> str:
    """'1 entry, 2 signatures, 1 commitment, 0 moves replayed': what the audit counted, each
    noun singular for one (as the /audit page counts, server/web/static/audit_page.js)."""
    from client.display.narration import counted

    return ", ".join([
        counted(checked.get("entries", 0), "entry", "entries"),
        counted(checked.get("signatures", 0), "signature"),
        counted(checked.get("commitments", 0), "commitment"),
        counted(checked.get("moves", 0), "move replayed", "moves replayed"),
    ])


def _result_words(data: Any, result: dict[str, Any]) -> str:
    """'won by seat 1 black (bo); scores red 0, black 1 (reason)': the audited result in words,
    the seats named as the export's genesis and joins name them."""
    from client.display.status import result_text

    entries = data.get("entries") if isinstance(data, dict) else None
    entries = entries if isinstance(entries, list) else []
    genesis = (entries[0].get("body") or {}) if entries and isinstance(entries[0], dict) else {}
    try:
        import engines

        names = list(engines.get(str(genesis.get("engine")), genesis.get("engine_version")).seat_names(int(genesis.get("seats") or 0)))
    except Exception:  # noqa: BLE001 - the seat numbers still say who
        names = []
    players: list[Any] = [None] * len(names)
    for e in entries:
        body = e.get("body") if isinstance(e, dict) and e.get("type") == "join" else None
        if isinstance(body, dict) and isinstance(body.get("seat"), int) and 0 <= body["seat"] < len(players):
            players[body["seat"]] = {"name": body.get("name")}
    return "result: " + result_text(result, names, players)


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
    server showed you two different histories, 2 if the code has a typo (its check says so).
    """
    from client import compare as receipts
    from client.play import ClientError

    me = player()
    if code is None:
        receipt = me.store.receipt(game)
        if receipt is None:
            raise ClientError(f"you have never looked at game {game}: run `pbem show {game}` first")
        described = receipts.describe(game, receipt)
        if as_json:
            print_json(described)
            return
        say(f"game {game}, as you verified it up to entry {described['seq']}:")
        say(f"  head  {receipts.groups(described['hash'][: receipts.HEAD_CHARS])}")
        if described["started"]:
            say(f"  keys  {receipts.groups(described['keys'][: receipts.KEYS_CHARS])}")
        say(f"  code  {described['code']}", style="bold")
        say(f"the other player runs: pbem compare {game} {described['code']}")
        return
    try:
        other = receipts.parse_code(code)
    except receipts.CodeTypo as exc:  # bad usage, never exit 4: only a code that checks accuses
        fail(f"pbem: {exc}", EXIT_USAGE)
        return
    checked = receipts.check(me.api, me.store, game, other)
    if as_json:
        print_json(checked)
        return
    say(checked["text"], style="bold green")
