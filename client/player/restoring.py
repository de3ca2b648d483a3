"""A home rebuilt from its key alone (`pbem init --restore`): the account, every game, the
secrets of the seat's own moves.

Everything else a home keeps is either in the signed logs (receipts, payloads: fetched and
checked again from entry 0) or sealed in them to the key (the secrets of owner-held moves,
client/player/recovering.py, reopened by the verified sync itself). So the key is checked
against the server first (its account, or why there is none), and only then is anything
written: a failure before that leaves the home exactly as it was. A game that cannot be
rebuilt now is named; running the restore again (or `pbem games`) picks it up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client import verify
from client.api import Api, ApiError, normalise_server
from client.logcheck.hashing import key_fingerprint
from client.player.accounts import account_config, with_account
from client.player.errors import ClientError, NewServerKey, UnsupportedGame
from client.player.key_words import key_pem
from client.store import Store, StoreError, write_private
from protocol.keys import SigningKey


def _home_takes(store: Store, key: SigningKey) -> bool:
    """Whether `store` may receive `key`: True when it holds it already (a rebuild only),
    False when it holds no key; a ClientError when it holds another (never replaced: that key
    is someone's account)."""
    if not store.has_key():
        return False
    held = store.key()
    if held.public_hex == key.public_hex:
        return True
    name = store.config().get("name") or "unknown"
    raise ClientError(
        f"this home ({store.home}) holds another key (its account {name}): restore into an empty "
        "PBEM_HOME (e.g. PBEM_HOME=/path/to/new/home pbem init --restore ...)"
    )


def _account(store: Store, server: str, key: SigningKey) -> tuple[Api, dict[str, Any]]:
    """The server's Api signed by `key` and the account it answers for `key`: the server's own
    key learnt on first use (or checked against the one pinned here), the account's name and
    e-mail from /v1/me. Every way this can fail is one line."""
    def unreachable(exc: ApiError) -> ClientError:
        return ClientError(f"cannot reach {server}: {exc.detail}")

    try:
        health = Api(server).health()
    except ApiError as exc:
        if exc.status == 0 or exc.status >= 500:
            raise unreachable(exc) from None
        raise
    offered = health.get("server_key")
    if not isinstance(offered, str):
        raise ClientError(f"the server at {server} names no key of its own in /v1/health")
    pinned = account_config(store.config(), server).get("server_key")
    if isinstance(pinned, str) and pinned != offered:
        raise NewServerKey(server, pinned, offered, init="--restore")
    api = Api(server, key, server_key=offered)
    try:
        me = api.me()
    except ApiError as exc:
        if exc.status == 0 or exc.status >= 500:
            raise unreachable(exc) from None
        if exc.status == 403:
            raise ClientError(f"no account on {server} holds this key ({key_fingerprint(key.public_hex)})") from None
        if exc.status == 401 and "replaced" in exc.detail:
            raise ClientError(f"this key was replaced on {server}: {exc.detail}") from None
        raise
    if not isinstance(me, dict) or me.get("key") not in (None, key.public_hex) or not me.get("name"):
        raise ClientError(f"the server at {server} answered /v1/me with another account than this key's")
    return api, {"name": me["name"], "email": me.get("email"), "server_key": offered}


def _write(store: Store, key: SigningKey, server: str, account: dict[str, Any], held: bool) -> None:
    """The key, then the config naming the account on `server` (each written atomically); a
    config that cannot be written takes the new key file back out, so nothing is half done."""
    if not held:
        try:
            write_private(store.key_path, key_pem(key))
        except OSError as exc:
            raise StoreError(f"cannot write {store.key_path}: {exc.strerror}") from None
    try:
        store.save_config(with_account(store.config(), server, account, default=True))
    except StoreError:
        if not held:
            store.key_path.unlink(missing_ok=True)
        raise


def rebuild(api: Api, store: Store, name: str, progress: Callable[[str], None]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every game the account holds a seat in, synced from entry 0 (its receipt made, its
    payloads checked, the secrets sealed to this key reopened): (rebuilt, failed)."""
    try:
        listed = api.games()
    except ApiError as exc:
        return [], [{"game": None, "detail": f"the list of your games: {exc.detail}"}]
    done, failed = [], []
    for summary in listed:
        game = summary.get("id")
        seated = any(p and p.get("name") == name for p in summary.get("players") or [])
        if not isinstance(game, str) or not seated:
            continue
        try:
            synced = verify.sync(api, store, game, start=0)
        except (ApiError, UnsupportedGame) as exc:
            failed.append({"game": game, "detail": str(exc)})
            progress(f"game {game}: NOT rebuilt now ({exc})")
            continue
        receipt = synced.receipt
        row = {
            "game": game,
            "engine": receipt.get("engine") or summary.get("engine"),
            "status": receipt.get("status"),
            "seat": receipt.get("seat"),
            "entries": receipt["seq"] + 1,
            "secrets": len(store.secrets(game)),
        }
        done.append(row)
        kept = f", {row['secrets']} secrets of your moves kept" if row["secrets"] else ""
        progress(f"game {game} ({row['engine']}, {row['status']}): {row['entries']} entries checked{kept}")
    return done, failed


def restore(store: Store, server: str, key: SigningKey, progress: Callable[[str], None]) -> dict[str, Any]:
    """Restore the account of `key` on `server` into `store` and rebuild its games.

    Refused, with the home untouched, when the home holds another key, the server cannot be
    reached, no account there holds the key or the key was replaced; a home that holds this
    key already is only rebuilt."""
    server = normalise_server(server)
    held = _home_takes(store, key)
    api, account = _account(store, server, key)
    _write(store, key, server, account, held)
    progress(f"account {account['name']} <{account['email']}> on {server}: key {key_fingerprint(key.public_hex)} in {store.key_path}")
    done, failed = rebuild(api, store, str(account["name"]), progress)
    return {
        "server": server,
        "name": account["name"],
        "email": account["email"],
        "key": key.public_hex,
        "fingerprint": key_fingerprint(key.public_hex),
        "key_file": str(store.key_path),
        "games": done,
        "failed": failed,
    }
