"""`make demo`: a real server, real clients, bots playing every engine, then the audit.

Starts `pbem-server serve` (gunicorn, SQLite in a temporary data directory) on a
free loopback port, registers bot players through the client code, plays one
complete game per engine over HTTP (and the EXTRA_GAMES: cavemen open as well as closed),
exports each log to var/demo/ and runs
`pbem audit` on it; then shows the mail the games produced (the server has no SMTP, so
its outbox is .eml files: a count per kind, and one your-turn mail in full). Exits non-zero unless every verdict is PASS. With DATABASE_URL set
(`make demo-postgres` sets it to a throwaway PostgreSQL) the server's two workers share that
database instead.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

import engines
from client.display.status import result_text
from client.play import Player

# The bot of each seat, by engine; an engine not listed here plays random bots.
BOTS = {"magier": ["greedy", "random"], "feuersalamander": ["simple", "simple", "random"], "cavemen": ["simple", "random"], "siedler": ["builder", "builder"]}
OPTIONS: dict[str, dict[str, object]] = {"cavemen": {"round_limit": 60}}
# Games played besides one per engine with its OPTIONS: label -> (engine, options).
EXTRA_GAMES: dict[str, tuple[str, dict[str, object]]] = {"cavemen-open": ("cavemen", {"open": True, "round_limit": 60})}
NAMES = ["ada", "bo", "cy", "di"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(
    data_dir: Path, port: int, workers: int = 2, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """`pbem-server serve` (gunicorn) in a subprocess; returns once /v1/health answers."""
    exe = Path(sys.executable).parent / "pbem-server"
    data_dir.mkdir(parents=True, exist_ok=True)
    log = open(data_dir / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", str(port), "--data-dir", str(data_dir), "--workers", str(workers)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # a busy machine may take a while to boot two workers
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server did not start; see {data_dir / 'server.log'}")
        try:
            if requests.get(f"{url}/v1/health", timeout=5).ok:
                return proc
        except requests.RequestException:  # not listening yet, or a first answer slower than 5 s
            pass
        time.sleep(0.1)
    proc.terminate()
    proc.wait(timeout=30)
    raise SystemExit(f"the server did not answer within 60 seconds; see {data_dir / 'server.log'}")


MAILED = ("magier",)  # played a turn at a time, so that its players get their your-turn mail


def play(
    url: str, work: Path, engine_id: str, out_dir: Path, options: dict[str, object] | None = None, label: str = ""
) -> Path:
    """One bot game of engine_id (with OPTIONS, or `options`); `label` names its players and file."""
    label = label or engine_id
    bots = BOTS.get(engine_id, ["random"] * engines.get(engine_id).min_seats)
    seats = len(bots)
    players = []
    for i in range(seats):
        player = Player(work / f"{label}-{NAMES[i]}")
        player.init_account(url, f"{NAMES[i]}-{label}", f"{NAMES[i]}@example.org")
        players.append(player)
    game = players[0].new_game(engine_id, OPTIONS.get(engine_id, {}) if options is None else options, seats)
    game_id = game["id"]
    for player in players:
        player.join(game_id)
    print(f"  {label}: game {game_id}, {seats} bots ({', '.join(bots)}) playing over HTTP ...", flush=True)
    errors: list[BaseException] = []

    def run(player: Player, bot: str) -> None:
        try:
            player.play_bot(game_id, bot, poll=0.02)
        except BaseException as exc:  # reported below; a demo must not hang on a dead thread
            errors.append(exc)

    def by_turns() -> None:
        """One thread takes each seat's turn in order, as players do who are mailed: `pbem bot`
        tells the server a bot plays (no your-turn mail), a turn taken at a time does not."""
        try:
            while players[0].show(game_id)["status"] != "over":
                for player, bot in zip(players, bots, strict=True):
                    player.play_bot(game_id, bot, until_over=False)
        except BaseException as exc:  # reported below
            errors.append(exc)

    if label in MAILED:
        threads = [threading.Thread(target=by_turns, daemon=True)]
    else:
        threads = [threading.Thread(target=run, args=(p, b), daemon=True) for p, b in zip(players, bots, strict=True)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    if errors:
        raise SystemExit(f"  {label}: a bot failed: {errors[0]}")
    state = players[0].show(game_id)
    path = out_dir / f"{label}-{game_id}.json"
    players[0].export(game_id, path)
    print(
        f"  {label}: over after {state['head']['seq']} log entries in "
        f"{time.monotonic() - started:.1f} s; "
        + result_text(state.get("result"), state.get("seat_names") or [], state.get("players") or []),
        flush=True,
    )
    print(f"  {label}: its page (board, replay, history, export): {url}/g/{game_id}", flush=True)
    return path


def audit(path: Path) -> bool:
    exe = Path(sys.executable).parent / "pbem"
    done = subprocess.run([str(exe), "audit", str(path)], capture_output=True, text=True)
    line = (done.stdout.strip() or done.stderr.strip()).splitlines()
    print(f"  pbem audit {path}: {line[0] if line else '(no output)'}", flush=True)
    return done.returncode == 0 and "PASS" in done.stdout


def show_mail(work: Path, out_dir: Path, env: dict[str, str]) -> bool:
    """The mail the games produced: the server has no SMTP, so the outbox is .eml files in
    its data directory (written by the serve thread; `pbem-server mail --once` sends the rest,
    at most a batch a round, so it runs until a round sends nothing). The files are copied to
    out_dir/outbox, which the demo keeps (the data directory goes when every verdict is PASS)."""
    exe = Path(sys.executable).parent / "pbem-server"
    for _ in range(1000):
        done = subprocess.run(
            [str(exe), "mail", "--once", "--data-dir", str(work)], capture_output=True, text=True, env=env
        )
        if done.returncode != 0:
            print(f"  pbem-server mail --once failed: {done.stderr.strip()[-500:]}", flush=True)
            return False
        try:
            sent = json.loads(done.stdout.strip().splitlines()[-1]).get("sent", 0)
        except (ValueError, IndexError, AttributeError):
            sent = 0
        if not sent:
            break
    kept = out_dir / "outbox"
    shutil.rmtree(kept, ignore_errors=True)
    shutil.copytree(work / "outbox", kept)
    files = sorted(kept.glob("*.eml"))
    kinds: dict[str, int] = {}
    turn: Path | None = None
    for path in files:
        kind = path.stem.rsplit("-", 1)[-1]
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "turn" and (turn is None or kinds[kind] == 5):
            turn = path  # the fifth your-turn mail: a few moves into a game
    counted = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    print(f"  mail: {len(files)} messages in {kept} ({counted})", flush=True)
    if turn is None:
        print("  mail: no your-turn mail was written", flush=True)
        return False
    shutil.copy(turn, out_dir / "your-turn.eml")
    print(f"  one of them ({out_dir / 'your-turn.eml'}):", flush=True)
    for line in turn.read_text(encoding="ascii", errors="replace").splitlines():
        print(f"    | {line}", flush=True)
    return True


def main() -> int:
    out_dir = Path("var/demo")
    out_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    port = free_port()
    database = "PostgreSQL from DATABASE_URL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"pbem demo: server on http://127.0.0.1:{port} (2 gunicorn workers, {database}), data in {work}", flush=True)
    # No SMTP for the demo, whatever the environment says: its mail becomes .eml files.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_SMTP_")}
    env["PBEM_PUBLIC_URL"] = f"http://127.0.0.1:{port}"
    server = start_server(work, port, workers=2, env=env)
    verdicts: dict[str, bool] = {}
    try:
        for engine_id in engines.ids():
            path = play(f"http://127.0.0.1:{port}", work, engine_id, out_dir)
            verdicts[engine_id] = audit(path)
        for label, (engine_id, options) in EXTRA_GAMES.items():
            if engine_id in engines.ids():
                path = play(f"http://127.0.0.1:{port}", work, engine_id, out_dir, options, label)
                verdicts[label] = audit(path)
        verdicts["mail"] = show_mail(work, out_dir, env)
    finally:
        server.terminate()
        server.wait(timeout=10)
    ok = bool(verdicts) and all(verdicts.values())
    print("demo " + ("PASSED" if ok else "FAILED") + ": " + ", ".join(
        f"{e} {'PASS' if v else 'FAIL'}" for e, v in verdicts.items()
    ))
    if ok:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
