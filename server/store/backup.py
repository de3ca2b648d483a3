"""`pbem-server backup PATH`: a consistent copy of the SQLite database while the server runs.

SQLite's online backup API (sqlite3.Connection.backup) copies page by page under the
database's own locks, so a copy taken while gunicorn writes is a database as of one
moment, WAL included (a plain `cp` of the file can miss the WAL or tear a page). The copy
is written next to PATH and renamed into place once it passes `PRAGMA integrity_check`, so
PATH is never half a database. PostgreSQL has its own tool: the message gives the pg_dump line.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import peewee as pw

PG_DUMP = 'pg_dump --format=custom --file={path} "$DATABASE_URL"'
PG_RESTORE = 'pg_restore --clean --if-exists --dbname "$DATABASE_URL" {path}'


class BackupError(Exception):
    """A backup that was not made; the message says why."""


def postgres_advice(path: str) -> str:
    return (
        "the database is PostgreSQL, whose own tool makes a consistent copy while the server "
        f"runs: {PG_DUMP.format(path=path)} "
        f"(restore: {PG_RESTORE.format(path=path)})"
    )


def sqlite_backup(source: Path, dest: Path, force: bool = False) -> int:
    """Copy the SQLite database `source` to `dest`; the number of pages copied.

    Refuses an existing `dest` unless `force`, and `dest` being the database itself.
    """
    if not source.is_file():
        raise BackupError(f"no database at {source} (is --data-dir right?)")
    if dest.exists() and not force:
        raise BackupError(f"{dest} exists: choose another path, or --force to replace it")
    if dest.is_dir():
        raise BackupError(f"{dest} is a directory: give the path of the backup file")
    if not dest.parent.is_dir():
        raise BackupError(f"no directory {dest.parent} to write the backup into")
    if dest.exists() and dest.resolve() == source.resolve():
        raise BackupError(f"{dest} is the database itself")
    partial = dest.with_name(f".{dest.name}.{os.getpid()}.partial")
    pages = 0

    def progress(_status: int, remaining: int, total: int) -> None:
        nonlocal pages
        pages = total - remaining

    src = sqlite3.connect(source, timeout=30)
    try:
        out = sqlite3.connect(partial)
        try:
            # One step: a WAL reader sees one snapshot while writers go on; copying in slices
            # would start over after every write by the server, forever on a busy one.
            src.backup(out, pages=-1, progress=progress)
            ok = out.execute("PRAGMA integrity_check").fetchone()[0]
            # A single file: the copy needs no WAL beside it to be read elsewhere.
            out.execute("PRAGMA journal_mode=DELETE")
        finally:
            out.close()
        if ok != "ok":
            raise BackupError(f"the copy failed its integrity check ({ok}); {dest} was not written")
        os.replace(partial, dest)
    except sqlite3.Error as exc:
        raise BackupError(f"the backup failed: {exc}") from exc
    finally:
        src.close()
        partial.unlink(missing_ok=True)
    return pages


def run(db: pw.Database, dest: str, force: bool) -> str:
    """The backup of the server's database (`db` as models.connect_database opened it): the line
    to print, or BackupError (for PostgreSQL: the pg_dump line to run instead)."""
    if isinstance(db, pw.PostgresqlDatabase):
        raise BackupError(postgres_advice(dest))
    if not isinstance(db, pw.SqliteDatabase):
        raise BackupError(f"pbem-server backup copies SQLite databases, not {type(db).__name__}")
    source = Path(db.database)
    pages = sqlite_backup(source, Path(dest), force)
    return f"backed up {source} to {dest} ({pages} pages, integrity checked)"
