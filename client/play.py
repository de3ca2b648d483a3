"""What a player does, as plain functions: used by the CLI, the bots, the demo and the tests.

`Player(home)` is one identity (one key, one account on one server) with its
local store. Every read of a game goes through `verify.sync`, so nothing the
server shows is used before its signatures, links, receipt and commitments
check out; every move is built and signed here, from the verified head.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import engines
from client import verify
from client.api import Api, ApiError, normalise_server
from client.store import Store
from engines.core import Engine, IllegalMove
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join


class ClientError(Exception):
    """Something the player asked for that cannot be done; the message says what to do instead."""


class NotInitialised(ClientError):
    pass


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


def new_nonce() -> str:
    """32 random bytes, hex: mixed into the game's randomness, so it must be unpredictable."""
    return secrets.token_hex(32)


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

    @property
    def my_turn(self) -> bool:
        return self.status == "running" and self.to_move == self.seat


class Player:
    """One identity (home directory) and the operations it can perform."""

    def __init__(self, home: Path | str | None = None, timeout: float | None = None) -> None:
        self.store = Store(home)
        self.timeout = timeout
        self._api: Api | None = None

    # -- account ---------------------------------------------------------------------------

    @property
    def config(self) -> dict[str, Any]:
        return self.store.config()

    def _new_api(self, server: str, key: Any) -> Api:
        return Api(server, key) if self.timeout is None else Api(server, key, timeout=self.timeout)

    @property
    def api(self) -> Api:
        if self._api is None:
            config = self.config
            if not config.get("server") or not self.store.has_key():
                raise NotInitialised(
                    f"no pbem account in {self.store.home}: run `pbem init --server URL --name NAME --email EMAIL` first"
                )
            self._api = self._new_api(config["server"], self.store.key())
        return self._api

    @property
    def name(self) -> str:
        """The account name, as the server knows it (it is part of every signed join)."""
        name = self.config.get("name")
        if not name:
            raise NotInitialised(f"no pbem account in {self.store.home}: run `pbem init` first")
        return str(name)

    def init_account(self, server: str, name: str, email: str) -> dict[str, Any]:
        """Create the key (unless one exists: it is the identity) and the account on `server`."""
        server = normalise_server(server)
        if not name.strip():
            raise ClientError("a name is needed (it is how the other players see you)")
        if "@" not in email:
            raise ClientError(f"not an email address: {email!r}")
        health = self._new_api(server, None).health()
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
        self.store.save_config(
            {
                "server": server,
                "name": account.get("name", name),
                "email": account.get("email", email),
                "server_key": health.get("server_key"),
            }
        )
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
    ) -> dict[str, Any]:
        """Create a game (seats default to the engine's minimum); join=True also takes the first seat."""
        known = {e["id"]: e for e in self.api.engines()}
        if engine not in known:
            raise ClientError(
                f"the server has no engine {engine!r}; it has: {', '.join(sorted(known)) or 'none'}"
            )
        info = known[engine]
        if seats is None:
            seats = int(info.get("min_seats", 2))
        summary = self.api.create_game(engine, options or {}, seats)
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
        kept = {i["seat"]: i["name"] for i in summary.get("invited") or []}
        mine = [s for s, name in kept.items() if name == self.name]
        free = [i for i, p in enumerate(players) if p is None and kept.get(i, self.name) == self.name]
        if not free:
            raise ClientError(f"game {game} has no free seat")
        if seat is None:
            seat = mine[0] if mine else free[0]
        elif kept.get(seat, self.name) != self.name:
            raise ClientError(f"seat {seat} of game {game} is kept for {kept[seat]}")
        elif seat not in free:
            raise ClientError(
                f"seat {seat} is not free in game {game}; free: {', '.join(map(str, free))}"
            )
        nonce = new_nonce()
        statement = join_statement(game, seat, self.name, self.api.key.public_hex, nonce)  # type: ignore[union-attr]
        sig = sign_join(statement, self.api.key)  # type: ignore[arg-type]
        summary = self.api.join(game, seat, nonce, sig)
        verify.sync(self.api, self.store, game)
        return summary

    def invite(self, game: str, name: str, seat: int | None = None) -> dict[str, Any]:
        """Keep a seat for the account called `name`: nobody else can take it."""
        return self.api.invite(game, name, seat)

    def games(self, open_only: bool = False) -> list[dict[str, Any]]:
        """The caller's games (or the open ones), each with `my_seat` when this player sits in it."""
        out = []
        for summary in self.api.games(open_only=open_only):
            mine = [
                p["seat"] for p in summary.get("players") or [] if p and p.get("name") == self.name
            ]
            out.append({**summary, "my_seat": mine[0] if mine else None})
        return out

    def summary(self, game: str) -> dict[str, Any]:
        return self.api.game(game)

    # -- looking at a game ----------------------------------------------------------------

    def state(self, game: str) -> GameState:
        """The seat's view, fetched and then checked against the log (payloads included)."""
        answer = self.api.view(game)
        seat = answer.get("seat")
        synced = verify.sync(
            self.api,
            self.store,
            game,
            answer.get("payloads") or [],
            seat=seat,
            head=answer.get("head"),
        )
        return GameState(
            game=game,
            engine=local_engine(str(synced.receipt.get("engine"))),
            seat=seat,
            status=answer.get("status", ""),
            to_move=answer.get("to_move"),
            head=answer.get("head") or synced.head,
            view=answer.get("view") or {},
            synced=synced,
        )

    def show(self, game: str) -> dict[str, Any]:
        """Everything `pbem show` prints: the view and the status around it."""
        st = self.state(game)
        summary = self.api.game(game)
        players = summary.get("players") or []
        if st.status == "open":
            taken = sum(1 for p in players if p)
            text = f"waiting for players: {taken} of {len(players)} seats taken; others join with: pbem join {game}"
        else:
            text = render(st.engine, st.view)
        return {
            "game": game,
            "engine": st.engine.id,
            "title": summary.get("title") or st.engine.title,
            "seat": st.seat,
            "seat_names": summary.get("seat_names") or [],
            "players": players,
            "status": st.status,
            "to_move": st.to_move,
            "your_turn": st.my_turn,
            "head": st.head,
            "result": summary.get("result"),
            "view": st.view,
            "text": text,
        }

    def moves(self, game: str) -> dict[str, Any]:
        """The legal moves the server lists for this seat, numbered from 1 as `pbem move N` takes them."""
        answer = self.api.moves(game)
        verify.sync(self.api, self.store, game, head=answer.get("head"))
        listed = [
            {"n": i + 1, "move": m.get("move"), "text": m.get("text")}
            for i, m in enumerate(answer.get("moves") or [])
        ]
        return {
            "game": game,
            "seat": answer.get("seat"),
            "head": answer.get("head"),
            "moves": listed,
        }

    # -- acting ---------------------------------------------------------------------------

    def move(self, game: str, text: str | int) -> dict[str, Any]:
        """Play the n-th listed legal move, or a move in the game's notation; return the new view."""
        st = self.state(game)
        if st.status != "running":
            raise ClientError(f"game {game} is {st.status}: there is nothing to move")
        if not st.my_turn:
            raise ClientError(
                f"it is not your turn in game {game}: seat {st.to_move} is to move (you are seat {st.seat})"
            )
        move = self.resolve(game, st, text)
        return self.submit(st, move)

    def resolve(self, game: str, st: GameState, text: str | int) -> dict[str, Any]:
        if isinstance(text, int) or str(text).strip().lstrip("#").isdigit():
            n = int(str(text).strip().lstrip("#"))
            listed = self.moves(game)["moves"]
            if not listed:
                raise ClientError("there are no legal moves for you right now")
            if not 1 <= n <= len(listed):
                raise ClientError(
                    f"there are {len(listed)} legal moves: pick a number from 1 to {len(listed)}"
                )
            return listed[n - 1]["move"]
        try:
            return st.engine.parse(str(text), st.view)
        except IllegalMove as exc:
            raise ClientError(f"cannot read {text!r}: {exc.message}") from exc

    def submit(self, st: GameState, move: dict[str, Any]) -> dict[str, Any]:
        """Split, commit, sign and send one move on top of the verified head `st.head`."""
        public, secret = st.engine.split_move(move)
        salt = secret_commit = None
        if secret is not None:
            salt = secrets.token_hex(32)
            try:
                secret_commit = commit(TAG_SECRET, secret, salt)
            except NotCanonical as exc:
                raise ClientError(f"that move cannot be sent: {exc}") from exc
        env = envelope(
            st.game,
            st.head["seq"] + 1,
            st.head["hash"],
            st.seat,
            public,
            secret_commit,
            new_nonce(),
            now_ts(),
        )
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
            answer = self.api.submit_move(st.game, env, sig, secret, salt)
        except ApiError as exc:
            if secret_commit is not None and 400 <= exc.status < 500:
                self.store.drop_secret(st.game, env["seq"], secret_commit)
            raise
        done = self._after(st.game, st.seat, answer, env)
        return {**done, "move": move, "text": format_move(st.engine, move)}

    def resign(self, game: str) -> dict[str, Any]:
        st = self.state(game)
        if st.status != "running":
            raise ClientError(f"game {game} is {st.status}: there is nothing to resign")
        env = envelope(
            game,
            st.head["seq"] + 1,
            st.head["hash"],
            st.seat,
            {"type": "resign"},
            None,
            new_nonce(),
            now_ts(),
        )
        answer = self.api.resign(game, env, sign_envelope(env, self.api.key))  # type: ignore[arg-type]
        return self._after(game, st.seat, answer, env)

    def _after(
        self, game: str, seat: int, answer: dict[str, Any], env: dict[str, Any]
    ) -> dict[str, Any]:
        """Check the server's answer to a move: its entry is in the chain, its payloads match."""
        synced = verify.sync(
            self.api,
            self.store,
            game,
            answer.get("payloads") or [],
            seat=seat,
            head=answer.get("head"),
        )
        entry = answer.get("entry")
        logged = synced.entry(env["seq"])
        if logged is None or (entry is not None and entry != logged):
            raise verify.VerifyError(
                f"the server's answer to your move is not entry {env['seq']} of its log"
            )
        body = logged["body"]
        if body.get("envelope") != env:
            raise verify.VerifyError(f"entry {env['seq']} does not hold the move you signed")
        return {**answer, "game": game, "seat": seat}

    # -- the log --------------------------------------------------------------------------

    def log(self, game: str, start: int = 0) -> list[dict[str, Any]]:
        synced = verify.sync(
            self.api if self.store.has_key() else self._public_api(), self.store, game, start=start
        )
        return [e for e in synced.entries if e["seq"] >= start]

    def export(self, game: str, path: Path | str | None = None) -> dict[str, Any]:
        """The whole signed log, checked against the receipt, optionally written to `path`."""
        api = self.api if self.store.has_key() else self._public_api()
        data = api.export(game)
        verify.check_export(game, data, self.store.receipt(game))
        if path is not None:
            Path(path).write_text(
                json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
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
        sleep: Callable[[float], None] = time.sleep,
    ) -> int:
        """Let a bot play this seat; returns how many moves it made.

        until_over=True polls until the game ends. until_over=False takes this
        seat's turn if it is due and returns at once (0 or 1 moves), which lets a
        single thread drive several players.
        """
        rng = rng or random.Random()
        made = 0
        st = self.state(game)
        choose = st.engine.bots().get(bot)
        if choose is None:
            raise ClientError(
                f"{st.engine.id} has no bot {bot!r}; it has: {', '.join(sorted(st.engine.bots()))}"
            )
        while True:
            if st.status == "over":
                return made
            if st.my_turn:
                offered = self.api.moves(game)
                if offered.get("head") != st.head:
                    st = self.state(game)  # the log moved between the two looks: look again
                    continue
                listed = offered.get("moves") or []
                if listed:
                    move = choose(st.view, [m["move"] for m in listed], rng)
                    try:
                        answer = self.submit(st, move)
                    except ApiError as exc:
                        if exc.status != 409:
                            raise
                        st = self.state(game)  # someone (a timeout, another client) moved first
                        continue
                    made += 1
                    if on_move is not None:
                        on_move(answer, answer["text"])
                    if not until_over:
                        return made
                    st = self.state(game)
                    continue
            if not until_over:
                return made
            sleep(poll)
            st = self.state(game)


def format_move(engine: Engine, move: dict[str, Any]) -> str:
    try:
        return engine.format(move)
    except Exception:  # noqa: BLE001 - a move we cannot name is still shown
        return json.dumps(move, sort_keys=True)


def render(engine: Engine, view: dict[str, Any]) -> str:
    """The engine's text board; a view it cannot draw is shown as JSON rather than not at all."""
    try:
        return engine.render(view)
    except Exception:  # noqa: BLE001 - rendering must never hide the game state
        return json.dumps(view, indent=2, sort_keys=True)
