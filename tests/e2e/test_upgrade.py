"""A running game survives an upgrade (docs/PROTOCOL.md section 19, Versions).

tests/upgrade/8722713/ holds what the release of 2026-11-30 (commit 8722713) left behind in the
middle of five running games, one per engine and mode (Feuersalamander with 3 seats, blind
magier, Cavemen open and closed, Siedler): its server's data directory (SQLite), or its
PostgreSQL database as `pg_dump` wrote it, and the players' homes its own `pbem` client made
(keys, receipts, evidence, the blind magier seats' secrets). tests/upgrade/make_fixture.py made
them with that code; tests/upgrade/README.md says how.

Here the operator upgrades as the README tells: `pbem-server db upgrade` through the real CLI,
then today's server on the same data. Today's `pbem`, working from the old homes, plays every
game to its end. Nothing may call the honest upgrade tampering (exit 4), fail or crash; each
game stays under the rules it began with (its genesis's engine_version); and every finished
export audits PASS with today's `pbem audit`.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from client.cli import app
from client.play import Player
from tests.conftest import LiveServer, serve

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "upgrade" / "8722713"
# The rules each game began with under 8722713: they must stay its rules to its end.
BEGAN_WITH = {"magier": "2", "feuersalamander": "3", "cavemen": "1", "siedler": "2"}
# Each seat's bot: ones that aim, so the games end in a few dozen moves (random Feuersalamander
# and Siedler bots take a thousand).
BOTS = {"magier": "greedy", "feuersalamander": "simple", "cavemen": "simple", "siedler": "builder"}
ALARMS = ("TAMPERING", "VERIFICATION FAILED", "Traceback", "UNSUPPORTED")


@dataclass
class Upgraded:
    server: LiveServer
    homes: Path
    games: list[dict[str, Any]]
    side: str


def unpack(side: str, into: Path) -> dict[str, Any]:
    """The old release's data directory and homes, copied out of the fixture."""
    with tarfile.open(FIXTURE / f"{side}.tar.gz") as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)  # noqa: S202 - our own committed archive
    return json.loads((FIXTURE / side / "games.json").read_text())


def load_dump(dump: Path) -> str:
    """A fresh database beside the one the suite uses (tests/pg.py: the local PostgreSQL or a
    throwaway embedded one), holding what the old server's `pg_dump` wrote; its URL."""
    from urllib.parse import urlsplit

    import psycopg2

    from tests.pg import postgres_url

    try:
        base = postgres_url()
    except Exception as exc:  # noqa: BLE001 - one loud line instead of a traceback
        pytest.fail(f"no PostgreSQL for the tests: {exc}")
    parts = urlsplit(base)
    name = f"{parts.path.lstrip('/') or 'test'}_upgrade"
    admin = psycopg2.connect(base)
    try:
        admin.autocommit = True
        with admin.cursor() as cur:
            cur.execute(f'DROP DATABASE IF EXISTS "{name}"')
            cur.execute(f'CREATE DATABASE "{name}"')
    finally:
        admin.close()
    url = parts._replace(path=f"/{name}").geturl()
    # psql's meta-commands (\restrict of newer pg_dumps) are not SQL: the rest is, one script
    sql = "\n".join(line for line in dump.read_text().splitlines() if not line.startswith("\\"))
    conn = psycopg2.connect(url)
    try:
        with conn, conn.cursor() as cur:
            cur.execute(sql)
            cur.execute("SELECT pg_catalog.set_config('search_path', 'public', false)")
    finally:
        conn.close()
    return url


def pbem_server(*args: str, env: dict[str, str]) -> str:
    """Today's `pbem-server` as the operator runs it (a process of its own)."""
    code = "import sys; from server.cli import main; sys.argv[0] = 'pbem-server'; sys.exit(main())"
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "Traceback" not in out, out
    return out


def pbem(home: Path, *args: str) -> str:
    """Today's `pbem` as the player runs it, from an old home: never an alarm, exit 0."""
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(home), "NO_COLOR": "1"})
    output = result.output  # stdout and stderr, as the player sees them
    assert result.exit_code == 0, f"pbem {' '.join(args)}: exit {result.exit_code}\n{output}"
    assert not any(word in output for word in ALARMS), output
    return result.stdout


