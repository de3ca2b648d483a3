"""The real app in process for `make bench`: signed requests through Flask's test client."""

from __future__ import annotations

import json
import random
import secrets
import shutil
import tempfile
import time
from typing import Any

from bench.playouts import pick
from engines.core import Engine
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey
from server.http.app import create_app


class App:
    """The real app in process (SQLite in a temp dir); every request signed by the caller's key."""

    def __init__(self) -> None:
        self.data_dir = tempfile.mkdtemp(prefix="pbem-bench-")
        self.client = create_app({"DATA_DIR": self.data_dir}).test_client()
        self.server = self.client.application.extensions["pbem.ledger"].key.public_hex

    def close(self) -> None:
        """Remove the data directory (a 10,000-move game leaves tens of MB of SQLite)."""
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def call(self, key: SigningKey, method: str, path: str, body: Any = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = sign_request(key, method, path, raw, server=self.server) | {"Content-Type": "application/json"}
        resp = self.client.open(path, method=method, data=raw, headers=headers)
        if resp.status_code >= 400:
            raise SystemExit(f"{method} {path}: {resp.get_json()}")
        return resp.get_json()


def new_game(app: App, engine_id: str, seats: int, options: dict[str, Any], label: str) -> tuple[str, list[SigningKey]]:
    """Accounts `label`0.. (one key each), a game of `engine_id` and every seat joined."""
    keys = [SigningKey.generate() for _ in range(seats)]
    for i, key in enumerate(keys):
        app.call(key, "POST", "/v1/accounts", {"name": f"{label}{i}", "email": f"{label}{i}@example.org"})
    game = app.call(keys[0], "POST", "/v1/games", {"engine": engine_id, "seats": seats, "options": options})["id"]
    for seat, key in enumerate(keys):
        nonce = secrets.token_hex(32)
        prev = app.call(key, "GET", f"/v1/games/{game}")["head"]["hash"]
        sig = sign_join(join_statement(game, seat, f"{label}{seat}", key.public_hex, nonce, prev), key)
        app.call(key, "POST", f"/v1/games/{game}/join", {"seat": seat, "nonce": nonce, "sig": sig, "prev": prev})
    return game, keys


def summary(app: App, game: str, key: SigningKey) -> dict[str, Any]:
    """status, to_move and head: all a mover needs (the answer of an append has the same keys)."""
    out = app.call(key, "GET", f"/v1/games/{game}")
    return {"status": out["status"], "to_move": out["to_move"], "head": out["head"]}


def random_move(
    app: App, engine: Engine, game: str, keys: list[SigningKey], now: dict[str, Any], rnd: random.Random
) -> tuple[float, dict[str, Any]]:
    """The seat to move plays a random listed move (bench.playouts.pick); returns the seconds the
    append alone took (the listing, choosing and signing are not timed) and the new summary."""
    head, seat = now["head"], now["to_move"]
    legal = app.call(keys[seat], "GET", f"/v1/games/{game}/moves")["moves"]
    move = pick([m["move"] for m in legal], rnd)
    public, secret = engine.split_move(move)
    salt = secrets.token_hex(32) if secret is not None else None
    committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
    env = envelope(game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "bench")
    body = {"envelope": env, "sig": sign_envelope(env, keys[seat]), "secret": secret, "salt": salt}
    started = time.perf_counter()
    out = app.call(keys[seat], "POST", f"/v1/games/{game}/moves", body)
    seconds = time.perf_counter() - started
    return seconds, {"status": out["status"], "to_move": out["to_move"], "head": out["head"]}


def resign(app: App, game: str, key: SigningKey, seat: int, now: dict[str, Any]) -> None:
    head = now["head"]
    env = envelope(game, head["seq"] + 1, head["hash"], seat, {"type": "resign"}, None, secrets.token_hex(32), "bench")
    app.call(key, "POST", f"/v1/games/{game}/resign", {"envelope": env, "sig": sign_envelope(env, key)})
