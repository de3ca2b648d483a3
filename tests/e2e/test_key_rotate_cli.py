"""`pbem key rotate` through the CLI against a real server on loopback (docs/PROTOCOL.md sections
9 and 16; README "Your key"): the home's key replaced on every server it holds an account on, each
game not ended handed to the new key, and the old key refused from then on.

The games play on from the new key and audit PASS; a second home still holding the old key is
told in one line that the key was replaced; a home restored from the new key's words reveals a
blind wisdom placed under the old one (its record resealed to the new key in the handover). A
rotation cut off (the answer lost, the server down, one of two servers away) is finished by the
next command, and no game gets two handovers; a game joined while the rotation was on its way is
named by the server (409) and handed on by the retry.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from typer.testing import CliRunner

from client import legal
from client.api import Api, ApiError
from client.cli import app
from client.play import Player
from protocol.keys import SigningKey
from tests.conftest import LiveServer

REPLACED = "this key was replaced on this server (at "


class Cli:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path

    def home(self, who: str) -> Path:
        return self.tmp_path / who

    def __call__(self, who: str, *args: str, code: int | None = 0, input: str | None = None) -> Any:
        env = {"PBEM_HOME": str(self.home(who)), "COLUMNS": "100", "PBEM_SERVER": ""}
        result = CliRunner().invoke(app, list(args), env=env, input=input)
        if code is not None:
            assert result.exit_code == code, (who, args, result.exit_code, result.stdout, result.stderr)
        assert "Traceback" not in result.output and "internal error" not in result.output
        return result

    def pub(self, who: str) -> str:
        return SigningKey.load(self.home(who) / "key.pem").public_hex

    def audit(self, who: str, game: str, *server: str) -> dict[str, Any]:
        """The game's export, checked by `pbem audit` (PASS) and returned."""
        path = self.tmp_path / f"{game}.export.json"
        self(who, *server, "export", game, "-o", str(path))
        self(who, "audit", str(path))
        return dict(json.loads(path.read_text()))


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def two_players(cli: Cli, url: str, engine: str = "cavemen") -> str:
    for name in ("ada", "bo"):
        cli(name, "init", "--server", url, "--name", name, "--email", f"{name}@example.org")
    game = str(json.loads(cli("ada", "new", engine, "--json").stdout)["id"])
    cli("bo", "join", game)
    return game


def to_move(cli: Cli, game: str) -> int | None:
    return json.loads(cli("bo", "show", game, "--json").stdout)["to_move"]


def play(cli: Cli, game: str, moves: int, homes: tuple[str, str] = ("ada", "bo")) -> None:
    """`moves` moves, each by the seat to move (its first listed move)."""
    for _ in range(moves):
        seat = to_move(cli, game)
        who = homes[int(seat or 0)]
        cli(who, "move", game)
        cli(who, "move", game, "1", "--yes", "--one")


def handovers(export: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in export["entries"] if e["type"] == "handover"]


def rotated(cli: Cli, who: str, *extra: str, code: int = 0) -> dict[str, Any]:
    return dict(json.loads(cli(who, "key", "rotate", "--yes", "--json", *extra, code=code).stdout))


