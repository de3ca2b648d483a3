"""Several gunicorn worker processes on one PostgreSQL: the deployment the README promises.

The server runs as `pbem-server serve --workers 3` with DATABASE_URL pointing at
the real PostgreSQL; requests land on different processes, so only the database
row lock (SELECT ... FOR UPDATE) keeps two submissions for one turn apart.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import peewee as pw
import pytest
import requests

import engines
from client.play import Player
from protocol.audit import audit
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from server.models import MODELS, database
from tests.server.conftest import POSTGRES_URL, postgres_available


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def gunicorn_on_postgres(tmp_path: Path) -> Iterator[str]:
    if not postgres_available():
        pytest.fail("PostgreSQL is not running on 127.0.0.1:5432 (database test)")
    db = pw.PostgresqlDatabase("test", user="postgres", host="127.0.0.1", port=5432)
    database.initialize(db)
    with db.connection_context():
        db.drop_tables(MODELS, safe=True, cascade=True)
    port = _free_port()
    exe = Path(sys.executable).parent / "pbem-server"
    env = {**os.environ, "DATABASE_URL": POSTGRES_URL}
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", str(port), "--data-dir", str(tmp_path / "data"), "--workers", "3"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            assert proc.poll() is None, (tmp_path / "server.log").read_text()
            try:
                if requests.get(f"{url}/v1/health", timeout=1).ok:
                    break
            except requests.ConnectionError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer within 30 s:\n" + (tmp_path / "server.log").read_text())
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


def test_three_workers_one_database_one_winner_per_turn(gunicorn_on_postgres: str, tmp_path: Path) -> None:
    url = gunicorn_on_postgres
    red, black = Player(tmp_path / "red"), Player(tmp_path / "black")
    red.init_account(url, "red", "red@example.org")
    black.init_account(url, "black", "black@example.org")
    game = red.new_game("magier", {"move_limit": 6}, join=True)["id"]
    black.join(game)

    # The same turn submitted twice at once, two different signed moves: one lands, one is stale.
    head = red.summary(game)["head"]
    key = red.api.key
    assert key is not None
    legal = red.moves(game)["moves"]
    bodies = []
    for choice in (legal[0]["move"], legal[-1]["move"]):
        public, secret = engines.get("magier").split_move(choice)
        salt = secrets.token_hex(32)
        env = envelope(game, head["seq"] + 1, head["hash"], 0, public, commit(TAG_SECRET, secret, salt), secrets.token_hex(32), "t")
        bodies.append(json.dumps({"envelope": env, "sig": sign_envelope(env, key), "secret": secret, "salt": salt}).encode())
    statuses: list[int] = []
    barrier = threading.Barrier(len(bodies))

    def send(raw: bytes) -> None:
        path = f"/v1/games/{game}/moves"
        headers = sign_request(key, "POST", path, raw) | {"Content-Type": "application/json"}
        barrier.wait()
        statuses.append(requests.post(url + path, data=raw, headers=headers, timeout=30).status_code)

    threads = [threading.Thread(target=send, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200, 409]

    # Then both bots play to the end, polling different workers, and the log audits PASS.
    errors: list[BaseException] = []

    def run(player: Player) -> None:
        try:
            player.play_bot(game, "random", poll=0.02)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    bots = [threading.Thread(target=run, args=(p,)) for p in (red, black)]
    for t in bots:
        t.start()
    for t in bots:
        t.join(timeout=300)
    assert not errors, errors
    verdict = audit(black.export(game))
    assert verdict.word == "PASS", verdict.reason
