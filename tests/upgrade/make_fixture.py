"""Make the upgrade fixture (a running game survives an upgrade) with the code of an OLD pbem: its server, its
client, its homes. Run it with that code first on the path (not today's), e.g.

    git worktree add /tmp/wt-upgrade-8722713 8722713
    cd /tmp && PYTHONPATH=/tmp/wt-upgrade-8722713 /work/main/.venv/bin/python \\
        /work/main/tests/upgrade/make_fixture.py /work/main/tests/upgrade/8722713 [--postgres URL]

It starts the old `pbem-server serve` (gunicorn, as its README says) on 127.0.0.1 and a free
port, on SQLite in a fresh data directory or on the PostgreSQL of --postgres, and lets three
players (homes ada, bo, cy made by the old `pbem init`) make and join one running game of each
engine and mode with the old `pbem new` / `pbem join`, then play a few turns each with the old
`pbem move` and `pbem bot --once`, so every game has moves, receipts and evidence and none is
over. The options keep each game short, so that today's pbem can finish them quickly.

Output, under OUT/<sqlite|postgres>/:
    data/       the server's data directory (server_key.pem; on SQLite its database too)
    homes/      the players' PBEM_HOME directories
    dump.sql    (PostgreSQL) `pg_dump --no-owner --no-privileges --inserts` of the database
    games.json  the games: id, engine, mode, options, seats (home per seat), head seq, URL
The data directory and the homes are packed to OUT/<side>.tar.gz (logs left out).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

# (name, engine, options, creator, joiners, turns): turns are moves made before the upgrade
GAMES: list[dict[str, Any]] = [
    {"name": "feuersalamander-3", "engine": "feuersalamander", "options": {"target": 2},
     "seats": ["ada", "bo", "cy"], "turns": 6},
    {"name": "magier-blind", "engine": "magier", "options": {"move_limit": 30},
     "seats": ["bo", "ada"], "turns": 8},
    {"name": "cavemen-open", "engine": "cavemen", "options": {"open": True, "round_limit": 3},
     "seats": ["cy", "ada"], "turns": 6},
    {"name": "cavemen-closed", "engine": "cavemen", "options": {"open": False, "round_limit": 3},
     "seats": ["ada", "bo"], "turns": 6},
    {"name": "siedler", "engine": "siedler", "options": {"target": 4},
     "seats": ["bo", "cy"], "turns": 6},
]
PLAYERS = ["ada", "bo", "cy"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Old:
    """The old code's CLIs, each call a process of its own, as a player or operator runs it."""

    def __init__(self, work: Path, env: dict[str, str]) -> None:
        self.work = work
        self.env = env

    def pbem(self, home: str, *args: str) -> str:
        env = {**self.env, "PBEM_HOME": str(self.work / "homes" / home), "NO_COLOR": "1"}
        code = "import sys; from client.cli import app; sys.argv[0] = 'pbem'; app()"
        done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, cwd=self.work)
        if done.returncode != 0 or "Traceback" in done.stderr:
            raise SystemExit(f"pbem {' '.join(args)} ({home}): exit {done.returncode}\n{done.stdout}\n{done.stderr}")
        return done.stdout