def test_a_rotation_in_the_middle_of_a_cavemen_game(cli: Cli, live_server: LiveServer) -> None:
    game = two_players(cli, live_server.url)
    play(cli, game, 4)
    old_words = json.loads(cli("ada", "key", "backup", "--json").stdout)["words"]
    old = cli.pub("ada")
    shutil.copytree(cli.home("ada"), cli.home("ada-old"))  # a second home holding the old key
    while to_move(cli, game) != 0:
        play(cli, game, 1)
    stale = Player(cli.home("ada-old"))
    looked = stale.state(game)  # signed on the old key's verified head, sent after the rotation
    move = legal.own_moves(looked.engine, looked.view)[0]

    refused = cli("ada", "key", "rotate", code=2)  # no terminal, no --yes: nothing is done
    assert "--yes" in refused.stderr and cli.pub("ada") == old
    report = rotated(cli, "ada")
    new = cli.pub("ada")
    assert new != old and report["new"] == new and report["finished"] and report["replaced"]
    [server] = report["servers"]
    assert server["state"] == "done" and [g["game"] for g in server["games"]] == [game]
    assert server["games"][0]["seat"] == 0 and server["games"][0]["records"] == 0
    home = cli.home("ada")
    assert (home / "retired" / f"{old}.pem").read_bytes() == (cli.home("ada-old") / "key.pem").read_bytes()
    assert not (home / "key.new.pem").exists() and not (home / "rotation.json").exists()
    assert (home / "key.pem").stat().st_mode & 0o777 == 0o600
    text = cli("ada", "show", game).stdout  # at once, from the new key
    assert "YOUR TURN" in text

    # the old key: a move it signed before is refused with the words, not kept to be sent again
    with pytest.raises(ApiError) as lost:
        stale.sign_and_send(looked, move)
    assert lost.value.status == 401 and str(lost.value).startswith(REPLACED)
    assert "not kept to be sent again" in str(lost.value) and "kept and sent again" not in str(lost.value)
    assert stale.store.pending(game) is None
    for args in (("show", game), ("move", game)):
        said = cli("ada-old", *args, code=1).stderr
        assert REPLACED in said and len(said.strip().splitlines()) == 1, said
    # a home restored from the old key's words: the server's reason, in one line, nothing written
    said = cli("again", "init", "--restore", "--server", live_server.url, input=" ".join(old_words), code=1).stderr
    assert f"this key was replaced on {live_server.url}" in said and len(said.strip().splitlines()) == 1
    assert not cli.home("again").exists()

    play(cli, game, 6)
    cli("bo", "resign", game, "--yes")
    export = cli.audit("bo", game)
    [entry] = handovers(export)
    assert entry["body"]["old"] == old and entry["body"]["new"] == new and entry["body"]["resealed"] is None
    assert json.loads(cli("ada", "show", game, "--json").stdout)["status"] == "over"
    assert cli("ada", "key", "rotate", "--yes").exit_code == 0 and cli.pub("ada") != new  # again: fine


def test_a_rotation_in_the_middle_of_a_blind_magier_game(cli: Cli, live_server: LiveServer) -> None:
    """The wisdoms placed under the old key come along resealed to the new one: a home restored
    from the NEW key's words alone (no retired key there) reveals them when they burn."""
    from tests.e2e.test_blind_e2e import step_all

    game = two_players(cli, live_server.url, "magier")
    ada, bo = Player(cli.home("ada")), Player(cli.home("bo"))
    assert ada.store.receipt(game)["engine_version"] == "4"  # type: ignore[index]
    rnd = random.Random(5)
    step_all(game, [ada, bo], rnd, lambda: len(ada.store.secrets(game)) >= 7)
    placed = {r["commit"]: (r["secret"], r["salt"]) for r in ada.store.secrets(game)}
    shutil.copytree(cli.home("ada"), cli.home("ada-old"))

    report = rotated(cli, "ada")
    [handed] = report["servers"][0]["games"]
    assert handed["game"] == game and handed["records"] == len(placed) == 7
    switched = handed["seq"]
    new_words = json.loads(cli("ada", "key", "backup", "--json").stdout)["words"]
    cli("ada-new", "init", "--restore", "--server", live_server.url, input=" ".join(new_words))
    assert not (cli.home("ada-new") / "retired").exists()  # only the new key: the boxes of the moves do not open
    again = Player(cli.home("ada-new"))
    assert {r["commit"]: (r["secret"], r["salt"]) for r in again.store.secrets(game)} == placed
    said = cli("ada-old", "show", game, code=1).stderr
    assert REPLACED in said and len(said.strip().splitlines()) == 1

    step_all(game, [again, bo], rnd, lambda: False)
    export = cli.audit("ada-new", game)
    assert len(handovers(export)) == 1 and handovers(export)[0]["seq"] == switched
    reveals = [
        e for e in export["entries"][switched + 1:]
        if e["type"] == "move" and e["body"]["seat"] == 0 and e["body"]["envelope"]["move"]["type"] == "reveal"
    ]
    assert reveals, "the restored home revealed a wisdom placed before the rotation"
    for entry in reveals:
        for item in entry["body"]["envelope"]["move"]["secrets"]:
            assert (item["secret"], item["salt"]) == placed[item["commit"]]
    assert json.loads(cli("ada", "show", game, "--json").stdout)["status"] == "over"  # the first home follows


