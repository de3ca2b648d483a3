"""Running a server: schema versions and `pbem-server db upgrade`, `pbem-server backup`,
the health check's database probe, body limits (413), per-account rate limits (429 with
Retry-After, and the client waiting them out), and the JSON request log.

Everything runs for real: the app on SQLite in a temp dir or on PostgreSQL (tests/pg.py),
the CLI's `main`, gunicorn in a subprocess for `serve`'s options.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import peewee as pw
import psycopg2
import pytest
import requests
from flask import Flask
from playhouse.migrate import SchemaMigrator, migrate
from werkzeug.serving import WSGIRequestHandler, make_server

import engines
from client.api import Api, ApiError
from protocol.auth import sign_request
from protocol.keys import SigningKey
from server import cli
from server.http.app import create_app
from server.http.ratelimit import RateLimiter, parse_limit
from server.store import migrations
from server.store.models import Game, Mail, SchemaVersion, connect_database
from tests.protocol.toy import TOY
from tests.server.conftest import Caller, make_app, reset_postgres

ROOT = Path(__file__).resolve().parents[2]


def _problem(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, (resp.status_code, resp.get_data(as_text=True))
    assert resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert body["status"] == status and "\n" not in body["detail"]
    return body


# -- schema versions and `pbem-server db upgrade` -------------------------------------------------


@pytest.fixture(params=["sqlite", "postgres"])
def db_env(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """An empty database the server and `pbem-server` find through --data-dir / DATABASE_URL."""
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    engines.register(TOY)
    config: dict[str, Any] = {"DATA_DIR": str(tmp_path / "data"), "TESTING": True}
    if request.param == "postgres":
        config["DATABASE_URL"] = reset_postgres()
        monkeypatch.setenv("DATABASE_URL", config["DATABASE_URL"])
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    return config


def _db(config: dict[str, Any]) -> pw.Database:
    return connect_database(config.get("DATABASE_URL"), Path(config["DATA_DIR"]))


def _columns(db: pw.Database, table: str) -> set[str]:
    with db.connection_context():
        return {c.name for c in db.get_columns(table)}


def _drop_mail_causes(db: pw.Database) -> None:
    """The outbox as it was before version 2: no cause or state columns."""
    migrate(*(SchemaMigrator.from_database(db).drop_column(Mail._meta.table_name, c) for c in ("cause", "state")))


def _make_version_0(config: dict[str, Any]) -> str:
    """A database as pbem made it before schema versions: no version table, and the game table
    without the columns added since (request_sig, email_moves), holding an account and a game."""
    app = create_app(config)
    caller = Caller(app.test_client())
    assert caller.account("ada").status_code == 201
    game = caller.call("POST", "/v1/games", {"engine": "toy", "options": {"rounds": 1}, "seats": 2}).get_json()["id"]
    db = _db(config)
    with db.connection_context():
        table = Game._meta.table_name
        migrator = SchemaMigrator.from_database(db)
        for index in db.get_indexes(table):
            if "request_sig" in index.columns:
                migrate(migrator.drop_index(table, index.name))
        migrate(migrator.drop_column(table, "request_sig"), migrator.drop_column(table, "email_moves"))
        _drop_mail_causes(db)
        db.drop_tables([SchemaVersion])
    assert {"request_sig", "email_moves"}.isdisjoint(_columns(db, table))
    return game


def test_a_new_database_is_stamped_with_the_current_version(db_env: dict[str, Any]) -> None:
    """An empty database gets every table and the schema version this code knows."""
    create_app(db_env)
    db = _db(db_env)
    with db.connection_context():
        assert migrations.stored_version(db) == migrations.CURRENT
        assert [r.version for r in SchemaVersion.select()] == [migrations.CURRENT]
    create_app(db_env)  # a second start (another worker) changes nothing
    with db.connection_context():
        assert SchemaVersion.select().count() == 1


def test_an_older_schema_is_refused_until_db_upgrade(
    db_env: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """A database from before schema versions (version 0) is refused with "run
    pbem-server db upgrade"; the upgrade adds the missing columns keeping every row, stamps
    each version up to the current one, and a second upgrade does nothing."""
    game = _make_version_0(db_env)
    with pytest.raises(migrations.SchemaError, match=r"version 0, older .* run `pbem-server db upgrade`"):
        create_app(db_env)
    assert cli.main(["db", "version", "--data-dir", db_env["DATA_DIR"]]) == 1
    assert f"schema version 0; this pbem-server knows version {migrations.CURRENT}" in capsys.readouterr().out

    assert cli.main(["db", "upgrade", "--data-dir", db_env["DATA_DIR"]]) == 0
    assert f"upgraded the database from schema version 0 to {migrations.CURRENT}" in capsys.readouterr().out
    db = _db(db_env)
    assert {"request_sig", "email_moves"} <= _columns(db, Game._meta.table_name)
    with db.connection_context():
        assert migrations.stored_version(db) == migrations.CURRENT
    app = create_app(db_env)
    summary = app.test_client().get(f"/v1/games/{game}").get_json()
    assert summary["id"] == game and summary["email_moves"] is False  # the old row, with the default

    assert cli.main(["db", "upgrade", "--data-dir", db_env["DATA_DIR"]]) == 0
    assert f"at schema version {migrations.CURRENT} already: nothing to do" in capsys.readouterr().out


def test_version_1_gets_the_outbox_cause_columns_and_keeps_its_mail(db_env: dict[str, Any]) -> None:
    """A version-1 database (an outbox of complete messages, no cause or state column) is refused
    until `db upgrade`, which adds both (null on the rows there) and stamps version 2; its waiting
    mail is then sent as it was, and new moves queue their causes."""
    app = create_app(db_env)
    client = app.test_client()
    north, south = Caller(client), Caller(client)
    assert north.account("north").status_code == 201 and south.account("south").status_code == 201
    game = north.call("POST", "/v1/games", {"engine": "toy", "options": {"rounds": 2}, "seats": 2}).get_json()["id"]
    assert north.join(game, 0, "north").status_code == 200 and south.join(game, 1, "south").status_code == 200
    db = _db(db_env)
    with db.connection_context():
        _drop_mail_causes(db)
        Mail.update(message="Subject: as written by version 1\n\nWords.\n").execute()
        SchemaVersion.delete().execute()
        SchemaVersion.create(version=1)
    assert {"cause", "state"}.isdisjoint(_columns(db, Mail._meta.table_name))
    with pytest.raises(migrations.SchemaError, match=r"version 1, older .* run `pbem-server db upgrade`"):
        create_app(db_env)
    assert cli.main(["db", "upgrade", "--data-dir", db_env["DATA_DIR"]]) == 0
    assert {"cause", "state"} <= _columns(db, Mail._meta.table_name)
    with db.connection_context():
        assert migrations.stored_version(db) == migrations.CURRENT  # 2, and every version after it
        kept = list(Mail.select().order_by(Mail.id))
    assert len(kept) == 2 and all(r.cause is None and r.state is None and r.message.endswith("Words.\n") for r in kept)
    again = Caller(create_app(db_env).test_client(), north.key)
    assert again.move(game, 0, {"type": "pass"}).status_code == 200
    with db.connection_context():
        queued = list(Mail.select().where(Mail.cause.is_null(False)))
    assert [(r.kind, r.to_addr) for r in queued] == [("turn", "south@example.org")]


def test_a_newer_schema_is_refused_by_the_server_and_by_upgrade(
    db_env: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """A database upgraded by a newer pbem (version CURRENT + 1) is never served by
    this one, and `db upgrade` does not touch it."""
    create_app(db_env)
    db = _db(db_env)
    with db.connection_context():
        SchemaVersion.create(version=migrations.CURRENT + 1)
    with pytest.raises(migrations.SchemaError, match="newer than this pbem-server knows"):
        create_app(db_env)
    assert cli.main(["db", "upgrade", "--data-dir", db_env["DATA_DIR"]]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"pbem-server db: the database is at schema version {migrations.CURRENT + 1}, newer") and err.count("\n") == 1


def test_serve_refuses_an_older_schema_before_starting_gunicorn(tmp_path: Path) -> None:
    """`pbem-server serve` says "run pbem-server db upgrade" in one line and exits 1."""
    engines.register(TOY)
    data = tmp_path / "data"
    _make_version_0({"DATA_DIR": str(data), "TESTING": True})
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PBEM_DATABASE_URL")}
    done = subprocess.run(
        [sys.executable, "-m", "server.cli", "serve", "--no-mail", "--data-dir", str(data), "--port", "1"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, env=env,
    )
    assert done.returncode == 1, done
    assert done.stderr.strip().splitlines() == [
        f"pbem-server serve: the database is at schema version 0, older than this pbem-server's ({migrations.CURRENT}): "
        "run `pbem-server db upgrade` (after a backup: `pbem-server backup PATH`)"
    ]


# -- pbem-server backup -------------------------------------------------------------------------


class GameWriter:
    """A thread that creates games through the app until told to stop, as a busy server does;
    it counts the games made and keeps every answer that was not a 201."""

    def __init__(self, caller: Caller) -> None:
        self.caller = caller
        self.made = 0
        self.refused: list[tuple[int, str]] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self) -> None:
        n = 0
        while not self.stopping.is_set():
            n += 1
            resp = self.caller.call("POST", "/v1/games", {"engine": "toy", "options": {}, "seats": 2, "request_id": n})
            if resp.status_code == 201:
                self.made += 1
            else:
                self.refused.append((resp.status_code, resp.get_data(as_text=True)))

    def wait_for(self, games: int, timeout: float = 30) -> None:
        """Until `games` games are made: a loaded machine may take its time, a stuck writer fails."""
        deadline = time.monotonic() + timeout
        while self.made < games and not self.refused:
            assert time.monotonic() < deadline, f"the writer made {self.made} games in {timeout} s, not {games}"
            time.sleep(0.01)
        assert not self.refused, self.refused

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join()


def _backup_process(out: Path, data: str) -> subprocess.CompletedProcess[str]:
    """`pbem-server backup` in its own process, as an operator runs it beside the server (in this
    process, the CLI would rebind the models' database under the app's requests)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PBEM_DATABASE_URL")}
    return subprocess.run(
        [sys.executable, "-m", "server.cli", "backup", str(out), "--data-dir", data],
        capture_output=True, text=True, cwd=ROOT, timeout=120, env=env,
    )


