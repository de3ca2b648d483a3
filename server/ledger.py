"""Appending to a game's log: each operation is one transaction that either writes
the signed entry, its private payloads and the new snapshot together, or nothing.

The game row is locked first (BEGIN IMMEDIATE on SQLite, SELECT ... FOR UPDATE on
PostgreSQL), then seq and prev are checked against the head, so of two
submissions for the same turn exactly one wins and the other gets 409.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets as pysecrets
from dataclasses import dataclass
from typing import Any

import peewee as pw

import engines
from engines.core import BadOptions, IllegalMove
from protocol import steps
from protocol.canonical import canonical
from protocol.commitments import seed_commit
from protocol.entries import entry_hash, join_signed, join_statement, make_entry, seal
from protocol.keys import SigningKey
from server.models import Account, Entry, Game, Invite, Payload, Seat, Secret, database, utcnow


class LedgerError(Exception):
    """A refusal with the HTTP status to answer and a one-line reason."""

    def __init__(self, status: int, message: str, head: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.head = head


@dataclass(frozen=True)
class Appended:
    entry: dict[str, Any]
    game: Game


def dumps(value: Any) -> str:
    return canonical(value).decode()


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def head_of(game: Game) -> dict[str, Any]:
    return {"seq": game.head_seq, "hash": game.head_hash}


class Ledger:
    """The server's side of the protocol: it owns the server key and writes entries."""

    def __init__(self, server_key: SigningKey) -> None:
        self.key = server_key

    # -- helpers -----------------------------------------------------------------

    def _lock(self, game_id: str) -> Game:
        query = Game.select().where(Game.id == game_id)
        if not isinstance(database.obj, pw.SqliteDatabase):
            query = query.for_update()
        game = query.first()
        if game is None:
            raise LedgerError(404, f"no game {game_id!r}")
        return game

    def _append(self, game: Game, type_: str, body: dict[str, Any]) -> dict[str, Any]:
        seq = game.head_seq + 1
        entry = seal(make_entry(game.id, seq, type_, game.head_hash, now_iso(), body), self.key)
        digest = entry_hash(entry)
        Entry.create(game=game, seq=seq, hash=digest, data=dumps(entry))
        game.head_seq, game.head_hash = seq, digest
        game.updated = utcnow()
        return entry

    @staticmethod
    def _store_payloads(game: Game, payloads: list[steps.Payload]) -> None:
        for p in payloads:
            for seat in p.to:
                Payload.create(game=game, seq=p.seq, index=p.index, seat=seat, data=dumps(p.to_json()))

    # -- operations --------------------------------------------------------------

    def create_game(self, creator: Account, engine_id: str, options: Any, seats: Any) -> Game:
        try:
            engine = engines.get(engine_id)
        except engines.UnknownEngine as exc:
            raise LedgerError(404, exc.message) from exc
        if not isinstance(seats, int) or isinstance(seats, bool):
            raise LedgerError(400, "seats must be a whole number")
        if not isinstance(options, dict):
            raise LedgerError(400, "options must be a JSON object")
        try:
            options = engine.check_options(options, seats)
        except BadOptions as exc:
            raise LedgerError(400, str(exc)) from exc
        seed = pysecrets.token_bytes(32)
        game_id = pysecrets.token_hex(8)
        body = {
            "engine": engine.id,
            "engine_version": engine.version,
            "options": options,
            "seats": seats,
            "seat_names": engine.seat_names(seats),
            "server_key": self.key.public_hex,
            "seed_commit": seed_commit(seed),
        }
        genesis = seal(make_entry(game_id, 0, "genesis", None, now_iso(), body), self.key)
        digest = entry_hash(genesis)
        with database.atomic():
            game = Game.create(
                id=game_id,
                engine=engine.id,
                options=dumps(options),
                seats=seats,
                creator=creator,
                seed=seed.hex(),
                head_seq=0,
                head_hash=digest,
            )
            Entry.create(game=game, seq=0, hash=digest, data=dumps(genesis))
        return game

    def join(
        self, game_id: str, account: Account, seat: Any, nonce: Any, sig: Any, prev: Any
    ) -> Game:
        with database.atomic():
            game = self._lock(game_id)
            if game.status != "open":
                raise LedgerError(409, "this game has already started")
            if not steps.is_int(seat) or not 0 <= seat < game.seats:
                raise LedgerError(400, f"seat must be a number from 0 to {game.seats - 1}")
            if not isinstance(nonce, str) or not steps.HEX64.fullmatch(nonce):
                raise LedgerError(400, "the join nonce must be 32 bytes, hex")
            if not isinstance(prev, str) or not steps.HEX64.fullmatch(prev):
                raise LedgerError(400, "prev: the hash of the log's head you saw, 32 bytes, hex")
            if prev != game.head_hash:
                raise LedgerError(
                    409, f"stale join: the log's head is now seq {game.head_seq}", head_of(game)
                )
            if Seat.select().where((Seat.game == game) & (Seat.seat == seat)).exists():
                raise LedgerError(409, f"seat {seat} is taken")
            if Seat.select().where((Seat.game == game) & (Seat.account == account)).exists():
                raise LedgerError(409, "you already hold a seat in this game")
            kept = Invite.get_or_none((Invite.game == game) & (Invite.seat == seat))
            if kept is not None and kept.account_id != account.id:
                raise LedgerError(403, f"seat {seat} is kept for {kept.account.name}")
            statement = join_statement(game.id, seat, account.name, account.key, nonce, prev)
            if not isinstance(sig, str) or not join_signed(statement, sig):
                raise LedgerError(403, "the join signature does not verify with your key")
            Seat.create(game=game, seat=seat, account=account, nonce=nonce)
            self._append(game, "join", _join_body(statement, sig))
            if Seat.select().where(Seat.game == game).count() == game.seats:
                self._start(game)
            game.save()
        return game

    def invite(self, game_id: str, by: Account, name: Any, seat: Any) -> Game:
        """Keep a free seat for a named account; only the creator or a seated player may."""
        with database.atomic():
            game = self._lock(game_id)
            seats = list(Seat.select().where(Seat.game == game))
            if game.creator_id != by.id and by.id not in {s.account_id for s in seats}:
                raise LedgerError(403, "only the game's creator or its players may invite")
            if game.status != "open":
                raise LedgerError(409, "this game has already started")
            guest = Account.get_or_none(Account.name == name) if isinstance(name, str) else None
            if guest is None:
                raise LedgerError(404, f"no account named {name!r}")
            if guest.id in {s.account_id for s in seats}:
                raise LedgerError(409, f"{guest.name} holds a seat in this game already")
            invites = list(Invite.select().where(Invite.game == game))
            if guest.id in {i.account_id for i in invites}:
                raise LedgerError(409, f"{guest.name} is invited already")
            unavailable = {s.seat for s in seats} | {i.seat for i in invites}
            free = [s for s in range(game.seats) if s not in unavailable]
            if seat is None:
                if not free:
                    raise LedgerError(409, "no free seat is left to keep")
                seat = free[0]
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
                raise LedgerError(409, f"seat {seat} is not free; free: {', '.join(map(str, free)) or 'none'}")
            Invite.create(game=game, seat=seat, account=guest, by=by)
        return game

    def _start(self, game: Game) -> None:
        engine = engines.get(game.engine)
        nonces = [s.nonce for s in Seat.select().where(Seat.game == game).order_by(Seat.seat)]
        seq = game.head_seq + 1
        step = steps.start(engine, game.seats, json.loads(game.options), nonces, bytes.fromhex(game.seed), seq)
        self._append(game, "start", step.body)
        self._store_payloads(game, step.payloads)
        self._after_step(game, step)

    def _after_step(self, game: Game, step: steps.Step) -> None:
        game.state = dumps(step.state)
        game.to_move = step.body.get("to_move")
        game.status = "running"
        if "result" in step.body:
            self._finish(game, step.body["result"])

    def _finish(self, game: Game, result: dict[str, Any]) -> None:
        secrets = [json.loads(s.data) for s in Secret.select().where(Secret.game == game)]
        self._append(game, "reveal", steps.reveal(bytes.fromhex(game.seed), secrets, result))
        game.status = "over"
        game.to_move = None
        game.result = dumps(result)

    def move(self, game_id: str, account: Account, envelope: Any, sig: Any, secret: Any, salt: Any) -> Appended:
        with database.atomic():
            game = self._lock(game_id)
            seat = self._seat_of(game, account)
            if game.status == "open":
                raise LedgerError(409, "the game has not started: seats are still free")
            if game.status == "over":
                raise LedgerError(409, "the game is over")
            if not isinstance(envelope, dict) or envelope.get("seat") != seat:
                raise LedgerError(403, f"you hold seat {seat}; the envelope must name it")
            if envelope.get("game") != game.id:
                raise LedgerError(400, "the envelope is for another game")
            if envelope.get("seq") != game.head_seq + 1 or envelope.get("prev") != game.head_hash:
                raise LedgerError(409, f"stale move: the log's head is now seq {game.head_seq}", head_of(game))
            if game.to_move != seat:
                raise LedgerError(422, "it is not your turn")
            engine = engines.get(game.engine)
            head = (game.head_seq + 1, game.head_hash)
            try:
                step = steps.move(
                    engine, json.loads(game.state), account.key, envelope, sig, secret, salt,
                    bytes.fromhex(game.seed), head, seats=game.seats,
                )
            except steps.StepError as exc:
                raise LedgerError(exc.status, exc.message, head_of(game) if exc.status == 409 else None) from exc
            except IllegalMove as exc:
                raise LedgerError(422, exc.message) from exc
            entry = self._append(game, "move", step.body)
            if envelope.get("secret_commit") is not None:
                Secret.create(game=game, seq=entry["seq"], data=dumps({"seq": entry["seq"], "secret": secret, "salt": salt}))
            self._store_payloads(game, step.payloads)
            self._after_step(game, step)
            game.save()
        return Appended(entry, game)

    def resign(self, game_id: str, account: Account, envelope: Any, sig: Any) -> Appended:
        with database.atomic():
            game = self._lock(game_id)
            seat = self._seat_of(game, account)
            if game.status != "running":
                raise LedgerError(409, "only a running game can be resigned")
            if not isinstance(envelope, dict) or envelope.get("seat") != seat or envelope.get("game") != game.id:
                raise LedgerError(403, f"you hold seat {seat} of this game; the envelope must name both")
            try:
                body = steps.resign(account.key, envelope, sig, game.seats, (game.head_seq + 1, game.head_hash))
            except steps.StepError as exc:
                raise LedgerError(exc.status, exc.message, head_of(game) if exc.status == 409 else None) from exc
            entry = self._append(game, "system", body)
            self._finish(game, body["result"])
            game.save()
        return Appended(entry, game)

    @staticmethod
    def _seat_of(game: Game, account: Account) -> int:
        row = Seat.select().where((Seat.game == game) & (Seat.account == account)).first()
        if row is None:
            raise LedgerError(403, "you hold no seat in this game")
        return row.seat


def _join_body(statement: dict[str, Any], sig: str) -> dict[str, Any]:
    """The join entry's body: the signed statement minus what the entry itself holds
    (its game and, as the entry's own prev, the head the joiner saw) and the signature."""
    return {k: v for k, v in statement.items() if k not in ("game", "prev")} | {"sig": sig}