def test_an_interrupted_rotation_is_finished_by_the_next_command(cli: Cli, tmp_path: Path) -> None:
    """First the server fails before the rotation is applied (503); then it applies one and the
    answer is lost (500 after the commit). Each time the next command finishes the rotation:
    one handover per game, the audit PASS."""
    from tests.hostile import problem, serve_hostile

    with serve_hostile(tmp_path / "server") as server:
        game = two_players(cli, server.url)
        waiting = str(json.loads(cli("ada", "new", "cavemen", "--json").stdout)["id"])
        old = cli.pub("ada")

        def down(call: Any) -> Any:
            return problem(503, "the database is busy") if call.path == "/v1/keys/rotate" else None

        server.hostile.before.append(down)
        report = rotated(cli, "ada", code=1)
        assert not report["finished"] and report["servers"][0]["state"] == "pending"
        assert cli.pub("ada") == old
        kept = json.loads((cli.home("ada") / "rotation.json").read_text())
        assert (cli.home("ada") / "key.new.pem").stat().st_mode & 0o777 == 0o600
        assert (cli.home("ada") / "rotation.json").stat().st_mode & 0o777 == 0o600
        new = kept["new"]
        assert SigningKey.load(cli.home("ada") / "key.new.pem").public_hex == new
        assert "secret" not in json.dumps(kept)
        cli("ada", "show", game)  # still down: shown with the old key, the rotation still pending
        refused = cli("ada", "key", "backup", code=1)  # never the words of a key being replaced
        assert "a key rotation is not finished" in refused.stderr and not refused.stdout.strip()
        assert cli.pub("ada") == old and (cli.home("ada") / "rotation.json").exists()
        server.hostile.before.remove(down)
        shown = cli("ada", "games")
        assert "your key is replaced" in shown.stderr
        assert cli.pub("ada") == new and not (cli.home("ada") / "rotation.json").exists()

        def lost(call: Any, data: Any) -> Any:
            if call.path == "/v1/keys/rotate":
                raise ConnectionAbortedError("the answer is lost after the rotation was applied")
            return None

        server.hostile.after.append(lost)
        newer = rotated(cli, "ada", code=1)["new"]
        assert cli.pub("ada") == new and (cli.home("ada") / "rotation.json").exists()
        server.hostile.after.remove(lost)
        cli("ada", "move", game)  # finished first: the old key refused as replaced, /v1/me answers the newest
        assert cli.pub("ada") == newer and (cli.home("ada") / "retired" / f"{new}.pem").exists()
        sent = server.hostile.sent("POST", "/v1/keys/rotate")
        assert [c.status for c in sent] == [503, 503, 200, None, 401]  # None: applied, the answer lost (a 500)

        play(cli, game, 4)
        cli("bo", "resign", game, "--yes")
        export = cli.audit("bo", game)
        assert [(h["body"]["old"], h["body"]["new"]) for h in handovers(export)] == [(old, new), (new, newer)]
        cli("bo", "join", waiting)
        assert json.loads(cli("ada", "show", waiting, "--json").stdout)["status"] == "running"
        cli("ada", "resign", waiting, "--yes")
        assert len(handovers(cli.audit("ada", waiting))) == 2


def test_a_game_joined_between_signing_and_sending_is_handed_on_by_the_retry(cli: Cli, tmp_path: Path) -> None:
    """While the rotation is on its way, a second home of the same key joins a game: the server
    names it (409) and the client signs its handover and sends the rotation again."""
    from tests.hostile import serve_hostile

    with serve_hostile(tmp_path / "server") as server:
        game = two_players(cli, server.url)
        other = str(json.loads(cli("bo", "new", "cavemen", "--json").stdout)["id"])
        shutil.copytree(cli.home("ada"), cli.home("ada-2"))
        joined: list[str] = []

        def join_first(call: Any) -> Any:
            if call.path == "/v1/keys/rotate" and not joined:
                joined.append(other)
                Player(cli.home("ada-2")).join(other)  # signed by the old key, from another home
            return None

        server.hostile.before.append(join_first)
        report = rotated(cli, "ada")
        assert sorted(g["game"] for g in report["servers"][0]["games"]) == sorted([game, other])
        assert [c.status for c in server.hostile.sent("POST", "/v1/keys/rotate")] == [409, 200]
        for g in (game, other):
            cli("ada", "show", g)
            cli("ada", "resign", g, "--yes")
            assert len(handovers(cli.audit("ada", g))) == 1


