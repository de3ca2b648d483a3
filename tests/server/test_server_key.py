"""The server key: made once, even when several gunicorn workers start together."""

from __future__ import annotations

import multiprocessing
import stat
from pathlib import Path

from server.http.app import server_key


def _load(path: str, queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    queue.put(server_key(Path(path)).public_hex)


def test_workers_starting_together_agree_on_one_key(tmp_path: Path) -> None:
    path = tmp_path / "server_key.pem"
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_load, args=(str(path), queue)) for _ in range(8)]
    for p in procs:
        p.start()
    keys = {queue.get(timeout=30) for _ in procs}
    for p in procs:
        p.join()
    assert len(keys) == 1
    assert server_key(path).public_hex in keys
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert list(tmp_path.iterdir()) == [path]  # no temporary candidates left behind
