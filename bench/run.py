"""`make bench`: does the cost of a move grow with the log? And what does an audit cost?

Plays one long magier game between random movers against the real app (in
process, signed requests, SQLite in a temp dir) and times every append. The
figure that matters is a ratio measured in this one run: the median append
time late in the game over the median early on (about 1.0 means snapshots
keep a move's cost independent of the log's length).
"""

from __future__ import annotations

import json
import random
import secrets
import statistics
import sys
import tempfile
import time
from typing import Any

import engines
from protocol.audit import audit
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey
from server.app import create_app

MOVES_PER_SIDE = int(sys.argv[1]) if len(sys.argv) > 1 else 400
WINDOW = 50


def main() -> int:
    app = create_app({"DATA_DIR": tempfile.mkdtemp(prefix="pbem-bench-")})
    client = app.test_client()
    engine = engines.get("magier")

    def call(key: SigningKey, method: str, path: str, body: Any = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = sign_request(key, method, path, raw) | {"Content-Type": "application/json"}
        resp = client.open(path, method=method, data=raw, headers=headers)
        if resp.status_code >= 400:
            raise SystemExit(f"{method} {path}: {resp.get_json()}")
        return resp.get_json()

    keys = [SigningKey.generate(), SigningKey.generate()]
    for i, key in enumerate(keys):
        call(key, "POST", "/v1/accounts", {"name": f"bench{i}", "email": f"b{i}@example.org"})
    game = call(keys[0], "POST", "/v1/games", {"engine": "magier", "seats": 2, "options": {"move_limit": MOVES_PER_SIDE}})["id"]
    for seat, key in enumerate(keys):
        nonce = secrets.token_hex(32)
        prev = call(key, "GET", f"/v1/games/{game}")["head"]["hash"]
        sig = sign_join(join_statement(game, seat, f"bench{seat}", key.public_hex, nonce, prev), key)
        call(key, "POST", f"/v1/games/{game}/join", {"seat": seat, "nonce": nonce, "sig": sig, "prev": prev})

    rnd = random.Random(7)
    times: list[float] = []
    summary = call(keys[0], "GET", f"/v1/games/{game}")
    while summary["status"] != "over":
        seat = summary["to_move"]
        legal = call(keys[seat], "GET", f"/v1/games/{game}/moves")["moves"]
        move = rnd.choice(legal)["move"]
        public, secret = engine.split_move(move)
        salt = secrets.token_hex(32) if secret is not None else None
        committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
        head = summary["head"]
        env = envelope(game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "bench")
        body = {"envelope": env, "sig": sign_envelope(env, keys[seat]), "secret": secret, "salt": salt}
        started = time.perf_counter()
        out = call(keys[seat], "POST", f"/v1/games/{game}/moves", body)
        times.append(time.perf_counter() - started)
        summary = {"status": out["status"], "to_move": out["to_move"], "head": out["head"]}

    # Skip the placement phase (cheap moves) so both windows time the same kind of move.
    early = statistics.median(times[WINDOW : 2 * WINDOW])
    late = statistics.median(times[-WINDOW:])
    log = call(keys[0], "GET", f"/v1/games/{game}/export")
    started = time.perf_counter()
    verdict = audit(log)
    audit_seconds = time.perf_counter() - started
    half = {**log, "entries": log["entries"][: len(log["entries"]) // 2]}
    started = time.perf_counter()
    audit(half)
    half_seconds = time.perf_counter() - started

    print(f"magier, {len(times)} moves appended (SQLite, in-process app, signed requests); result {summary.get('result') or out.get('result')}")
    print(f"  median append, moves {WINDOW + 1}-{2 * WINDOW}: {early * 1000:.2f} ms")
    print(f"  median append, last {WINDOW} moves:  {late * 1000:.2f} ms")
    print(f"  ratio late/early: {late / early:.2f}  (about 1 = cost does not grow with the log)")
    print(f"  audit of {len(log['entries'])} entries: {audit_seconds:.2f} s, {verdict.word}")
    print(f"  audit of the unfinished first half (chain and signatures only): {half_seconds:.2f} s")
    print(f"  audit cost per entry, full replay / chain only: {(audit_seconds / len(log['entries'])) / (half_seconds / len(half['entries'])):.1f}x")
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
