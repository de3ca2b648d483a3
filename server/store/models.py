"""The server's tables (peewee). SQLite (WAL) by default, PostgreSQL via DATABASE_URL.

JSON columns are text holding canonical JSON, so what the server stores is byte
for byte what it signs and serves.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

import peewee as pw
from playhouse.db_url import connect
from playhouse.pool import PooledDatabase, PooledPostgresqlDatabase, PooledSqliteDatabase

database = pw.DatabaseProxy()


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class BaseModel(pw.Model):
    class Meta:
        database = database


class Account(BaseModel):
    name = pw.CharField(max_length=64, unique=True)
    email = pw.CharField(max_length=254)
    key = pw.CharField(max_length=64, unique=True)
    created = pw.DateTimeField(default=utcnow)


class Game(BaseModel):
    """One game; `state` is the newest snapshot, so a move never replays the log."""

    id = pw.CharField(max_length=32, primary_key=True)
    engine = pw.CharField(max_length=32)
    # The rules version its genesis names (schema 4): every append, view and mail of the game
    # uses those rules, however new the server (server/store/rules.py rules_of).
    engine_version = pw.CharField(max_length=16, null=True)
    options = pw.TextField()
    seats = pw.IntegerField()
    creator = pw.ForeignKeyField(Account, backref="created_games")
    status = pw.CharField(max_length=16, default="open")  # open | running | over
    to_move = pw.IntegerField(null=True)
    seed = pw.CharField(max_length=64)  # the server seed: secret until the reveal
    state = pw.TextField(null=True)
    head_seq = pw.IntegerField(default=0)
    head_hash = pw.CharField(max_length=64)
    result = pw.TextField(null=True)
    created = pw.DateTimeField(default=utcnow)
    updated = pw.DateTimeField(default=utcnow)
    # The X-Pbem-Signature of the request that created the game: a replay of that
    # request (same key, time, path and body) finds this game instead of making another.
    request_sig = pw.CharField(max_length=128, null=True, unique=True)
    # Moves by email: as the genesis says (`email_moves: true`, absent when off).
    email_moves = pw.BooleanField(default=False)

    class Meta:
        only_save_dirty = True  # an append rewrites the head, state and status, not the rest


class Seat(BaseModel):
    game = pw.ForeignKeyField(Game, backref="seat_rows", on_delete="CASCADE")
    seat = pw.IntegerField()
    account = pw.ForeignKeyField(Account, backref="seats")
    nonce = pw.CharField(max_length=64)

    class Meta:
        indexes = ((("game", "seat"), True), (("game", "account"), True))


class Invite(BaseModel):
    """A seat kept for one account until it joins: nobody else can take it."""

    game = pw.ForeignKeyField(Game, backref="invites", on_delete="CASCADE")
    seat = pw.IntegerField()
    account = pw.ForeignKeyField(Account, backref="invites")
    by = pw.ForeignKeyField(Account, backref="invitations_sent")

    class Meta:
        indexes = ((("game", "seat"), True), (("game", "account"), True))


class Entry(BaseModel):
    game = pw.ForeignKeyField(Game, backref="entries", on_delete="CASCADE")
    seq = pw.IntegerField()
    hash = pw.CharField(max_length=64)
    data = pw.TextField()

    class Meta:
        indexes = ((("game", "seq"), True),)


class Payload(BaseModel):
    """A private event with its salt, one row per seat that may read it."""

    game = pw.ForeignKeyField(Game, backref="payloads", on_delete="CASCADE")
    seq = pw.IntegerField()
    index = pw.IntegerField()
    seat = pw.IntegerField()
    data = pw.TextField()

    class Meta:
        indexes = ((("game", "seat", "seq", "index"), True),)


class Secret(BaseModel):
    """A player's committed move secret with its salt, revealed when the game ends."""

    game = pw.ForeignKeyField(Game, backref="secrets", on_delete="CASCADE")
    seq = pw.IntegerField()
    data = pw.TextField()

    class Meta:
        indexes = ((("game", "seq"), True),)


