"""Server fixtures: the app on SQLite in a temp dir, or on a real PostgreSQL (tests/pg.py says which)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playhouse.db_url import connect

import engines
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey
from server.http.app import create_app
from server.store.models import MODELS, database
from tests.pg import local_postgres_answers, postgres_url
from tests.protocol.toy import TOY


def __getattr__(name: str) -> str:
    """`POSTGRES_URL` as it was: now the URL postgres_url() chose (prefer calling it)."""
    if name == "POSTGRES_URL":
        return postgres_url()
    raise AttributeError(name)


def postgres_available() -> bool:
    """True when PostgreSQL answers on 127.0.0.1:5432 (database test); without it the tests start their own."""
    return local_postgres_answers()


def reset_postgres() -> str:
    """An empty test database (every pbem table dropped); its URL. See tests/pg.py for which PostgreSQL."""
    try:
        url = postgres_url()
    except Exception as exc:  # noqa: BLE001 - one loud line instead of a traceback per test
        pytest.fail(f"no PostgreSQL for the tests: {exc}")
    db = connect(url)
    database.initialize(db)
    with db.connection_context():
        db.drop_tables(MODELS, safe=True, cascade=True)
    return url


def make_app(tmp_path: Path, backend: str) -> Flask:
    engines.register(TOY)
    config: dict[str, Any] = {"DATA_DIR": str(tmp_path / "data"), "TESTING": True, "PUBLIC_URL": "http://localhost"}
    if backend == "postgres":
        config["DATABASE_URL"] = reset_postgres()
    return create_app(config)


@pytest.fixture(params=["sqlite", "postgres"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    yield make_app(tmp_path, request.param)


@pytest.fixture
def sqlite_app(tmp_path: Path) -> Flask:
    return make_app(tmp_path, "sqlite")


class Caller:
    """A signed-request helper over Flask's test client (the client package has its own)."""

    def __init__(self, client: FlaskClient, key: SigningKey | None = None) -> None:
        self.client = client
        self.key = key or SigningKey.generate()
        # every request names the server it is for: this app's own key
        self.server_key: str = client.application.extensions["pbem.ledger"].key.public_hex

    def call(self, method: str, path: str, body: Any = None, key: SigningKey | None = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = sign_request(key or self.key, method, path, raw, server=self.server_key)
        headers["Content-Type"] = "application/json"
        return self.client.open(path, method=method, data=raw, headers=headers)

    def account(self, name: str) -> Any:
        return self.call("POST", "/v1/accounts", {"name": name, "email": f"{name}@example.org"})

    def join(self, game: str, seat: int, name: str) -> Any:
        nonce = secrets.token_hex(32)
        prev = self.call("GET", f"/v1/games/{game}").get_json()["head"]["hash"]
        statement = join_statement(game, seat, name, self.key.public_hex, nonce, prev)
        body = {"seat": seat, "nonce": nonce, "sig": sign_join(statement, self.key), "prev": prev}
        return self.call("POST", f"/v1/games/{game}/join", body)

    def move(self, game: str, seat: int, move: dict[str, Any], head: dict[str, Any] | None = None) -> Any:
        if head is None:
            head = self.call("GET", f"/v1/games/{game}").get_json()["head"]
        public, secret = TOY.split_move(move)
        salt = secrets.token_hex(32) if secret is not None else None
        committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
        env = envelope(game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "2026-01-01T00:00:00Z")
        return self.call("POST", f"/v1/games/{game}/moves", {"envelope": env, "sig": sign_envelope(env, self.key), "secret": secret, "salt": salt})


def post_together(base_url: str, key: SigningKey, path: str, bodies: list[bytes]) -> list[int]:
    """POST every body at the same moment (a barrier), each signed by `key`; the statuses."""
    import threading

    import requests

    statuses: list[int] = []
    barrier = threading.Barrier(len(bodies))
    server = requests.get(base_url + "/v1/health", timeout=30).json()["server_key"]

    def send(raw: bytes) -> None:
        headers = sign_request(key, "POST", path, raw, server=server) | {"Content-Type": "application/json"}
        barrier.wait()
        statuses.append(requests.post(base_url + path, data=raw, headers=headers, timeout=30).status_code)

    threads = [threading.Thread(target=send, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


@pytest.fixture
def pair(app: Flask) -> tuple[Caller, Caller, str]:
    """Two accounts seated in a started toy game: (north, south, game id)."""
    client = app.test_client()
    north, south = Caller(client), Caller(client)
    assert north.account("north").status_code == 201
    assert south.account("south").status_code == 201
    game = north.call("POST", "/v1/games", {"engine": "toy", "options": {"rounds": 2}, "seats": 2}).get_json()["id"]
    assert north.join(game, 0, "north").status_code == 200
    assert south.join(game, 1, "south").status_code == 200
    return north, south, game
