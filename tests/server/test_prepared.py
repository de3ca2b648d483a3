"""Prepared queries (server/prepared.py) give what peewee's own queries give.

The server's hot queries are built once per database and run with new values. On both
databases, each one must return the same rows (as model instances, joined rows filled in) as
the query peewee builds afresh, and write what Model.insert writes; and a value that a field
would change on its way into the SQL (a bool, a default) must be refused when the SQL is built,
never frozen into it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import peewee as pw
import pytest
from flask import Flask

from server.clock import clock
from server.http import api, auth, visibility
from server.ledger import records
from server.mail import notices
from server.store.models import Account, Clock, Entry, Game, Mail, Payload, Seat, database
from server.store.prepared import Prepared
from tests.server.conftest import Caller


def _game_with_moves(app: Flask, pair: tuple[Caller, Caller, str]) -> tuple[Game, list[Account]]:
    """The started toy game of `pair` after a hidden value and a throw (entries and payloads)."""
    north, south, gid = pair
    assert north.move(gid, 0, {"type": "hide", "value": 3}).status_code == 200
    seat = north.call("GET", f"/v1/games/{gid}").get_json()["to_move"]
    assert [north, south][seat].move(gid, seat, {"type": "throw"}).status_code == 200
    with app.app_context():
        database.connect(reuse_if_open=True)
        game = Game.get_by_id(gid)
        accounts = [Account.get(Account.name == "north"), Account.get(Account.name == "south")]
    return game, accounts


def _same_rows(got: list[Any], want: list[Any]) -> None:
    assert [r.__data__ for r in got] == [r.__data__ for r in want]
    assert [type(r) for r in got] == [type(r) for r in want]


def test_the_hot_queries_read_what_peewee_reads(app: Flask, pair: tuple[Caller, Caller, str]) -> None:
    game, (ann, bob) = _game_with_moves(app, pair)
    with app.app_context():
        database.connect(reuse_if_open=True)
        _same_rows([visibility.GAME_BY_ID.first(game.id)], [Game.get_by_id(game.id)])
        assert visibility.GAME_BY_ID.first("f" * 16) is None
        _same_rows([records.GAME_LOCKED.first(game.id)], [Game.get_by_id(game.id)])
        for account in (ann, bob):
            want = Seat.get((Seat.game == game) & (Seat.account == account))
            _same_rows([api.SEAT_OF.first(game.id, account.id)], [want])
            _same_rows([records.SEAT_OF.first(game.id, account.id)], [want])
            _same_rows([auth.ACCOUNT_BY_KEY.first(account.key)], [account])
        assert auth.ACCOUNT_BY_KEY.first("0" * 64) is None
        newest = list(Entry.select().where(Entry.game == game).order_by(Entry.seq.desc()).limit(3))
        _same_rows(notices.LAST_ENTRIES.rows(game.id, game.head_seq, 3), newest)
        older = list(Entry.select().where((Entry.game == game) & (Entry.seq <= 1)).order_by(Entry.seq.desc()))
        _same_rows(notices.LAST_ENTRIES.rows(game.id, 1, 10), older)
        assert len(newest) == 3
        payloads = 0
        for seat in (0, 1):
            want = list(
                Payload.select().where((Payload.game == game) & (Payload.seat == seat)).order_by(Payload.seq, Payload.index)
            )
            _same_rows(api.PAYLOADS.rows(game.id, seat, 0, game.head_seq), want)
            _same_rows(api.PAYLOADS.rows(game.id, seat, game.head_seq + 1, game.head_seq + 5), [])
            payloads += len(want)
        assert payloads > 0
        seated = notices.SEATED.rows(game.id)
        assert {r.seat: r.account.__data__ for r in seated} == {0: ann.__data__, 1: bob.__data__}
        assert clock.CLOCK_OF.first(game.id) is None
        Clock.create(game=game, days=2, grace_hours=12, on_expiry="bot")
        _same_rows([clock.CLOCK_OF.first(game.id)], [Clock.get(Clock.game == game)])


def test_the_prepared_inserts_write_what_model_insert_writes(app: Flask, pair: tuple[Caller, Caller, str]) -> None:
    game, (ann, _) = _game_with_moves(app, pair)
    when = dt.datetime(2026, 11, 30, 12, 0, 5, 123456)
    with app.app_context():
        database.connect(reuse_if_open=True)
        with database.atomic():
            notices.MAIL_INSERT.execute(ann.id, "ann@example.org", game.id, "turn", "text", "k1", "pending", 0, when, when)
            notices.MAIL_INSERT.execute(ann.id, "ann@example.org", game.id, "turn", "other", "k1", "pending", 0, when, when)
            Mail.insert(
                account=ann.id, to_addr="ann@example.org", game=game.id, kind="turn", message="text", key="k2",
                status="pending", attempts=0, next_try=when, created=when,
            ).execute()
            records.ENTRY_INSERT.execute(game.id, 99, "ab" * 32, '{"x":1}')
        ours, theirs = Mail.get(Mail.key == "k1"), Mail.get(Mail.key == "k2")
        assert ours.message == "text"  # the second insert for the same key was ignored
        assert {k: v for k, v in ours.__data__.items() if k not in ("id", "key")} == {
            k: v for k, v in theirs.__data__.items() if k not in ("id", "key")
        }
        assert ours.next_try == when and ours.created == when
        entry = Entry.get((Entry.game == game) & (Entry.seq == 99))
        assert (entry.hash, entry.data) == ("ab" * 32, '{"x":1}')


def test_a_value_a_field_would_change_is_refused_when_the_sql_is_built(app: Flask) -> None:
    with app.app_context():
        database.connect(reuse_if_open=True)
        as_bool = Prepared(lambda flag: Game.select().where(Game.email_moves == flag))
        with pytest.raises(TypeError, match="did not reach the SQL as itself"):
            as_bool.rows(True)
        with_default = Prepared(lambda addr: Mail.insert(to_addr=addr, kind="turn", message="m", key="k"))
        with pytest.raises(TypeError, match="a value is not the caller's"):
            with_default.execute("ann@example.org")
        with pytest.raises(TypeError, match="1 values, not 2"):
            visibility.GAME_BY_ID.first("a", "b")


def test_each_database_gets_its_own_sql(tmp_path: Any) -> None:
    """One prepared query over two databases: SQLite's lock is BEGIN IMMEDIATE, PostgreSQL's
    FOR UPDATE, and a query built for one is never run on the other."""
    from tests.server.conftest import make_app

    make_app(tmp_path / "a", "sqlite")
    sqlite_sql = records.GAME_LOCKED._for(database.obj)[1]  # noqa: SLF001
    make_app(tmp_path / "b", "postgres")
    pg_sql = records.GAME_LOCKED._for(database.obj)[1]  # noqa: SLF001
    assert "FOR UPDATE" not in sqlite_sql and "?" in sqlite_sql
    assert pg_sql.endswith("FOR UPDATE") and "%s" in pg_sql
    assert isinstance(database.obj, pw.PostgresqlDatabase)


def test_save_head_writes_what_save_writes(app: Flask, pair: tuple[Caller, Caller, str]) -> None:
    """records.save_head: the head columns by a prepared UPDATE; anything else through save()."""
    game, _ = _game_with_moves(app, pair)
    when = dt.datetime(2026, 11, 30, 12, 0, 5, 123456)
    with app.app_context():
        database.connect(reuse_if_open=True)
        row = records.GAME_LOCKED.first(game.id)
        row.state, row.to_move, row.status, row.head_seq = '{"s":1}', None, "over", row.head_seq + 1
        row.head_hash, row.result, row.updated = "cd" * 32, '{"winner":0}', when
        records.save_head(row)
        assert row.dirty_fields == []
        assert Game.get_by_id(game.id).__data__ == row.__data__
        row.email_moves = True  # not a head column: save() writes it
        row.head_seq += 1
        records.save_head(row)
        assert Game.get_by_id(game.id).__data__ == row.__data__
        assert Game.get_by_id(game.id).email_moves is True
