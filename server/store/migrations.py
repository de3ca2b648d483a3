"""The schema's version, and `pbem-server db upgrade` (peewee's playhouse.migrate).

A database records the versions it has been brought to in `schemaversion` (server/store/models.py
SchemaVersion). At start (`ensure`) the server makes the tables of an empty database and
stamps it CURRENT; it refuses a database at a newer version than it knows (an older pbem
on a newer database would misread it) and one at an older version (run `pbem-server db
upgrade`, which applies the missing migrations in order, each in its own transaction with
its stamp). A database made before versions existed (pbem tables, no version table) is at
version 0.

To change the schema: bump CURRENT (it is protocol.versions.SCHEMA: bump it there), add
`MIGRATIONS[CURRENT]`, a function that brings a database at CURRENT - 1 to CURRENT
(playhouse.migrate for columns), a test, and the version's line in CHANGELOG.md. A new table
alone needs none: missing tables are made at every start.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import peewee as pw
from playhouse.migrate import SchemaMigrator, migrate

from protocol.versions import SCHEMA
from server.store.models import (
    MODELS,
    Account,
    EmailInvite,
    Entry,
    Game,
    Mail,
    RetiredKey,
    SchemaVersion,
    connect_database,
)

log = logging.getLogger(__name__)

CURRENT = SCHEMA  # protocol/versions.py states it (pbem --version, GET /v1/version): bump it there
SCHEMA_LOCK = 0x7062656D  # "pbem": the PostgreSQL advisory lock key for schema changes
NAME_INDEX = "account_name_lower"
UPGRADE_HINT = "run `pbem-server db upgrade` (after a backup: `pbem-server backup PATH`)"


class SchemaError(Exception):
    """The database's schema is not the version this code knows; the message says what to do."""


def _to_1(db: pw.Database) -> None:
    """Version 0 (made before versions existed) to 1: the columns added since the first
    release (Game.request_sig for idempotent creates, Game.email_moves)."""
    game = Game._meta.table_name
    have = {c.name for c in db.get_columns(game)}
    migrator = SchemaMigrator.from_database(db)
    for name, field in (("request_sig", Game.request_sig), ("email_moves", Game.email_moves)):
        if name not in have:
            migrate(migrator.add_column(game, name, field))


def _to_2(db: pw.Database) -> None:
    """Version 1 to 2: an outbox row may hold a mail's cause, composed by the sender later
    (Mail.cause and Mail.state, both null on the rows already there: complete messages)."""
    table = Mail._meta.table_name
    have = {c.name for c in db.get_columns(table)}
    migrator = SchemaMigrator.from_database(db)
    for name, field in (("cause", Mail.cause), ("state", Mail.state)):
        if name not in have:
            migrate(migrator.add_column(table, name, field))


def _to_3(db: pw.Database) -> None:
    """Version 2 to 3: a seat kept for an address is claimed with the one-time token its
    invitation mailed (EmailInvite.token_hash, the token's SHA-256), no longer by registering
    with the address. The rows there get null: no token claims them (their mail had none);
    their inviter cancels and invites again, and a new mail carries a token."""
    table = EmailInvite._meta.table_name
    if "token_hash" not in {c.name for c in db.get_columns(table)}:
        migrate(SchemaMigrator.from_database(db).add_column(table, "token_hash", EmailInvite.token_hash))


def _to_4(db: pw.Database) -> None:
    """Version 3 to 4: a game records the rules version its genesis names (Game.engine_version),
    so a server upgraded in the middle of a game goes on under the rules it began with. The
    value is read from each game's own signed genesis, never assumed."""
    table = Game._meta.table_name
    if "engine_version" not in {c.name for c in db.get_columns(table)}:
        migrate(SchemaMigrator.from_database(db).add_column(table, "engine_version", Game.engine_version))
    genesis = Entry.select(Entry.game, Entry.data).where(Entry.seq == 0)
    for row in genesis.namedtuples():
        version = json.loads(row.data).get("body", {}).get("engine_version")
        if isinstance(version, str):
            Game.update(engine_version=version).where(Game.id == row.game).execute()


