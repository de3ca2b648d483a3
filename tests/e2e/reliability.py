"""Shared parts of the reliability tests: a gunicorn server that can be killed,
a record of every move the server acknowledged, and a check of the stored games.

Nothing of ours is replaced: the server is `pbem-server serve` (gunicorn) in a subprocess
of its own process group, the players are real client.play Players, and the checks read
the server's own tables with the server's own models (server.store.models) while it is down or
inside one read snapshot.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import peewee as pw
import requests

import engines
from client.demo import free_port
from client.play import Player
from client.transport import Response
from protocol import steps
from protocol.audit import _Auditor, audit, final_state
from protocol.commitments import TAG_VIEW, commit, seed_commit, view_salt
from protocol.entries import FORMAT, entry_hash
from server.store.models import Entry, Game, Payload, Secret, connect_database

MOVE_PATH = re.compile(r"/v1/games/([0-9a-f]{16})/(moves|resign)")


class Server:
    """`pbem-server serve --workers N` on a fixed loopback port and data dir, restartable.

    It runs in a process group of its own, so `kill_all` takes the master and every worker
    down at once (SIGKILL: no cleanup, as on a power cut of the process), and a restart on
    the same port and data continues where the stored data says.
    """

    def __init__(self, data_dir: Path, workers: int, database_url: str | None = None) -> None:
        self.data_dir = data_dir
        self.workers = workers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_SMTP_")}
        self.env.pop("DATABASE_URL", None)
        if database_url:
            self.env["DATABASE_URL"] = database_url
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.orphans: list[int] = []  # workers of a master killed alone (they exit on their own)

    def start(self) -> None:
        exe = Path(sys.executable).parent / "pbem-server"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = open(self.data_dir / "server.log", "ab")  # noqa: SIM115 - the child holds it
        self.proc = subprocess.Popen(
            [
                str(exe), "serve", "--port", str(self.port), "--data-dir", str(self.data_dir),
                "--workers", str(self.workers), "--no-request-log",
            ],
            stdout=log, stderr=subprocess.STDOUT, env=self.env, start_new_session=True,
        )
        log.close()
        self.starts += 1
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server did not start: {self.log_tail()}")
            try:
                if requests.get(f"{self.url}/v1/health", timeout=1).ok and len(self.worker_pids()) == self.workers:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise AssertionError(f"the server did not answer within 30 s: {self.log_tail()}")

    def log_tail(self) -> str:
        path = self.data_dir / "server.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else "(no log)"

    def worker_pids(self) -> list[int]:
        """The master's children (gunicorn workers), from /proc."""
        assert self.proc is not None
        master = self.proc.pid
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == master and fields[0] != "Z":
                found.append(int(entry))
        return found

    def kill_workers(self) -> int:
        """SIGKILL every worker (the master stays and boots new ones); how many were killed."""
        pids = self.worker_pids()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return len(pids)

    def kill_master(self) -> None:
        """SIGKILL the master alone: its workers finish what they serve, see that their parent
        is gone and exit (gunicorn), while a new server starts on the same port and data."""
        assert self.proc is not None
        self.orphans += self.worker_pids()
        self.proc.kill()
        self.proc.wait(timeout=10)

    def kill_all(self) -> None:
        """SIGKILL the master and every worker at once (the whole process group)."""
        assert self.proc is not None
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _group_alive(self.proc.pid):
            time.sleep(0.05)

    def stop(self) -> None:
        for pid in self.orphans:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.proc is None or self.proc.poll() is not None:
            if self.proc is not None:
                self.kill_all()
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
        self.kill_all()


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


