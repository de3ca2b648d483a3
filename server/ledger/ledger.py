"""Appending to a game's log: each operation is one transaction that either writes
the signed entry, its private payloads and the new snapshot together, or nothing.

The game row is locked first (BEGIN IMMEDIATE on SQLite, SELECT ... FOR UPDATE on
PostgreSQL), then seq and prev are checked against the head, so of two
submissions for the same turn exactly one wins and the other gets 409.
"""

from __future__ import annotations

import json
import logging
import secrets as pysecrets
from typing import Any

import peewee as pw

import engines
from engines.core import IllegalMove
from protocol import standing as standing_steps
from protocol import steps
from protocol.blind import owner_decides
from protocol.commitments import seed_commit
from protocol.entries import join_signed, join_statement, make_entry, sealed
from protocol.keys import SigningKey
from server.clock import clock
from server.ledger import leaving, standing
from server.ledger.invitations import Invitations, not_open
from server.ledger.options import check_options
from server.ledger.records import (
    ENTRY_INSERT,
    GAME_BY_ID,
    GAME_LOCKED,
    HEAD_NOW,
    SEAT_OF,
    SECRET_INSERT,
    SIGNATURE,
    Appended,
    LedgerError,
    dumps,
    head_of,
    insert_payloads,
    is_game_id,
    is_sqlite,
    is_text,
    now_iso,
    save_head,
)
from server.ledger.rules import rules_of
from server.mail import addressing, causes, notices
from server.store.models import (
    Account,
    EmailInvite,
    Entry,
    Game,
    Invite,
    Seat,
    Secret,
    database,
    utcnow,
)

log = logging.getLogger(__name__)

