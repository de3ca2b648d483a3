"""One home's identity and its accounts, one per server it plays on.

The key is the identity; an account binds it to a name on a server, whose own key is
remembered on first use so a server that later shows another one is refused (as ssh does).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from client.api import Api, ApiError, normalise_server
from client.player import rotating
from client.player.errors import ClientError, NewServerKey, NotInitialised

ACCOUNT_FIELDS = ("name", "email", "server_key")


def account_config(stored: dict[str, Any], server: str | None) -> dict[str, Any]:
    """The account of `stored` (a home's config.json) on `server`, or the default one."""
    if server is None or server == stored.get("server"):
        return dict(stored) if stored.get("server") else {}
    found = (stored.get("accounts") or {}).get(server)
    return {"server": server, **found} if isinstance(found, dict) else {"server": server}


def with_account(
    stored: dict[str, Any], server: str, account: dict[str, Any], default: bool
) -> dict[str, Any]:
    """`stored` with the account on `server` added (or replaced); the default one when asked.

    The default account is the top level (a home from before profiles reads as it did); the
    others are under `accounts`, by URL. Each account is kept in one place only."""
    accounts = dict(stored.get("accounts") or {})
    if stored.get("server"):
        accounts[stored["server"]] = {k: stored[k] for k in ACCOUNT_FIELDS if k in stored}
    accounts[server] = {k: account[k] for k in ACCOUNT_FIELDS if k in account}
    top = {k: v for k, v in stored.items() if k not in (*ACCOUNT_FIELDS, "server", "accounts")}
    chosen = server if default or not stored.get("server") else str(stored["server"])
    others = {url: acct for url, acct in accounts.items() if url != chosen}
    return {**top, "server": chosen, **accounts[chosen], **({"accounts": others} if others else {})}


class Accounts:
    """One identity (home directory), its accounts, and the server connection of the chosen one."""

    def __init__(
        self, home: Path | str | None = None, timeout: float | None = None, server: str | None = None
    ) -> None:
        # mid-rotation its key is the one the chosen server knows this home by (rotating.py)
        self.store = rotating.RotatingStore(home, lambda: self.config.get("server"))
        self.timeout = timeout
        self.server = normalise_server(server) if server else None
        self._api: Api | None = None

    @property
    def config(self) -> dict[str, Any]:
        """The account on the chosen server: `server`, `name`, `email`, `server_key`.

        One home holds one key and an account per server (`accounts`, by URL); the top level
        is the default account. A server with no account gives just `{"server": URL}`."""
        return account_config(self.store.config(), self.server)

    def accounts(self) -> dict[str, dict[str, Any]]:
        """Every account of this home, by server URL (the default one included)."""
        stored = self.store.config()
        found = dict(stored.get("accounts") or {})
        if stored.get("server"):
            found[stored["server"]] = {k: stored[k] for k in ACCOUNT_FIELDS if k in stored}
        return found

    def set_default(self, server: str) -> dict[str, Any]:
        """Make the account on `server` the one used when no --server is given."""
        server = normalise_server(server)
        accounts = self.accounts()
        if server not in accounts:
            known = ", ".join(sorted(accounts)) or "none"
            raise ClientError(f"no account of yours on {server} (yours: {known}); run `pbem init --server {server} ...`")
        self.store.save_config(with_account(self.store.config(), server, accounts[server], default=True))
        return {"server": server, **accounts[server]}

    def _new_api(self, server: str, key: Any, server_key: Any = None) -> Api:
        """An Api for `server` whose signed requests name `server_key` (the pinned one): a
        request this home signs for one server is refused by every other."""
        pinned = server_key if isinstance(server_key, str) else None
        if self.timeout is None:
            return Api(server, key, server_key=pinned)
        return Api(server, key, timeout=self.timeout, server_key=pinned)

    def begin_rotation(self) -> dict[str, Any]:
        """A new key for every account of this home, on disk with the rotation's plan before
        anything is sent (client/player/rotating.py); `finish_rotation` sends it."""
        return rotating.begin(self.store, self.accounts())

    def finish_rotation(self, say: rotating.Say | None = None) -> dict[str, Any] | None:
        """Go on with a key rotation begun and not finished (None: there is none). Every command
        asks this before its first request, so no command runs half on a replaced key."""
        if rotating.pending(self.store) is None:
            return None
        self._api = None
        quiet = say is None
        report = rotating.finish(self.store, self._new_api, say or (lambda line: None))
        if quiet:
            for line in rotating.report_lines(report):
                print(f"pbem: key rotation: {line.strip()}", file=sys.stderr)
        return report

    @property
    def api(self) -> Api:
        if self._api is None:
            self.finish_rotation()
            config = self.config
            if not config.get("server") or (not self.store.has_key() and self.server is None):
                raise NotInitialised(
                    f"no pbem account in {self.store.home}: run `pbem init --server URL --name NAME --email EMAIL` first"
                )
            # A server named with --server and no key here: the public reads (spectators).
            key = self.store.key() if self.store.has_key() else None
            self._api = self._new_api(config["server"], key, config.get("server_key"))
        return self._api

    @property
    def has_account(self) -> bool:
        """A key, and an account for it on the chosen server (as this home remembers)."""
        return self.store.has_key() and bool(self.config.get("name"))

    @property
    def name(self) -> str:
        """The account name, as the server knows it (it is part of every signed join)."""
        name = self.config.get("name")
        if not name:
            raise NotInitialised(f"no pbem account in {self.store.home}: run `pbem init` first")
        return str(name)

    def init_account(
        self, server: str, name: str, email: str, accept_new_server_key: bool = False
    ) -> dict[str, Any]:
        """Create the key (unless one exists: it is the identity) and the account on `server`.

        The server's key is remembered on first use; a server that later shows another key is
        refused (as ssh does) unless `accept_new_server_key` says the change is known.
        """
        server = normalise_server(server)
        if self.finish_rotation() is not None and rotating.pending(self.store) is not None:
            raise ClientError("your key rotation is not finished on every server: finish it first (`pbem key rotate`)")
        if not name.strip():
            raise ClientError("a name is needed (it is how the other players see you)")
        if "@" not in email:
            raise ClientError(f"not an email address: {email!r}")
        health = self._new_api(server, None).health()
        known = self.accounts().get(server) or {}
        if (
            known.get("server_key")
            and health.get("server_key") != known["server_key"]
            and not accept_new_server_key
        ):
            raise NewServerKey(server, str(known["server_key"]), str(health.get("server_key")), init=f"--name {name} --email {email}")
        key = self.store.key() if self.store.has_key() else self.store.create_key()
        api = self._new_api(server, key, health.get("server_key"))
        try:
            account = api.create_account(name, email)
        except ApiError as exc:
            if exc.status != 409:
                raise
            existing = self._existing_account(api)
            if existing is None or existing.get("name") != name:
                raise
            account = existing
        mine = {
            "name": account.get("name", name),
            "email": account.get("email", email),
            "server_key": health.get("server_key"),
        }
        # The newest account becomes the default; the others stay, reached with --server.
        self.store.save_config(with_account(self.store.config(), server, mine, default=True))
        self.server = server
        self._api = api
        return account

    @staticmethod
    def _existing_account(api: Api) -> dict[str, Any] | None:
        """Running init twice with the same key and name is not an error: the account is there."""
        try:
            return api.me()
        except ApiError:
            return None

    def new_server_key(self, game: str | None = None) -> NewServerKey | None:
        """The server's key compared with the one this home pinned for its address (at init)
        and with the one `game`'s receipt holds from its signed genesis: a NewServerKey when
        the server now offers another, else None (also when it cannot be asked). Asked when
        the server denies knowing this player or a game (an unknown key, no game), which is how
        a replaced server looks; never on the happy path, which stays one request short."""
        server = self.config.get("server")
        if not server:
            return None
        try:
            offered = self._new_api(server, None).health().get("server_key")
        except (ApiError, OSError, ValueError):
            return None
        if not isinstance(offered, str):
            return None
        pinned = self.config.get("server_key")
        if isinstance(pinned, str) and pinned != offered:
            init = f"--name {self.config.get('name') or 'NAME'} --email {self.config.get('email') or 'EMAIL'}"
            return NewServerKey(server, pinned, offered, init=init)
        receipt = (self.store.receipt(game) or {}) if game else {}
        key = receipt.get("server_key")
        if receipt.get("server") in (None, server) and isinstance(key, str) and key != offered:
            return NewServerKey(server, key, offered, game=game)
        return None

    def _public_api(self) -> Api:
        server = self.config.get("server")
        if not server:
            raise NotInitialised(
                f"no pbem server configured in {self.store.home}: run `pbem init` first"
            )
        return self._new_api(server, None)

    def vacation(self, days: int | None = None) -> dict[str, Any]:
        """This year's vacation days (used, left, until when away); with `days`, take them."""
        if days is not None and days < 1:
            raise ClientError("a vacation is at least 1 day")
        return self.api.vacation(days)
