"""Answers given in advance: `pbem answers`, to list, set, add and revoke a seat's standing answers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from client.commands.app import GameArg, JsonOpt, app, player
from client.commands.output import fail, print_json, say

if TYPE_CHECKING:
    from client.play import Player

@app.command()
def answers(
    game: GameArg,
    set_rules: Annotated[
        list[str] | None,
        typer.Option(
            "--set", metavar="RULE",
            help="Answer this in advance, replacing all your answers in this game with the ones given; repeatable.",
        ),
    ] = None,
    add: Annotated[
        list[str] | None,
        typer.Option("--add", metavar="RULE", help="Answer this in advance too, keeping your others; repeatable."),
    ] = None,
    revoke: Annotated[
        list[str] | None,
        typer.Option("--revoke", metavar="RULE", help="Stop answering this in advance; repeatable."),
    ] = None,
    revoke_all: Annotated[
        bool, typer.Option("--revoke-all", help="Stop answering anything in advance in this game.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """List or change your answers given in advance ("standing answers") in a game.

    A standing answer says how you answer one kind of decision before it comes up: `forced`
    (when only one move is legal, play it) in every game, and what each game adds (list them
    with `pbem answers GAME`). You sign them with your key, for this game at this point of its
    log; when such a decision comes up, the server plays the answer at once instead of asking
    you (no your-turn mail for it). The server cannot play anything else in your name: your
    client recomputes every move played for you from the position the log committed to, and
    the audit checks them all (a server that plays one your answer does not prescribe is
    caught: exit 4). Revoke them any time, one (--revoke) or all (--revoke-all); each change
    replaces your whole statement.

    Without options: the kinds this game answers in advance, yours in force, and the other
    seats' (their statements are in the public log).
    """
    me = player()
    changes = bool(set_rules or add or revoke or revoke_all)
    if set_rules and revoke_all:
        fail("pbem: --set replaces your answers and --revoke-all removes them: give one of them", 2)
    if not changes:
        shown = me.answers(game)
        if as_json:
            print_json(_jsonable(shown))
            return
        _print_listing(me, shown)
        return
    if revoke_all and not add and _mine_in_force(me, game) == []:
        # nothing to revoke: a new (empty) statement would only lengthen the log, so none is signed
        if as_json:
            print_json({"game": game, "signed": False, "texts": []})
        else:
            say(f"you have no answers in advance to revoke in game {game}: nothing signed")
        return
    rules = _wanted(me, game, set_rules or [], add or [], revoke or [], revoke_all)
    done = me.set_answers(game, rules)
    if as_json:
        print_json(_jsonable(done))
        return
    if done["texts"]:
        say(f"signed: your answers in advance in game {game} (entry {done['entry']}):", style="bold")
        for text in done["texts"]:
            say(f"  {text}")
    else:
        say(f"signed: no answers in advance in game {game} any more (entry {done['entry']})", style="bold")
    for played in done["played"]:
        whose = "for you" if played["seat"] == done["seat"] else f"for seat {played['seat']}"
        say(f"the server then played {played['text']} {whose} (entry {played['seq']}), checked by your client")


def _mine_in_force(me: Player, game: str) -> list[dict[str, Any]] | None:
    """This seat's answers in force as the verified log holds them; None without a seat (the
    server's refusal then says so)."""
    shown = me.answers(game)
    seat = shown.get("seat")
    return None if seat is None else list((shown["in_force"].get(seat) or {}).get("answers") or [])


def _wanted(
    me: Player, game: str, set_rules: list[str], add: list[str], revoke: list[str], revoke_all: bool
) -> list[dict[str, Any]]:
    """The whole statement to sign: the given --set ones, or mine in force with --add's added
    and --revoke's removed (each read by the game's own rules)."""
    from client.play import ClientError

    if revoke_all and not add:
        return []
    shown = me.answers(game)
    seat = shown.get("seat")
    if seat is None:
        raise ClientError(f"you hold no seat in game {game} (its signed log says so): only its players answer in advance")
    current = [] if revoke_all else list((shown["in_force"].get(seat) or {}).get("answers") or [])
    rules = me.parse_rules(game, set_rules) if set_rules else current
    for rule in me.parse_rules(game, add):
        if rule not in rules:
            rules.append(rule)
    for rule, text in zip(me.parse_rules(game, revoke), revoke, strict=True):
        if rule not in rules:
            raise ClientError(f"you have no answer {text!r} in force in game {game}: see pbem answers {game}")
        rules.remove(rule)
    return rules


def _print_listing(me: Player, shown: dict[str, Any]) -> None:
    game, seat = shown["game"], shown.get("seat")
    say(f"Answers given in advance in game {game} (the game's kinds; use: pbem answers {game} --set KIND):", style="bold")
    for kind in shown["kinds"]:
        say(f"  {kind['usage']}: {kind['text']}")
    in_force = shown["in_force"]
    if seat is not None:
        mine = (in_force.get(seat) or {}).get("texts") or []
        if mine:
            say(f"Yours in force (signed at entry {in_force[seat]['seq']}):", style="bold")
            for text in mine:
                say(f"  {text}")
        else:
            say("You answer nothing in advance in this game.")
    receipt = me.store.receipt(game) or {}
    for other, held in sorted(in_force.items()):
        if other == seat or not held.get("texts"):
            continue
        say(f"{me.seat_words(receipt, other)} answers in advance: {'; '.join(held['texts'])}")
    if shown.get("status") != "running":
        say(f"game {game} is {shown.get('status')}: answers in advance are given while a game runs")


def _jsonable(value: dict[str, Any]) -> dict[str, Any]:
    """Seats as JSON keys (strings), as in the receipt."""
    return {**value, "in_force": {str(k): v for k, v in value.get("in_force", {}).items()}}
