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
4. Flatness: an append at move 10 and at move 10,000 of one long game (bench.flatness):
   late / early, goal 1.1 at most; Feuersalamander, and a constant-state toy as control.
5. Appends over HTTP under load: 32 bot players on 16 games against `pbem-server serve`
   (gunicorn, 2 workers), moves a second over the requests a second of a bare Flask app
   doing one signature check and one INSERT (bench.http_load, bench.ceiling_app), on SQLite
   and PostgreSQL: goal 0.5 at least.
6. CLI start: `pbem --help`, `pbem --version` and `pbem show GAME` (local server) against a
   bare `python -c pass`, and against the code before the reorganisation (bench.cli_start):
   goals x4 at most for --help and --version, show at most half of before.
7. Web pages: a game's page and a replay step against the JSON GET of the same game (the
   longest demo game), and the in-browser audit against `pbem audit`'s chain-and-signature
   check of the same file, in headless Chromium where installed (bench.web_pages).

Prints a short table, then one JSON document with every figure (`--json-only` for the
document alone). `python -m bench.run [MOVES_PER_SIDE] [--plies N] [--quick]`; `--quick`
(or PBEM_BENCH_QUICK=1) runs every part smaller (flatness at move 1,000, 3 CLI rounds) and
says so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from typing import Any

import engines
from bench import before, cli_start, web_pages
from bench.audit_rate import audit_vs_ed25519
from bench.flatness import TOY, flatness_all, min_n
from bench.http_load import http_load
from bench.inproc import App, new_game, random_move, resign, summary
from bench.playouts import configs, side_by_side

WINDOW = 50


_App = App  # the name this module used before bench.inproc


def play_game(
    app: _App, engine_id: str, seats: int, options: dict[str, Any], max_moves: int, seed: int
) -> tuple[list[float], dict[str, Any]]:
    """A game between random movers; after `max_moves` moves seat 0 resigns. Returns the append
    times and the exported log."""
    engine = engines.get(engine_id)
    game, keys = new_game(app, engine_id, seats, options, f"bench{engine_id[:3]}")

    rnd = random.Random(seed)
    times: list[float] = []
    now = summary(app, game, keys[0])
    while now["status"] != "over":
        if len(times) >= max_moves:
            resign(app, game, keys[0], 0, now)
            break
        seconds, now = random_move(app, engine, game, keys, now, rnd)
        times.append(seconds)
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
    parser.add_argument("moves_per_side", nargs="?", type=int, default=None, help="magier move limit (default 400; quick 100)")
    parser.add_argument("--plies", type=int, default=None, help="applied moves per playout configuration (default 4000; quick 1000)")
    parser.add_argument("--fs-moves", type=int, default=None, help="Feuersalamander moves before the resignation (default 600; quick 200)")
    parser.add_argument("--flat-n", type=int, default=None, help="the late point of the flatness figure (default 10000; quick 1000)")
    parser.add_argument("--http-games", type=int, default=16, help="games of the HTTP load, two bot players each (default 16)")
    parser.add_argument("--http-moves", type=int, default=None, help="moves per game of the HTTP load (default 60; quick 15)")
    parser.add_argument("--http-rounds", type=int, default=None, help="alternations of server and ceiling load (default 2; quick 1)")
    parser.add_argument("--cli-rounds", type=int, default=None, help="interleaved rounds of the CLI start figures (default 9; quick 3)")
    parser.add_argument("--cli-moves", type=int, default=None, help="bot moves a seat in the game `pbem show` shows (default 6; quick 2)")
    parser.add_argument("--no-postgres", action="store_true", help="the HTTP load on SQLite only")
    parser.add_argument("--quick", action="store_true", help="every part smaller, for a fast run (or PBEM_BENCH_QUICK=1)")
    parser.add_argument("--json-only", action="store_true", help="print the JSON document only")
    parser.add_argument("--no-before", action="store_true", help="skip timing the code before (the engines before the speed work, the CLI before the reorganisation)")
    args = parser.parse_args(argv)
    quick = args.quick or os.environ.get("PBEM_BENCH_QUICK", "") not in ("", "0")
    sizes = {
        "moves_per_side": (400, 100), "plies": (4000, 1000), "fs_moves": (600, 200),
        "flat_n": (10_000, 1_000), "http_moves": (60, 15), "http_rounds": (2, 1),
        "cli_rounds": (9, 3), "cli_moves": (6, 2),
    }
    for name, (full, small) in sizes.items():
        if getattr(args, name) is None:
            setattr(args, name, small if quick else full)
    if args.flat_n < min_n():
        parser.error(f"--flat-n must be {min_n()} or more")
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
    app.close()
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
    flat = flatness_all(args.flat_n)
    http = http_load(args.http_games, args.http_moves, args.http_rounds, postgresql=not args.no_postgres)
    ok = ok and all("errors" not in r["moves"] and "errors" not in r["ceiling"] for r in http["results"])
    try:
        cli = cli_start.cli_start(args.cli_rounds, args.cli_moves, before=not args.no_before)
    except Exception as exc:  # noqa: BLE001 - a setup that fails (server, game) is reported, the other figures kept
        cli = {"error": repr(exc)}
    ok = ok and "error" not in cli and not any("error" in r for r in cli["rows"] if not r["command"].startswith("before_"))
    try:
        web = web_pages.web_figures(rounds=3 if quick else 9, browser_rounds=1 if quick else 3)
    except Exception as exc:  # noqa: BLE001 - reported, the other figures kept
        web = {"error": repr(exc)}
    ok = ok and "error" not in web
    doc = {
        "quick": quick,
        "appends": appends,
        "audits": audits,
        "playouts": playouts,
        "flatness": flat,
        "http": http,
        "cli_start": cli,
        "web": web,
    }
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
    print("         'before', the code before the speed work, interleaved in this run; magier's apply did not")
    print("         change, so no ratio; 'hooked' = magier with rules.py calling")
    print("         mechanics.movement_moves: wired since 76b118d, so it measures what 'now' does)")
    for p in doc["playouts"]:
        opts = ",".join(f"{k}={v}" for k, v in p["options"].items())
        head = f"  {p['engine']:<16} {p['seats']} seats {opts:<32} {p['label']:<7}"
        if "error" in p:
            print(f"{head} cannot be played by a random mover: {p['error']}")
            continue
        gain = f"  x{p['apply_speedup']:.2f}" if "apply_speedup" in p else ("  x  - " if "legal_moves_speedup" in p else "")
        gain += f" / x{p['legal_moves_speedup']:.2f}" if "legal_moves_speedup" in p else ""
        print(f"{head} apply {p['apply_per_s']:>7}/s  legal_moves {p['legal_moves_per_s']:>7}/s{gain}")
    _goals_table(doc)