class Mail(BaseModel):
    """The outbox: one message per row, written in the transaction of the entry that causes it
    and delivered once by the sender (server/mail/mailer.py). Most rows hold the complete
    message (server/mail/notices.py); a your-turn or start mail of an append holds its cause
    instead (`cause`, and `state`, the position it is about) until the sender composes it from
    the log (server/mail/causes.py), so the append does not pay for the mail's words."""

    account = pw.ForeignKeyField(Account, null=True, backref="mail", on_delete="SET NULL")
    to_addr = pw.CharField(max_length=254)
    game = pw.CharField(max_length=32, null=True, index=True)
    kind = pw.CharField(max_length=16)  # turn | invite | start | over | digest
    message = pw.TextField()  # the RFC 5322 text, as sent
    key = pw.CharField(max_length=191, unique=True)  # dedupe: one row per (cause, recipient)
    status = pw.CharField(max_length=16, default="pending")  # pending | sent | failed
    attempts = pw.IntegerField(default=0)
    next_try = pw.DateTimeField(default=utcnow)
    last_error = pw.TextField(null=True)
    created = pw.DateTimeField(default=utcnow)
    sent_at = pw.DateTimeField(null=True)
    # Set while the message is still to be composed (`message` then holds its Subject line
    # alone): the cause as JSON (seq, seat, ...) and the game's state at that seq (canonical JSON,
    # with concealed values: cleared once composed).
    cause = pw.TextField(null=True)
    state = pw.TextField(null=True)

    class Meta:
        indexes = ((("status", "next_try"), False),)


class MailPref(BaseModel):
    """An account's mail preference (no row: "all") and the day of its last digest."""

    account = pw.ForeignKeyField(Account, unique=True, backref="mail_pref", on_delete="CASCADE")
    notify = pw.CharField(max_length=8, default="all")  # all | digest | none
    digest_day = pw.CharField(max_length=10, null=True)  # YYYY-MM-DD (UTC) of the last digest


class Mute(BaseModel):
    """No mail about this game for this account."""

    account = pw.ForeignKeyField(Account, backref="mutes", on_delete="CASCADE")
    game = pw.ForeignKeyField(Game, backref="mutes", on_delete="CASCADE")

    class Meta:
        indexes = ((("account", "game"), True),)


class EmailInvite(BaseModel):
    """A seat kept for an e-mail address: it becomes the seat kept for an account (an Invite)
    only when that account presents the one-time token the invitation mailed to the address
    (server/ledger/invitations.py `claim`). Registering with the address grants nothing: an
    address is asserted, the token proves the mailbox. `token_hash`: the token's SHA-256 (the
    token itself is in the mail alone); null on rows kept before schema 3, which no token claims."""

    game = pw.ForeignKeyField(Game, backref="email_invites", on_delete="CASCADE")
    seat = pw.IntegerField()
    email = pw.CharField(max_length=254)
    by = pw.ForeignKeyField(Account, backref="email_invitations_sent")
    token_hash = pw.CharField(max_length=64, null=True)

    class Meta:
        indexes = ((("game", "seat"), True), (("game", "email"), True))


MODELS = [Account, Game, Seat, Invite, Entry, Payload, Secret, Mail, MailPref, Mute, EmailInvite]


# -- deadlines (server/clock/) ---------------------------------


class Clock(BaseModel):
    """A game's deadline settings (as its genesis says) and the clock of the current decision.

    `seat` is the seat whose time runs (null: none); the clock restarts whenever the seat
    to move changes. Times are naive UTC; a vacation moves them. `reminded`/`warned`
    record that the half-time reminder and the last warning went out, so each goes once.
    """

    game = pw.ForeignKeyField(Game, unique=True, backref="clock_rows", on_delete="CASCADE")
    days = pw.IntegerField()
    grace_hours = pw.IntegerField()
    on_expiry = pw.CharField(max_length=16)
    seat = pw.IntegerField(null=True)
    started = pw.DateTimeField(null=True)
    remind_at = pw.DateTimeField(null=True, index=True)
    warn_at = pw.DateTimeField(null=True, index=True)
    expires_at = pw.DateTimeField(null=True, index=True)
    reminded = pw.BooleanField(default=False)
    warned = pw.BooleanField(default=False)


