"""What the CLI costs before it does anything, against a bare `python -c pass`, and `pbem show`
now against the code before the reorganisation, all timed side by side in one run.

A player types `pbem show` many times a day, so its start-up is the cost that counts. Each
figure is the median of several interleaved rounds (every command once a round, in turn), so a
busy moment of the shared machine weighs on all of them alike; a figure is a ratio to the bare
interpreter, which is what the targets are stated in.

`pbem show GAME` runs against a real `pbem-server serve` on loopback (SQLite in a temporary
directory), the game created by a player home of its own and played a few moves by bots. The
code before (commit BEFORE) is taken from git into a temporary tree and run from there on the
same interpreter, packages and server, each variant from its own copy of the player's home so
neither reads a cache the other left. Without git or that commit (an installed package) the
figures are the present's only.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.http_load import start_server
from client.demo import free_port

BEFORE = "752e7e7"
ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HELP_GOAL = 4.0  # --help and --version: at most this many bare interpreters
SHOW_GOAL = 0.5  # show: at most this share of the code before
_RUN_OLD = "from client.cli import app; app()"
# Today's server refuses the old request signature (it named neither the server nor an exact
# target: docs/PROTOCOL.md section 16), so the code before signs its requests in today's form,
# for the server key its home pinned: one Ed25519 signature a request, as it always made.
_TODAYS_SIGNATURE = """

def sign_request(key, method, path, body, now=None):
    import json as _json
    import os as _os
    import secrets as _secrets
    from urllib.parse import quote as _quote

    server = _json.loads(open(_os.path.join(_os.environ["PBEM_HOME"], "config.json")).read())["server_key"]
    timestamp = str(int(time.time() if now is None else now))
    nonce = _secrets.token_hex(16)
    part, _, query = path.partition("?")
    target = _quote(part, safe="/") + (f"?{query}" if query else "")  # the old client signs the decoded path
    message = f"{server}\\n{method.upper()}\\n{target}\\n{timestamp}\\n{nonce}\\n{hashlib.sha256(body).hexdigest()}"
    sig = key.sign(b"pbem/v2/request\\n", message.encode())
    return {HEADER_KEY: key.public_hex, HEADER_TIME: timestamp, "X-Pbem-Nonce": nonce, HEADER_SIG: sig}
"""
_LABELS = {"bare": "python -c pass", "help": "pbem --help", "version": "pbem --version", "show": "pbem show GAME"}


def _env(**extra: str) -> dict[str, str]:
    """The caller's environment without what would change what is imported or compiled."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PBEM_HOME", "PBEM_SERVER")}
    return base | {"COLUMNS": "80"} | extra


def _pbem(home: Path, *args: str) -> str:
    """One setup step through the CLI itself, as a player would; its output."""
    done = subprocess.run([str(BIN / "pbem"), *args], capture_output=True, text=True, env=_env(PBEM_HOME=str(home)), timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"pbem {' '.join(args)}: exit {done.returncode}: {(done.stderr or done.stdout).strip()[-400:]}")
    return done.stdout


@contextmanager
def _game(work: Path, moves: int) -> Iterator[tuple[str, Path]]:
    """A server on loopback and a magier game between two homes, `moves` bot moves each;
    yields the game id and the creator's home, and stops the server afterwards."""
    port = free_port()
    server = start_server(work, port, _env(PBEM_RATE_LIMIT="off"))
    try:
        url = f"http://127.0.0.1:{port}"
        homes = [work / "ada", work / "bo"]
        for home in homes:
            _pbem(home, "init", "--server", url, "--name", f"cs{home.name}", "--email", f"cs{home.name}@example.org")
        game = str(json.loads(_pbem(homes[0], "new", "magier", "--json"))["id"])
        _pbem(homes[1], "join", game)
        for _ in range(moves):
            for home in homes:
                _pbem(home, "bot", game, "--once")
        yield game, homes[0]
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def before_available() -> str | None:
    """None if the code before can be taken from git here, else why not."""
    if shutil.which("git") is None:
        return "no git"
    probe = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{BEFORE}^{{commit}}"], capture_output=True)
    return None if probe.returncode == 0 else f"commit {BEFORE} not here (no source checkout)"


