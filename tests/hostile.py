"""A hostile pbem server for tests: the real app, run by an operator who lies.

Two tools, used together or alone, both exactly what a dishonest operator can do:

- `Hostile`, a WSGI middleware around the real app (server.http.app.create_app). Every
  request is recorded (`calls`: method, path, the signer's key, the JSON body, the
  status answered). A `before` rule may answer instead of the app (a false "stale"
  409, a 200 for a join the server never logged as sent); an `after` rule may
  rewrite the app's JSON answer (a view with another hand, a payload dropped).
- `Operator`, who holds the server's signing key (data_dir/server_key.pem) and the
  database: it appends entries straight into the log, properly server-signed and
  chained (Entry rows, Game.head_seq/head_hash), e.g. a join with a key of its own
  and moves signed by that key, computed with the real protocol steps.

`serve_hostile(data_dir)` runs the real app behind `Hostile` on loopback, as
tests/conftest.py's `serve` does for the honest one.
"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from werkzeug.serving import WSGIRequestHandler, make_server
from werkzeug.test import run_wsgi_app
from werkzeug.wrappers import Response

import engines
from engines.core import Rng
from protocol import steps
from protocol.auth import HEADER_KEY
from protocol.canonical import canonical
from protocol.commitments import TAG_SECRET, commit, move_key
from protocol.entries import (
    entry_hash,
    envelope,
    join_statement,
    make_entry,
    seal,
    sign_envelope,
    sign_join,
)
from protocol.keys import SigningKey
from protocol.nonces import join_nonce, move_nonce
from protocol.sealing import seals
from protocol.seat_secrets import seal as seal_to

# -- the operator: the server's key and its database ------------------------------------------------


class Operator:
    """Writes what the honest ledger never would, signed with the server's own key."""

    def __init__(self, data_dir: Path) -> None:
        self.key = SigningKey.load(data_dir / "server_key.pem")

    @staticmethod
    def _tables() -> Any:
        from server.store import models

        return models

    def head(self, game: str) -> dict[str, Any]:
        m = self._tables()
        with m.database.connection_context():
            row = m.Game.get_by_id(game)
            return {"seq": row.head_seq, "hash": row.head_hash}

    def entries(self, game: str) -> list[dict[str, Any]]:
        m = self._tables()
        with m.database.connection_context():
            rows = m.Entry.select().where(m.Entry.game == game).order_by(m.Entry.seq)
            return [json.loads(r.data) for r in rows]

    def state(self, game: str) -> dict[str, Any]:
        """The game's current state, as the server keeps it (the whole state: the operator's)."""
        m = self._tables()
        with m.database.connection_context():
            return json.loads(m.Game.get_by_id(game).state)  # type: ignore[no-any-return]

    def seed(self, game: str) -> bytes:
        m = self._tables()
        with m.database.connection_context():
            return bytes.fromhex(m.Game.get_by_id(game).seed)

    def append(
        self,
        game: str,
        type_: str,
        body: dict[str, Any],
        step: steps.Step | None = None,
    ) -> dict[str, Any]:
        """Seal `body` as the next entry of `game` and make it the head, as the ledger does."""
        m = self._tables()
        with m.database.connection_context(), m.database.atomic():
            row = m.Game.get_by_id(game)
            seq = row.head_seq + 1
            entry = seal(
                make_entry(game, seq, type_, row.head_hash, "2026-01-01T00:00:00Z", body), self.key
            )
            digest = entry_hash(entry)
            m.Entry.create(game=row, seq=seq, hash=digest, data=canonical(entry).decode())
            row.head_seq, row.head_hash = seq, digest
            if step is not None:  # the new state, so the server's own answers follow the forgery
                row.state = canonical(step.state).decode()
                row.to_move = step.body.get("to_move")
                for p in step.payloads:
                    for seat in p.to:
                        m.Payload.create(
                            game=row, seq=p.seq, index=p.index, seat=seat,
                            data=canonical(p.to_json()).decode(),
                        )
            row.save()
        return entry

    def join(self, game: str, seat: int, name: str, key: SigningKey) -> dict[str, Any]:
        """A join for `seat` with `key`, signed by that key over the correct statement (prev included)."""
        entries = self.entries(game)
        prev = entry_hash(entries[-1])
        nonce = join_nonce(key, game, entry_hash(entries[0]))
        statement = join_statement(game, seat, name, key.public_hex, nonce, prev)
        sig = sign_join(statement, key)
        body = {k: v for k, v in statement.items() if k not in ("game", "prev")} | {"sig": sig}
        return self.append(game, "join", body)

    def _envelope(
        self, game: str, seat: int, key: SigningKey, move: dict[str, Any], secret_commit: str | None,
        sealed: Any = None,
    ) -> tuple[dict[str, Any], str]:
        """`sealed`: the owner-held secret and salt to seal to `key` where the rules version seals."""
        head = self.head(game)
        seq, prev = head["seq"] + 1, head["hash"]
        env = envelope(
            game, seq, prev, seat, move, secret_commit, move_nonce(key, game, seq, prev),
            "2026-01-01T00:00:00Z", None if sealed is None else seal_to(key, game, seq, sealed),
        )
        return env, sign_envelope(env, key)

    def move(self, game: str, seat: int, key: SigningKey, move: dict[str, Any]) -> dict[str, Any]:
        """A move for `seat` signed by `key`, applied by the real rules to the real state and seed."""
        m = self._tables()
        with m.database.connection_context():
            row = m.Game.get_by_id(game)
            engine = engines.get(row.engine)
            state, seed, seats = json.loads(row.state), bytes.fromhex(row.seed), row.seats
        public, secret = engine.split_move(move)
        salt = secret_commit = None
        if secret is not None:
            salt = "5a" * 32
            secret_commit = commit(TAG_SECRET, secret, salt)
        held = steps.owner_held(engine, state, public)
        sealing = held and seals(engine.id, engine.version)
        env, sig = self._envelope(
            game, seat, key, public, secret_commit, {"salt": salt, "secret": secret} if sealing else None
        )
        if held:  # a blind game: the secret stays with its owner
            secret = salt = None
        step = steps.move(
            engine, state, key.public_hex, env, sig, secret, salt, seed, (env["seq"], env["prev"]),
            seats=seats,
        )
        return self.append(game, "move", step.body, step)

    def resign(self, game: str, seat: int, key: SigningKey) -> dict[str, Any]:
        """A resignation for `seat` signed by `key` (the game ends; no reveal is written)."""
        m = self._tables()
        with m.database.connection_context():
            seats = m.Game.get_by_id(game).seats
        env, sig = self._envelope(game, seat, key, {"type": "resign"}, None)
        body = steps.resign(key.public_hex, env, sig, seats, (env["seq"], env["prev"]))
        return self.append(game, "system", body)

    def foresee(self, game: str, env: dict[str, Any]) -> list[dict[str, Any]]:
        """What the server learns from a signed envelope it refused: the public events (the
        throw) that envelope gives, from the state, the seed and the envelope's nonce."""
        m = self._tables()
        with m.database.connection_context():
            row = m.Game.get_by_id(game)
            engine = engines.get(row.engine)
            state, seed = json.loads(row.state), bytes.fromhex(row.seed)
        rng = Rng(move_key(seed, env["seq"], env["nonce"]))
        _, events = engine.apply(state, env["seat"], env["move"], rng)
        return steps.publish(events, seed, env["seq"])[0]