class Vacation(BaseModel):
    """Days an account is away: its clocks in every game stop for that long."""

    account = pw.ForeignKeyField(Account, backref="vacations", on_delete="CASCADE")
    starts = pw.DateTimeField()
    ends = pw.DateTimeField(index=True)
    days = pw.IntegerField()
    year = pw.IntegerField()  # the budget year (UTC) the days count against
    created = pw.DateTimeField(default=utcnow)


class DeadlineNotice(BaseModel):
    """Every reminder, warning, timeout, forfeit, vacation and abort notice, as it was given
    (also handed to the mail outbox when there is one: server/clock/clock.py `announce`)."""

    game = pw.CharField(max_length=32, null=True, index=True)
    account = pw.ForeignKeyField(Account, backref="deadline_notices", on_delete="CASCADE")
    kind = pw.CharField(max_length=16)  # reminder | warning | timeout | forfeit | vacation | abort
    data = pw.TextField()  # canonical JSON
    created = pw.DateTimeField(default=utcnow)


MODELS.extend([Clock, Vacation, DeadlineNotice])


# -- reply by email (server/mail/inbox.py) ---------------------------------------------------


class MoveToken(BaseModel):
    """A one-time move token, mailed with a your-turn mail of a game with email moves: valid for
    `seat` at the head (`seq` - 1, `prev`) only, and once (`used` is set when a move is played)."""

    token = pw.CharField(max_length=32, primary_key=True)
    game = pw.ForeignKeyField(Game, backref="move_tokens", on_delete="CASCADE")
    seat = pw.IntegerField()
    seq = pw.IntegerField()
    prev = pw.CharField(max_length=64)
    created = pw.DateTimeField(default=utcnow)
    used = pw.DateTimeField(null=True)
    used_by = pw.CharField(max_length=255, null=True)  # the Message-ID of the reply that used it


class InboxMessage(BaseModel):
    """Every message `pbem-server inbox` has processed, by Message-ID: a redelivered message
    finds its row and does nothing twice."""

    message_id = pw.CharField(max_length=255, unique=True)
    sender = pw.CharField(max_length=254)
    game = pw.CharField(max_length=32, null=True)
    outcome = pw.CharField(max_length=16)  # played | refused | ignored
    reason = pw.TextField()
    created = pw.DateTimeField(default=utcnow)


MODELS.extend([MoveToken, InboxMessage])


class PrivateGame(BaseModel):
    """A private game: only its creator, players and invited players can read it;
    everyone else gets the 404 of a game that does not exist. The server's policy, not a rule
    of the game, so it is not in the signed genesis. A table of its own: a new table needs no
    schema migration."""

    game = pw.ForeignKeyField(Game, primary_key=True, backref="private_rows", on_delete="CASCADE")


MODELS.append(PrivateGame)


class BotLease(BaseModel):
    """A seat `pbem bot` plays: its your-turn mail and deadline reminders are not sent until
    `until` (the bot renews the lease while it runs, so a bot that crashed or was stopped
    without a word silences nothing for long: server/http/bot_api.py). A table of its own: a new
    table needs no schema migration."""

    game = pw.ForeignKeyField(Game, backref="bot_leases", on_delete="CASCADE")
    seat = pw.IntegerField()
    account = pw.ForeignKeyField(Account, backref="bot_leases", on_delete="CASCADE")
    until = pw.DateTimeField()

    class Meta:
        indexes = ((("game", "seat"), True),)


MODELS.append(BotLease)


class StandingAnswers(BaseModel):
    """The statement of standing answers in force for one seat of a game: the seq of its
    `answers` entry and its rules (canonical JSON; [] once revoked). The log says the same;
    this row spares the append that follows every entry a walk back through the log to find
    it. A table of its own: a new table needs no schema migration."""

    game = pw.ForeignKeyField(Game, backref="standing_rows", on_delete="CASCADE")
    seat = pw.IntegerField()
    seq = pw.IntegerField()
    rules = pw.TextField()

    class Meta:
        indexes = ((("game", "seat"), True),)


