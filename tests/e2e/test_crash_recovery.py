"""Crash recovery: kill -9 the server while bots play, restart it, lose nothing.

`pbem-server serve` (gunicorn) runs on SQLite, and on PostgreSQL with two workers; bot
players play several games over HTTP while, at random moments, every worker is killed with
SIGKILL (the master boots new ones) or, in other rounds, the master and its workers all at
once (then the server is started again on the same data and port). After each crash and at
the end the stored games are checked (tests/e2e/reliability.py, check_stored): no entry
missing, the game row's head is the last entry, the stored state is the replay of the log,
every private payload is there, the chain audits (PASS when over, INCOMPLETE while running);
every move the server acknowledged with a 2xx is in the log; and the bots finish their games.

The other side: the bots' own processes are killed with SIGKILL at random moments and started
again on the same homes; they finish their games, and no client takes the log for a fork.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from client.api import Api
from client.play import Player
from protocol.audit import audit
from protocol.entries import entry_hash
from server.store.models import Entry, Game, Payload, connect_database
from tests.conftest import serve
from tests.e2e.reliability import Acks, Server, assert_acked_kept, check_game, check_stored
from tests.server.conftest import reset_postgres

# (engine, options, bots): short games, blind and open placements, hands of cards.
GAMES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("magier", {"move_limit": 4}, ["random", "random"]),  # blind: owner-held placements
    ("magier", {"move_limit": 4, "blind": False}, ["greedy", "random"]),
    ("cavemen", {"round_limit": 2}, ["simple", "random"]),
    ("magier", {"move_limit": 4}, ["greedy", "random"]),
    ("cavemen", {"round_limit": 2, "open": True}, ["random", "simple"]),
    ("magier", {"move_limit": 4, "blind": False}, ["random", "random"]),
]
# What each round kills: the whole server (master and workers: then it is started again), every
# worker (the master boots new ones), or the master alone (its workers linger a moment; a new
# server is started on the same port and data).
ROUNDS = ["all", "workers", "master", "all"]


def nap(seconds: float) -> None:
    """The bots' pause: short, so a restarted server is found again within a fraction of a second."""
    time.sleep(min(seconds, 0.25))


def crash_and_recover(tmp_path: Path, workers: int, database_url: str | None, seed: int) -> None:
    rng = random.Random(seed)
    server = Server(tmp_path / "data", workers, database_url)
    server.start()
    acks = Acks()
    errors: list[BaseException] = []
    retries: list[int] = []  # one per request a bot lost to a crash and tried again
    threads: list[threading.Thread] = []
    games: list[str] = []
    try:
        for n, (engine, options, bots) in enumerate(GAMES):
            players = []
            for seat in range(len(bots)):
                player = Player(tmp_path / "homes" / f"g{n}s{seat}")
                player.init_account(server.url, f"g{n}s{seat}", f"g{n}s{seat}@example.org")
                acks.attach(player)
                players.append(player)
            game = players[0].new_game(engine, options, len(bots))["id"]
            for player in players:
                player.join(game)
            games.append(game)
            for player, bot in zip(players, bots, strict=True):
                threads.append(threading.Thread(
                    target=_bot, args=(player, game, bot, random.Random(rng.random()), errors, retries), daemon=True,
                ))
        for t in threads:
            t.start()

        crashes = []
        # Random moments, measured in acknowledged moves (the games make about 140 in all), so
        # that the kills land in the middle of the games however busy the machine is.
        for kind, target in zip(ROUNDS, sorted(rng.sample(range(8, 100), len(ROUNDS))), strict=True):
            acks.wait_for(target, timeout=60)
            time.sleep(rng.uniform(0, 0.3))
            acked = acks.copy()  # answered before the snapshot below: it must hold all of them
            if kind == "workers":
                killed = server.kill_workers()
                assert killed == workers, f"found {killed} workers, expected {workers}"
                stored = check_stored(database_url, server.data_dir)  # a snapshot, the master respawning
            elif kind == "master":
                server.kill_master()
                stored = check_stored(database_url, server.data_dir)  # a snapshot, orphans finishing
                server.start()
            else:
                server.kill_all()
                stored = check_stored(database_url, server.data_dir)  # nothing runs: what a crash left
                server.start()
            running = sum(s.status == "running" for s in stored.values())
            assert running, "every game was over before this crash: it tested nothing"
            crashes.append((kind, assert_acked_kept(acked, stored), running))
            for game in games:  # served again: each chain exports and audits as it stands
                exported = Api(server.url).export(game)
                verdict = audit(exported)
                over = exported["entries"][-1]["type"] == "reveal"
                assert verdict.ok and verdict.complete == over, verdict.reason
                kept = stored[game].hashes
                assert {e["seq"]: entry_hash(e) for e in exported["entries"][: len(kept)]} == kept
            assert not errors, errors

        for t in threads:
            t.join(timeout=120)
        assert not errors, errors
        assert not any(t.is_alive() for t in threads), "a bot did not finish its game"

        stored = check_stored(database_url, server.data_dir)
        assert sorted(stored) == sorted(games)
        assert all(s.status == "over" and s.verdict == "PASS" for s in stored.values()), stored
        acknowledged = assert_acked_kept(acks, stored)
        moves = sum(s.head_seq for s in stored.values())
        assert acknowledged > 0
        assert retries, "no bot noticed a crash: the kills did not hit the server while it was used"
        for game in games:  # and over HTTP, as a player exports it, after all those restarts
            verdict = audit(Player(tmp_path / "homes" / f"g{games.index(game)}s0").export(game))
            assert verdict.word == "PASS", verdict.reason
        print(f"crashes (kind, acknowledged so far, games running): {crashes}; {acknowledged} acknowledged "
              f"moves, {moves} entries, {len(retries)} requests lost and retried, {server.starts} server starts")
    finally:
        server.stop()