# -- the middleware: answers instead of the app, or rewrites its answers -------------------------------


@dataclass
class Call:
    """One request as the hostile server saw it."""

    method: str
    path: str
    key: str | None
    body: Any
    status: int | None = None
    lied: bool = False


Before = Callable[[Call], Response | None]
After = Callable[[Call, Any], Any]


def problem(status: int, detail: str, **extra: Any) -> Response:
    body = {"type": "about:blank", "title": "Conflict", "status": status, "detail": detail, **extra}
    return Response(json.dumps(body), status=status, mimetype="application/problem+json")


def answer(value: Any, status: int = 200) -> Response:
    return Response(json.dumps(value), status=status, mimetype="application/json")


@dataclass
class Hostile:
    """The real app, with rules that answer instead of it (`before`) or rewrite it (`after`)."""

    app: Any
    calls: list[Call] = field(default_factory=list)
    before: list[Before] = field(default_factory=list)
    after: list[After] = field(default_factory=list)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        raw = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        environ["wsgi.input"] = io.BytesIO(raw)
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        call = Call(environ["REQUEST_METHOD"], environ.get("PATH_INFO", ""),
                    environ.get("HTTP_" + HEADER_KEY.upper().replace("-", "_")), body)
        self.calls.append(call)
        for rule in list(self.before):
            lie = rule(call)
            if lie is not None:
                call.status, call.lied = lie.status_code, True
                return lie(environ, start_response)
        app_iter, status, headers = run_wsgi_app(self.app, environ, buffered=True)
        response = Response(b"".join(app_iter), status=status, headers=headers)
        if self.after and response.status_code < 300 and (response.mimetype or "").endswith("json"):
            data = json.loads(response.get_data())
            for rule in list(self.after):
                changed = rule(call, data)
                if changed is not None:
                    data, call.lied = changed, True
            response.set_data(json.dumps(data))
        call.status = response.status_code
        return response(environ, start_response)

    def sent(self, method: str, suffix: str, key: str | None = None, since: int = 0) -> list[Call]:
        """The requests `method ...suffix` (from `key`, if given; from call number `since` on), in order."""
        return [
            c for c in self.calls[since:]
            if c.method == method and c.path.endswith(suffix) and (key is None or c.key == key)
        ]


