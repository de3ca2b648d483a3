"""Your account and your servers: `pbem init`, `whoami`, `servers`, and which mail you get."""

from __future__ import annotations

from typing import Annotated

import typer

from client.commands.app import JsonOpt, app, player
from client.commands.output import fail, print_json, say, warn
from client.display.status import key_fingerprint, notify_line


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
        str | None, typer.Option(metavar="NAME", help="Your player name, as the others will see it.")
    ] = None,
    email: Annotated[
        str | None, typer.Option(metavar="EMAIL", help="Where your-turn and game-over mail goes.")
    ] = None,
    accept_new_server_key: Annotated[
        bool,
        typer.Option(
            "--accept-new-server-key",
            help="The server's key changed and you know why (its operator told you): accept it.",
        ),
    ] = False,
    restore: Annotated[
        bool,
        typer.Option(
            "--restore",
            help=(
                "Bring back your account from your key alone, into an empty home: the 24 words "
                "`pbem key backup` printed (asked for, or read from standard input), or --key FILE; "
                "then rebuild your games and the secrets of your moves from the server's logs."
            ),
        ),
    ] = False,
    key_file: Annotated[
        str | None,
        typer.Option("--key", metavar="FILE", help="With --restore: the key file (`pbem key backup --file`) instead of the words."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Create your key (if there is none yet) and your account on a server.

    One home may hold accounts on several servers (one key for all): the newest becomes the
    default, `pbem --server URL COMMAND` uses another, `pbem servers` lists them.
    The key (key.pem in $PBEM_HOME) IS your account: there is no password. Back it up
    (`pbem key backup`); `pbem init --restore --server URL` brings a lost home back from it.
    The server's key is remembered; if it ever changes, every command says loudly that it is
    not the server you played with and exits 4 (as ssh does), and init refuses until you run
    it with --accept-new-server-key.
    """
    if restore:
        if name is not None or email is not None:
            fail("pbem: --restore takes the name and e-mail from the server: leave out --name and --email", 2)
        _restore(server, key_file, as_json)
        return
    if key_file is not None:
        fail("pbem: --key FILE goes with --restore", 2)
    if name is None or email is None:
        fail("pbem: pbem init needs --name NAME and --email EMAIL (or --restore, to bring back an account from its key)", 2)
    assert name is not None and email is not None
    me = player()
    account = me.init_account(server, name, email, accept_new_server_key)
    say(
        f"account {account.get('name')} <{account.get('email')}> on {me.config['server']}; "
        f"key {me.store.key_path} (back it up: it is your account)"
    )
    if as_json:
        print_json({**account, "server": me.config["server"], "key_file": str(me.store.key_path)})
        return
    others = sorted(url for url in me.accounts() if url != me.config["server"])
    if others:
        say(
            f"this server is now your default; your other accounts ({', '.join(others)}) stay: "
            "pbem --server URL COMMAND, or `pbem servers`"
        )


def _restore(server: str, key_file: str | None, as_json: bool) -> None:
    """`pbem init --restore`: the key from the words (or a key file), checked, then the home."""
    import sys

    from client.player.key_words import key_from_file, key_from_words
    from client.player.restoring import restore
    from client.store import Store

    if key_file is not None:
        key = key_from_file(key_file)
    elif sys.stdin.isatty():
        key = key_from_words(typer.prompt("Your key's 24 words, as `pbem key backup` printed them"))
    else:
        key = key_from_words(sys.stdin.read())
    done = restore(Store(), server, key, warn)
    if as_json:
        print_json(done)
    else:
        say(
            f"account {done['name']} <{done['email']}> on {done['server']} restored; key {done['fingerprint']} "
            f"in {done['key_file']}; {len(done['games'])} games rebuilt"
        )
    if done["failed"]:
        named = ", ".join(str(f["game"] or "the list of games") for f in done["failed"])
        fail(
            f"pbem: not rebuilt now: {named} (the server failed: {done['failed'][0]['detail']}); "
            f"run `pbem games` again later, or `pbem init --restore --server {done['server']}` again"
        )


NOTIFY_SETTINGS = ("all", "digest", "none")


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
    from client.play import ClientError

    api = player().api
    if what is not None and what not in NOTIFY_SETTINGS and all(c in "0123456789abcdef" for c in what):
        what = player().find_game(what)  # a GAME, perhaps by a prefix of its id
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
            print_json({**settings, "game": what, "game_muted": state == "muted"})
        else:
            say(f"game {what} is {state}; " + notify_line(settings))
        return
    else:
        settings = api.mute(what, mute)
    if as_json:
        print_json(settings)
        return
    say(notify_line(settings))


@app.command()
def whoami(as_json: JsonOpt = False) -> None:
    """Your account as the server knows it: name, e-mail, server, key fingerprint, mail settings."""
    me = player()
    account = me.api.me()
    settings = me.api.notify()
    shown = {
        "name": account.get("name"),
        "email": account.get("email"),
        "server": me.config.get("server"),
        "key": account.get("key"),
        "fingerprint": key_fingerprint(str(account.get("key"))),
        "key_file": str(me.store.key_path),
        "notify": settings.get("notify"),
        "muted": settings.get("muted") or [],
    }
    if as_json:
        print_json(shown)
        return
    for label, value in (
        ("name", shown["name"]),
        ("email", shown["email"]),
        ("server", shown["server"]),
        ("key", f"{shown['fingerprint']} (SHA-256 of your public key; {shown['key_file']})"),
        ("mail", notify_line(settings).removeprefix("mail: ")),
    ):
        say(f"{label:<7}{value}")


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
    from client.play import Player

    home = Player()
    if default is not None:
        home.set_default(default)
    chosen = home.store.config().get("server")
    rows = [
        {"server": url, "name": acct.get("name"), "email": acct.get("email"), "default": url == chosen}
        for url, acct in sorted(home.accounts().items())
    ]
    if as_json:
        print_json(rows)
        return
    if not rows:
        fail(f"no pbem account in {home.store.home}: run `pbem init --server URL --name NAME --email EMAIL` first")
    for row in rows:
        mark = "*" if row["default"] else " "
        say(f"{mark} {row['server']}  {row['name']} <{row['email']}>")
    say("* the default; another one: pbem --server URL COMMAND", style="dim")
