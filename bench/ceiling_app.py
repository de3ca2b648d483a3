"""The framework's ceiling for `make bench`: the least a signed append can cost on our stack.

A bare Flask app with one endpoint, POST /append, that does what every move append must do
at the very least and nothing else: check one Ed25519 request signature
(protocol.auth.check_request, as the real server does) and INSERT one row in one transaction
into the same kind of database, with the same settings as the server (SQLite in WAL mode
with synchronous=FULL and BEGIN IMMEDIATE, or PostgreSQL). Served by gunicorn with the
server's worker settings, its requests a second are the yardstick for the moves a second
of `pbem-server serve` (bench.http_load): the ratio says how much of the stack's capacity
the game server gets to use, on this machine, in this run.

Configured by the environment: CEILING_DATABASE_URL (postgresql://...) or CEILING_SQLITE
(a file path). Each worker keeps one connection: the ceiling is as cheap as it can be.
"""

from __future__ import annotations

import json
import os
import sqlite3
from typing import Any

from flask import Flask, Response, request

from protocol.auth import check_request, request_target

TABLE = "bench_ceiling"
# The key a request to the ceiling names as its server's (it signs nothing): one fixed key,
# the same in every worker (RFC 8032 TEST 2's public key), told by /v1/health as the server's.
SERVER_KEY = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"


def _connect() -> Any:
    url = os.environ.get("CEILING_DATABASE_URL")
    if url:
        import psycopg2

        conn = psycopg2.connect(url)
        with conn.cursor() as cur:
            # Both workers start at once: IF NOT EXISTS alone races on a fresh database (the loser
            # fails on the catalog's unique index), so the create waits on a transaction lock.
            cur.execute("SELECT pg_advisory_xact_lock(8785)")
            cur.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (id BIGSERIAL PRIMARY KEY, key TEXT NOT NULL, body TEXT NOT NULL)")
        conn.commit()
        return conn
    path = os.environ.get("CEILING_SQLITE")
    if not path:
        raise SystemExit("bench.ceiling_app: set CEILING_DATABASE_URL or CEILING_SQLITE")
    # The busy timeout first: both workers start at once, and switching to WAL takes a lock.
    conn = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    for pragma in ("busy_timeout=10000", "journal_mode=wal", "foreign_keys=1", "synchronous=full"):
        conn.execute(f"PRAGMA {pragma}")
    conn.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (id INTEGER PRIMARY KEY, key TEXT NOT NULL, body TEXT NOT NULL)")
    return conn


def _insert(conn: Any, key: str, body: str) -> int:
    """One row in one transaction (BEGIN IMMEDIATE on SQLite, as the server's appends)."""
    if isinstance(conn, sqlite3.Connection):
        conn.execute("BEGIN IMMEDIATE")
        try:
            row = conn.execute(f"INSERT INTO {TABLE} (key, body) VALUES (?, ?)", (key, body)).lastrowid
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return int(row or 0)
    with conn.cursor() as cur:
        cur.execute(f"INSERT INTO {TABLE} (key, body) VALUES (%s, %s) RETURNING id", (key, body))
        row = cur.fetchone()[0]
    conn.commit()
    return int(row)


def create_app() -> Flask:
    app = Flask(__name__)
    conn = _connect()

    @app.post("/append")
    def append() -> Response:
        body = request.get_data()
        key, why = check_request(request.headers, SERVER_KEY, request.method, request_target(request.path), body)
        if key is None:
            return Response(json.dumps({"detail": why}), status=401, mimetype="application/json")
        row = _insert(conn, key, body.decode("utf-8", "replace"))
        return Response(json.dumps({"id": row}), mimetype="application/json")

    @app.get("/health")
    def health() -> Response:
        return Response('{"ok": true}', mimetype="application/json")

    @app.get("/v1/health")
    def server_health() -> Response:
        return Response(json.dumps({"ok": True, "server_key": SERVER_KEY}), mimetype="application/json")

    return app
