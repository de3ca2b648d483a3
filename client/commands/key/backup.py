"""`pbem key backup`: the home's key as 24 words on paper (or as a key file), never on disk unasked."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from client.commands.app import JsonOpt
from client.commands.key import key_app
from client.commands.output import print_json, say

PER_LINE = 4


def _write_new(path: Path, data: bytes) -> None:
    """Create `path` owner-only (0600) with `data`; an existing file is never replaced: it may
    be another key, and losing a key loses its account."""
    from client.player.errors import ClientError

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise ClientError(f"{path} exists already: not replacing it (name a new file)") from None
    except OSError as exc:
        raise ClientError(f"cannot write {path}: {exc.strerror}") from None
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


@key_app.command(short_help="Print your key as 24 words to keep on paper (or --file: a key file).")
def backup(
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            metavar="FILE",
            help="Write the key to FILE (a PEM key file, mode 0600; an existing file is refused) instead of printing the words.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Print your key as 24 words (BIP-39, English list) to write down and keep safe.

    The words ARE your key, and so your account on every server: anyone holding them can
    play as you. With them, `pbem init --restore --server URL` rebuilds this home on any
    machine (your games, your receipts, the secrets of your moves). Nothing is written to
    disk unless --file is given.
    """
    from client.display.status import key_fingerprint
    from client.player.errors import ClientError, NotInitialised
    from client.player.key_words import key_pem, key_words
    from client.store import Store

    store = Store()
    if not store.has_key():
        raise NotInitialised(f"no key in {store.home}: run `pbem init --server URL --name NAME --email EMAIL` first")
    from client.player import rotating

    if rotating.pending(store) is not None:
        raise ClientError(
            f"a key rotation is not finished in {store.home} (its new key is not yet the home's): "
            "run `pbem key rotate` to finish it, then back up the new key"
        )
    key = store.key()
    shown = {"key": key.public_hex, "fingerprint": key_fingerprint(key.public_hex)}
    if file is not None:
        _write_new(file, key_pem(key))
        if as_json:
            print_json({**shown, "file": str(file)})
        else:
            say(f"key {shown['fingerprint']} written to {file} (0600): it IS your account; anyone holding it is you")
        return
    words = key_words(key)
    if as_json:
        print_json({**shown, "words": words})
        return
    say(
        f"Your key ({shown['fingerprint']}) as 24 words: they ARE your account, on every server; "
        "anyone holding them is you. Write them down and keep them safe; "
        "`pbem init --restore --server URL` brings your home back from them."
    )
    width = max(len(w) for w in words)
    for row in range(0, len(words), PER_LINE):
        say("  ".join(f"{i + 1:>2}. {words[i]:<{width}}" for i in range(row, row + PER_LINE)).rstrip())
