"""What a player does, as plain functions: used by the CLI, the bots, the demo and the tests.

`Player(home)` is one identity (one key) with its local store and its accounts,
one per server it plays on (profiles: `Player(home, server=URL)` picks one; without it,
the home's default server). Every read of a game goes through `verify.sync`, so nothing the
server shows is used before its signatures, links, receipt and commitments
check out; every move is built and signed here, from the verified head.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import engines
from client import legal, verify
from client.api import Api, ApiError, normalise_server
from client.legal import format_move
from client.store import Store
from engines.core import Engine, IllegalMove
from protocol import steps
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.nonces import join_nonce, move_nonce

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


class ClientError(Exception):
    """Something the player asked for that cannot be done; the message says what to do instead."""


class NotInitialised(ClientError):
    pass


class ServerLie(verify.VerifyError):
    """The server refused a signed submission for a reason its own signed log contradicts."""


def parse_option(text: str) -> tuple[str, Any]:
    """'key=value' -> (key, value): JSON when it reads as JSON (true, 3, "x"), else the string."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ClientError(f"an option is key=value, got {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key, value


def parse_options(items: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items or []:
        key, value = parse_option(item)
        options[key] = value
    return options


def now_ts() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def local_engine(engine_id: str) -> Engine:
    try:
        return engines.get(engine_id)
    except engines.UnknownEngine as exc:
        raise ClientError(
            f"this pbem has no engine {engine_id!r} (known: {', '.join(engines.ids())}); upgrade pbem"
        ) from exc


@dataclass
class GameState:
    """A seat's verified look at a game: the server's view answer plus the checked log."""

    game: str
    engine: Engine
    seat: int
    status: str
    to_move: int | None
    head: dict[str, Any]
    view: dict[str, Any]
    synced: verify.Synced
    # The view exactly as the log commits to it, before this seat's own store filled in what
    # only it knows (a blind game): the server's list of moves must be the moves of this one.
    raw_view: dict[str, Any] | None = None

    @property
    def my_turn(self) -> bool:
        return self.status == "running" and self.to_move == self.seat


class Player:
    """One identity (home directory) and the operations it can perform."""

    def __init__(
        self, home: Path | str | None = None, timeout: float | None = None, server: str | None = None
    ) -> None:
        self.store = Store(home)
        self.timeout = timeout
        self.server = normalise_server(server) if server else None
        self._api: Api | None = None

    # -- account ---------------------------------------------------------------------------

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

    def _new_api(self, server: str, key: Any) -> Api:
        return Api(server, key) if self.timeout is None else Api(server, key, timeout=self.timeout)

    @property
    def api(self) -> Api:
        if self._api is None:
            config = self.config
            if not config.get("server") or (not self.store.has_key() and self.server is None):
                raise NotInitialised(
                    f"no pbem account in {self.store.home}: run `pbem init --server URL --name NAME --email EMAIL` first"
                )
            # A server named with --server and no key here: the public reads (spectators).
            key = self.store.key() if self.store.has_key() else None
            self._api = self._new_api(config["server"], key)
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
            raise ClientError(
                f"WARNING: the server at {server} now has another key than the one stored on "
                f"first use (was {str(known['server_key'])[:16]}..., now "
                f"{str(health.get('server_key'))[:16]}...): someone may be impersonating it; ask "
                "its operator, and only if the key really changed run init again with "
                "--accept-new-server-key"
            )
        key = self.store.key() if self.store.has_key() else self.store.create_key()
        api = self._new_api(server, key)
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

    # -- games ---------------------------------------------------------------------------

    def engines(self) -> list[dict[str, Any]]:
        return self.api.engines()

    def new_game(
        self,
        engine: str,
        options: dict[str, Any] | None = None,
        seats: int | None = None,
        join: bool = False,
        deadline: dict[str, Any] | None = None,
        email_moves: bool = False,
        private: bool = False,
    ) -> dict[str, Any]:
        """Create a game (seats default to the engine's minimum); join=True also takes the first seat.
        A private game is seen only by its creator, its players and the players invited.

        `deadline` ({"days", "grace_hours", "on_expiry"}) goes into the signed genesis; the
        server's game must have exactly it (or none when none is asked for).
        """
        known = {e["id"]: e for e in self.api.engines()}
        if engine not in known:
            raise ClientError(
                f"the server has no engine {engine!r}; it has: {', '.join(sorted(known)) or 'none'}"
            )
        info = known[engine]
        if seats is None:
            seats = int(info.get("min_seats", 2))
        summary = self.api.create_game(
            engine, options or {}, seats, deadline, email_moves=email_moves, private=private
        )
        asked = {"engine": engine, "seats": seats}
        wrong = [k for k, v in asked.items() if summary.get(k) != v] + [
            f"options.{k}" for k, v in (options or {}).items()
            if (summary.get("options") or {}).get(k) != v
        ]
        if _deadline_differs(deadline, summary.get("deadline")):
            wrong.append("deadline")
        if bool(summary.get("email_moves")) != email_moves:
            wrong.append("email_moves")
        if private and summary.get("private") is not True:
            wrong.append("private")
        if wrong:
            raise verify.VerifyError(
                f"the server made game {summary.get('id')} with other settings than you asked "
                f"for ({', '.join(wrong)}): not joining it"
            )
        if join:
            summary = self.join(summary["id"])
        return summary

    def join(self, game: str, seat: int | None = None) -> dict[str, Any]:
        """Take a seat (the first free one if none is named), signing a fresh join nonce."""
        summary = self.api.game(game)
        if summary.get("status") != "open":
            raise ClientError(f"game {game} is {summary.get('status')}: no seat to take")
        players = summary.get("players") or []
        if any(p and p.get("name") == self.name for p in players):
            raise ClientError(f"you hold a seat in game {game} already")
        kept = {i["seat"]: kept_for(i) for i in summary.get("invited") or []}
        mine = [s for s, name in kept.items() if name == self.name]
        free = [i for i, p in enumerate(players) if p is None and kept.get(i, self.name) == self.name]
        if seat is not None and not 0 <= seat < len(players):
            raise ClientError(seat_problem(game, seat, summary, "does not exist"))
        if seat is not None and players[seat] is not None:
            raise ClientError(seat_problem(game, seat, summary, f"is taken by {players[seat].get('name')}"))
        if seat is not None and kept.get(seat, self.name) != self.name:
            raise ClientError(seat_problem(game, seat, summary, f"is kept for {kept[seat]}"))
        if not free:
            others = [i for i, p in enumerate(players) if p is None and i in kept]
            if len(others) == 1:
                raise ClientError(seat_problem(game, others[0], summary, f"is kept for {kept[others[0]]}"))
            if others:
                raise ClientError(
                    f"game {game} has no free seat: "
                    + "; ".join(seat_problem(game, i, summary, f"is kept for {kept[i]}") for i in others)
                )
            raise ClientError(f"game {game} has no free seat")
        if seat is None:
            seat = mine[0] if mine else free[0]
        return self._sign_join(game, seat, summary)

    def _sign_join(self, game: str, seat: int, summary: dict[str, Any]) -> dict[str, Any]:
        """Sign a join on top of the verified head, after checking the setup it binds.

        The statement holds the head this client verified (so the genesis: engine,
        options, server key, seed commitment), and its nonce derives from this key and
        the genesis, so a refused join re-signed later carries the same nonce: a server
        cannot re-roll the deal by refusing joins.
        """
        key = self.api.key
        assert key is not None
        for _ in range(5):
            synced = verify.sync(self.api, self.store, game)
            receipt = synced.receipt
            for field in ("engine", "options", "seats", "deadline"):
                if receipt.get(field) != summary.get(field):
                    raise self._kept(game, verify.VerifyError(
                        f"game {game}'s signed genesis says {field} {receipt.get(field)!r}, "
                        f"the server's summary says {summary.get(field)!r}: not joining"
                    ), {"summary": summary})
            if receipt.get("status") != "open":
                raise ClientError(f"game {game} has already started: no seat to take")
            nonce = join_nonce(key, game, receipt["genesis"])
            prev = receipt["hash"]
            statement = join_statement(game, seat, self.name, key.public_hex, nonce, prev)
            sig = sign_join(statement, key)
            try:
                answer = self.api.join(game, seat, nonce, sig, prev)
            except ApiError as exc:
                self._refused(game, {"join": statement, "sig": sig}, exc)
                if exc.status != 409:
                    raise
                if self._head_unmoved(game, synced.head):
                    raise ServerLie(
                        f"the server refused your join of game {game} as stale, but its log has "
                        f"not moved from seq {synced.head['seq']}: a server that refuses joins "
                        "may be trying to choose the deal; your signed join is kept in "
                        f"{self.store.evidence_path(game)}"
                    ) from exc
                summary = self.api.game(game)
                taken = (summary.get("players") or [None] * (seat + 1))[seat]
                if taken is not None or summary.get("status") != "open":
                    raise ClientError(
                        f"seat {seat} of game {game} was taken while you joined; try again"
                    ) from exc
                continue
            synced = verify.sync(self.api, self.store, game)
            if synced.receipt.get("seat") != seat:
                raise self._kept(game, verify.VerifyError(
                    f"the server accepted your join of seat {seat}, but its signed log does not "
                    "give that seat to your key"
                ), {"join": statement, "sig": sig, "answer": answer})
            return answer
        raise ClientError(f"the log of game {game} kept moving while you joined; try again")

    def _kept(
        self, game: str, exc: verify.VerifyError, shown: dict[str, Any]
    ) -> verify.VerifyError:
        """A failed check keeps what was shown next to the verified receipt (as `verify.sync`
        does for the log): the server's signed entries and its answer are the proof."""
        path = self.store.save_fork(
            game, {"error": str(exc), "receipt": self.store.receipt(game), **shown}
        )
        return type(exc)(f"{exc}; what you are shown is kept in {path}")

    def _refused(self, game: str, record: dict[str, Any], exc: ApiError) -> None:
        """Every signed submission the server refused is the player's evidence: keep it."""
        self.store.add_refused(
            game, {**record, "status": exc.status, "detail": exc.detail, "at": now_ts()}
        )

    def _head_unmoved(self, game: str, head: dict[str, Any]) -> bool:
        """After a 409 'stale': has the verified log really moved past the head we signed on?"""
        again = verify.sync(self.api, self.store, game)
        return again.head == {"seq": head["seq"], "hash": head["hash"]}

    def invite(self, game: str, name: str, seat: int | None = None) -> dict[str, Any]:
        """Keep a seat for the account called `name`: nobody else can take it."""
        return self.api.invite(game, name, seat)

    def cancel_invite(self, game: str, name: str) -> dict[str, Any]:
        """Free the seat kept for `name` (the creator, the inviter or the guest may)."""
        return self.api.cancel_invite(game, name)

    def games(self, open_only: bool = False) -> list[dict[str, Any]]:
        """The caller's games (or the open ones), each with `my_seat` when this player sits in it.

        The server's list only says which games to look at: for each game under way, whose
        turn it is, its status and this player's seat come from its verified log (`_from_log`),
        and a summary that contradicts the log is a lie."""
        out = []
        for summary in self.api.games(open_only=open_only):
            mine = [
                p["seat"] for p in summary.get("players") or [] if p and p.get("name") == self.name
            ]
            row = {**summary, "my_seat": mine[0] if mine else None}
            if not open_only:
                row = self._from_log(row)
            out.append(row)
        for g in out:  # a reveal this seat owes is made by any command (a blind magier game)
            if g.get("status") == "running" and g.get("my_seat") is not None and g.get("to_move") == g["my_seat"]:
                if self._reveals(str(g.get("engine"))) and isinstance(g.get("id"), str):
                    self._settle(g["id"], verify.sync(self.api, self.store, g["id"]).receipt)
        return out

    def _from_log(self, row: dict[str, Any]) -> dict[str, Any]:
        """A game's summary with status, whose turn and this player's seat as its signed log
        says. The log is synced only when the kept receipt is not at the summary's head."""
        game, head = row.get("id"), row.get("head")
        if row.get("status") not in ("running", "over") or not isinstance(game, str) or not self.store.has_key():
            return row
        receipt = self.store.receipt(game)
        if receipt is None or not isinstance(head, dict) or {"seq": receipt.get("seq"), "hash": receipt.get("hash")} != head:
            receipt = verify.sync(self.api, self.store, game, head=head if isinstance(head, dict) else None).receipt
        if {"seq": receipt.get("seq"), "hash": receipt.get("hash")} == head:
            for field in ("status", "to_move"):  # at the same head both must say the same
                if row.get(field) != receipt.get(field):
                    raise self._kept(game, ServerLie(
                        f"the server's summary of game {game} says {field} is {row.get(field)!r}, its "
                        f"signed log says {receipt.get(field)!r} at the same entry {head.get('seq')}"
                    ), {"summary": row})
        # else the log has moved past the summary's head (a move landed meanwhile): the log wins
        return {**row, "status": receipt.get("status"), "to_move": receipt.get("to_move"), "my_seat": receipt.get("seat")}

    @staticmethod
    def _reveals(engine_id: str) -> bool:
        """Whether the game's engine can ask this seat to reveal its own secrets."""
        try:
            return callable(getattr(local_engine(engine_id), "reveal_move", None))
        except ClientError:
            return False

    def _settle(self, game: str, receipt: dict[str, Any]) -> bool:
        """Make the reveal this seat owes now, if any (what every command does in a blind game);
        True if one was made. A store that lacks the secret is told when the game is looked at
        (`state`), so listing or reading logs never fails for it."""
        if not (
            receipt.get("owner_only") and receipt.get("status") == "running"
            and receipt.get("seat") is not None and receipt.get("to_move") == receipt.get("seat")
            and self.store.has_key()
        ):
            return False
        head = receipt.get("seq")
        try:
            self.state(game)
        except ClientError:
            return False
        return (self.store.receipt(game) or {}).get("seq") != head

    def summary(self, game: str) -> dict[str, Any]:
        """The server's summary of a game, its status and whose turn as its signed log says."""
        return self._from_log({**self.api.game(game), "my_seat": None})

    def waiting_games(self, game: str | None = None) -> list[dict[str, Any]]:
        """The running games where it is this player's turn (or just `game`), the one that has
        waited longest first (by its newest entry's time). The server's list says which games
        to look at; whose turn it is comes from each one's verified log (`games`), and each is
        confirmed from the verified view (`state`) before it is named."""
        found = [g for g in self.games() if game is None or g.get("id") == game]
        if game is not None and not found:
            summary = self.api.game(game)
            found = [self._from_log({**summary, "my_seat": None})]
        mine = [
            g for g in found
            if g.get("status") == "running" and g.get("my_seat") is not None
            and g.get("to_move") == g.get("my_seat")
        ]
        mine.sort(key=lambda g: str(g.get("updated") or ""))
        return [g for g in mine if self.state(str(g["id"])).my_turn]

    def find_game(self, text: str) -> str:
        """A game id from any unique prefix of at least 4 characters.

        The candidates are this player's games and the open ones on the server, and every
        game this home holds a receipt for; a full id is taken as it is.
        """
        text = text.strip()
        if FULL_ID.fullmatch(text) or not self.config.get("server"):
            return text  # without an account the command itself says to run `pbem init`
        here = self.config.get("server")
        known = {  # the games this home has seen on this server (receipts say where)
            g for g in self.store.receipt_games()
            if (self.store.receipt(g) or {}).get("server") in (None, here)
        }
        if text in known:
            return text
        if len(text) < MIN_PREFIX:
            raise ClientError(
                f"{text!r} is too short for a game id: give at least {MIN_PREFIX} characters "
                "(see `pbem games`)"
            )
        if self.store.has_key():
            for open_only in (False, True):
                known.update(g["id"] for g in self.api.games(open_only=open_only))
        matches = sorted(g for g in known if g.startswith(text))
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise ClientError(f"no game of yours (nor an open one) has an id starting with {text!r}; see `pbem games`")
        raise ClientError(
            f"{text!r} starts {len(matches)} game ids: {', '.join(matches)}; give more characters"
        )

    # -- looking at a game ----------------------------------------------------------------

    def state(self, game: str) -> GameState:
        """The seat's view, fetched and then checked against the signed log.

        Nothing in the answer is taken on the server's word: the seat is the one the log
        gives this key, status and turn come from the log, every private payload is
        checked against its commitment (and one withheld is caught), and the view must
        match the seat's view commitment in the log's entry for the current state.
        """
        for _ in range(5):
            st = self._look(game)
            owed = self._owed_reveal(st)
            if owed is None:
                return st
            self._reveal(st, owed)  # the seat owes a reveal: made at once, with no question asked
        raise ClientError(f"game {game} kept asking for a reveal; try again")

    def _look(self, game: str) -> GameState:
        """The seat's verified view (one fetch), with what only this seat knows filled in."""
        for _ in range(5):
            answer = self.api.view(game)
            head = answer.get("head")
            synced = self._sync_answer(game, answer, answer.get("seat"))
            if head == synced.head:
                break  # else a move landed between the two requests: look again
        else:
            raise ClientError(f"game {game} kept moving while it was fetched; try again")
        receipt = synced.receipt
        seat = receipt.get("seat")
        if seat is None:
            raise ClientError(f"you hold no seat in game {game} (its signed log says so)")
        try:
            for field in ("status", "to_move"):
                if answer.get(field) != receipt.get(field):
                    raise verify.VerifyError(
                        f"the server says {field} is {answer.get(field)!r}, its signed log says "
                        f"{receipt.get(field)!r}"
                    )
            verify.check_view(receipt, answer.get("view"), answer.get("view_salt"))
        except verify.VerifyError as exc:
            raise self._kept(game, exc, {"answer": answer, "log": synced.entries}) from None
        engine = local_engine(str(receipt.get("engine")))
        view = raw = answer.get("view") or {}
        fill = getattr(engine, "fill_view", None)
        if callable(fill) and isinstance(view, dict):  # checked above, then filled from our own store
            view = fill(view, self.store.secrets(game))
        return GameState(
            game=game,
            engine=engine,
            seat=seat,
            status=receipt["status"],
            to_move=receipt.get("to_move"),
            head=synced.head,
            view=view,
            synced=synced,
            raw_view=raw if raw is not view else None,
        )

    # -- owner-held secrets (issue 12) ------------------------------------------------------

    def _owed_reveal(self, st: GameState) -> tuple[dict[str, Any] | None, list[str]] | None:
        """The reveal this seat owes now, built from its own store (engine hook `reveal_move`):
        None when it owes none, else (the move, []) or (None, what its store lacks)."""
        build = getattr(st.engine, "reveal_move", None)
        if not st.my_turn or not st.synced.receipt.get("owner_only") or not callable(build):
            return None
        move, missing = build(st.view, self.store.secrets(st.game))
        if move is None and not missing:
            return None
        # open nothing on the server's word: the signed moves, replayed here, must have burnt it
        whole = verify.sync(self.api, self.store, st.game, start=0)
        try:
            owed = verify.owed_by_log(st.engine, whole.entries)
            asked = [p.get("commit") for p in st.view.get("pending") or [] if isinstance(p, dict)]
            if owed is not None and owed != asked:
                raise verify.VerifyError(
                    f"the server asks you to reveal {asked}, but the signed moves, replayed, owe {owed}: "
                    "nothing was revealed"
                )
        except verify.VerifyError as exc:
            raise self._kept(st.game, exc, {"view": st.view, "log": whole.entries}) from None
        return move, missing

    def _reveal(self, st: GameState, owed: tuple[dict[str, Any] | None, list[str]]) -> dict[str, Any]:
        """Open the seat's burnt secrets with the values and salts only this home keeps."""
        move, missing = owed
        if move is None:
            raise ClientError(
                f"game {st.game}: your wisdom burnt on {', '.join(missing)} must be revealed now, but "
                f"this home ({self.store.home}) holds no record of its value and salt (the server never "
                f"had them; they were kept only in {self.store.evidence_path(st.game)}). Nobody can "
                "reveal it for you: the game ends by forfeit when your time runs out, or resign now "
                f"with `pbem resign {st.game}`"
            )
        return self.submit(st, move, owed=True)

    def show(self, game: str) -> dict[str, Any]:
        """Everything `pbem show` prints: the view and the status around it."""
        st = self.state(game)
        receipt = st.synced.receipt
        summary = self.api.game(game)
        try:
            verify.check_summary(receipt, summary)  # names and result as the signed log has them
        except verify.VerifyError as exc:
            raise self._kept(game, exc, {"summary": summary}) from None
        players = summary.get("players") or []
        final_view = self.final_view(game, st) if st.status == "over" else None
        if st.status == "open":
            taken = len(receipt.get("players") or {})
            text = f"waiting for players: {taken} of {len(players)} seats taken; others join with: pbem join {game}"
        else:
            text = render(st.engine, final_view if final_view is not None else st.view)
        return {
            "game": game,
            "engine": st.engine.id,
            "title": st.engine.title,
            "seat": st.seat,
            "seat_names": st.engine.seat_names(int(receipt.get("seats") or len(players))),
            "players": players,
            "status": st.status,
            "to_move": st.to_move,
            "your_turn": st.my_turn,
            "head": st.head,
            "result": receipt.get("result"),
            "view": st.view,
            "final_view": final_view,  # a finished game: the final position, everything revealed
            "final_note": final_note(final_view),
            "text": text,
            "deadline": receipt.get("deadline"),  # as the signed genesis has it
            "clock": summary.get("clock") if st.status == "running" else None,  # the server's word
        }

    def final_view(self, game: str, st: GameState) -> dict[str, Any] | None:
        """A finished game's final position with every concealed value shown: the verified
        export replayed by the audit (protocol.audit), drawn as the spectator's view with each
        hidden value filled in from the seat that could see it. None when the log does not
        replay to a complete PASS (the seat's own view is shown then)."""
        from protocol.audit import final_state

        data = self.export(game)  # checked against the receipt
        verdict, state = final_state(data)
        if state is None or not verdict.ok:
            return None
        merged = revealed_view(st.engine, state, int(st.synced.receipt.get("seats") or 0))
        fill = getattr(st.engine, "fill_view", None)
        if merged is not None and callable(fill) and "seat" in merged:
            # a blind game never reveals an unburnt value: this seat's own come from its store
            merged = {**fill({**merged, "seat": st.seat}, self.store.secrets(game)), "seat": None}
        return merged

    def position_at(self, game: str, seq: int) -> dict[str, Any]:
        """The position right after entry `seq` of a finished game, everything revealed: the
        verified export replayed by the audit up to there (protocol.audit.state_at).

        Before the reveal the server's seed is secret, so no replay is possible: a ClientError
        says so (the caller shows the seat's current view instead)."""
        data = self.export(game)  # checked against the receipt
        return position_in_export(data, seq)

    def moves(self, game: str) -> dict[str, Any]:
        """The seat's legal moves, numbered from 1 as `pbem move N` takes them: computed here
        from the verified view, each text made here; the server's list is checked against them."""
        for _ in range(5):
            st = self.state(game)
            try:
                own = self.checked_moves(st)
            except _Moved:
                continue
            return {
                "game": game,
                "seat": st.seat,
                "head": st.head,
                "moves": legal.listing(st.engine, own),
            }
        raise ClientError(f"game {game} kept moving while its moves were listed; try again")

    def checked_moves(self, st: GameState) -> list[dict[str, Any]]:
        """The seat's own legal moves at the verified head `st.head`, after the server's list for
        that head was compared with them (a difference is a lie, kept as evidence). Raises _Moved
        when the server answers for another head (a move landed meanwhile: look again)."""
        own = legal.own_moves(st.engine, st.view) if st.my_turn else []
        answer = self.api.moves(st.game)
        if answer.get("head") != st.head:
            raise _Moved()
        # what the server's own state gives: the view as committed, before our store filled it
        expected = legal.own_moves(st.engine, st.raw_view) if st.my_turn and st.raw_view is not None else own
        problem = legal.claim_problem(st.engine, expected, answer.get("moves"))
        if problem is not None:
            raise self._kept(
                st.game,
                ServerLie(f"{problem}; nothing was signed"),
                {"moves": answer, "view": st.view, "head": st.head},
            )
        return own

    def list_moves(self, game: str) -> dict[str, Any]:
        """The numbered legal moves, kept with their head: `pbem move GAME N` plays number N of
        this very list, or refuses once the game has moved on. With no moves, says why:
        whose turn it is (from the verified log) or that the game is over."""
        listed = self.moves(game)
        receipt = self.store.receipt(game) or {}
        if listed["moves"]:
            self.store.save_listing(game, {"head": listed["head"], "moves": listed["moves"]})
            return listed
        self.store.drop_listing(game)
        status = receipt.get("status")
        if status != "running":
            raise ClientError(f"game {game} is {status}: there is nothing to move")
        raise ClientError(self._not_your_turn(game, receipt))

    def _not_your_turn(self, game: str, receipt: dict[str, Any]) -> str:
        to_move = receipt.get("to_move")
        return f"it is not your turn in game {game}: {self.seat_words(receipt, to_move)} is to move"

    @staticmethod
    def seat_words(receipt: dict[str, Any], seat: Any) -> str:
        """'bob (black)': the name the signed log gives the seat and the engine's seat name."""
        if not isinstance(seat, int):
            return "nobody"
        name = (receipt.get("names") or {}).get(str(seat)) or f"seat {seat}"
        try:
            names = local_engine(str(receipt.get("engine"))).seat_names(int(receipt.get("seats") or 0))
        except Exception:  # noqa: BLE001 - the name alone still says who
            names = []
        return f"{name} ({names[seat]})" if 0 <= seat < len(names) else name

    # -- acting ---------------------------------------------------------------------------

    def move(self, game: str, text: str | int) -> dict[str, Any]:
        """Play the n-th listed legal move, or a move in the game's notation; return the new view."""
        st, move = self.prepare(game, text)
        return self.submit(st, move)

    def prepare(self, game: str, text: str | int) -> tuple[GameState, dict[str, Any]]:
        """The verified state and the move `text` names (a number binds to the kept listing)."""
        st = self.state(game)
        if st.status != "running":
            raise ClientError(f"game {game} is {st.status}: there is nothing to move")
        if not st.my_turn:
            raise ClientError(
                self._not_your_turn(game, st.synced.receipt) + f" (you are {self.seat_words(st.synced.receipt, st.seat)})"
            )
        return st, self.resolve(game, st, text)

    def dry_run(self, st: GameState, move: dict[str, Any]) -> dict[str, Any]:
        """What `submit` would send for `move`, without signing, keeping or sending anything."""
        public, secret = st.engine.split_move(move)
        commit_text = None if secret is None else "(a commitment to the concealed part, with a fresh salt)"
        env = self._envelope(st, public, None)
        env["secret_commit"] = commit_text
        return {"envelope": env, "secret": secret, "text": format_move(st.engine, move)}

    def resolve(self, game: str, st: GameState, text: str | int) -> dict[str, Any]:
        """The move `text` names, from the seat's own list of legal moves at `st.head`.

        A number means the move it had in the listing it was shown in (kept with its head):
        once the game has moved on, one's own move included, it is refused, never read
        against a newer list. A move typed in notation must be one the local rules list."""
        own = self.checked_moves_at(st)
        if isinstance(text, int) or str(text).strip().lstrip("#").isdigit():
            n = int(str(text).strip().lstrip("#"))
            kept = self.store.listing(game)
            if kept is None:
                raise ClientError(
                    f"a number means a move of the list `pbem move {game}` shows, and you have no "
                    f"list of game {game} to pick from: list the moves with `pbem move {game}`, or "
                    "type the move in the game's notation"
                )
            if kept.get("head") != st.head:
                raise ClientError(
                    f"game {game} has moved on since you listed the moves (listed at entry "
                    f"{(kept.get('head') or {}).get('seq')}, now at {st.head['seq']}): list "
                    f"them again with `pbem move {game}`"
                )
            listed = kept.get("moves") or []
            if not 1 <= n <= len(listed):
                raise ClientError(
                    f"there are {len(listed)} legal moves: pick a number from 1 to {len(listed)}"
                )
            chosen = legal.find(st.engine, st.view, own, listed[n - 1].get("move"))
            if chosen is None:  # the kept list is this home's own file; still, sign only our own moves
                raise ClientError(f"move {n} of your kept list is not a legal move now: list them again with `pbem move {game}`")
            return chosen
        try:
            parsed = st.engine.parse(str(text), st.view)
        except IllegalMove as exc:
            said = exc.message
            if not said.startswith(f"cannot read {str(text)!r}"):
                said = f"cannot read {str(text)!r}: {said}"
            raise ClientError(said) from exc
        chosen = legal.find(st.engine, st.view, own, parsed)
        if chosen is None:
            raise ClientError(
                f"{format_move(st.engine, parsed)} is not one of your legal moves now (nothing was "
                f"sent): list them with `pbem move {game}`"
            )
        return chosen

    def checked_moves_at(self, st: GameState) -> list[dict[str, Any]]:
        """checked_moves for exactly this verified head: a game that moved meanwhile is stale."""
        try:
            return self.checked_moves(st)
        except _Moved:
            raise ClientError(
                f"game {st.game} moved while you chose: look again with `pbem move {st.game}`"
            ) from None

    def submit(self, st: GameState, move: dict[str, Any], *, owed: bool = False) -> dict[str, Any]:
        """Split, commit, sign and send one move on top of the verified head `st.head`.

        Only a move of the seat's own list (computed here from its verified view) is signed;
        `owed` is for the reveal a blind game asks for, which no list holds and which the
        seat's own records make."""
        if not owed:
            own = legal.own_moves(st.engine, st.view) if st.my_turn else []
            found = legal.find(st.engine, st.view, own, move)
            if found is None:
                raise ClientError(
                    f"{format_move(st.engine, move)} is not one of your legal moves now (your own "
                    f"rules, from your verified view, say so; nothing was sent): list them with "
                    f"`pbem move {st.game}`"
                )
            move = found
        return self.sign_and_send(st, move, listed=not owed)

    def sign_and_send(self, st: GameState, move: dict[str, Any], *, listed: bool = False) -> dict[str, Any]:
        """Sign and send `move` as it is, without asking the seat's own rules (what `submit`
        does once they said yes; tests use it to play a client that sends what it likes).
        `listed`: the seat's rules list it, so a refusal as illegal is a lie."""
        public, secret = st.engine.split_move(move)
        salt = secret_commit = None
        owner_held = secret is not None and steps.owner_held(st.engine, st.view, public)
        if secret is not None:
            salt = secrets.token_hex(32)
            try:
                secret_commit = commit(TAG_SECRET, secret, salt)
            except NotCanonical as exc:
                raise ClientError(f"that move cannot be sent: {exc}") from exc
        env = self._envelope(st, public, secret_commit)
        sig = sign_envelope(env, self.api.key)  # type: ignore[arg-type]
        if secret is not None:
            record = {
                "seq": env["seq"],
                "secret": secret,
                "salt": salt,
                "commit": secret_commit,
                "envelope": env,
                "sig": sig,
            }
            self.store.add_secret(st.game, record)
        try:
            if owner_held:  # it stays in this home: the server gets the commitment only
                answer = self.api.submit_move(st.game, env, sig, None, None)
            else:
                answer = self.api.submit_move(st.game, env, sig, secret, salt)
        except ApiError as exc:
            record = {"envelope": env, "sig": sig, "secret": secret, "salt": salt}
            self._refused(st.game, record, exc)
            if secret_commit is not None and 400 <= exc.status < 500:
                self.store.drop_secret(st.game, env["seq"], secret_commit)
            self._check_stale(st, exc, "move")
            if listed:
                self._check_refusal(st, exc)
            raise
        # The kept listing stays: its head is gone, so its numbers are now refused, not reread.
        done = self._after(st.game, st.seat, answer, env)
        return {**done, "move": move, "text": format_move(st.engine, move)}

    def _envelope(self, st: GameState, public: dict[str, Any], secret_commit: str | None) -> dict[str, Any]:
        """The envelope on top of the verified head, with the nonce this key derives for that place."""
        key = self.api.key
        assert key is not None
        seq, prev = st.head["seq"] + 1, st.head["hash"]
        nonce = move_nonce(key, st.game, seq, prev)
        return envelope(st.game, seq, prev, st.seat, public, secret_commit, nonce, now_ts())

    def _check_stale(self, st: GameState, exc: ApiError, what: str) -> None:
        """A 409 'stale' is only true if the signed log has moved past the head we signed on."""
        if exc.status == 409 and self._head_unmoved(st.game, st.head):
            raise ServerLie(
                f"the server refused your {what} in game {st.game} as stale, but its log has not "
                f"moved from seq {st.head['seq']}: a server that refuses moves may be trying to "
                "choose your throw (your re-submission would carry the same nonce, so it cannot); "
                f"your signed {what} and the refusal are kept in {self.store.evidence_path(st.game)}"
            ) from exc

    def _check_refusal(self, st: GameState, exc: ApiError) -> None:
        """A 422 ("illegal") for a move the seat's own rules list, on a head it verified, that
        the log has not moved past, is a lie: the operator, who can work out what the move
        would do, would otherwise get to veto it (one bit of re-roll). The refusal and the
        signed move are already kept as evidence."""
        if exc.status == 422 and self._head_unmoved(st.game, st.head):
            raise ServerLie(
                f"the server refused your move in game {st.game} as illegal ({exc.detail}), but your "
                f"own rules, from the view its signed log commits to at seq {st.head['seq']}, list it "
                "as legal: a server that refuses legal moves may be choosing which of your moves "
                f"happen; your signed move and the refusal are kept in {self.store.evidence_path(st.game)}"
            ) from exc

    def resign(self, game: str) -> dict[str, Any]:
        st = self.state(game)
        if st.status != "running":
            raise ClientError(f"game {game} is {st.status}: there is nothing to resign")
        env = self._envelope(st, {"type": "resign"}, None)
        sig = sign_envelope(env, self.api.key)  # type: ignore[arg-type]
        try:
            answer = self.api.resign(game, env, sig)
        except ApiError as exc:
            self._refused(game, {"envelope": env, "sig": sig}, exc)
            self._check_stale(st, exc, "resignation")
            raise
        return self._after(game, st.seat, answer, env)

    def abort(self, game: str) -> dict[str, Any]:
        """End a game this account created (never started, or nobody moved for a long time);
        the abort entry must then be in the game's signed log."""
        answer = self.api.abort(game)
        entry = answer.get("entry") if isinstance(answer, dict) else None
        synced = verify.sync(self.api, self.store, game)
        seq = entry.get("seq") if isinstance(entry, dict) else None
        logged = synced.entry(seq) if isinstance(seq, int) else None
        if logged is None or logged != entry or synced.receipt.get("status") != "over":
            raise self._kept(game, verify.VerifyError(
                f"the server says it aborted game {game}, but its signed log does not show that abort"
            ), {"answer": answer, "log": synced.entries})
        return {"game": game, "entry": entry, "result": synced.receipt.get("result")}

    def vacation(self, days: int | None = None) -> dict[str, Any]:
        """This year's vacation days (used, left, until when away); with `days`, take them."""
        if days is not None and days < 1:
            raise ClientError("a vacation is at least 1 day")
        return self.api.vacation(days)

    def _sync_answer(self, game: str, answer: dict[str, Any], seat: Any) -> verify.Synced:
        """Check an answer that claims to carry every payload of the seat up to its head."""
        head = answer.get("head")
        return verify.sync(
            self.api,
            self.store,
            game,
            answer.get("payloads") or [],
            seat=seat,
            head=head,
            complete_to=head.get("seq") if isinstance(head, dict) else None,
        )

    def _after(
        self, game: str, seat: int, answer: dict[str, Any], env: dict[str, Any]
    ) -> dict[str, Any]:
        """Check the server's answer to a move: its entry is in the chain, its payloads match."""
        synced = self._sync_answer(game, answer, seat)
        entry = answer.get("entry")
        logged = synced.entry(env["seq"])
        if logged is None or (entry is not None and entry != logged):
            raise self._kept(game, verify.VerifyError(
                f"the server's answer to your move is not entry {env['seq']} of its log"
            ), {"answer": answer, "envelope": env, "log": synced.entries})
        body = logged["body"]
        if body.get("envelope") != env:
            raise self._kept(
                game,
                verify.VerifyError(f"entry {env['seq']} does not hold the move you signed"),
                {"answer": answer, "envelope": env, "log": synced.entries},
            )
        return {**answer, "game": game, "seat": seat}

    # -- the log --------------------------------------------------------------------------

    def log(self, game: str, start: int = 0) -> list[dict[str, Any]]:
        synced = verify.sync(
            self.api if self.store.has_key() else self._public_api(), self.store, game, start=start
        )
        if self._settle(game, synced.receipt):  # our reveal went in: show it too
            synced = verify.sync(self.api, self.store, game, start=start)
        return [e for e in synced.entries if e["seq"] >= start]

    def export(self, game: str, path: Path | str | None = None) -> dict[str, Any]:
        """The whole signed log, checked against the receipt, optionally written to `path`."""
        api = self.api if self.store.has_key() else self._public_api()
        data = api.export(game)
        verify.check_export(game, data, self.store.receipt(game))
        if path is not None:
            try:
                Path(path).write_text(
                    json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
                )
            except OSError as exc:
                raise ClientError(f"cannot write {path}: {exc.strerror or exc}") from exc
        return data

    def _public_api(self) -> Api:
        server = self.config.get("server")
        if not server:
            raise NotInitialised(
                f"no pbem server configured in {self.store.home}: run `pbem init` first"
            )
        return self._new_api(server, None)

    # -- bots ----------------------------------------------------------------------------

    def play_bot(
        self,
        game: str,
        bot: str = "random",
        until_over: bool = True,
        poll: float = 2.0,
        rng: random.Random | None = None,
        on_move: Callable[[dict[str, Any], str], None] | None = None,
        sleep: Callable[[float], None] | None = None,
        on_retry: Callable[[ApiError, float], None] | None = None,
    ) -> int:
        """Let a bot play this seat; returns how many moves it made.

        until_over=True polls until the game ends. until_over=False takes this
        seat's turn if it is due and returns at once (0 or 1 moves), which lets a
        single thread drive several players.
        """
        rng = rng or random.Random()
        sleep = sleep or wait
        made = 0
        delay = RETRY_FIRST

        def back_off(exc: ApiError) -> None:
            """Wait before trying again (said through on_retry), twice as long each time; with
            until_over=False, or for an error no retry mends, raise it instead."""
            nonlocal delay
            if not until_over or not retryable(exc):
                raise exc
            if on_retry is not None:
                on_retry(exc, delay)
            sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

        def look() -> GameState:
            """The verified state; with until_over, a lost connection is retried with backoff."""
            nonlocal delay
            while True:
                try:
                    got = self.state(game)
                except ApiError as exc:
                    back_off(exc)
                    continue
                delay = RETRY_FIRST
                return got

        st = look()
        choose = st.engine.bots().get(bot)
        if choose is None:
            raise ClientError(
                f"{st.engine.id} has no bot {bot!r}; it has: {', '.join(sorted(st.engine.bots()))}"
            )
        while True:
            if st.status == "over":
                return made
            if st.my_turn:
                try:
                    try:
                        listed = self.checked_moves(st)  # its own, the server's list compared
                    except _Moved:
                        st = look()  # the log moved between the two looks: look again
                        continue
                    answer = None
                    if listed:
                        move = choose(st.view, listed, rng)
                        answer = self.submit(st, move)
                except ApiError as exc:
                    if exc.status == 409:
                        st = look()  # someone (a timeout, another client) moved first
                        continue
                    back_off(exc)
                    st = look()  # the move may have landed: the signed log says
                    continue
                if answer is not None:
                    made += 1
                    if on_move is not None:
                        on_move(answer, answer["text"])
                    if not until_over:
                        return made
                    st = look()
                    continue
            if not until_over:
                return made
            sleep(poll)
            st = look()


class _Moved(Exception):
    """The server answered for another head than the one verified: a move landed meanwhile."""


FULL_ID = re.compile(r"[0-9a-f]{16}")
MIN_PREFIX = 4
RETRY_FIRST = 5.0  # seconds before the bot looks again after a lost connection; doubles
RETRY_MAX = 300.0


def wait(seconds: float) -> None:
    """The bot's pause between looks (a name of its own, so a test can make it instant)."""
    time.sleep(seconds)


def retryable(exc: ApiError) -> bool:
    """A lost connection, a timeout or a server error: worth trying again later."""
    return exc.status == 0 or exc.status >= 500


def kept_for(invited: dict[str, Any]) -> str:
    """Who a kept seat waits for: the account's name, or the masked address."""
    return str(invited.get("name") or invited.get("email") or "someone")


def seat_problem(game: str, seat: int, summary: dict[str, Any], why: str) -> str:
    """The one wording of every seat error: 'seat 1 (black) of game G is kept for bo'."""
    names = summary.get("seat_names") or []
    label = f"seat {seat}" + (f" ({names[seat]})" if 0 <= seat < len(names) else "")
    line = f"{label} of game {game} {why}"
    if why == "does not exist":
        count = len(summary.get("players") or [])
        line += f": it has seats 0 to {count - 1}" if count else ""
    return line


def _deadline_differs(asked: dict[str, Any] | None, shown: Any) -> bool:
    """The game's deadline is not the one asked for (every member asked must match)."""
    if asked is None:
        return shown is not None
    return not isinstance(shown, dict) or any(shown.get(k) != v for k, v in asked.items())


def revealed_view(engine: Engine, state: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """A state drawn as the spectator's view with every hidden value filled in from the seat
    that could see it; None when the engine cannot (its seat's view is shown then)."""
    try:
        merged = engine.view(state, None)
        for seat in range(seats):
            merged = fill_hidden(merged, engine.view(state, seat))
        if isinstance(merged, dict) and "seat" in merged:
            merged["seat"] = None  # drawn for nobody's seat: no "you", the usual orientation
    except Exception:  # noqa: BLE001 - an engine that cannot do it still shows the seat's view
        return None
    return merged  # type: ignore[no-any-return]


def final_note(view: Any) -> str | None:
    """What `pbem show` says over a finished game's final position: everything revealed, or,
    in a blind game, that unburnt values were never revealed (only the reader's own are shown)."""
    if not isinstance(view, dict):
        return None
    board = view.get("board")
    concealed = isinstance(board, dict) and any(
        isinstance(p, dict) and "value" in p and p["value"] is None for p in board.values()
    )
    if not concealed:
        return "the final position, everything revealed (the log replayed: PASS)"
    return (
        "the final position (the log replayed: PASS); a blind game never reveals unburnt "
        "wisdoms: yours are filled in from your own store, the others stay concealed"
    )


def position_in_export(data: Any, seq: int) -> dict[str, Any]:
    """{"seq", "entries", "engine", "view", "text", "verdict"}: the position after entry `seq`
    of an exported game, replayed by the audit; a ClientError for a log that is not a complete
    PASS (FAIL: it must not be drawn; INCOMPLETE: the seed is still secret) or a bad `seq`."""
    return positions_in_export(data, [seq])[0]


def positions_in_export(data: Any, seqs: list[int]) -> list[dict[str, Any]]:
    """position_in_export for several entries, from one replay."""
    from protocol.audit import replay_states

    entries = data.get("entries") if isinstance(data, dict) else None
    count = len(entries) if isinstance(entries, list) else 0
    for seq in seqs:
        if count and not 0 <= seq < count:
            raise ClientError(f"there is no entry {seq}: the log has entries 0 to {count - 1}")
    verdict, states = replay_states(data)
    if not verdict.ok:
        raise ClientError(f"the log does not pass the audit, so it is not replayed: {verdict.reason}")
    if not verdict.complete:
        raise ClientError(
            "the game is not over: the server's seed stays secret until the reveal, so its "
            "positions can be replayed only then"
        )
    engine = local_engine(str(verdict.engine))
    genesis = entries[0].get("body") or {}  # type: ignore[index]
    out = []
    for seq in seqs:
        state = (states or {}).get(seq)
        if state is None:
            started = next((e["seq"] for e in entries if e.get("type") == "start"), None)  # type: ignore[union-attr]
            raise ClientError(
                f"entry {seq} comes before the start (entry {started}): there is no position yet"
            )
        view = revealed_view(engine, state, int(genesis.get("seats") or 0))
        if view is None:
            view = engine.view(state, None)
        out.append({"seq": seq, "entries": count, "engine": engine.id, "view": view,
                    "text": render(engine, view), "verdict": verdict.word})
    return out


def fill_hidden(base: Any, seen: Any) -> Any:
    """`base` with every None (a concealed value) replaced by what `seen` has at that place;
    the shape of `base` is kept (lists of the same length, keys `base` has)."""
    if base is None:
        return seen
    if isinstance(base, dict) and isinstance(seen, dict):
        return {k: fill_hidden(v, seen[k]) if k in seen else v for k, v in base.items()}
    if isinstance(base, list) and isinstance(seen, list) and len(base) == len(seen):
        return [fill_hidden(a, b) for a, b in zip(base, seen, strict=True)]
    return base


def render(engine: Engine, view: dict[str, Any]) -> str:
    """The engine's text board; a view it cannot draw is shown as JSON rather than not at all."""
    try:
        return engine.render(view)
    except Exception:  # noqa: BLE001 - rendering must never hide the game state
        return json.dumps(view, indent=2, sort_keys=True)