@contextmanager
def _before_tree() -> Iterator[Path]:
    """The packages at BEFORE in a temporary directory, removed afterwards."""
    tree = Path(tempfile.mkdtemp(prefix="pbem-before-"))
    try:
        archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", BEFORE, "client", "engines", "protocol"], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(tree)], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise RuntimeError(f"git archive {BEFORE} failed")
        with (tree / "protocol" / "auth.py").open("a") as auth:
            auth.write(_TODAYS_SIGNATURE)
        yield tree
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def _commands(game: str, home: Path, work: Path, old: Path | None) -> dict[str, tuple[list[str], dict[str, str], Path]]:
    """Every timed command: argv, environment and working directory (one without packages, so
    nothing is imported from it)."""
    now_home, old_home = work / "home-now", work / "home-before"
    shutil.copytree(home, now_home)
    cmds = {
        "bare": ([sys.executable, "-c", "pass"], _env(), work),
        "help": ([str(BIN / "pbem"), "--help"], _env(), work),
        "version": ([str(BIN / "pbem"), "--version"], _env(), work),
        "show": ([str(BIN / "pbem"), "show", game], _env(PBEM_HOME=str(now_home)), work),
    }
    if old is not None:
        shutil.copytree(home, old_home)
        run_old = [sys.executable, "-c", _RUN_OLD]
        env = _env(PYTHONPATH=str(old), PBEM_HOME=str(old_home))
        cmds |= {
            "before_help": ([*run_old, "--help"], env, old),
            "before_version": ([*run_old, "--version"], env, old),
            "before_show": ([*run_old, "show", game], env, old),
        }
    return cmds


def _once(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, str | None]:
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, timeout=300)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        return seconds, f"exit {done.returncode}: {(done.stderr or done.stdout).strip()[-300:]}"
    return seconds, None


def cli_start(rounds: int = 9, moves: int = 6, before: bool = True) -> dict[str, Any]:
    """The figures: each command's median ms, its ratio to bare python, show now over before,
    and whether the targets are met. A command that fails is reported, not timed."""
    rounds = max(1, rounds)
    why_not = before_available() if before else "not asked (--no-before)"
    work = Path(tempfile.mkdtemp(prefix="pbem-cli-start-"))
    try:
        with _game(work, moves) as (game, home), (_before_tree() if why_not is None else _no_tree()) as old:
            cmds = _commands(game, home, work, old)
            times: dict[str, list[float]] = {name: [] for name in cmds}
            errors: dict[str, str] = {}
            for name, cmd in cmds.items():  # warm-up: byte-code compiled, page cache filled
                _, err = _once(*cmd)
                if err:
                    errors[name] = err
            for _ in range(rounds):
                for name, cmd in cmds.items():
                    if name not in errors:
                        seconds, err = _once(*cmd)
                        times[name].append(seconds)
                        if err:
                            errors[name] = err
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return _figures(times, errors, rounds, moves, why_not)


@contextmanager
def _no_tree() -> Iterator[None]:
    yield None


def _figures(times: dict[str, list[float]], errors: dict[str, str], rounds: int, moves: int, why_not: str | None) -> dict[str, Any]:
    median = {name: statistics.median(t) for name, t in times.items() if t and name not in errors}
    bare = median.get("bare")
    rows = []
    for name in times:
        row: dict[str, Any] = {"command": name}
        if name in errors:
            row["error"] = errors[name]
        elif name in median:
            row["ms"] = round(median[name] * 1000, 1)
            if bare:
                row["vs_bare"] = round(median[name] / bare, 2)
        rows.append(row)
    doc: dict[str, Any] = {"rounds": rounds, "moves_per_seat": moves, "rows": rows, "help_goal": HELP_GOAL, "show_goal": SHOW_GOAL}
    if bare:
        for name in ("help", "version"):
            if name in median:
                doc[f"{name}_met"] = median[name] / bare <= HELP_GOAL
    if why_not is not None:
        doc["before"] = f"skipped: {why_not}"
    elif "show" in median and "before_show" in median:
        doc["before"] = BEFORE
        doc["show_vs_before"] = round(median["show"] / median["before_show"], 2)
        doc["show_met"] = doc["show_vs_before"] <= SHOW_GOAL
    else:
        doc["before"] = BEFORE
    return doc


def table(doc: dict[str, Any]) -> None:
    """The figures for people, targets beside them."""
    if "error" in doc:
        print(f"CLI start: could not be measured: {doc['error']}")
        return
    print(f"CLI start: median of {doc['rounds']} interleaved rounds, ms and x bare `python -c pass`"
          f" (show: a magier game of {doc['moves_per_seat']} moves a seat, local server)")
    for row in doc["rows"]:
        name = row["command"]
        label = _LABELS[name.removeprefix("before_")]
        when = f"before ({BEFORE})" if name.startswith("before_") else "now"
        if "error" in row:
            print(f"  {when:<16} {label:<16} failed: {row['error']}")
            continue
        ratio = f"  x{row['vs_bare']:.2f}" if "vs_bare" in row else ""
        goal = ""
        if name in ("help", "version") and f"{name}_met" in doc:
            goal = f"  goal <= x{doc['help_goal']:g}: {'goal met' if doc[name + '_met'] else 'goal NOT met'}"
        print(f"  {when:<16} {label:<16} {row['ms']:8.1f} ms{ratio}{goal}")
    if "show_vs_before" in doc:
        print(f"  show now / before: {doc['show_vs_before']:.2f}; goal <= {doc['show_goal']:g}:"
              f" {'goal met' if doc['show_met'] else 'goal NOT met'}")
    elif doc["before"].startswith("skipped"):
        print(f"  before: {doc['before']} (the present only)")
