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
from protocol.nonces import join_nonce, move_nonce


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
        deadline: dict[str, Any] | None = None,
        email_moves: bool = False,
    ) -> dict[str, Any]:
        """Create a game (seats default to the engine's minimum); join=True also takes the first seat.

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
        summary = self.api.create_game(engine, options or {}, seats, deadline, email_moves=email_moves)
        asked = {"engine": engine, "seats": seats}
        wrong = [k for k, v in asked.items() if summary.get(k) != v] + [
            f"options.{k}" for k, v in (options or {}).items()
            if (summary.get("options") or {}).get(k) != v
        ]
        if _deadline_differs(deadline, summary.get("deadline")):
            wrong.append("deadline")
        if bool(summary.get("email_moves")) != email_moves:
            wrong.append("email_moves")
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
        """The seat's view, fetched and then checked against the signed log.

        Nothing in the answer is taken on the server's word: the seat is the one the log
        gives this key, status and turn come from the log, every private payload is
        checked against its commitment (and one withheld is caught), and the view must
        match the seat's view commitment in the log's entry for the current state.
        """
        for _ in range(5):
            answer = self.api.view(game)
            head = answer.get("head")
            synced = verify.sync(
                self.api,
                self.store,
                game,
                answer.get("payloads") or [],
                seat=answer.get("seat"),
                head=head,
                complete_to=head.get("seq") if isinstance(head, dict) else None,
            )
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
        return GameState(
            game=game,
            engine=local_engine(str(receipt.get("engine"))),
            seat=seat,
            status=receipt["status"],
            to_move=receipt.get("to_move"),
            head=synced.head,
            view=answer.get("view") or {},
            synced=synced,
        )

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
        if st.status == "open":
            taken = len(receipt.get("players") or {})
            text = f"waiting for players: {taken} of {len(players)} seats taken; others join with: pbem join {game}"
        else:
            text = render(st.engine, st.view)
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
            "text": text,
            "deadline": receipt.get("deadline"),  # as the signed genesis has it
            "clock": summary.get("clock") if st.status == "running" else None,  # the server's word
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
            answer = self.api.submit_move(st.game, env, sig, secret, salt)
        except ApiError as exc:
            record = {"envelope": env, "sig": sig, "secret": secret, "salt": salt}
            self._refused(st.game, record, exc)
            if secret_commit is not None and 400 <= exc.status < 500:
                self.store.drop_secret(st.game, env["seq"], secret_commit)
            self._check_stale(st, exc, "move")
            raise
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

    def _after(
        self, game: str, seat: int, answer: dict[str, Any], env: dict[str, Any]
    ) -> dict[str, Any]:
        """Check the server's answer to a move: its entry is in the chain, its payloads match."""
        head = answer.get("head")
        synced = verify.sync(
            self.api,
            self.store,
            game,
            answer.get("payloads") or [],
            seat=seat,
            head=head,
            complete_to=head.get("seq") if isinstance(head, dict) else None,
        )
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


def _deadline_differs(asked: dict[str, Any] | None, shown: Any) -> bool:
    """The game's deadline is not the one asked for (every member asked must match)."""
    if asked is None:
        return shown is not None
    return not isinstance(shown, dict) or any(shown.get(k) != v for k, v in asked.items())


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
