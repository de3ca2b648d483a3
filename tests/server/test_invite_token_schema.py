"""Schema 3: a seat kept for an address holds the hash of the token its invitation mailed.

A version-2 database (seats kept for addresses, no token column) is refused until `pbem-server
db upgrade`, which adds the column (null on the rows there) on SQLite and PostgreSQL. A seat
kept before the upgrade is claimed by no token (its mail had none, and registering with the
address no longer takes it): its inviter cancels it and invites again, and that mail's token
takes the seat.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playhouse.migrate import SchemaMigrator, migrate

from server import cli
from server.http.app import create_app
from server.store import migrations
from server.store.models import EmailInvite, Mail, SchemaVersion
from tests.server.conftest import Caller
from tests.server.test_operating import _columns, _db, db_env  # noqa: F401 - db_env is a fixture


def test_version_2_gets_the_token_column_and_its_kept_seats_wait_for_a_new_invitation(db_env: dict[str, Any]) -> None:  # noqa: F811
    app = create_app(db_env)
    client = app.test_client()
    north = Caller(client)
    assert north.account("north").status_code == 201
    game = north.call("POST", "/v1/games", {"engine": "toy", "options": {"rounds": 2}, "seats": 2}).get_json()["id"]
    assert north.call("POST", f"/v1/games/{game}/invite", {"email": "zoe@example.org", "seat": 1}).status_code == 200
    db = _db(db_env)
    table = EmailInvite._meta.table_name
    with db.connection_context():
        with app.app_context():
            old = re.search(r"--token ([0-9a-f]{32})", Mail.select().where(Mail.kind == "invite").get().message)
        migrate(SchemaMigrator.from_database(db).drop_column(table, "token_hash"))
        SchemaVersion.delete().execute()
        SchemaVersion.create(version=2)
    assert old is not None and "token_hash" not in _columns(db, table)
    with pytest.raises(migrations.SchemaError, match=r"version 2, older .* run `pbem-server db upgrade`"):
        create_app(db_env)
    assert cli.main(["db", "upgrade", "--data-dir", db_env["DATA_DIR"]]) == 0
    assert "token_hash" in _columns(db, table)
    with db.connection_context():
        assert migrations.stored_version(db) == migrations.CURRENT  # 3 and every version after it
        assert [(r.email, r.seat, r.token_hash) for r in EmailInvite.select()] == [("zoe@example.org", 1, None)]

    again = Caller(create_app(db_env).test_client(), north.key)
    zoe = Caller(again.client)
    assert zoe.account("zoe").status_code == 201
    assert zoe.call("POST", f"/v1/games/{game}/claim", {"token": old[1]}).status_code == 404  # no token claims it
    assert again.call("DELETE", f"/v1/games/{game}/invite/zoe@example.org").status_code == 200
    assert again.call("POST", f"/v1/games/{game}/invite", {"email": "zoe@example.org", "seat": 1}).status_code == 200
    with db.connection_context():
        mails = [m.message for m in Mail.select().where(Mail.kind == "invite").order_by(Mail.id)]
    assert len(mails) == 2  # a new mail for the new token, not deduplicated as the old one
    new = re.search(r"--token ([0-9a-f]{32})", mails[-1])
    assert new is not None and new[1] != old[1]
    assert zoe.call("POST", f"/v1/games/{game}/claim", {"token": new[1]}).status_code == 200
    assert again.call("GET", f"/v1/games/{game}").get_json()["invited"] == [{"seat": 1, "name": "zoe"}]
