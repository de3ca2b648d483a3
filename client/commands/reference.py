"""What the games are: the `engines` a server hosts, a game's `rules` and its `cards`; and
what this pbem writes and reads (`version`)."""

from __future__ import annotations

from typing import Annotated

import typer

from client.commands.app import JsonOpt, app, engine_ids, player
from client.commands.output import fail, out, print_json, write


@app.command("engines")
def engines_cmd(as_json: JsonOpt = False) -> None:
    """List the games the server hosts, with their seats and options."""
    from client.display.tables import engines_table

    found = player().engines()
    if as_json:
        print_json(found)
        return
    out().print(engines_table(found))


@app.command()
def cards(
    engine: Annotated[
        str,
        typer.Argument(metavar="ENGINE", help="A game with cards, e.g. siedler.", autocompletion=lambda incomplete: engine_ids(incomplete)),
    ],
) -> None:
    """Every card of a game: its name, count, cost, effect in words, and whether its data is
    `house` (our reading, where no source confirmed it) or `confirmed`."""
    from client.play import local_engine

    found = local_engine(engine)
    text = getattr(found, "cards_text", None)
    if text is None:
        fail(f"pbem: {engine} has no card list (games with one: {', '.join(_card_games()) or 'none'})")
    write(str(text()).rstrip("\n"))


def _card_games() -> list[str]:
    import engines as all_engines

    return [e.id for e in all_engines.all() if hasattr(e, "cards_text")]


@app.command()
def rules(
    engine: Annotated[
        str,
        typer.Argument(metavar="ENGINE", help="magier or feuersalamander.", autocompletion=engine_ids),
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
        fail(f"pbem: {exc}", 2)
        return
    if as_json:
        print_json({"engine": engine, "title": registry.get(engine).title, "text": text})
        return
    write(text.removesuffix("\n"))


@app.command("version")
def version_cmd(as_json: JsonOpt = False) -> None:
    """Print pbem's version, the log format, entry types and engine versions it writes and reads
    (as `pbem --version` does; GET /v1/version says a server's)."""
    from protocol.versions import lines, statement

    found = statement()
    if as_json:
        print_json(found)
        return
    write("\n".join(lines(found, schema=False)))
