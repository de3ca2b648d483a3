"""`make bench`: what a move, an audit and an engine call cost, as ratios from one run.

Every engine and mode: magier, feuersalamander, cavemen closed, cavemen open (option
"open": True), siedler. The issue's four figures, each against its goal in the goals table
at the end (bench.goals: figure, engine/mode, goal, measured, met or NOT met; the JSON
document's "goals" carries the same lines):

1. Appends and audits: one game per engine and mode between random movers against the real
   app (in process, signed requests, SQLite in a temp dir; audit_games): magier to its move
   limit (MOVES_PER_SIDE) or a win, cavemen mostly to its end, Feuersalamander and Siedler
   (whose random games rarely end) until seat 0 resigns after --fs-moves moves. Every append
   is timed (median late in the game over early on), and each exported log is audited and
   compared with verifying as many Ed25519 signatures as the audit checks
   (bench.audit_rate): audit rate / Ed25519 rate, goal 0.7 at least, and the verdict PASS.
2. Engines: apply() and legal_moves() calls a second in random playouts, every engine,
   player count and mode (bench.playouts); the goal: magier's legal_moves 20,000 a second.
3. Flatness: an append at move 10 and at move N of one long game per engine and mode, each
   with the options that make its random games as long as the engine allows
   (bench.flatness.CONFIGS): late / early, goal 1.1 at most. N = 10,000 (--flat-n) where a
   random game gets that far (Feuersalamander and Siedler with an unreachable target); magier
   (move_limit 100,000) at the end of the longest of --flat-seeds random games, found
   engine-only (it has no chance); cavemen (round_limit 10,000) at the end of its game. The
   table says which N each row used and why. A constant-state toy is the control.
4. Appends over HTTP under load: 32 bot players on 16 games per engine and mode against
   `pbem-server serve` (gunicorn, 2 workers), moves a second over the requests a second of a
   bare Flask app doing one signature check and one INSERT (bench.http_load,
   bench.ceiling_app), on SQLite and PostgreSQL (PBEM_BENCH_DATABASE_URL, else a throwaway):
   goal 0.5 at least, and the POST's p99 under 50 ms. magier's bots keep the state and make
   --http-moves moves a game (60); the others' bots fetch their view before each move (not
   timed: the games move in lockstep and only the POST phases count) and make
   --http-view-moves a game (20); --http-rounds alternations of server and ceiling each (1).
5. CLI start: `pbem --help`, `pbem --version` and `pbem show GAME` (local server) against a
   bare `python -c pass`, and against the code before the reorganisation (bench.cli_start):
   goals x4 at most for --help and --version, show at most half of before.
6. Web pages: a game's page and a replay step against the JSON GET of the same game (the
   longest demo game), and the in-browser audit against `pbem audit`'s chain-and-signature
   check of the same file, in headless Chromium where installed (bench.web_pages).

Prints a short table, then one JSON document with every figure (`--json-only` for the
document alone). `python -m bench.run [MOVES_PER_SIDE] [--plies N] [--quick] ...` (--help
lists the sizes); `--quick` (or PBEM_BENCH_QUICK=1) runs every part smaller (flatness at move
1,000 and magier's longest of 2 games, 15 magier and 5 other moves a game over HTTP, 3 CLI
rounds) and says so. About 15 minutes in full on a quiet 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from typing import Any

import engines
from bench import before, cli_start, goals, web_pages
from bench.audit_rate import audit_vs_ed25519
from bench.flatness import SEEDS, flatness_all, min_n
from bench.http_load import http_load
from bench.inproc import App, new_game, random_move, resign, summary
from bench.playouts import configs, side_by_side

WINDOW = 50


_App = App  # the name this module used before bench.inproc


def play_game(
    app: _App, engine_id: str, seats: int, options: dict[str, Any], max_moves: int, seed: int, label: str | None = None
) -> tuple[list[float], dict[str, Any]]:
    """A game between random movers; after `max_moves` moves seat 0 resigns. Returns the append
    times and the exported log."""
    engine = engines.get(engine_id)
    game, keys = new_game(app, engine_id, seats, options, label or f"bench{engine_id[:3]}")

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


def audit_games(moves_per_side: int, cap: int) -> list[tuple[str, str, int, dict[str, Any], int, int]]:
    """(label, engine, seats, options, moves before seat 0 resigns, seed): one game per engine and
    mode, whose log is audited. magier ends by its move limit (or a win), cavemen mostly by
    itself; Feuersalamander and Siedler, whose random games rarely end, by the resignation."""
    return [
        ("magier", "magier", 2, {"move_limit": moves_per_side, "open_placement": True}, 10**9, 7),
        ("feuersalamander", "feuersalamander", 2, {"target": 84}, cap, 8),
        ("cavemen closed", "cavemen", 2, {}, cap, 9),
        ("cavemen open", "cavemen", 2, {"open": True}, cap, 10),
        ("siedler", "siedler", 2, {}, cap, 12),
    ]


def append_figures(engine_id: str, times: list[float]) -> dict[str, Any]:
    # Skip the first window (magier's placement phase: cheap moves) so both windows time the same
    # kind of move; a short game (cavemen may end within a hundred moves) gets narrower windows.
    w = max(1, min(WINDOW, len(times) // 3))
    early = statistics.median(times[w : 2 * w])
    late = statistics.median(times[-w:])
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
    parser.add_argument("--fs-moves", type=int, default=None, help="moves of the audited Feuersalamander, cavemen and Siedler games before a resignation (default 600; quick 200)")
    parser.add_argument("--flat-n", type=int, default=None, help="the late point of the flatness figure (default 10000; quick 1000)")
    parser.add_argument("--http-games", type=int, default=16, help="games of the HTTP load, two bot players each (default 16)")
    parser.add_argument("--http-moves", type=int, default=None, help="moves per magier game of the HTTP load (default 60; quick 15)")
    parser.add_argument("--http-view-moves", type=int, default=None, help="moves per game of the HTTP load where bots fetch their view: every engine but magier (default 20; quick 5)")
    parser.add_argument("--http-rounds", type=int, default=None, help="alternations of server and ceiling load per engine (default 1)")
    parser.add_argument("--flat-seeds", type=int, default=None, help=f"random magier games to take the longest of for its flatness (default {SEEDS}; quick 2)")
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
        "flat_n": (10_000, 1_000), "http_moves": (60, 15), "http_rounds": (1, 1),
        "cli_rounds": (9, 3), "cli_moves": (6, 2), "http_view_moves": (20, 5), "flat_seeds": (SEEDS, 2),
    }
    for name, (full, small) in sizes.items():
        if getattr(args, name) is None:
            setattr(args, name, small if quick else full)
    if args.flat_n < min_n():
        parser.error(f"--flat-n must be {min_n()} or more")
    compare = not args.no_before and before.available()

    app = _App()
    appends, audits = [], []
    ok = True
    for label, engine_id, seats, options, cap, seed in audit_games(args.moves_per_side, args.fs_moves):
        times, log = play_game(app, engine_id, seats, options, cap, seed, f"bench{seed}x")
        appends.append({"label": label, **append_figures(engine_id, times)})
        figures = {"label": label, **audit_vs_ed25519(log)}
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
    flat = flatness_all(args.flat_n, seeds=args.flat_seeds)
    ok = ok and all("error" not in f for f in flat)
    http = http_load(args.http_games, args.http_moves, args.http_rounds, postgresql=not args.no_postgres,
                     view_moves=args.http_view_moves)
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
    doc["goals"] = goals.goals(doc)
    if not args.json_only:
        _table(doc)
    print(json.dumps(doc, indent=None if args.json_only else 1))
    return 0 if ok else 1


def _table(doc: dict[str, Any]) -> None:
    print("appends (in-process app, SQLite, signed requests): median ms early / late, ratio (the audited games)")
    for a in doc["appends"]:
        print(f"  {a['label']:<16} {a['moves']:>5} moves  {a['early_ms']:7.2f} / {a['late_ms']:7.2f}  {a['late_over_early']:.2f}")
    print("audits: audit rate / Ed25519 verification rate for as many signatures (1.0 = only the signatures cost)")
    for a in doc["audits"]:
        was = f"  (rfc8785 only: {a['before_audit_rate_vs_ed25519']:.2f}, audit {a['audit_speedup']:.2f}x faster now)" if "audit_speedup" in a else ""
        print(
            f"  {a['label']:<16} {a['entries']:>5} entries {a['signatures']:>5} signatures  "
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


def _flatness_table(doc: dict[str, Any]) -> None:
    print("flatness (in-process app, SQLite): one long game per engine and mode, as long as its options allow;"
          " append at move N / at move 10" + (" (--quick)" if doc["quick"] else ""))
    for f in doc["flatness"]:
        label = f.get("label", f["engine"])
        if "error" in f:
            print(f"  {label:<24} failed: {f['error']}")
            continue
        print(f"  {label:<24} {f['n_why'] if 'n_why' in f else 'N = ' + str(f['n'])}; {f['moves']} moves played")
        print(f"  {'':<24} move 10 {f['early_ms']:.2f} ms (at the game's start: {f['early_at_start_ms']:.2f}),"
              f" move {f['n']} {f['late_ms']:.2f} ms: late/early {f['late_over_early']:.2f}"
              f" (vs its start {f['late_over_early_at_start']:.2f}); goal <= {f['goal']}: {_met(f['met'])}")


def _http_table(h: dict[str, Any]) -> None:
    sizes = ", ".join(f"{lo['label']} {lo['moves_per_game']}" for lo in h["loads"])
    print(f"appends over HTTP: {h['players']} bot players on {h['games']} games of each engine/mode, moves a game: {sizes}"
          f" (bots of all but magier fetch their view first, not timed); gunicorn {h['workers']} workers;"
          f" {h['rounds']} round(s); ceiling = bare Flask, 1 Ed25519 check + 1 INSERT")
    for r in h["results"]:
        m, c = r["moves"], r["ceiling"]
        print(f"  {r['label']:<16} {r['database']:<10} moves {m['per_s']:>6.1f}/s p50 {m['p50_ms']:6.1f} ms p99 {m['p99_ms']:6.1f} ms |"
              f" ceiling {c['per_s']:>6.1f}/s p99 {c['p99_ms']:6.1f} ms |"
              f" ratio {r['moves_over_ceiling']:.2f} (goal >= {r['goal']}); client CPU {m['client_cpu_ms']:.1f} ms a move")
        for err in m.get("errors", []) + c.get("errors", []):
            print(f"    error: {err}")
    if "postgresql" in h:
        print(f"  postgresql {h['postgresql']}")


def _goals_table(doc: dict[str, Any]) -> None:
    if "flatness" in doc:
        _flatness_table(doc)
    if "http" in doc:
        _http_table(doc["http"])
    if "cli_start" in doc:
        cli_start.table(doc["cli_start"])
    if "web" in doc:
        if "error" in doc["web"]:
            print(f"web pages: the figures failed: {doc['web']['error']}")
        else:
            web_pages.table(doc["web"])
    goals.table(doc["goals"] if "goals" in doc else goals.goals(doc), quick=bool(doc.get("quick")))


if __name__ == "__main__":
    raise SystemExit(main())
