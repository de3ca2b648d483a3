"""One winner per turn: N clients submit different signed moves for the same turn at
the same moment (a barrier), from threads and from separate processes, to `pbem-server serve`
(gunicorn, two worker processes) on SQLite and on PostgreSQL.

Exactly one submission is answered 2xx; every other one is a 409 problem+json carrying the
new head (the winner's entry); the log holds exactly one entry at that seq, the winner's.
Only the database keeps the submissions apart here: they land on different worker processes
(server/ledger.py: BEGIN IMMEDIATE on SQLite, SELECT ... FOR UPDATE on PostgreSQL).

The same holds for joins of the last seat, for moves raced against the other seat's
resignation, and for a move raced against sweepers (deadlines) in processes of their own.
"""

from __future__ import annotations

import datetime as dt
import json
import multiprocessing
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

import engines
from client.play import Player
from protocol.audit import audit
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import entry_hash, envelope, join_statement, sign_envelope, sign_join
from protocol.nonces import join_nonce
from server.store.models import Clock, connect_database, utcnow
from tests.e2e.reliability import Server, check_stored
from tests.server.conftest import reset_postgres

CLIENTS = 8
RACES = 3  # turns raced in a row, so both seats and later heads take part


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    url = reset_postgres() if request.param == "postgres" else None
    srv = Server(tmp_path / "data", workers=2, database_url=url)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


Answer = tuple[int, str, str]  # status, content type, body


def _post(url: str, path: str, raw: bytes, headers: dict[str, str], wait: Any) -> Answer:
    wait()
    response = requests.post(url + path, data=raw, headers=headers, timeout=60)
    return response.status_code, response.headers.get("Content-Type", ""), response.text


def _in_process(url: str, path: str, raw: bytes, headers: dict[str, str], barrier: Any, out: Any) -> None:
    out.put(_post(url, path, raw, headers, barrier.wait))


def race(url: str, path: str, signed: list[tuple[bytes, dict[str, str]]], mode: str) -> list[Answer]:
    """Send every signed body to `path` at once, each on its own connection: from threads of this
    process, or from as many processes; the answers, in no particular order."""
    return race_paths(url, [path] * len(signed), signed, mode)