class Ledger(Invitations):
    """The server's side of the protocol: it owns the server key and writes entries."""

    def __init__(self, server_key: SigningKey) -> None:
        self.key = server_key
        self._mail: addressing.MailSettings | None = None

    @property
    def mail(self) -> addressing.MailSettings | None:
        """Set by create_app: queue mail with each entry. Registered for this process, so that a
        sender here composes the mail this ledger queued with the same settings (server/mail/causes.py)."""
        return self._mail

    @mail.setter
    def mail(self, settings: addressing.MailSettings | None) -> None:
        self._mail = settings
        if settings is not None:
            addressing.register(settings)

    # -- helpers -----------------------------------------------------------------

    def _lock(self, game_id: str) -> Game:
        if not is_game_id(game_id):
            raise LedgerError(404, "no such game: a game id is 16 hex characters")
        game = GAME_LOCKED.first(game_id)
        if game is None:
            raise LedgerError(404, f"no game {game_id!r}")
        return game

    def _append(self, game: Game, type_: str, body: dict[str, Any]) -> dict[str, Any]:
        seq = game.head_seq + 1
        entry, digest = sealed(make_entry(game.id, seq, type_, game.head_hash, now_iso(), body), self.key)
        ENTRY_INSERT.execute(game.id, seq, digest, dumps(entry))
        game.head_seq, game.head_hash = seq, digest
        game.updated = utcnow()
        return entry

    @staticmethod
    def _store_payloads(game: Game, payloads: list[steps.Payload]) -> None:
        insert_payloads([  # one statement for all of them
            (game.id, p.seq, p.index, seat, data)
            for p in payloads
            for data in (dumps(p.to_json()),)
            for seat in p.to
        ])

    # -- operations --------------------------------------------------------------

    def create_game(
        self, creator: Account, engine_id: Any, options: Any, seats: Any, request_sig: str | None = None,
        deadline: Any = None, email_moves: Any = False,
    ) -> tuple[Game, bool]:
        """(the game, True) when made now; (the game made before, False) when the request
        that made it (same signature: same key, time, path and body) comes again."""
        if request_sig is not None:
            if not SIGNATURE.fullmatch(request_sig):
                raise LedgerError(400, "the request signature must be 64 bytes, hex")
            made = self._made_by(creator, request_sig)
            if made is not None:
                return made, False
        if not is_text(engine_id, 64):
            raise LedgerError(400, "engine: the id of a game, e.g. magier")
        try:
            engine = engines.get(engine_id)
        except engines.UnknownEngine as exc:
            raise LedgerError(404, exc.message) from exc
        if not steps.is_int(seats):
            raise LedgerError(400, "seats must be a whole number")
        if not isinstance(options, dict):
            raise LedgerError(400, "options must be a JSON object")
        options = check_options(engine, options, seats)
        if not isinstance(email_moves, bool):
            raise LedgerError(400, "email_moves must be true or false")
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
        try:
            settings = clock.check_deadline(deadline, owner_decides(engine, options))
        except clock.BadDeadline as exc:
            raise LedgerError(400, str(exc)) from exc
        if settings is not None:  # no deadline: no member, so such a genesis is as it always was
            body["deadline"] = settings
        if email_moves:  # off: no member, so such a genesis is as it always was
            body["email_moves"] = True
        genesis, digest = sealed(make_entry(game_id, 0, "genesis", None, now_iso(), body), self.key)
        try:
            with database.atomic():
                game = Game.create(
                    id=game_id,
                    engine=engine.id,
                    engine_version=engine.version,
                    options=dumps(options),
                    seats=seats,
                    creator=creator,
                    seed=seed.hex(),
                    head_seq=0,
                    head_hash=digest,
                    request_sig=request_sig,
                    email_moves=email_moves,
                )
                Entry.create(game=game, seq=0, hash=digest, data=dumps(genesis))
                if settings is not None:
                    clock.create(game, settings)
        except pw.IntegrityError:
            # The same request, replayed at the same moment, made the game first.
            made = self._made_by(creator, request_sig) if request_sig is not None else None
            if made is None:
                raise
            return made, False
        return game, True

    @staticmethod
    def _made_by(creator: Account, request_sig: str) -> Game | None:
        made = Game.get_or_none(Game.request_sig == request_sig)
        if made is not None and made.creator_id != creator.id:
            raise LedgerError(409, "this request signature made another account's game")
        return made

    def join(
        self, game_id: str, account: Account, seat: Any, nonce: Any, sig: Any, prev: Any
    ) -> Game:
        with database.atomic():
            _key_still_held(account)  # before the game's lock, as a rotation takes them (server/ledger/handing.py)
            game = self._lock(game_id)
            if game.status != "open":  # its head moved on: the 409 says where, as a stale join's does
                raise LedgerError(409, not_open(game), head_of(game))
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
            if EmailInvite.select().where((EmailInvite.game == game) & (EmailInvite.seat == seat)).exists():
                raise LedgerError(403, f"seat {seat} is kept for an invited address")
            statement = join_statement(game.id, seat, account.name, account.key, nonce, prev)
            if not isinstance(sig, str) or not join_signed(statement, sig):
                raise LedgerError(403, "the join signature does not verify with your key")
            Seat.create(game=game, seat=seat, account=account, nonce=nonce)
            # Whatever seat it takes, the joiner's invitation is used up: a seat kept for
            # it elsewhere is free again instead of blocked for ever.
            Invite.delete().where((Invite.game == game) & (Invite.account == account)).execute()
            self._append(game, "join", _join_body(statement, sig))
            if Seat.select().where(Seat.game == game).count() == game.seats:
                self._start(game)
            game.save()
        return game

    def _start(self, game: Game) -> None:
        engine = rules_of(game)
        nonces = [s.nonce for s in Seat.select().where(Seat.game == game).order_by(Seat.seat)]
        seq = game.head_seq + 1
        step = steps.start(engine, game.seats, json.loads(game.options), nonces, bytes.fromhex(game.seed), seq)
        self._append(game, "start", step.body)
        self._store_payloads(game, step.payloads)
        self._after_step(game, step)

    def append_seeded(self, game: Game, step: steps.Step) -> dict[str, Any]:
        """Log a move the server made for a seat (a timeout, an email move, an out decision):
        its entry, its seeded secret for the reveal, its payloads, then what follows a step.
        Called inside the caller's transaction, with the game locked."""
        entry = self._append_made(game, "system", step)
        self._after_step(game, step)
        return entry

    def _append_made(self, game: Game, type_: str, step: steps.Step) -> dict[str, Any]:
        """The entry of a move the server made (its secret, seeded, kept for the reveal)."""
        entry = self._append(game, type_, step.body)
        if step.secret is not None:
            SECRET_INSERT.execute(game.id, entry["seq"], dumps(step.secret))
        self._store_payloads(game, step.payloads)
        return entry

    def _after_step(self, game: Game, step: steps.Step) -> int | None:
        """After a step's entry (the game's head, carrying views): take its position, then
        the one hook every append goes through (`after_append`). Returns the seq of the last
        entry with views."""
        before = (game.status, game.to_move)
        views_at = game.head_seq
        self._take(game, step)
        return self.after_append(game, before, step.state, views_at)

    def _take(self, game: Game, step: steps.Step) -> None:
        """The game row follows a step: its state, who is to move, the reveal if it ended."""
        # the canonical JSON the step committed to, when it kept it: no second serialisation
        game.state = dumps(step.state) if step.state_json is None else step.state_json.decode()
        game.to_move = step.body.get("to_move")
        game.status = "running"
        if "result" in step.body:
            self._finish(game, step.body["result"])
        clock.after_step(game)  # deadlines: the decision now due gets its clock (the mail says when it is due)

    def after_append(
        self, game: Game, before: tuple[str, int | None], state: dict[str, Any] | None, views_at: int | None
    ) -> int | None:
        """What follows every append (a start, a move, a server move, an answers entry), in its
        transaction: the decisions the server makes at once (an out seat's, server/ledger/leaving.py;
        a standing answer's, at most MOST_IN_A_ROW in a row), then the mail, once, for the
        position they lead to. `before` is (status, to_move) before the append: a turn that comes
        back to the seat that acted, through answers played for another, gets no mail, as within
        one turn (the mover has the position in its answer: the HTTP response, or the inbox's)."""
        played = 0
        while game.status == "running" and state is not None:
            type_, due = "system", leaving.due_move(game, state)
            if due is None and played < standing_steps.MOST_IN_A_ROW:
                type_, due = "standing", standing.due(game, state, views_at)
                played += due is not None
            if due is None:
                break
            views_at = self._append_made(game, type_, due)["seq"]
            self._take(game, due)
            state = due.state
        if self.mail is not None:
            causes.queue_step(self.mail, game, before)
        return views_at

    def _finish(self, game: Game, result: dict[str, Any]) -> None:
        secrets = [json.loads(s.data) for s in Secret.select().where(Secret.game == game)]
        self._append(game, "reveal", steps.reveal(bytes.fromhex(game.seed), secrets, result))
        game.status = "over"
        game.to_move = None
        game.result = dumps(result)
        if self.mail is not None:
            notices.game_over(self.mail, game)

    def move(self, game_id: str, account: Account, envelope: Any, sig: Any, secret: Any, salt: Any) -> Appended:
        """A player's signed move. On SQLite, whose one write lock serialises every append of
        every game, the step is computed before the lock from the game row as read (one
        consistent row), and written only if the head is still the one it was computed at: two
        workers then compute their moves at once. A refusal answers for the row as read; a head
        that moved meanwhile sends the move through the locked path, as on PostgreSQL, whose
        row lock holds up no other game."""
        args = (account, envelope, sig, secret, salt)
        if is_sqlite():
            if not is_game_id(game_id):
                raise LedgerError(404, "no such game: a game id is 16 hex characters")
            read = GAME_BY_ID.first(game_id)
            if read is None:
                raise LedgerError(404, f"no game {game_id!r}")
            seat, step = self._move_step(read, *args)
            with database.atomic():
                if HEAD_NOW.first(game_id) == (read.head_seq, read.head_hash):
                    return self._write_move(read, seat, step)
                return self._write_move(*self._locked_step(game_id, args))
        with database.atomic():
            return self._write_move(*self._locked_step(game_id, args))

    def _locked_step(self, game_id: str, args: tuple[Any, ...]) -> tuple[Game, int, steps.Step]:
        game = self._lock(game_id)
        return (game, *self._move_step(game, *args))

    def _move_step(
        self, game: Game, account: Account, envelope: Any, sig: Any, secret: Any, salt: Any
    ) -> tuple[int, steps.Step]:
        """The checks of a move at the game row's head, and its step (nothing written)."""
        seat = self._seat_of(game, account)
        if game.status == "open":  # every 409 carries the head: a client sees where the log is
            raise LedgerError(409, "the game has not started: seats are still free", head_of(game))
        if game.status == "over":
            raise LedgerError(409, "the game is over", head_of(game))
        self._check_envelope(envelope, steps.MAY_ADD)  # `sealed`: steps.move decides, by the rules version
        if envelope["seat"] != seat:
            raise LedgerError(403, f"you hold seat {seat}; the envelope must name it")
        if envelope["game"] != game.id:
            raise LedgerError(400, "the envelope is for another game")
        if envelope["seq"] != game.head_seq + 1 or envelope["prev"] != game.head_hash:
            raise LedgerError(409, f"stale move: the log's head is now seq {game.head_seq}", head_of(game))
        if game.to_move != seat:
            raise LedgerError(422, "it is not your turn")
        engine = rules_of(game)
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
        except Exception as exc:  # noqa: BLE001 - the engine choked on a move: nothing is written
            log.warning("engine %s: a move raised %r", game.engine, exc)
            raise LedgerError(422, "the game cannot apply this move") from exc
        return seat, step

    def _write_move(self, game: Game, seat: int, step: steps.Step) -> Appended:
        """The move's entry, secret, payloads and what follows it, in the caller's transaction
        (the game's head is the one the step was computed at)."""
        entry = self._append(game, "move", step.body)
        if step.secret is not None:  # an owner-held secret never reaches the server (blind games: the owner alone holds it)
            SECRET_INSERT.execute(game.id, entry["seq"], dumps(step.secret))
        self._store_payloads(game, step.payloads)
        views_at = self._after_step(game, step)
        save_head(game)
        # the answer's view and payloads, as this append wrote them (entries after the move's
        # own, played for others or the reveal, leave the payloads to be read back)
        alone = game.head_seq == entry["seq"]
        told = frozenset(seat for p in step.payloads for seat in p.to) if alone else None
        return Appended(entry, game, seat, views_at, told)

    def resign(self, game_id: str, account: Account, envelope: Any, sig: Any) -> Appended:
        with database.atomic():
            game = self._lock(game_id)
            seat = self._seat_of(game, account)
            if game.status != "running":
                raise LedgerError(409, "only a running game can be resigned", head_of(game))
            self._check_envelope(envelope)
            if envelope["seat"] != seat or envelope["game"] != game.id:
                raise LedgerError(403, f"you hold seat {seat} of this game; the envelope must name both")
            engine = rules_of(game)
            try:
                step = steps.resign_step(
                    engine, json.loads(game.state), account.key, envelope, sig, bytes.fromhex(game.seed),
                    (game.head_seq + 1, game.head_hash), seats=game.seats,
                )
            except steps.StepError as exc:
                raise LedgerError(exc.status, exc.message, head_of(game) if exc.status == 409 else None) from exc
            entry = self._append(game, "system", step.body)
            if "views" in step.body:  # a seat leaves a game of three or more: the others play on
                self._store_payloads(game, step.payloads)
                self._after_step(game, step)
            else:
                self._finish(game, step.body["result"])
                clock.after_step(game)
            save_head(game)
        return Appended(entry, game, seat)

    @staticmethod
    def _check_envelope(envelope: Any, optional: frozenset[str] = frozenset()) -> None:
        """Exact members and types first (400), so that no comparison below is loose:
        in Python 0.0 == 0 and True == 1."""
        try:
            steps.check_envelope(envelope, optional)
        except steps.StepError as exc:
            raise LedgerError(exc.status, exc.message) from exc

    @staticmethod
    def _seat_of(game: Game, account: Account) -> int:
        row = SEAT_OF.first(game.id, account.id)
        if row is None:
            raise LedgerError(403, "you hold no seat in this game")
        return row.seat


def _key_still_held(account: Account) -> None:
    """The joiner's key is still its account's: a rotation that committed since the request was
    checked has handed every seat of the account on, and a join now would seat the old key in a
    game that rotation never saw. The row is share-locked until the join commits (PostgreSQL; on
    SQLite the transaction holds the database already), so a rotation waits for it, or it for one."""
    query = Account.select(Account.key).where(Account.id == account.id)
    row = (query if is_sqlite() else query.for_update("FOR SHARE")).first()
    if row is None or row.key != account.key:
        raise LedgerError(401, "this key was replaced on this server a moment ago: use the new key")


def _join_body(statement: dict[str, Any], sig: str) -> dict[str, Any]:
    """The join entry's body: the signed statement minus what the entry itself holds
    (its game and, as the entry's own prev, the head the joiner saw) and the signature."""
    return {k: v for k, v in statement.items() if k not in ("game", "prev")} | {"sig": sig}