def moved_to(homes: Path, url: str) -> None:
    """The one thing the test changes in the old homes: the server's address in config.json,
    since today's server listens on a free port. The server's key, its data, and the homes'
    keys, receipts and evidence are what the old release wrote (a receipt's own copy of the
    address is left as it was: the client writes the new one when it next follows the game)."""
    for config in homes.glob("*/config.json"):
        kept = json.loads(config.read_text())
        kept["server"] = url
        config.write_text(json.dumps(kept))


@pytest.fixture(params=["sqlite", "postgres"])
def upgraded(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Upgraded]:
    """The old release's server data after `pbem-server db upgrade`, served by today's code."""
    side = request.param
    meta = unpack(side, tmp_path)
    data = tmp_path / "data"
    # the operator's pbem-server is this checkout's code, as the test's own server is
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    config: dict[str, Any] = {}
    if side == "postgres":
        env["DATABASE_URL"] = config["DATABASE_URL"] = load_dump(FIXTURE / side / "dump.sql")
    said = pbem_server("db", "upgrade", "--data-dir", str(data), env=env)
    assert "upgraded the database from schema version 1 to" in said, said
    with serve(data, config) as server:
        moved_to(tmp_path / "homes", server.url)
        yield Upgraded(server, tmp_path / "homes", meta["games"], side)


def play_to_the_end(game: str, players: list[Player], bot: str, seed: int) -> int:
    """Each seat's bot, from its old home, until the game is over; how many moves they made."""
    rnd = random.Random(seed)
    total = 0
    for _ in range(2000):
        made = sum(p.play_bot(game, bot, until_over=False, rng=rnd) for p in players)
        total += made
        if made == 0:
            return total
    raise AssertionError(f"game {game} did not end within 2000 rounds")


def owners_reveal_old_secrets(entries: list[dict[str, Any]], head: int) -> bool:
    """Whether a seat revealed, after the upgrade, a blind wisdom it committed to before it:
    the value and salt can only have come from the evidence its old home kept."""
    committed = {
        envelope.get("secret_commit")
        for entry in entries[: head + 1]
        if isinstance(envelope := entry["body"].get("envelope"), dict)
    } - {None}
    for entry in entries[head + 1 :]:
        move = (entry["body"].get("envelope") or {}).get("move") or {}
        if move.get("type") == "reveal" and any(s.get("commit") in committed for s in move.get("secrets", [])):
            return True
    return False


def test_running_games_of_8722713_finish_after_an_upgrade(upgraded: Upgraded, tmp_path: Path) -> None:
    """Every game the old release left running is finished by today's pbem from the old homes,
    under the rules it began with, and its export audits PASS (docs/PROTOCOL.md section 19)."""
    names = sorted(g["name"] for g in upgraded.games)
    assert names == ["cavemen-closed", "cavemen-open", "feuersalamander-3", "magier-blind", "siedler"]
    for n, spec in enumerate(upgraded.games):
        game, seats, bot = spec["id"], spec["seats"], BOTS[spec["engine"]]
        homes = [upgraded.homes / name for name in seats]
        for home in homes:  # each seat looks first; the one whose turn it is types its first move
            shown = json.loads(pbem(home, "show", game, "--json"))
            if shown["your_turn"]:
                pbem(home, "move", game)  # the numbered list
                pbem(home, "move", game, "1", "--yes")
        moves = play_to_the_end(game, [Player(home) for home in homes], bot, seed=n)
        shown = json.loads(pbem(homes[0], "show", game, "--json"))
        assert shown["status"] == "over", (spec["name"], shown["status"])
        exported = tmp_path / f"{spec['name']}.json"
        pbem(homes[-1], "export", game, "-o", str(exported))
        entries = json.loads(exported.read_text())["entries"]
        genesis = entries[0]["body"]
        began = BEGAN_WITH[spec["engine"]]
        assert (genesis["engine"], genesis["engine_version"]) == (spec["engine"], began), spec["name"]
        assert len(entries) > spec["head"] + 1 + moves, f"{spec['name']}: today's server appended too little"
        for home in homes:  # each seat's client followed the game under the rules it began with
            receipt = json.loads((home / "receipts" / f"{game}.json").read_text())
            assert receipt.get("engine_version") == began, (spec["name"], home.name, receipt.get("engine_version"))
            assert not list(home.rglob("*.fork-*")), f"{home} kept evidence of a fork"
        verdict = pbem(homes[0], "audit", str(exported))
        assert verdict.startswith("PASS"), (spec["name"], verdict)
        if spec["name"] == "magier-blind":
            assert owners_reveal_old_secrets(entries, spec["head"]), "no wisdom placed before the upgrade was revealed"