def _to_5(db: pw.Database) -> None:
    """Version 4 to 5: the keys accounts replaced (RetiredKey), refused from then on. A server
    whose database lacks the table would serve a replaced key as a stranger's (403) and let it
    make a new account: the version says the table is there."""
    db.create_tables([RetiredKey], safe=True)


MIGRATIONS: dict[int, Callable[[pw.Database], None]] = {1: _to_1, 2: _to_2, 3: _to_3, 4: _to_4, 5: _to_5}


def stored_version(db: pw.Database) -> int | None:
    """The database's schema version; 0 for pbem tables without one, None for no pbem table."""
    if db.table_exists(SchemaVersion._meta.table_name):
        found = SchemaVersion.select(pw.fn.MAX(SchemaVersion.version)).scalar()
        if found is not None:
            return int(found)
    if db.table_exists(Account._meta.table_name):
        return 0
    return None


@contextmanager
def schema_lock(db: pw.Database) -> Iterator[None]:
    """One process at a time changes or checks the schema (gunicorn workers start together)."""
    with db.connection_context():
        if isinstance(db, pw.PostgresqlDatabase):
            # CREATE ... IF NOT EXISTS races on a fresh database: a session-level advisory lock.
            db.execute_sql("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
            try:
                yield
            finally:
                db.execute_sql("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
        else:
            with db.atomic():  # BEGIN IMMEDIATE (server/store/models.py): the others wait their turn
                yield


def _tables(db: pw.Database) -> None:
    """Every table and index of this version that is missing (idempotent)."""
    db.create_tables(MODELS, safe=True)
    # Names are unique whatever their case: "Ada" and "ada" would read as one player.
    table = Account._meta.table_name
    try:
        with db.atomic():
            db.execute_sql(f'CREATE UNIQUE INDEX IF NOT EXISTS "{NAME_INDEX}" ON "{table}" (LOWER("name"))')
    except pw.IntegrityError:
        log.warning(
            "accounts whose names differ only by case exist already: new names are still "
            "checked case-insensitively, but without the database's unique index"
        )


def _stamp(version: int) -> None:
    SchemaVersion.insert(version=version).on_conflict_ignore().execute()


def check(version: int | None) -> None:
    """Raise SchemaError unless a database at `version` may be served by this code."""
    if version is None or version == CURRENT:
        return
    if version > CURRENT:
        raise SchemaError(
            f"the database is at schema version {version}, newer than this pbem-server knows "
            f"({CURRENT}): run a pbem-server at least as new as the one that upgraded it"
        )
    raise SchemaError(
        f"the database is at schema version {version}, older than this pbem-server's ({CURRENT}): "
        + UPGRADE_HINT
    )


def ensure(db: pw.Database) -> int:
    """At start: make an empty database's tables (stamped CURRENT), or check the version.

    Returns the version. Missing tables are made either way (a new table needs no migration).
    """
    with schema_lock(db):
        version = stored_version(db)
        check(version)
        _tables(db)
        if version is None:
            _stamp(CURRENT)
    return CURRENT


def upgrade(db: pw.Database) -> tuple[int | None, list[int]]:
    """Apply the missing migrations in order: (the version found, the versions applied).

    Idempotent: a database at CURRENT is left as it is. Each migration and its stamp are one
    transaction (PostgreSQL's DDL is transactional; SQLite's too), so a failed one leaves the
    database at the version before it.
    """
    with schema_lock(db):
        found = stored_version(db)
        if found is not None and found > CURRENT:
            check(found)
        applied: list[int] = []
        if found is None:
            _tables(db)
            _stamp(CURRENT)
            return found, applied
        for version in range(found + 1, CURRENT + 1):
            with db.atomic():
                if version == 1:
                    db.create_tables([SchemaVersion], safe=True)
                MIGRATIONS[version](db)
                _stamp(version)
            applied.append(version)
            log.info("schema upgraded to version %d", version)
        _tables(db)
    return found, applied


def open_database(url: str | None, data_dir: Path, *, pooled: bool = False) -> pw.Database:
    """The database, with its tables made if it is empty; a SchemaError if its schema version
    is not the one this code knows. It lives here, not in models, because checking the schema
    needs the migrations, and the migrations need the models."""
    db = connect_database(url, data_dir, pooled=pooled)
    ensure(db)
    return db
