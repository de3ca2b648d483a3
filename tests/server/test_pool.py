"""The per-worker connection pool survives what a connection per request survived.

Requests hand their connection back to a pool instead of ending it. A PostgreSQL connection
can die while it waits there (the database restarted, an operator ended idle sessions): the
next request must still be served, on a new connection, not answered 500.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from urllib.parse import urlsplit

import psycopg2

from tests.server.conftest import Caller, make_app


def test_a_pooled_connection_the_database_ended_is_replaced(tmp_path: Path) -> None:
    app = make_app(tmp_path, "postgres")
    client = app.test_client()
    ann = Caller(client)
    assert ann.account("ann").status_code == 201
    assert ann.call("GET", "/v1/games").status_code == 200  # a pooled connection is now idle
    name = urlsplit(app.config["DATABASE_URL"]).path.lstrip("/")
    admin = psycopg2.connect(urlsplit(app.config["DATABASE_URL"])._replace(path="/postgres").geturl())
    admin.autocommit = True
    try:
        with admin.cursor() as cur:
            cur.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )
            assert cur.rowcount >= 1
            for _ in range(100):  # until the ended session is gone (the signal is asynchronous)
                cur.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (name,))
                if cur.fetchone()[0] == 0:
                    break
                time.sleep(0.05)
            else:
                raise AssertionError("the pooled session did not end")
    finally:
        admin.close()
    for _ in range(3):  # each request, the first included, is served on a live connection
        resp = ann.call("GET", "/v1/games")
        assert resp.status_code == 200, resp.get_data(as_text=True)
    assert client.get("/v1/health").status_code == 200


def test_a_forked_child_opens_its_own_connections(tmp_path: Path) -> None:
    """A gunicorn worker (or any forked child) never takes a connection from the pool it
    inherited: two processes on one socket would mix their sessions. The child gets a new
    connection; the parent's idle one is still there, and still its own, afterwards."""
    from server.store.models import connect_database

    db = connect_database(None, tmp_path, pooled=True)
    db.connect()
    parent = db.connection()
    db.close()  # back to the pool, idle
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report whether it was handed the parent's connection
        code = 1
        try:
            db.connect()
            code = 0 if db.connection() is not parent else 2
            db.execute_sql("SELECT 1").fetchall()
        finally:
            os.write(write, bytes([code]))
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == b"\x00", "the child was handed its parent's pooled connection"
    db.connect()
    assert db.connection() is parent
    db.close()
