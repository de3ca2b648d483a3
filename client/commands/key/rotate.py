"""`pbem key rotate`: replace the home's key on every server it holds an account on.

The old key signs, with the new one, that the new one replaces it, and in every game not ended
hands its seat to the new key (docs/PROTOCOL.md sections 9 and 16); from then on the old key is
refused. Run when a key may have leaked (a lost laptop, words seen by someone): the new key is
made here and never leaves this home.
"""

from __future__ import annotations

from typing import Annotated

import typer

from client.commands.app import JsonOpt, confirm
from client.commands.key import key_app
from client.commands.output import fail, print_json, say, warn


@key_app.command(short_help="Replace your key with a new one on every server (a stolen key).")
def rotate(
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask before replacing the key.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Replace your key with a new one on every server you hold an account on.

    Every game you hold a seat in that has not ended is handed to the new key (a `handover`
    entry in its log, signed by the old key; the secrets of your blind moves go along, sealed
    to the new key). The old key is refused from then on, everywhere this rotation reached:
    back up the new key (`pbem key backup`), the old words no longer open your account. The
    old key stays in $PBEM_HOME/retired/ to open what was sealed to it. A rotation cut off
    (a lost connection, a server down) is finished by your next pbem command.
    """
    from client.player.accounts import Accounts
    from client.player.errors import NotInitialised
    from client.player.rotating import pending, report_lines

    accounts = Accounts()
    store = accounts.store
    if pending(store) is None:
        if not store.has_key():
            raise NotInitialised(f"no key in {store.home}: run `pbem init --server URL --name NAME --email EMAIL` first")
        servers = sorted(url for url, acct in accounts.accounts().items() if acct.get("name"))
        if servers and not yes:
            confirm(
                f"Replace this home's key on {len(servers)} server{'s' if len(servers) != 1 else ''} "
                f"({', '.join(servers)})? Your games there are handed to the new key, and the old "
                "key (and its 24 words) is refused from then on"
            )
        accounts.begin_rotation()
    else:
        warn("pbem: finishing the key rotation this home began earlier")
    report = accounts.finish_rotation(say=lambda line: warn(f"pbem: {line}"))
    assert report is not None
    if as_json:
        print_json(report)
    else:
        for line in report_lines(report):
            say(line)
    if not report["finished"]:
        fail("pbem: the key rotation is not finished on every server: run `pbem key rotate` again")
    if any(s["state"] == "refused" for s in report["servers"]):
        fail("pbem: the key was not replaced on every server (see above)")
