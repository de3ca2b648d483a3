"""The per-worker connection pool (issue 9) survives what a connection per request survived.

Requests hand their connection back to a pool instead of ending it. A PostgreSQL connection
can die while it waits there (the database restarted, an operator ended idle sessions): the
next request must still be served, on a new connection, not answered 500.
"""

from __future__ import annotations

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
