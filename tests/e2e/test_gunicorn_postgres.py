"""Several gunicorn worker processes on one PostgreSQL: the deployment the README promises.

The server runs as `pbem-server serve --workers 3` with DATABASE_URL pointing at
the tests' PostgreSQL (tests/pg.py: PBEM_TEST_DATABASE_URL, the one on :5432, or a
throwaway one); requests land on different processes, so only the database row lock
(SELECT ... FOR UPDATE) keeps two submissions for one turn apart.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import engines
from client.demo import free_port, start_server
from client.play import Player
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from tests.server.conftest import post_together, reset_postgres


@pytest.fixture
def gunicorn_on_postgres(tmp_path: Path) -> Iterator[str]:
    url = reset_postgres()  # whichever PostgreSQL the tests got: PBEM_TEST_DATABASE_URL, :5432 or a throwaway
    port = free_port()
    proc = start_server(tmp_path / "data", port, workers=3, env={**os.environ, "DATABASE_URL": url})
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_three_workers_one_database_one_winner_per_turn(gunicorn_on_postgres: str, tmp_path: Path) -> None:
    url = gunicorn_on_postgres
    red, black = Player(tmp_path / "red"), Player(tmp_path / "black")
    red.init_account(url, "red", "red@example.org")
    black.init_account(url, "black", "black@example.org")
    game = red.new_game("magier", {"move_limit": 6, "blind": False}, join=True)["id"]  # not blind: sends secrets
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
    statuses = post_together(url, key, f"/v1/games/{game}/moves", bodies)
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