def test_backup_copies_the_live_sqlite_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pbem-server backup PATH` copies the database while the server writes to it (the
    online backup API): the copy is the database as of one moment, every commit before it and
    no write still in progress; it refuses to overwrite PATH without --force, and opens alone.

    The write in progress is certain, not left to timing: a transaction holds the write lock
    (with a change of its own and the writer's next game waiting behind it) for the whole backup."""
    app = make_app(tmp_path, "sqlite")
    caller = Caller(app.test_client())
    assert caller.account("ada").status_code == 201
    data = app.config["DATA_DIR"]
    out = tmp_path / "copy.sqlite3"

    writer = GameWriter(caller)
    writer.thread.start()
    try:
        writer.wait_for(games=3)
        live = sqlite3.connect(Path(data) / "pbem.sqlite3", timeout=30, isolation_level=None)
        try:
            live.execute("BEGIN IMMEDIATE")  # after the writer's commit in progress, before its next
            committed = live.execute("SELECT COUNT(*) FROM game").fetchone()[0]
            live.execute("UPDATE account SET email = 'ada@elsewhere.example' WHERE name = 'ada'")
            done = _backup_process(out, data)
            live.execute("COMMIT")
        finally:
            live.close()
        assert done.returncode == 0, done
        assert "integrity checked" in done.stdout
        writer.wait_for(games=committed + 1)  # the writer goes on after the backup
    finally:
        writer.stop()
    assert not writer.refused, writer.refused
    assert not (tmp_path / "copy.sqlite3-wal").exists()
    with sqlite3.connect(out) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert copy.execute("SELECT name, email FROM account").fetchall() == [("ada", "ada@example.org")]
        assert copy.execute("SELECT COUNT(*) FROM game").fetchone()[0] == committed
        assert copy.execute("SELECT MAX(version) FROM schemaversion").fetchone()[0] == migrations.CURRENT

    assert cli.main(["backup", str(out), "--data-dir", data]) == 1
    assert capsys.readouterr().err.strip() == (
        f"pbem-server backup: {out} exists: choose another path, or --force to replace it"
    )
    assert cli.main(["backup", str(out), "--force", "--data-dir", data]) == 0
    assert "integrity checked" in capsys.readouterr().out
    with sqlite3.connect(out) as copy:
        assert copy.execute("SELECT email FROM account").fetchall() == [("ada@elsewhere.example",)]
        assert copy.execute("SELECT COUNT(*) FROM game").fetchone()[0] == writer.made
    assert writer.made > committed
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".copy")] == []  # no partial left


def test_backup_says_no_database_in_an_empty_data_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["backup", str(tmp_path / "b"), "--data-dir", str(tmp_path / "none")]) == 1
    assert "no database at" in capsys.readouterr().err
    assert not (tmp_path / "none" / "pbem.sqlite3").exists()


def test_backup_on_postgresql_gives_the_pg_dump_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On PostgreSQL the command writes nothing and names pg_dump (without echoing the
    URL, which may hold a password)."""
    url = reset_postgres()
    monkeypatch.setenv("DATABASE_URL", url)
    assert cli.main(["backup", str(tmp_path / "dump"), "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f'pg_dump --format=custom --file={tmp_path / "dump"} "$DATABASE_URL"' in err
    assert url not in err and not (tmp_path / "dump").exists()


# -- health, body limits ------------------------------------------------------------------------


def test_health_asks_the_database_and_says_503_when_it_does_not_answer(tmp_path: Path) -> None:
    """/v1/health runs a query; a database that cannot be opened is a 503 problem there
    (and on every other endpoint), and the server recovers when it is back."""
    app = make_app(tmp_path, "sqlite")
    client = app.test_client()
    assert client.get("/v1/health").get_json()["ok"] is True
    data = Path(app.config["DATA_DIR"])
    away = data.with_name("away")
    data.rename(away)
    data.write_text("not a directory")  # the database file's directory is gone
    try:
        body = _problem(client.get("/v1/health"), 503)
        assert body["detail"] == "the database is not answering: try again in a minute"
        _problem(client.get("/v1/games/0123456789abcdef"), 503)
    finally:
        data.unlink()
        away.rename(data)
    assert client.get("/v1/health").status_code == 200


def test_health_on_postgresql_says_503_while_the_database_refuses_connections(tmp_path: Path) -> None:
    """The same on PostgreSQL: while the database takes no connections (ALLOW_CONNECTIONS
    false, which binds superusers too) /v1/health is a 503 problem, and 200 again after."""
    app = make_app(tmp_path, "postgres")
    client = app.test_client()
    assert client.get("/v1/health").get_json()["ok"] is True
    url = urlsplit(app.config["DATABASE_URL"])
    name = url.path.lstrip("/")
    admin = psycopg2.connect(url._replace(path="/postgres").geturl())
    admin.autocommit = True
    try:
        with admin.cursor() as cur:
            cur.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        body = _problem(client.get("/v1/health"), 503)
        assert body["detail"] == "the database is not answering: try again in a minute"
    finally:
        with admin.cursor() as cur:
            cur.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        admin.close()
    assert client.get("/v1/health").status_code == 200


def test_a_body_over_the_limit_is_413_before_it_is_read(tmp_path: Path) -> None:
    """MAX_CONTENT_LENGTH: a larger body is a 413 problem on any endpoint, signed or not."""
    app = create_app({"DATA_DIR": str(tmp_path / "d"), "TESTING": True, "MAX_CONTENT_LENGTH": 1000})
    caller = Caller(app.test_client())
    assert caller.account("ada").status_code == 201
    big = {"engine": "toy", "options": {}, "seats": 2, "pad": "x" * 1000}
    body = _problem(caller.call("POST", "/v1/games", big), 413)
    assert body["detail"] == "the request body is too large: at most 1000 bytes"
    _problem(caller.call("GET", "/v1/me", {"pad": "x" * 2000}), 413)
    _problem(app.test_client().post("/v1/accounts", data=b"{" * 5000, content_type="application/json"), 413)
    assert caller.call("POST", "/v1/games", {"engine": "toy", "options": {}, "seats": 2}).status_code == 201


def test_the_default_body_limit_is_64_kib(tmp_path: Path) -> None:
    caller = Caller(make_app(tmp_path, "sqlite").test_client())
    _problem(caller.call("POST", "/v1/accounts", {"name": "ada", "email": "a@b.c", "pad": "x" * 65536}), 413)


# -- rate limits --------------------------------------------------------------------------------


def test_rate_limit_parsing() -> None:
    assert parse_limit("600/60") == (600, 60)
    assert parse_limit("off") is None and parse_limit(None) is None and parse_limit("") is None
    for bad in ("60", "0/60", "a/b", "10/0", "-1/5", "1/2/3"):
        with pytest.raises(ValueError, match="N/SECONDS"):
            parse_limit(bad)


def test_token_bucket_refills_at_the_limit_rate() -> None:
    """N requests in a burst, then one per SECONDS/N; Retry-After is the wait for the next token."""
    now = [100.0]
    limiter = RateLimiter(3, 6, clock=lambda: now[0])  # a token every 2 s
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take("a") == pytest.approx(2.0)
    assert limiter.take("b") == 0.0  # each key its own bucket
    now[0] += 1.0
    assert limiter.take("a") == pytest.approx(1.0)
    assert RateLimiter.retry_after(limiter.take("a")) == 1
    now[0] += 1.0
    assert limiter.take("a") == 0.0
    now[0] += 60.0
    assert [limiter.take("a") for _ in range(4)][:3] == [0.0, 0.0, 0.0]  # full again, never more


def test_rate_limit_is_per_account_with_retry_after(tmp_path: Path) -> None:
    """Beyond RATE_LIMIT an account gets 429 problem+json with Retry-After; another
    account is not affected, /v1/health never is, and a request forged with someone's key
    spends nobody's budget but its sender address's."""
    app = create_app({"DATA_DIR": str(tmp_path / "d"), "TESTING": True, "RATE_LIMIT": "3/3600"})
    client = app.test_client()
    ada, bo = Caller(client), Caller(client)
    assert ada.account("ada").status_code == 201
    assert [ada.call("GET", "/v1/me").status_code for _ in range(3)] == [200, 200, 429]
    refused = ada.call("GET", "/v1/me")
    body = _problem(refused, 429)
    assert body["detail"] == f"too many requests: at most 3 in 3600 s; try again in {refused.headers['Retry-After']} s"
    assert 1000 <= int(refused.headers["Retry-After"]) <= 1200  # a token every 1200 s
    assert bo.account("bo").status_code == 201  # bo's own budget
    forged = sign_request(SigningKey.generate(), "GET", "/v1/me", b"", server=bo.server_key) | {"X-Pbem-Key": bo.key.public_hex}
    assert client.get("/v1/me", headers=forged).status_code == 401
    assert [bo.call("GET", "/v1/me").status_code for _ in range(2)] == [200, 200]
    assert all(client.get("/v1/health").status_code == 200 for _ in range(10))
    # Unsigned requests count against the address (the test client's), the forged one too.
    assert [client.get("/v1/engines").status_code for _ in range(4)] == [200, 200, 429, 429]


@contextmanager
def _live(app: Flask) -> Iterator[str]:
    class Quiet(WSGIRequestHandler):
        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            pass

    srv = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}"
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()


def test_the_client_waits_out_a_429_and_says_so_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """client.api waits Retry-After seconds, says so in one stderr line, and retries
    (signing afresh); a wait longer than LONGEST_WAIT is not waited: the error says how long."""
    app = create_app({"DATA_DIR": str(tmp_path / "d"), "TESTING": True, "RATE_LIMIT": "1/1"})
    with _live(app) as url:
        api = Api(url, SigningKey.generate())
        api.create_account("ada", "ada@example.org")
        started = time.monotonic()
        assert api.me()["name"] == "ada"  # the bucket was empty: 429, wait 1 s, then 200
        assert time.monotonic() - started >= 0.9
    err = capsys.readouterr().err.splitlines()
    assert err == ["pbem: the server is rate limiting this client (429): waiting 1 s, then trying again (1 of 3)"]

    slow = create_app({"DATA_DIR": str(tmp_path / "e"), "TESTING": True, "RATE_LIMIT": "1/3600"})
    with _live(slow) as url:
        api = Api(url, SigningKey.generate())
        api.create_account("bo", "bo@example.org")
        started = time.monotonic()
        with pytest.raises(ApiError) as caught:
            api.me()
        assert time.monotonic() - started < 5
    assert caught.value.status == 429 and "try again in 3600 s" in caught.value.detail
    assert capsys.readouterr().err == ""


# -- the request log ----------------------------------------------------------------------------


def test_one_json_log_line_per_request(pair: tuple[Caller, Caller, str], caplog: pytest.LogCaptureFixture) -> None:
    """Each request logs method, path, game, seat, status and ms as one JSON line."""
    north, south, game = pair
    caplog.set_level(logging.INFO, logger="pbem.requests")
    assert south.call("GET", f"/v1/games/{game}/view").status_code == 200
    assert north.call("GET", "/v1/games/zz").status_code == 404
    assert north.call("GET", "/v1/health").status_code == 200
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "pbem.requests"]
    assert len(lines) == 3
    view, missing, health = lines
    assert {k: view[k] for k in ("method", "path", "game", "seat", "status", "account")} == {
        "method": "GET", "path": f"/v1/games/{game}/view", "game": game, "seat": 1, "status": 200,
        "account": "south",
    }
    assert isinstance(view["ms"], float) and 0 <= view["ms"] < 10_000
    assert missing["status"] == 404 and missing["seat"] is None and missing["game"] == "zz"
    assert health["game"] is None and health["account"] is None


def test_the_request_log_is_silent_unless_asked(tmp_path: Path) -> None:
    """Nothing on stderr by default (tests, library use); REQUEST_LOG=1 (what `serve`
    sets) prints the JSON lines. The app is given its public URL: without one it says, once,
    which URL its links will carry (tests/e2e/test_public_url.py)."""
    script = (
        "import sys; from server.http.app import create_app; "
        f"app = create_app({{'DATA_DIR': {str(tmp_path)!r}, 'PUBLIC_URL': 'http://localhost:8470'}}); "
        "assert app.test_client().get('/v1/health').status_code == 200"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_") and k != "DATABASE_URL"}
    quiet = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    loud = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60,
        env=env | {"PBEM_REQUEST_LOG": "1"},
    )
    assert loud.returncode == 0
    assert json.loads(loud.stderr)["path"] == "/v1/health"


# -- `pbem-server serve` with the options, under gunicorn ---------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_rate_limit_body_limit_and_request_log_under_gunicorn(tmp_path: Path) -> None:
    """`pbem-server serve --rate-limit 2/3600 --max-body 500` under gunicorn: the third
    request from one address is a 429, a 600-byte body a 413, and each request is one JSON
    line on stderr (and no gunicorn access log)."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_") and k != "DATABASE_URL"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.cli", "serve", "--no-mail", "--no-control-socket", "--workers", "1",
         "--port", str(port), "--data-dir", str(tmp_path / "data"), "--rate-limit", "2/3600", "--max-body", "500"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                requests.get(f"{base}/v1/health", timeout=2)
                break
            except requests.ConnectionError:
                time.sleep(0.1)
        statuses = [requests.get(f"{base}/v1/engines", timeout=10).status_code for _ in range(3)]
        too_big = requests.post(f"{base}/v1/accounts", data=b"x" * 600, headers={"Content-Type": "application/json"}, timeout=10)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert statuses == [200, 200, 429]
    assert too_big.status_code == 413 and too_big.headers["Content-Type"] == "application/problem+json"
    lines = [json.loads(x) for x in err.splitlines() if x.startswith("{")]
    assert [(x["method"], x["path"], x["status"]) for x in lines][-4:] == [
        ("GET", "/v1/engines", 200), ("GET", "/v1/engines", 200), ("GET", "/v1/engines", 429),
        ("POST", "/v1/accounts", 413),
    ]
    assert "GET /v1/engines HTTP/1.1" not in err  # no second, unstructured access log


def test_serve_refuses_a_bad_rate_limit(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "server.cli", "serve", "--no-mail", "--rate-limit", "lots", "--data-dir", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.strip() == "pbem-server serve: rate limit 'lots': N/SECONDS (e.g. 600/60) or off"