def race_paths(url: str, paths: list[str], signed: list[tuple[bytes, dict[str, str]]], mode: str) -> list[Answer]:
    """As race, each body to its own path."""
    if mode == "threads":
        barrier = threading.Barrier(len(signed))
        answers: list[Answer] = []
        lock = threading.Lock()

        def send(path: str, raw: bytes, headers: dict[str, str]) -> None:
            got = _post(url, path, raw, headers, barrier.wait)
            with lock:
                answers.append(got)

        threads = [threading.Thread(target=send, args=(p, *s)) for p, s in zip(paths, signed, strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=90)
        return answers
    ctx = multiprocessing.get_context("fork")  # fast to start; no thread of ours is running now
    pbarrier = ctx.Barrier(len(signed))
    queue = ctx.Queue()
    procs = [
        ctx.Process(target=_in_process, args=(url, path, raw, headers, pbarrier, queue))
        for path, (raw, headers) in zip(paths, signed, strict=True)
    ]
    for p in procs:
        p.start()
    got = [queue.get(timeout=90) for _ in procs]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    return got


def signed_moves(player: Player, game: str, head: dict[str, Any], seat: int) -> list[tuple[bytes, dict[str, str]]]:
    """CLIENTS different signed submissions of the seat to move for the turn after `head`:
    distinct legal moves (the same move again with another nonce when there are fewer)."""
    key = player.api.key
    assert key is not None
    legal = [m["move"] for m in player.api.moves(game)["moves"]]
    engine = engines.get("magier")
    out = []
    for i in range(CLIENTS):
        public, secret = engine.split_move(legal[i % len(legal)])
        salt = secrets.token_hex(32) if secret is not None else None
        committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
        env = envelope(game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "2026-01-01T00:00:00Z")
        raw = json.dumps({"envelope": env, "sig": sign_envelope(env, key), "secret": secret, "salt": salt}).encode()
        headers = sign_request(key, "POST", f"/v1/games/{game}/moves", raw, server=player.api.signed_for()) | {
            "Content-Type": "application/json"}
        out.append((raw, headers))
    return out


@pytest.mark.parametrize("mode", ["threads", "processes"])
def test_one_winner_per_turn_among_simultaneous_submissions(server: Server, tmp_path: Path, mode: str) -> None:
    url = server.url
    red, black = Player(tmp_path / "red"), Player(tmp_path / "black")
    red.init_account(url, "red", "red@example.org")
    black.init_account(url, "black", "black@example.org")
    game = red.new_game("magier", {"move_limit": 6, "blind": False}, join=True)["id"]
    black.join(game)
    path = f"/v1/games/{game}/moves"

    for _ in range(RACES):
        summary = red.api.game(game)
        head, seat = summary["head"], summary["to_move"]
        player = (red, black)[seat]
        bodies = signed_moves(player, game, head, seat)
        answers = race(url, path, bodies, mode)

        assert len(answers) == CLIENTS
        won = [json.loads(body) for status, _, body in answers if 200 <= status < 300]
        assert len(won) == 1, [status for status, _, _ in answers]
        entry = won[0]["entry"]
        new_head = {"seq": head["seq"] + 1, "hash": entry_hash(entry)}
        assert entry["seq"] == new_head["seq"] and won[0]["head"] == new_head
        sent = [json.loads(raw)["envelope"] for raw, _ in bodies]
        assert entry["body"]["envelope"] in sent
        for status, ctype, body in answers:
            if 200 <= status < 300:
                continue
            assert status == 409, (status, body)
            assert ctype.startswith("application/problem+json"), ctype
            problem = json.loads(body)
            assert problem["status"] == 409 and problem["head"] == new_head, problem

        log = requests.get(f"{url}/v1/games/{game}/log", params={"from": head["seq"] + 1}, timeout=30).json()
        assert [e["seq"] for e in log["entries"]] == [new_head["seq"]]
        assert log["entries"][0] == entry and log["head"] == new_head

    stored = check_stored(server.env.get("DATABASE_URL"), server.data_dir)[game]
    assert stored.head_seq == head["seq"] + 1 and stored.verdict == "INCOMPLETE"
    assert audit(black.export(game)).ok  # the players' clients still agree with the log


@pytest.mark.parametrize("mode", ["threads", "processes"])
def test_one_winner_among_simultaneous_joins_for_the_last_seat(server: Server, tmp_path: Path, mode: str) -> None:
    """CLIENTS accounts sign a join of the last free seat on the same head at once: one joins
    (and starts the game), the others get 409 with the head that start made; the log holds one
    join at that seq and the game's seats are exactly its creator and the winner."""
    url = server.url
    players = []
    for i in range(CLIENTS + 1):
        player = Player(tmp_path / f"p{i}")
        player.init_account(url, f"p{i}", f"p{i}@example.org")
        players.append(player)
    game = players[0].new_game("magier", {"move_limit": 6, "blind": False}, join=True)["id"]
    head = players[0].api.game(game)["head"]
    genesis = entry_hash(requests.get(f"{url}/v1/games/{game}/log", timeout=30).json()["entries"][0])
    path = f"/v1/games/{game}/join"
    bodies = []
    for player in players[1:]:
        key = player.api.key
        assert key is not None
        nonce = join_nonce(key, game, genesis)
        statement = join_statement(game, 1, player.name, key.public_hex, nonce, head["hash"])
        raw = json.dumps({"seat": 1, "nonce": nonce, "sig": sign_join(statement, key), "prev": head["hash"]}).encode()
        bodies.append((raw, sign_request(key, "POST", path, raw, server=player.api.signed_for()) | {
            "Content-Type": "application/json"}))
    answers = race(url, path, bodies, mode)

    won = [json.loads(body) for status, _, body in answers if 200 <= status < 300]
    assert len(won) == 1, [status for status, _, _ in answers]
    summary = won[0]
    assert summary["status"] == "running" and summary["head"]["seq"] == head["seq"] + 2  # the join, the start
    for status, ctype, body in answers:
        if 200 <= status < 300:
            continue
        problem = json.loads(body)
        assert status == 409 and ctype.startswith("application/problem+json"), (status, body)
        assert problem.get("head") == summary["head"], problem  # stale: the head after the winner's start
    log = requests.get(f"{url}/v1/games/{game}/log", params={"from": head["seq"] + 1}, timeout=30).json()["entries"]
    assert [e["type"] for e in log] == ["join", "start"]
    winner = log[0]["body"]["name"]
    assert [p and p["name"] for p in summary["players"]] == ["p0", winner]
    assert check_stored(server.env.get("DATABASE_URL"), server.data_dir)[game].verdict == "INCOMPLETE"


@pytest.mark.parametrize("mode", ["threads", "processes"])
def test_one_winner_between_moves_and_resignations_on_one_head(server: Server, tmp_path: Path, mode: str) -> None:
    """The seat to move sends moves while the other seat resigns, all signed on the same head, at
    once: one lands (a move, or the resignation that ends the game), every other is a 409 with
    the head it made (a move that arrives after the game ended included), and the log holds one
    entry at that seq (and the reveal when the resignation won)."""
    url = server.url
    red, black = Player(tmp_path / "red"), Player(tmp_path / "black")
    red.init_account(url, "red", "red@example.org")
    black.init_account(url, "black", "black@example.org")
    game = red.new_game("magier", {"move_limit": 6, "blind": False}, join=True)["id"]
    black.join(game)
    summary = red.api.game(game)
    head, seat = summary["head"], summary["to_move"]
    mover, other = (red, black)[seat], (red, black)[1 - seat]
    bodies = signed_moves(mover, game, head, seat)[: CLIENTS // 2]
    key = other.api.key
    assert key is not None
    resign_path = f"/v1/games/{game}/resign"
    for _ in range(CLIENTS - len(bodies)):
        env = envelope(game, head["seq"] + 1, head["hash"], 1 - seat, {"type": "resign"}, None, secrets.token_hex(32), "2026-01-01T00:00:00Z")
        raw = json.dumps({"envelope": env, "sig": sign_envelope(env, key)}).encode()
        bodies.append((raw, sign_request(key, "POST", resign_path, raw, server=other.api.signed_for()) | {
            "Content-Type": "application/json"}))
    paths = [f"/v1/games/{game}/moves"] * (CLIENTS // 2) + [resign_path] * (CLIENTS - CLIENTS // 2)
    answers = race_paths(url, paths, bodies, mode)

    won = [json.loads(body) for status, _, body in answers if 200 <= status < 300]
    assert len(won) == 1, [(status, body[:120]) for status, _, body in answers]
    log = requests.get(f"{url}/v1/games/{game}/log", params={"from": head["seq"] + 1}, timeout=30).json()
    entry = log["entries"][0]
    assert entry == won[0]["entry"] and entry["seq"] == head["seq"] + 1
    resigned = entry["type"] == "system"
    assert [e["type"] for e in log["entries"]] == (["system", "reveal"] if resigned else ["move"])
    for status, ctype, body in answers:
        if 200 <= status < 300:
            continue
        problem = json.loads(body)
        assert status == 409 and ctype.startswith("application/problem+json"), (status, body)
        assert problem.get("head") == log["head"], problem
    stored = check_stored(server.env.get("DATABASE_URL"), server.data_dir)[game]
    assert stored.verdict == ("PASS" if resigned else "INCOMPLETE")


def _tick_at_barrier(config: dict[str, Any], barrier: Any, out: Any) -> None:
    """A sweeper of its own (as `pbem-server tick` runs it, in another process than the server)."""
    from server.clock import sweeper
    from server.http.app import create_app

    app = create_app(config)
    with app.app_context():
        barrier.wait()
        done = sweeper.tick(app=app)
    out.put(("tick", len(done["timeouts"]), json.dumps(done["errors"])))


def _move_at_barrier(url: str, path: str, raw: bytes, headers: dict[str, str], barrier: Any, out: Any) -> None:
    status, ctype, body = _post(url, path, raw, headers, barrier.wait)
    out.put(("move", status, body))


def test_one_winner_between_a_player_and_the_sweeper_at_expiry(server: Server, tmp_path: Path) -> None:
    """Deadlines against one winner per turn: the decision's time is up while its seat moves. Sweepers
    in other processes (each as `pbem-server tick` runs) and the seat's moves hit the same head at
    once: exactly one entry lands at that seq (a timeout played by the server, or one move), the
    other moves get 409 with the head it made, and no sweeper appends a second one."""
    url = server.url
    red, black = Player(tmp_path / "red"), Player(tmp_path / "black")
    red.init_account(url, "red", "red@example.org")
    black.init_account(url, "black", "black@example.org")
    deadline = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}
    game = red.new_game("magier", {"move_limit": 6, "blind": False}, join=True, deadline=deadline)["id"]
    black.join(game)
    summary = red.api.game(game)
    head, seat = summary["head"], summary["to_move"]
    bodies = signed_moves((red, black)[seat], game, head, seat)[:4]

    database_url = server.env.get("DATABASE_URL")
    db = connect_database(database_url, server.data_dir)
    with db.connection_context():
        past = utcnow() - dt.timedelta(minutes=1)
        assert Clock.update(expires_at=past).where(Clock.game == game).execute() == 1  # the time is up
    db.close()

    ctx = multiprocessing.get_context("fork")
    ticks = 3
    barrier = ctx.Barrier(ticks + len(bodies))
    queue = ctx.Queue()
    config = {"DATA_DIR": str(server.data_dir), "DATABASE_URL": database_url, "REQUEST_LOG": 0}
    procs = [ctx.Process(target=_tick_at_barrier, args=(config, barrier, queue)) for _ in range(ticks)]
    procs += [
        ctx.Process(target=_move_at_barrier, args=(url, f"/v1/games/{game}/moves", raw, headers, barrier, queue))
        for raw, headers in bodies
    ]
    for p in procs:
        p.start()
    got = [queue.get(timeout=90) for _ in procs]
    for p in procs:
        p.join(timeout=30)

    timeouts = sum(n for kind, n, _ in got if kind == "tick")
    assert all(errors == "[]" for kind, _, errors in got if kind == "tick"), got
    moved = [body for kind, status, body in got if kind == "move" and 200 <= status < 300]
    assert timeouts + len(moved) == 1, got
    log = requests.get(f"{url}/v1/games/{game}/log", params={"from": head["seq"] + 1}, timeout=30).json()
    assert len(log["entries"]) == 1, [e["type"] for e in log["entries"]]
    entry = log["entries"][0]
    assert entry["type"] == ("system" if timeouts else "move") and entry["seq"] == head["seq"] + 1
    for kind, status, body in got:
        if kind == "move" and not 200 <= status < 300:
            assert status == 409 and json.loads(body).get("head") == log["head"], (status, body)
    assert check_stored(database_url, server.data_dir)[game].verdict == "INCOMPLETE"
    print(f"the turn went to {'the sweeper' if timeouts else 'a move'}")