def false_stale(
    operator: Operator, game: str, suffix: str, key: str | None = None, limit: int = 20
) -> Before:
    """Answer 409 "stale" with the current (unmoved) head to `POST .../suffix`, without
    writing anything: what a server does to make a player send another nonce.
    After `limit` lies it lets submissions through (a client that retries for ever
    must not hang the test; it then fails it by succeeding)."""
    told = [0]

    def rule(call: Call) -> Response | None:
        if call.method != "POST" or not call.path == f"/v1/games/{game}/{suffix}":
            return None
        if (key is not None and call.key != key) or told[0] >= limit:
            return None
        told[0] += 1
        head = operator.head(game)
        return problem(409, f"stale: the log's head is now seq {head['seq']}", head=head)

    return rule


def rewrite(method: str, path: str, change: Callable[[Any], None], key: str | None = None) -> After:
    """Apply `change` (in place) to the JSON answer of `method path` (to `key`'s requests, if given)."""

    def rule(call: Call, data: Any) -> Any:
        if call.method != method or call.path != path or not isinstance(data, dict):
            return None
        if key is not None and call.key != key:
            return None
        change(data)
        return data

    return rule


# -- serving --------------------------------------------------------------------------------------------


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@dataclass
class HostileServer:
    url: str
    data_dir: Path
    hostile: Hostile
    operator: Operator


@contextmanager
def serve_hostile(data_dir: Path, config: dict[str, Any] | None = None) -> Iterator[HostileServer]:
    """The real app behind `Hostile`, on a free loopback port, for the duration of the block
    (`config`: more of the app's settings, e.g. a PostgreSQL DATABASE_URL)."""
    from server.http.app import create_app

    app = create_app({"DATA_DIR": str(data_dir), "TESTING": True, **(config or {})})
    hostile = Hostile(app)
    srv = make_server("127.0.0.1", 0, hostile, threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=srv.serve_forever, name="pbem-hostile-server", daemon=True)
    thread.start()
    try:
        yield HostileServer(f"http://127.0.0.1:{srv.server_port}", data_dir, hostile, Operator(data_dir))
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()


# -- the player's side --------------------------------------------------------------------------------


def key_of(p: Any) -> str:
    """A player's public key, as the middleware records the signer of each request."""
    return str(p.store.key().public_hex)


def cli(p: Any, *args: str) -> Any:
    """The pbem command as player `p` runs it (its own home); never a traceback."""
    from typer.testing import CliRunner

    from client.cli import app

    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(p.store.home)})
    assert "Traceback" not in result.output
    return result


def assert_cli_refuses(p: Any, *args: str, words: str = "") -> None:
    """The command stops at a lie: exit 4, "VERIFICATION FAILED" and `words` on stderr."""
    result = cli(p, *args)
    assert result.exit_code == 4, (args, result.output)
    assert "VERIFICATION FAILED" in result.stderr and words in result.stderr, result.stderr