MODELS.append(StandingAnswers)


class RetiredKey(BaseModel):
    """A key an account replaced (POST /v1/keys/rotate, schema 5): refused for good on this server,
    as a request's signer (401), a new account's key and any account's new key (409). `statement`
    keeps the rotation as the account signed it (canonical JSON of the statement and both
    signatures): the server's evidence that the account itself asked for it."""

    account = pw.ForeignKeyField(Account, backref="retired_keys", on_delete="CASCADE")
    key = pw.CharField(max_length=64, unique=True)
    retired_at = pw.DateTimeField(default=utcnow)
    statement = pw.TextField()


MODELS.append(RetiredKey)


# -- the schema's version (server/store/migrations.py) ----------------------------------------------


class SchemaVersion(BaseModel):
    """One row per schema version this database has been brought to; the highest is its version.

    A new table needs no new version (it is made where missing at every start); a new column,
    index or anything else an existing database lacks does: a migration in server/store/migrations.py.
    """

    version = pw.IntegerField(primary_key=True)
    applied = pw.DateTimeField(default=utcnow)


MODELS.append(SchemaVersion)


def connect_database(url: str | None, data_dir: Path, *, pooled: bool = False) -> pw.Database:
    """The database a DATABASE_URL names, else SQLite in the data directory; bound to the models
    (`database`) but not checked: `migrations.open_database` checks its schema version too.

    `pooled`: what the app's requests use. A request's `close()` hands its connection
    back instead of ending it: a new PostgreSQL session costs more than most requests, and the
    last SQLite connection to close checkpoints the WAL, milliseconds of each append."""
    if url:
        db = connect(url)
        if isinstance(db, pw.SqliteDatabase):
            db = _sqlite(db.database, pooled)
        elif pooled and isinstance(db, pw.PostgresqlDatabase):
            db = _Postgres(db.database, **db.connect_params, **POOL)
    else:
        data_dir.mkdir(parents=True, exist_ok=True)
        db = _sqlite(str(data_dir / "pbem.sqlite3"), pooled)
    database.initialize(db)
    return db


# No cap (a thread holds one connection at most, and gunicorn's sync worker has one thread);
# a connection idle for five minutes is closed when next taken, not handed out.
POOL: dict[str, Any] = {"max_connections": None, "stale_timeout": 300}
_INHERITED: list[Any] = []  # see _OwnProcess


class _OwnProcess(PooledDatabase):
    """A pool serves only the process that filled it. A forked child (a gunicorn worker, a
    test's subprocess) that inherited open connections starts an empty pool, and keeps the
    inherited ones referenced forever: freeing one would end the parent's session over the
    shared socket."""

    _pid: int | None = None

    def _connect(self) -> Any:
        if self._pid != os.getpid():
            with self._pool_lock:
                if self._pid != os.getpid():
                    _INHERITED.append((self._connections, self._in_use))
                    self._connections, self._in_use = [], {}
                    self._pid = os.getpid()
        return super()._connect()


class _PooledSqlite(_OwnProcess, PooledSqliteDatabase):
    pass


class _Postgres(_OwnProcess, PooledPostgresqlDatabase):
    pass


def _sqlite(path: str, pooled: bool = False) -> pw.SqliteDatabase:
    # IMMEDIATE: every transaction takes the write lock at BEGIN, so two appends
    # to the same game serialise instead of failing late with "database is locked".
    # synchronous=FULL: in WAL mode NORMAL may lose the last commits on a power cut, and
    # a move the server acknowledged (and a player holds a receipt for) must not vanish:
    # the server would then sign another entry at the same seq, which looks like a fork.
    settings: dict[str, Any] = {
        "lock_type": "IMMEDIATE",
        "pragmas": {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 10000, "synchronous": "full"},
    }
    if pooled:  # a connection goes back to the pool and on to another thread (one at a time)
        return _PooledSqlite(path, **settings, **POOL, check_same_thread=False)
    return pw.SqliteDatabase(path, **settings)