def wait_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(150):
        if proc.poll() is not None:
            raise SystemExit(f"the old server exited ({proc.returncode})")
        try:
            with urllib.request.urlopen(url + "/v1/health", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the old server did not answer")


def make(side: str, out: Path, database_url: str | None) -> None:
    import client

    where = Path(client.__file__).resolve().parent.parent
    if where == Path(__file__).resolve().parents[2]:
        raise SystemExit(f"this is today's code ({where}): put the old release's checkout first on PYTHONPATH")
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=where, capture_output=True, text=True).stdout.strip()
    work = Path(tempfile.mkdtemp(prefix=f"pbem-upgrade-{side}-"))
    data = work / "data"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PYTHONPATH"] = str(where)
    if database_url:
        env["DATABASE_URL"] = database_url
    serve = "import sys; from server.cli import main; sys.argv[0] = 'pbem-server'; sys.exit(main())"
    log = open(work / "server.log", "wb")  # noqa: SIM115 - open for the server's whole life
    proc = subprocess.Popen(
        [sys.executable, "-c", serve, "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data),
         "--no-mail", "--no-control-socket", "--workers", "2"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=work,
    )
    old = Old(work, env)
    made: list[dict[str, Any]] = []
    try:
        wait_up(url, proc)
        for name in PLAYERS:
            old.pbem(name, "init", "--server", url, "--name", name, "--email", f"{name}@example.org")
        for spec in GAMES:
            made.append(play(old, spec, url))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()
    target = out / side
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    if database_url:
        dump = subprocess.run(
            ["pg_dump", "--no-owner", "--no-privileges", "--inserts", database_url],
            capture_output=True, text=True, check=True,
        ).stdout
        (target / "dump.sql").write_text(dump)
    meta = {"commit": commit, "url": url, "database": "postgresql" if database_url else "sqlite", "games": made}
    (target / "games.json").write_text(json.dumps(meta, indent=2) + "\n")
    with tarfile.open(out / f"{side}.tar.gz", "w:gz") as tar:
        for top in ("data", "homes"):
            tar.add(work / top, arcname=top, filter=_keep)
    shutil.rmtree(work)
    print(f"{side}: {len(made)} games -> {out / side}, {out / (side + '.tar.gz')}")


def _keep(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
    """Leave out logs, sockets, gunicorn's files and SQLite's WAL side files (the server was
    stopped cleanly, so the database file holds everything)."""
    name = Path(info.name).name
    if name.endswith((".log", ".ctl", ".pid", "-wal", "-shm", ".lock")) or name == "outbox":
        return None
    info.mtime = 0
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def head(old: Old, home: str, game: str) -> dict[str, Any]:
    return json.loads(old.pbem(home, "show", game, "--json"))


def play(old: Old, spec: dict[str, Any], url: str) -> dict[str, Any]:
    seats = spec["seats"]
    args = ["new", spec["engine"], "--json"]
    for k, v in spec["options"].items():
        args += ["--option", f"{k}={json.dumps(v)}"]
    if len(seats) != 2:
        args += ["--seats", str(len(seats))]
    created = json.loads(old.pbem(seats[0], *args))
    game = created["id"]
    for name in seats[1:]:
        old.pbem(name, "join", game)
    turns = 0
    explicit = 0
    for _ in range(spec["turns"] * 4):
        shown = head(old, seats[0], game)
        if shown.get("status") != "running":
            raise SystemExit(f"{spec['name']}: {shown.get('status')} after {turns} turns: make it longer")
        if turns >= spec["turns"]:
            break
        to_move = shown.get("to_move")
        if to_move is None:
            time.sleep(0.2)
            continue
        mover = seats[int(to_move)]
        if explicit < 2:  # the first two turns typed as a player would: the first legal move
            listed = json.loads(old.pbem(mover, "moves", game, "--json"))
            if listed.get("moves"):
                old.pbem(mover, "move", game, "1", "--yes")
                explicit += 1
                turns += 1
                continue
        old.pbem(mover, "bot", game, "--once", "--poll", "1")
        turns += 1
    shown = head(old, seats[0], game)
    assert shown.get("status") == "running", shown
    for name in seats:  # every seat's home follows the game to its head (receipts)
        old.pbem(name, "show", game)
    return {"name": spec["name"], "id": game, "engine": spec["engine"], "options": spec["options"],
            "seats": seats, "head": shown.get("head", {}).get("seq"), "turns": turns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--postgres", metavar="URL", help="make the games on this (empty) PostgreSQL database")
    args = parser.parse_args()
    make("postgres" if args.postgres else "sqlite", args.out.resolve(), args.postgres)


if __name__ == "__main__":
    main()