class Acks:
    """Every move or resignation the server acknowledged with a 2xx, as the client received it:
    (game, seq) -> the entry's hash. Hooked into each player's HTTP session, so it sees the
    answer as it came off the wire, whether or not the client got to check it afterwards."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: dict[tuple[str, int], str] = {}

    def copy(self) -> dict[tuple[str, int], str]:
        with self.lock:
            return dict(self.entries)

    def wait_for(self, count: int, timeout: float) -> None:
        """Until `count` moves are acknowledged (or `timeout` seconds pass: the caller's checks say why)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.entries) >= count:
                    return
            time.sleep(0.02)

    def attach(self, player: Player) -> None:
        player.api.session.hooks["response"].append(self._hook)

    def _hook(self, response: Response, *args: Any, **kwargs: Any) -> None:
        request = response.request
        matched = MOVE_PATH.fullmatch(urlsplit(request.url or "").path)
        if request.method != "POST" or matched is None or not 200 <= response.status_code < 300:
            return
        entry = response.json()["entry"]  # a body cut off by a crash raises: not acknowledged
        with self.lock:
            key = (matched.group(1), entry["seq"])
            digest = entry_hash(entry)
            assert self.entries.get(key, digest) == digest, f"two acknowledged entries at {key}"
            self.entries[key] = digest


@dataclass
class Stored:
    """What one game's stored rows say, checked."""

    game: str
    status: str
    head_seq: int
    verdict: str
    hashes: dict[int, str] = field(default_factory=dict)


class _KnownSeed(_Auditor):
    """The audit's replay of a running game, with the seed and secrets the server holds
    (the audit itself gets them only from the reveal): the state the log leads to."""

    def __init__(self, seed: bytes, secrets: dict[int, dict[str, Any]]) -> None:
        super().__init__(engines.get)
        self.known_seed = seed
        self.known_secrets = secrets

    def _seed(self, entries: list[dict[str, Any]], genesis: dict[str, Any]) -> bytes | None:
        assert seed_commit(self.known_seed) == genesis.get("seed_commit"), "the stored seed is not the genesis's"
        return self.known_seed

    def _secrets(self, reveal: dict[str, Any]) -> dict[int, dict[str, Any]]:
        return self.known_secrets


def replayed_state(export: dict[str, Any], seed: bytes, secrets: dict[int, dict[str, Any]]) -> dict[str, Any] | None:
    """The state after the last entry of a running game's log, replayed from scratch."""
    auditor = _KnownSeed(seed, secrets)
    verdict = auditor.run(export)
    assert verdict.ok, verdict.reason
    return auditor.final


def snapshot(db: pw.Database) -> Any:
    """A read transaction that sees one moment: the server may write meanwhile."""
    tx = db.atomic()
    if not isinstance(db, pw.SqliteDatabase):
        class _RepeatableRead:
            def __enter__(self) -> None:
                tx.__enter__()
                db.execute_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")

            def __exit__(self, *exc: Any) -> None:
                tx.__exit__(*exc)

        return _RepeatableRead()
    return tx


def check_stored(database_url: str | None, data_dir: Path) -> dict[str, Stored]:
    """Every game in the server's database, checked for a half-applied write:

    - the entries are seq 0..head without a gap, each row's hash is its entry's hash, and the
      game row's head is the last entry;
    - the chain exports and audits: PASS for a game over (its last entry the reveal), a clean
      INCOMPLETE for a running one;
    - the stored state is the state the log leads to (replayed with the stored seed and
      secrets), the game's `to_move` is the one the last step says, and each seat's stored view
      opens that step's view commitment;
    - every private event in the log has its payload stored for every seat it is for, and no
      payload or secret lies beyond the head.
    """
    db = connect_database(database_url, data_dir)
    out: dict[str, Stored] = {}
    try:
        with db.connection_context(), snapshot(db):
            for game in Game.select().order_by(Game.id):
                out[game.id] = check_game(game)
    finally:
        db.close()
    return out


def check_game(game: Game) -> Stored:
    """One game's rows, checked as check_stored says (inside the caller's connection)."""
    rows = list(Entry.select().where(Entry.game == game).order_by(Entry.seq))
    assert [r.seq for r in rows] == list(range(len(rows))), f"{game.id}: entries missing"
    entries = [json.loads(r.data) for r in rows]
    for row, entry in zip(rows, entries, strict=True):
        assert row.hash == entry_hash(entry), f"{game.id}: row {row.seq}'s hash is not its entry's"
    assert (game.head_seq, game.head_hash) == (rows[-1].seq, rows[-1].hash), (
        f"{game.id}: the game row's head ({game.head_seq}) is not its last entry ({rows[-1].seq}): half-applied"
    )
    export = {"format": FORMAT, "game": game.id, "entries": entries}
    verdict = audit(export)
    over = entries[-1]["type"] == "reveal"
    assert verdict.ok, f"{game.id}: {verdict.reason}"
    assert verdict.complete == over, f"{game.id}: audit {verdict.word} for a game whose status is {game.status}"
    assert game.status == ("over" if over else "running" if game.state is not None else "open"), (
        f"{game.id}: status {game.status} with last entry {entries[-1]['type']}"
    )
    assert not Payload.select().where((Payload.game == game) & (Payload.seq > game.head_seq)).exists(), (
        f"{game.id}: a payload beyond the head"
    )
    assert not Secret.select().where((Secret.game == game) & (Secret.seq > game.head_seq)).exists()
    if game.state is not None:
        _check_state(game, export, over)
        _check_payloads(game, entries)
    return Stored(game.id, game.status, game.head_seq, verdict.word, {r.seq: r.hash for r in rows})


def _check_state(game: Game, export: dict[str, Any], over: bool) -> None:
    engine = engines.get(game.engine)
    seed = bytes.fromhex(game.seed)
    stored = json.loads(game.state)
    if over:
        verdict, final = final_state(export)
        assert verdict.word == "PASS", verdict.reason
    else:
        secrets = {s.seq: json.loads(s.data) for s in Secret.select().where(Secret.game == game)}
        final = replayed_state(export, seed, secrets)
    assert final == stored, f"{game.id}: the stored state is not the state its log leads to"
    entries = export["entries"]
    step = next(e for e in reversed(entries) if e["type"] in ("start", "move") or "views" in e["body"])
    assert game.to_move == step["body"].get("to_move") or over, f"{game.id}: to_move is not the last step's"
    for seat, committed in enumerate(step["body"]["views"]):
        salt = view_salt(seed, step["seq"], seat)
        assert commit(TAG_VIEW, engine.view(stored, seat), salt) == committed, (
            f"{game.id}: seat {seat}'s view of the stored state does not open entry {step['seq']}'s commitment"
        )


def _check_payloads(game: Game, entries: list[dict[str, Any]]) -> None:
    rows = {(p.seq, p.index, p.seat): json.loads(p.data) for p in Payload.select().where(Payload.game == game)}
    wanted = set()
    for entry in entries:
        for index, event in enumerate(entry["body"].get("events") or []):
            if isinstance(event, dict) and "commit" in event:
                for seat in event["to"]:
                    key = (entry["seq"], index, seat)
                    wanted.add(key)
                    assert key in rows, f"{game.id}: no payload for seat {seat} of entry {entry['seq']}"
                    assert steps.check_payload(rows[key], event), f"{game.id}: payload {key} does not open its commitment"
    assert set(rows) == wanted, f"{game.id}: payloads no private event asks for: {sorted(set(rows) - wanted)}"


def assert_acked_kept(acks: Acks | dict[tuple[str, int], str], stored: dict[str, Stored]) -> int:
    """Every acknowledged entry is in the stored log at its seq, byte for byte; how many.
    While the server still answers, pass `acks.copy()` taken before the snapshot was read."""
    items = acks.copy() if isinstance(acks, Acks) else acks
    for (game, seq), digest in items.items():
        assert game in stored, f"game {game} is gone"
        assert stored[game].hashes.get(seq) == digest, f"acknowledged entry {seq} of {game} is lost or replaced"
    return len(items)
