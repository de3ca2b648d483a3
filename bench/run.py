"""`make bench`: what a move, an audit and an engine call cost, as ratios from one run.

1. Appends: one long magier game and one 2-player Feuersalamander game (ended by a
   resignation: random play rarely reaches a target) between random movers against the
   real app (in process, signed requests, SQLite in a temp dir); every append is timed.
   The ratio that matters: the median append late in the game over the median early on
   (about 1.0 means snapshots keep a move's cost independent of the log's length).
2. Audits: each game's exported log is audited and compared with verifying as many
   Ed25519 signatures as the audit checks (bench.audit_rate): audit rate / Ed25519 rate.
3. Engines: apply() and legal_moves() calls a second in random playouts, every engine
   and player count (bench.playouts).

Prints a short table, then one JSON document with every figure (`--json-only` for the
document alone). `python -m bench.run [MOVES_PER_SIDE] [--plies N]`.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import statistics
import tempfile
import time
from typing import Any

import engines
from bench import before
from bench.audit_rate import audit_vs_ed25519
from bench.playouts import configs, pick, side_by_side
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey
from server.app import create_app

WINDOW = 50


class _App:
    """The real app in process; every request signed by the caller's key."""

    def __init__(self) -> None:
        self.client = create_app({"DATA_DIR": tempfile.mkdtemp(prefix="pbem-bench-")}).test_client()

    def call(self, key: SigningKey, method: str, path: str, body: Any = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = sign_request(key, method, path, raw) | {"Content-Type": "application/json"}
        resp = self.client.open(path, method=method, data=raw, headers=headers)
        if resp.status_code >= 400:
            raise SystemExit(f"{method} {path}: {resp.get_json()}")
        return resp.get_json()


def play_game(
    app: _App, engine_id: str, seats: int, options: dict[str, Any], max_moves: int, seed: int
) -> tuple[list[float], dict[str, Any]]:
    """A game between random movers; after `max_moves` moves seat 0 resigns. Returns the append
    times and the exported log."""
    engine = engines.get(engine_id)
    keys = [SigningKey.generate() for _ in range(seats)]
    for i, key in enumerate(keys):
        app.call(key, "POST", "/v1/accounts", {"name": f"bench{engine_id[:3]}{i}", "email": f"b{i}@example.org"})
    game = app.call(keys[0], "POST", "/v1/games", {"engine": engine_id, "seats": seats, "options": options})["id"]
    for seat, key in enumerate(keys):
        nonce = secrets.token_hex(32)
        prev = app.call(key, "GET", f"/v1/games/{game}")["head"]["hash"]
        sig = sign_join(join_statement(game, seat, f"bench{engine_id[:3]}{seat}", key.public_hex, nonce, prev), key)
        app.call(key, "POST", f"/v1/games/{game}/join", {"seat": seat, "nonce": nonce, "sig": sig, "prev": prev})

    rnd = random.Random(seed)
    times: list[float] = []
    summary = app.call(keys[0], "GET", f"/v1/games/{game}")
    while summary["status"] != "over":
        head = summary["head"]
        if len(times) >= max_moves:
            env = envelope(game, head["seq"] + 1, head["hash"], 0, {"type": "resign"}, None, secrets.token_hex(32), "bench")
            app.call(keys[0], "POST", f"/v1/games/{game}/resign", {"envelope": env, "sig": sign_envelope(env, keys[0])})
            break
        seat = summary["to_move"]
        legal = app.call(keys[seat], "GET", f"/v1/games/{game}/moves")["moves"]
        move = pick([m["move"] for m in legal], rnd)
        public, secret = engine.split_move(move)
        salt = secrets.token_hex(32) if secret is not None else None
        committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
        env = envelope(game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "bench")
        body = {"envelope": env, "sig": sign_envelope(env, keys[seat]), "secret": secret, "salt": salt}
        started = time.perf_counter()
        out = app.call(keys[seat], "POST", f"/v1/games/{game}/moves", body)
        times.append(time.perf_counter() - started)
        summary = {"status": out["status"], "to_move": out["to_move"], "head": out["head"]}
    return times, app.call(keys[0], "GET", f"/v1/games/{game}/export")


def append_figures(engine_id: str, times: list[float]) -> dict[str, Any]:
    # Skip the first window (magier's placement phase: cheap moves) so both windows time the same kind of move.
    early = statistics.median(times[WINDOW : 2 * WINDOW])
    late = statistics.median(times[-WINDOW:])
    return {
        "engine": engine_id,
        "moves": len(times),
        "early_ms": round(early * 1000, 3),
        "late_ms": round(late * 1000, 3),
        "late_over_early": round(late / early, 3),
    }


def _row(rates: Any, label: str) -> dict[str, Any]:
    return {"label": label, **rates.to_json()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.splitlines()[0])
    parser.add_argument("moves_per_side", nargs="?", type=int, default=400, help="magier move limit (default 400)")
    parser.add_argument("--plies", type=int, default=4000, help="applied moves per playout configuration")
    parser.add_argument("--fs-moves", type=int, default=600, help="Feuersalamander moves before the resignation")
    parser.add_argument("--json-only", action="store_true", help="print the JSON document only")
    parser.add_argument("--no-before", action="store_true", help="skip timing the code before issue 9")
    args = parser.parse_args(argv)
    compare = not args.no_before and before.available()

    app = _App()
    games = [
        ("magier", 2, {"move_limit": args.moves_per_side, "open_placement": True}, 10**9, 7),
        ("feuersalamander", 2, {"target": 84}, args.fs_moves, 8),
    ]
    appends, audits = [], []
    ok = True
    for engine_id, seats, options, cap, seed in games:
        times, log = play_game(app, engine_id, seats, options, cap, seed)
        appends.append(append_figures(engine_id, times))
        figures = audit_vs_ed25519(log)
        ok = ok and figures["verdict"] == "PASS"
        if compare:
            with before.rfc8785_only():
                old = audit_vs_ed25519(log)
            figures["before_audit_rate_vs_ed25519"] = old["audit_rate_vs_ed25519"]
            figures["audit_speedup"] = round(old["audit_s"] / figures["audit_s"], 2)
        audits.append(figures)
    playouts = []
    for engine_id, seats, options in configs():
        variants = [("now", engines.get(engine_id))]
        old_engine = before.oracle_engine(engine_id) if compare else None
        if old_engine is not None:
            variants.append(("before", old_engine))
            if engine_id == "magier":
                variants.append(("hooked", before.hooked_magier()))
        try:
            rates = side_by_side([e for _, e in variants], seats, options, args.plies)
        except Exception as exc:  # noqa: BLE001 - an engine a random mover cannot play is reported, not fatal
            playouts.append({"label": "now", "engine": engine_id, "seats": seats, "options": options, "error": repr(exc)})
            continue
        rows = [_row(r, label) for (label, _), r in zip(variants, rates, strict=True)]
        if len(rows) > 1:
            old = rows[1]
            for row in rows[:1] + rows[2:]:
                if before.own_apply(engine_id):
                    row["apply_speedup"] = round(row["apply_per_s"] / old["apply_per_s"], 2)
                row["legal_moves_speedup"] = round(row["legal_moves_per_s"] / old["legal_moves_per_s"], 2)
        playouts += rows
    doc = {"appends": appends, "audits": audits, "playouts": playouts}
    if not args.json_only:
        _table(doc)
    print(json.dumps(doc, indent=None if args.json_only else 1))
    return 0 if ok else 1


def _table(doc: dict[str, Any]) -> None:
    print("appends (in-process app, SQLite, signed requests): median ms early / late, ratio")
    for a in doc["appends"]:
        print(f"  {a['engine']:<16} {a['moves']:>5} moves  {a['early_ms']:7.2f} / {a['late_ms']:7.2f}  {a['late_over_early']:.2f}")
    print("audits: audit rate / Ed25519 verification rate for as many signatures (1.0 = only the signatures cost)")
    for a in doc["audits"]:
        was = f"  (rfc8785 only: {a['before_audit_rate_vs_ed25519']:.2f}, audit {a['audit_speedup']:.2f}x faster now)" if "audit_speedup" in a else ""
        print(
            f"  {a['engine']:<16} {a['entries']:>5} entries {a['signatures']:>5} signatures  "
            f"ratio {a['audit_rate_vs_ed25519']:.2f}{was}  {a['verdict']}"
        )
    print("engines: calls a second in random playouts, best of 3 (x apply / x legal_moves: against")
    print("         'before', the code before issue 9, interleaved in this run; magier's apply did not")
    print("         change, so no ratio; 'hooked' = magier with rules.py calling")
    print("         mechanics.movement_moves, not wired yet)")
    for p in doc["playouts"]:
        opts = ",".join(f"{k}={v}" for k, v in p["options"].items())
        head = f"  {p['engine']:<16} {p['seats']} seats {opts:<32} {p['label']:<7}"
        if "error" in p:
            print(f"{head} cannot be played by a random mover: {p['error']}")
            continue
        gain = f"  x{p['apply_speedup']:.2f}" if "apply_speedup" in p else ("  x  - " if "legal_moves_speedup" in p else "")
        gain += f" / x{p['legal_moves_speedup']:.2f}" if "legal_moves_speedup" in p else ""
        print(f"{head} apply {p['apply_per_s']:>7}/s  legal_moves {p['legal_moves_per_s']:>7}/s{gain}")


if __name__ == "__main__":
    raise SystemExit(main())