def _bot(
    player: Player, game: str, bot: str, rng: random.Random, errors: list[BaseException], retries: list[int]
) -> None:
    try:
        player.play_bot(game, bot, poll=0.2, rng=rng, sleep=nap, on_retry=lambda exc, delay: retries.append(exc.status))
    except BaseException as exc:  # noqa: BLE001 - reported by the test's assertion
        errors.append(exc)


@pytest.mark.slow
def test_sqlite_server_killed_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    """SQLite (WAL, synchronous=FULL, BEGIN IMMEDIATE), two workers: kill -9 rounds."""
    crash_and_recover(tmp_path, workers=2, database_url=None, seed=int(os.environ.get("PBEM_CRASH_SEED", "9")))


@pytest.mark.slow
def test_postgres_server_killed_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    """PostgreSQL, two workers (SELECT ... FOR UPDATE): kill -9 rounds."""
    url = reset_postgres()
    crash_and_recover(tmp_path, workers=2, database_url=url, seed=int(os.environ.get("PBEM_CRASH_SEED", "9")) + 1)


def test_the_stored_game_check_finds_half_applied_writes(tmp_path: Path) -> None:
    """The check above can fail: a game left as a torn write would leave it (the head row behind
    or ahead of the entries, a state that is not the log's, a payload missing or stray) is
    found, each on its own, in a running game with private payloads (cavemen)."""
    with serve(tmp_path / "server") as live:
        red, blue = Player(tmp_path / "red"), Player(tmp_path / "blue")
        red.init_account(live.url, "red", "red@example.org")
        blue.init_account(live.url, "blue", "blue@example.org")
        game_id = red.new_game("cavemen", {"round_limit": 3}, join=True)["id"]
        blue.join(game_id)
        rng = random.Random(5)
        for _ in range(12):
            seat = red.api.game(game_id)["to_move"]
            (red, blue)[seat].play_bot(game_id, "random", until_over=False, rng=rng, poll=0)
    data = tmp_path / "server"
    assert check_stored(None, data)[game_id].verdict == "INCOMPLETE"

    def head_behind(game: Game) -> None:
        game.head_seq -= 1
        game.save()

    def entry_lost(game: Game) -> None:
        Entry.delete().where((Entry.game == game) & (Entry.seq == game.head_seq)).execute()

    def state_changed(game: Game) -> None:
        state = json.loads(game.state)
        state["hands"].reverse()
        game.state = json.dumps(state)
        game.save()

    def payload_lost(game: Game) -> None:
        row = Payload.select().where(Payload.game == game).order_by(Payload.seq.desc()).first()
        row.delete_instance()

    def payload_stray(game: Game) -> None:
        row = Payload.select().where(Payload.game == game).first()
        Payload.create(game=game, seq=game.head_seq + 1, index=0, seat=row.seat, data=row.data)

    found = {
        head_behind: "is not its last entry", entry_lost: "is not its last entry",
        state_changed: "is not the state its log leads to", payload_lost: "no payload for seat",
        payload_stray: "a payload beyond the head",
    }
    for tamper, why in found.items():
        db = connect_database(None, data)
        with db.connection_context(), db.atomic() as tx:
            tamper(Game.get_by_id(game_id))
            with pytest.raises(AssertionError, match=why):
                check_game(Game.get_by_id(game_id))
            tx.rollback()
        db.close()
    assert check_stored(None, data)[game_id].verdict == "INCOMPLETE"  # every tampering undone