def _met(met: bool) -> str:
    return "goal met" if met else "goal NOT met"


def _goals_table(doc: dict[str, Any]) -> None:
    for f in doc["flatness"]:
        what = "control: constant state, the log's length alone" if f["engine"] == TOY else "state grows with the game"
        print(f"flatness (in-process app, SQLite): one {f['engine']} game of {f['moves']} moves ({what}), N = {f['n']}"
              + (" (--quick)" if doc["quick"] else ""))
        print(f"  append at move 10 {f['early_ms']:.2f} ms (at the game's start: {f['early_at_start_ms']:.2f}),"
              f" at move {f['n']} {f['late_ms']:.2f} ms: late/early {f['late_over_early']:.2f}"
              f" (vs its start {f['late_over_early_at_start']:.2f}); goal <= {f['goal']}: {_met(f['met'])}")
    h = doc["http"]
    print(f"appends over HTTP: {h['players']} bot players on {h['games']} {h['engine']} games, {h['moves_per_game']}"
          f" moves each, gunicorn {h['workers']} workers; ceiling = bare Flask, 1 Ed25519 check + 1 INSERT")
    for r in h["results"]:
        m, c = r["moves"], r["ceiling"]
        print(f"  {r['database']:<10} moves {m['per_s']:>6.1f}/s p50 {m['p50_ms']:6.1f} ms p99 {m['p99_ms']:6.1f} ms |"
              f" ceiling {c['per_s']:>6.1f}/s p50 {c['p50_ms']:6.1f} ms p99 {c['p99_ms']:6.1f} ms |"
              f" ratio {r['moves_over_ceiling']:.2f}; goal >= {r['goal']}: {_met(r['met'])}")
        print(f"  {'':<10} (bench client CPU a request: moves {m['client_cpu_ms']:.1f} ms, ceiling {c['client_cpu_ms']:.1f} ms)")
        for err in m.get("errors", []) + c.get("errors", []):
            print(f"    error: {err}")
    if "postgresql" in h:
        print(f"  postgresql {h['postgresql']}")
    if "cli_start" in doc:
        cli_start.table(doc["cli_start"])
    if "web" in doc:
        if "error" in doc["web"]:
            print(f"web pages: the figures failed: {doc['web']['error']}")
        else:
            web_pages.table(doc["web"])


if __name__ == "__main__":
    raise SystemExit(main())