def test_a_stranger_cannot_rotate_anothers_account(cli: Cli, tmp_path: Path) -> None:
    """The rotation request ada's home keeps (rotation.json), sent by another account or by no
    account at all: refused (403, 401), ada's key unchanged."""
    from tests.hostile import problem, serve_hostile

    with serve_hostile(tmp_path / "server") as server:
        two_players(cli, server.url)
        old = cli.pub("ada")
        server.hostile.before.append(lambda call: problem(503, "busy") if call.path == "/v1/keys/rotate" else None)
        rotated(cli, "ada", code=1)
        server.hostile.before.clear()
        body = json.loads((cli.home("ada") / "rotation.json").read_text())["servers"][server.url]["request"]
        bo = Api(server.url, SigningKey.load(cli.home("bo") / "key.pem"))
        with pytest.raises(ApiError) as refused:
            bo.post("/v1/keys/rotate", body)
        assert refused.value.status == 403
        for key in (SigningKey.generate(), None):
            with pytest.raises(ApiError) as refused:
                Api(server.url, key).post("/v1/keys/rotate", body, signed=key is not None)
            assert refused.value.status == 401
        assert Api(server.url, SigningKey.load(cli.home("ada") / "key.pem")).me()["key"] == old
        cli("stranger", "key", "rotate", "--yes", code=1)  # no key, no account: nothing to replace


def test_two_servers_are_rotated_in_turn_and_one_away_is_finished_later(cli: Cli, tmp_path: Path) -> None:
    """ada plays on servers A and B (one database per process: they run one at a time). B is
    away when she rotates: A is done and signed for with the new key at once, B keeps the old
    key until the next command that reaches it finishes there and swaps the keys."""
    from tests.client.test_request_replay import running

    with running(tmp_path / "b") as (url_b, _):
        on_b = two_players(cli, url_b)
    port_b = urlsplit(url_b).port
    old = cli.pub("ada")
    with running(tmp_path / "a") as (url_a, _):
        on_a = two_players(cli, url_a)
        report = rotated(cli, "ada", code=1)
        states = {s["server"]: s["state"] for s in report["servers"]}
        assert states == {url_a: "done", url_b: "pending"}
        assert "cannot reach" in next(s["detail"] for s in report["servers"] if s["server"] == url_b)
        new = report["new"]
        assert cli.pub("ada") == old  # key.pem is the old key until every server is done
        shown = json.loads(cli("ada", "show", on_a, "--json").stdout)  # A: the new key's seat
        assert shown["seat"] == 0 and Player(cli.home("ada")).store.receipt(on_a)["players"]["0"] == new  # type: ignore[index]
        assert Api(url_a, SigningKey.load(cli.home("ada") / "key.new.pem")).me()["key"] == new
    with running(tmp_path / "b", port_b) as (url_again, _):
        assert url_again == url_b
        cli("ada", "--server", url_b, "show", on_b)
        assert cli.pub("ada") == new and not (cli.home("ada") / "rotation.json").exists()
        cli("ada", "--server", url_b, "resign", on_b, "--yes")
        export = cli.audit("bo", on_b, "--server", url_b)
        assert [h["body"]["new"] for h in handovers(export)] == [new]


def test_a_kept_move_of_a_replaced_key_is_said_so_not_kept_to_be_sent_again(cli: Cli, tmp_path: Path) -> None:
    """A second home's move got no answer (503) and is kept to be sent again; meanwhile the first
    home rotates the key. Sent again, it is refused as signed by a replaced key: said in one
    line, and forgotten (no "kept and sent again", which would never come true)."""
    from tests.hostile import problem, serve_hostile

    with serve_hostile(tmp_path / "server") as server:
        game = two_players(cli, server.url)
        while to_move(cli, game) != 0:
            play(cli, game, 1)
        shutil.copytree(cli.home("ada"), cli.home("ada-old"))
        stale = Player(cli.home("ada-old"))
        looked = stale.state(game)
        first, second = legal.own_moves(looked.engine, looked.view)[:2]

        def busy(call: Any) -> Any:
            return problem(503, "the database is busy") if call.path.endswith("/moves") else None

        server.hostile.before.append(busy)
        with pytest.raises(ApiError) as kept:
            stale.sign_and_send(looked, first)
        assert "it is kept and sent again" in str(kept.value) and stale.store.pending(game) is not None
        server.hostile.before.remove(busy)
        rotated(cli, "ada")
        with pytest.raises(ApiError) as refused:  # another move at that place: the kept one goes first
            stale.sign_and_send(looked, second)
        said = str(refused.value)
        assert said.startswith(REPLACED) and "not kept to be sent again" in said and "kept and sent again" not in said
        assert said.count("not kept") == 1, said
        assert stale.store.pending(game) is None
        cli("ada", "move", game)
        cli("ada", "move", game, "1", "--yes", "--one")  # the new key plays the place