def _bot_process(home: str, game: str, bot: str, seed: float) -> None:
    """One bot in a process of its own, so that it can be killed with SIGKILL mid-move."""
    Player(home).play_bot(game, bot, poll=0.05, rng=random.Random(seed), sleep=nap)


@pytest.mark.slow
def test_bots_killed_at_random_moments_finish_their_games(tmp_path: Path) -> None:
    """The other side of a crash: the players' clients are killed with SIGKILL at random moments
    (between signing a move and its answer, while saving what they checked, ...) and started
    again on the same home. They finish their games, every log audits PASS, no client ever took
    the server's log for a fork, and each home's receipt ends at the game's last entry."""
    rng = random.Random(int(os.environ.get("PBEM_CRASH_SEED", "9")) + 2)
    server = Server(tmp_path / "data", 2)
    server.start()
    ctx = multiprocessing.get_context("fork")
    bots: dict[tuple[str, int], Any] = {}
    plans: dict[tuple[str, int], tuple[str, str]] = {}
    try:
        for n, (engine, options, kinds) in enumerate(GAMES[:3]):
            homes = [tmp_path / "homes" / f"g{n}s{seat}" for seat in range(len(kinds))]
            for seat, home in enumerate(homes):
                Player(home).init_account(server.url, f"g{n}s{seat}", f"g{n}s{seat}@example.org")
            game = Player(homes[0]).new_game(engine, options, len(kinds))["id"]
            for home in homes:
                Player(home).join(game)
            for seat, (home, kind) in enumerate(zip(homes, kinds, strict=True)):
                plans[(game, seat)] = (str(home), kind)

        def launch(key: tuple[str, int]) -> None:
            home, kind = plans[key]
            bots[key] = ctx.Process(target=_bot_process, args=(home, key[0], kind, rng.random()), daemon=True)
            bots[key].start()

        for key in plans:
            launch(key)
        kills = 0
        for _ in range(8):
            time.sleep(rng.uniform(0.1, 0.8))
            alive = [k for k, p in bots.items() if p.is_alive()]
            for key in rng.sample(alive, min(len(alive), rng.randint(1, 3))):
                try:
                    os.kill(bots[key].pid, signal.SIGKILL)
                    kills += 1
                except ProcessLookupError:  # it ended by itself after the look (its game over)
                    pass
                bots[key].join(timeout=10)
                launch(key)
        for p in bots.values():
            p.join(timeout=120)
        assert all(p.exitcode == 0 for p in bots.values()), {k: p.exitcode for k, p in bots.items()}

        stored = check_stored(None, server.data_dir)
        assert all(s.status == "over" and s.verdict == "PASS" for s in stored.values()), stored
        for (game, _seat), (home, _kind) in plans.items():
            player = Player(home)
            assert audit(player.export(game)).word == "PASS"
            receipt = player.store.receipt(game)
            assert receipt is not None and receipt["seq"] == stored[game].head_seq
            forks = list((Path(home) / "evidence").glob("*.fork-*"))
            assert not forks, f"a client kept fork evidence: {forks}"
        assert kills >= 4, "the bots finished before they were killed: the test tested little"
        print(f"{kills} bots killed and restarted; {sum(s.head_seq for s in stored.values())} entries")
    finally:
        for p in bots.values():
            if p.is_alive():
                p.kill()
        server.stop()


def test_workers_end_with_their_master_so_a_restart_gets_the_port(tmp_path: Path) -> None:
    """When the gunicorn master alone is killed, its workers stop at once (server/gunicorn_conf.py)
    instead of serving on, orphaned, for as long as clients keep asking and holding the port,
    where a new `pbem-server serve` gives up after five tries ("Connection in use")."""
    server = Server(tmp_path / "data", 2)
    server.start()
    try:
        workers = server.worker_pids()
        server.kill_master()
        deadline = time.monotonic() + 5  # gunicorn's own check would come after 15 s idle, or never under load
        while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in workers), "the workers outlived their master"
        server.start()
        assert Api(server.url).health()["ok"] is True
    finally:
        server.stop()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
