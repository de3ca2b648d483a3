"""Schema 4: a game records the rules version its signed genesis names (docs/PROTOCOL.md section 19).

A version-3 database (no engine_version column) is refused until `pbem-server db upgrade`,
which adds the column and fills it from each game's own genesis, on SQLite and PostgreSQL, so
a game begun before the upgrade goes on under the rules it began with. A game whose column
is empty (a row the migration could not fill) is still played under its genesis's version.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playhouse.migrate import SchemaMigrator, migrate

import engines
from server import cli
from server.http.app import create_app
from server.ledger.rules import rules_of, version_of
from server.store import migrations
from server.store.models import Entry, Game, SchemaVersion
from tests.server.conftest import Caller
from tests.server.test_operating import _columns, _db, db_env  # noqa: F401 - db_env is a fixture


def test_version_3_gets_each_game_s_engine_version_from_its_genesis(db_env: dict[str, Any]) -> None:  # noqa: F811
    app = create_app(db_env)
    north = Caller(app.test_client())
    assert north.account("north").status_code == 201
    made = [
        north.call("POST", "/v1/games", {"engine": e, "options": {}, "seats": 2}).get_json()["id"]
        for e in ("magier", "cavemen")
    ]
    db = _db(db_env)
    table = Game._meta.table_name
    with db.connection_context():
        migrate(SchemaMigrator.from_database(db).drop_column(table, "engine_version"))
        SchemaVersion.delete().execute()
        SchemaVersion.create(version=3)
    assert "engine_version" not in _columns(db, table)
    with pytest.raises(migrations.SchemaError, match=r"version 3, older .* run `pbem-server db upgrade`"):
        create_app(db_env)
    assert cli.main(["db", "upgrade", "--data-dir", db_env["DATA_DIR"]]) == 0
    with db.connection_context():
        assert migrations.stored_version(db) == migrations.CURRENT
        for game_id in made:
            game = Game.get_by_id(game_id)
            genesis = json.loads(Entry.get((Entry.game == game_id) & (Entry.seq == 0)).data)["body"]
            assert game.engine_version == genesis["engine_version"] == engines.get(game.engine).version


def test_a_game_is_played_under_its_genesis_s_version_not_the_newest(db_env: dict[str, Any]) -> None:  # noqa: F811
    """The column is a copy of the genesis: an empty one is read from the genesis itself, and a
    version this server does not keep is refused (501) rather than played under other rules."""
    app = create_app(db_env)
    north = Caller(app.test_client())
    assert north.account("north").status_code == 201
    game_id = north.call("POST", "/v1/games", {"engine": "magier", "options": {}, "seats": 2}).get_json()["id"]
    db = _db(db_env)
    with db.connection_context():
        Game.update(engine_version=None).where(Game.id == game_id).execute()
        game = Game.get_by_id(game_id)
        assert version_of(game) == engines.get("magier").version
        row = Entry.get((Entry.game == game_id) & (Entry.seq == 0))
        data = json.loads(row.data)
        data["body"]["engine_version"] = "99"
        Entry.update(data=json.dumps(data)).where(Entry.id == row.id).execute()
        with pytest.raises(Exception, match=r"magier version '99'.*cannot play it") as refused:
            rules_of(Game.get_by_id(game_id))
        assert getattr(refused.value, "status", None) == 501
