"""What the ledger writes and how it refuses: the game row's lock and head, the entry row,
the seat lookup (prepared queries, built once), the checks of ids and names a request brings,
and `LedgerError`, which the HTTP layer turns into an answer. Below the ledger, so the rooms
that only need to refuse or read a head need not import the ledger itself.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

import peewee as pw

from protocol.canonical import canonical
from server.store.models import Account, Entry, Game, Payload, Seat, Secret, database
from server.store.prepared import Prepared

GAME_ID = re.compile(r"[0-9a-f]{16}")  # what create_game makes: 8 random bytes, hex
SIGNATURE = re.compile(r"[0-9a-f]{128}")


def is_game_id(value: Any) -> bool:
    return isinstance(value, str) and GAME_ID.fullmatch(value) is not None


def is_text(value: Any, longest: int) -> bool:
    """A string of 1 to `longest` characters with no control character (NUL, newline, ...)."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= longest
        and not any(unicodedata.category(c) in ("Cc", "Cs") for c in value)
    )


def account_named(name: Any) -> Account | None:
    """The account with this name, whatever its case (names are unique case-insensitively)."""
    if not is_text(name, 64):
        raise LedgerError(400, "name: the account name of a player")
    return Account.get_or_none(Account.name == name) or Account.get_or_none(
        pw.fn.LOWER(Account.name) == name.lower()
    )


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
    game: Game  # the row as this transaction wrote it
    seat: int  # the seat that appended
    # What the append knows, so that its answer need not read it back (None: read it):
    views_seq: int | None = None  # the seq of the last entry with views (the position's commitments)
    payload_seats: frozenset[int] | None = None  # the seats that got payloads at or after the entry


def dumps(value: Any) -> str:
    return canonical(value).decode()


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _game_locked(game_id: Any) -> Any:
    query = Game.select().where(Game.id == game_id).limit(1)
    return query if isinstance(database.obj, pw.SqliteDatabase) else query.for_update()


def is_sqlite() -> bool:
    return isinstance(database.obj, pw.SqliteDatabase)


GAME_LOCKED = Prepared(_game_locked)  # SQLite: BEGIN IMMEDIATE has locked the database already
GAME_BY_ID = Prepared(lambda game_id: Game.select().where(Game.id == game_id).limit(1))
HEAD_NOW = Prepared(  # (seq, hash) of the game's head, as a tuple
    lambda game_id: Game.select(Game.head_seq, Game.head_hash).where(Game.id == game_id).limit(1).tuples()
)
SEAT_OF = Prepared(
    lambda game_id, account_id: Seat.select().where((Seat.game == game_id) & (Seat.account == account_id)).limit(1)
)
ENTRY_INSERT = Prepared(
    lambda game_id, seq, digest, data: Entry.insert(game=game_id, seq=seq, hash=digest, data=data)
)

SECRET_INSERT = Prepared(lambda game_id, seq, data: Secret.insert(game=game_id, seq=seq, data=data))
PAYLOAD_COLUMNS = 5  # game, seq, index, seat, data


def _payload_rows(count: int) -> Prepared:
    """An INSERT of `count` payload rows in one statement (built once per count and database)."""

    def build(*values: Any) -> Any:
        rows = [values[i:i + PAYLOAD_COLUMNS] for i in range(0, len(values), PAYLOAD_COLUMNS)]
        return Payload.insert_many(rows, fields=[Payload.game, Payload.seq, Payload.index, Payload.seat, Payload.data])

    return Prepared(build, count * PAYLOAD_COLUMNS)


_PAYLOAD_INSERTS: dict[int, Prepared] = {}


def insert_payloads(rows: list[tuple[str, int, int, int, str]]) -> None:
    """The payload rows of a step (one per seat that may read one), in one statement."""
    if not rows:
        return
    prepared = _PAYLOAD_INSERTS.get(len(rows))
    if prepared is None:
        prepared = _PAYLOAD_INSERTS.setdefault(len(rows), _payload_rows(len(rows)))
    prepared.execute(*(value for row in rows for value in row))


GAME_HEAD = Prepared(
    lambda game_id, state, to_move, status, head_seq, head_hash, result, updated: Game.update(
        state=state, to_move=to_move, status=status, head_seq=head_seq, head_hash=head_hash,
        result=result, updated=updated,
    ).where(Game.id == game_id)
)
HEAD_FIELDS = frozenset(("state", "to_move", "status", "head_seq", "head_hash", "result", "updated"))


def save_head(game: Game) -> None:
    """Write what a step changes in the game row (a prepared UPDATE), or the row's every
    changed column when something else changed too."""
    if not {f.name for f in game.dirty_fields} <= HEAD_FIELDS:
        game.save()
        return
    GAME_HEAD.execute(
        game.id, game.state, game.to_move, game.status, game.head_seq, game.head_hash, game.result, game.updated,
    )
    game._dirty.clear()  # noqa: SLF001 - as save() leaves it


def head_of(game: Game) -> dict[str, Any]:
    return {"seq": game.head_seq, "hash": game.head_hash}
