"""Schema 5: the keys accounts replaced (RetiredKey, POST /v1/keys/rotate; docs/PROTOCOL.md
section 16). A version-4 database (no such table) is refused until `pbem-server db upgrade`, which
makes it, on SQLite and PostgreSQL; a key replaced on the upgraded server is then refused as a
signer (401) and as a new account's key (409), in the same words."""

from __future__ import annotations

from typing import Any

import pytest

from protocol.handover import rotation_statement, sign_rotation
from protocol.keys import SigningKey
from server import cli
from server.http.app import create_app
from server.store import migrations
from server.store.models import RetiredKey, SchemaVersion
from tests.server.conftest import Caller
from tests.server.test_operating import _db, db_env  # noqa: F401 - db_env is a fixture


def test_version_4_gets_the_retired_keys_table(db_env: dict[str, Any]) -> None:  # noqa: F811
    app = create_app(db_env)
    north = Caller(app.test_client())
    assert north.account("north").status_code == 201
    db = _db(db_env)
    with db.connection_context():
        db.drop_tables([RetiredKey])
        SchemaVersion.delete().execute()
        SchemaVersion.create(version=4)
    with pytest.raises(migrations.SchemaError, match=r"version 4, older .* run `pbem-server db upgrade`"):
        create_app(db_env)
    assert cli.main(["db", "upgrade", "--data-dir", db_env["DATA_DIR"]]) == 0
    with db.connection_context():
        assert migrations.stored_version(db) == migrations.CURRENT == 5
        assert db.table_exists(RetiredKey._meta.table_name)

    app = create_app(db_env)
    north = Caller(app.test_client(), north.key)
    old, new = north.key, SigningKey.generate()
    statement = rotation_statement(north.server_key, old.public_hex, new.public_hex)
    body = {"statement": statement, "sig_old": sign_rotation(statement, old),
            "sig_new": sign_rotation(statement, new), "handovers": []}
    assert north.call("POST", "/v1/keys/rotate", body).get_json() == {"key": new.public_hex, "handovers": []}
    refused = north.call("GET", "/v1/me")
    assert refused.status_code == 401
    words = refused.get_json()["detail"]
    assert words.startswith("this key was replaced on this server (at ") and "`pbem init --restore`" in words
    again = north.account("north-again")
    assert (again.status_code, again.get_json()["detail"]) == (409, words)
    assert north.call("GET", "/v1/me", key=new).get_json()["key"] == new.public_hex
