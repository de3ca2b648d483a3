"""A key on paper and a home brought back from it (README "Your key"; PROTOCOL section 7a):
`pbem key backup` and `pbem init --restore`, through the CLI against a live server.

A restore checks the words and the key against the server before it writes anything, so every
refusal is one line, a non-zero exit and a home left exactly as it was."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from client.cli import app
from tests.conftest import LiveServer


class Cli:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.runner = CliRunner()

    def home(self, who: str) -> Path:
        return self.tmp_path / who

    def __call__(self, who: str, *args: str, code: int = 0, input: str | None = None) -> Any:
        env = {"PBEM_HOME": str(self.home(who)), "COLUMNS": "100", "PBEM_SERVER": ""}
        result = self.runner.invoke(app, list(args), env=env, input=input)
        assert result.exit_code == code, (args, result.exit_code, result.stdout, result.stderr)
        assert "Traceback" not in result.output and "internal error" not in result.output
        return result


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def listing(home: Path) -> dict[str, bytes]:
    """Every file under a home with its bytes: what "unchanged" compares."""
    if not home.exists():
        return {}
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


def words_of(cli: Cli, who: str) -> list[str]:
    shown = json.loads(cli(who, "key", "backup", "--json").stdout)
    assert len(shown["words"]) == 24
    return list(shown["words"])


def a_game(cli: Cli, server: LiveServer) -> str:
    for name in ("ada", "bo"):
        cli(name, "init", "--server", server.url, "--name", name, "--email", f"{name}@example.org")
    game = json.loads(cli("ada", "new", "magier", "--json").stdout)["id"]
    cli("bo", "join", game)
    return str(game)


def no_words_on_disk(home: Path, words: list[str]) -> None:
    for name, data in listing(home).items():
        text = data.decode("utf-8", "replace")
        assert " ".join(words[:3]) not in text and '", "'.join(words[:3]) not in text, name


def test_backup_words_restore_the_home_in_an_empty_one(cli: Cli, live_server: LiveServer) -> None:
    """The 24 words printed, typed into a new home: the same key, the same account, the games
    listed and shown; the words are nowhere on either disk."""
    game = a_game(cli, live_server)
    printed = cli("ada", "key", "backup").stdout
    words = words_of(cli, "ada")
    assert "anyone holding them is you" in printed
    assert all(f"{i}. {w}" in printed for i, w in enumerate(words, 1))
    no_words_on_disk(cli.home("ada"), words)

    numbered = "\n".join(f"{i}. {w}" for i, w in enumerate(words, 1))  # pasted as printed
    done = json.loads(cli("ada2", "init", "--restore", "--server", live_server.url, "--json", input=numbered).stdout)
    assert done["name"] == "ada" and done["email"] == "ada@example.org"
    assert [g["game"] for g in done["games"]] == [game] and not done["failed"]
    assert cli.home("ada2").joinpath("key.pem").read_bytes() == cli.home("ada").joinpath("key.pem").read_bytes()
    assert (cli.home("ada2") / "key.pem").stat().st_mode & 0o777 == 0o600
    assert json.loads(cli("ada2", "whoami", "--json").stdout)["key"] == json.loads(cli("ada", "whoami", "--json").stdout)["key"]
    assert game in cli("ada2", "games").stdout
    shown = json.loads(cli("ada2", "show", game, "--json").stdout)
    assert shown["seat"] == 0 and shown["status"] == "running"
    assert (cli.home("ada2") / "receipts" / f"{game}.json").exists()
    no_words_on_disk(cli.home("ada2"), words)

    # again on the same home: only rebuilt, nothing refused
    again = cli("ada2", "init", "--restore", "--server", live_server.url, input=" ".join(words))
    assert "1 games rebuilt" in again.stdout and f"game {game}" in again.stderr


def test_a_key_file_restores_as_the_words_do(cli: Cli, live_server: LiveServer, tmp_path: Path) -> None:
    game = a_game(cli, live_server)
    backup = tmp_path / "ada.key"
    cli("ada", "key", "backup", "--file", str(backup))
    assert backup.stat().st_mode & 0o777 == 0o600
    refused = cli("ada", "key", "backup", "--file", str(backup), code=1)
    assert "exists already" in refused.stderr
    cli("copy", "init", "--restore", "--server", live_server.url, "--key", str(backup))
    assert game in cli("copy", "games").stdout
    cli("copy", "show", game)


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def test_every_bad_input_is_one_line_and_leaves_the_home_as_it_was(cli: Cli, live_server: LiveServer, tmp_path: Path) -> None:
    from mnemonic import Mnemonic

    a_game(cli, live_server)
    words = words_of(cli, "ada")
    swapped = [words[1], words[0], *words[2:]] if words[0] != words[1] else [*words[:22], words[23], words[22]]
    misspelt = [*words[:6], "abandn", *words[7:]]
    cli("stranger", "key", "backup", code=1)  # no key: nothing to back up, nothing made
    stranger = tmp_path / "stranger.key"
    from client.player.key_words import key_pem
    from protocol.keys import SigningKey

    stranger.write_bytes(key_pem(SigningKey.generate()))
    cases = [
        ("empty", misspelt, (), "word 7, 'abandn', is not a BIP-39 English word"),
        ("empty", words[:23], (), "23 words given: a key is 24 words"),
        ("empty", swapped, (), "the words' checksum does not match: a word is wrong or out of order"),
        ("empty", Mnemonic("french").to_mnemonic(bytes(range(32))).split(), (), "BIP-39 French list"),
        ("empty", Mnemonic("spanish").to_mnemonic(bytes(range(32))).split(), (), "BIP-39 Spanish list"),
        ("empty", None, ("--key", str(stranger)), f"no account on {live_server.url} holds this key"),
        ("bo", words, (), "this home ("),  # bo's home holds bo's key
        ("empty", words, ("--server", closed_port_url()), "cannot reach http://127.0.0.1:"),
    ]
    for who, typed, extra, said in cases:
        before = listing(cli.home(who))
        server = () if "--server" in extra else ("--server", live_server.url)
        result = cli(who, "init", "--restore", *server, *extra, code=1, input=" ".join(typed or []))
        assert said in result.stderr, (said, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert listing(cli.home(who)) == before, said
    assert "its account bo): restore into an empty PBEM_HOME" in cli("bo", "init", "--restore", "--server", live_server.url, code=1, input=" ".join(words)).stderr
    assert not cli.home("empty").exists()
    # usage: --key without --restore, --restore with a name
    cli("empty", "init", "--server", live_server.url, "--key", str(stranger), code=2)
    cli("empty", "init", "--restore", "--server", live_server.url, "--name", "x", code=2, input=" ".join(words))
    assert not cli.home("empty").exists()


def test_a_game_the_server_cannot_give_now_is_named_and_a_second_restore_picks_it_up(cli: Cli, tmp_path: Path) -> None:
    """A game whose log does not come (the server fails: 503) is named, the exit is non-zero and
    says to look again later; the account and the other games are in; running the restore
    again on that home finishes it."""
    from tests.hostile import problem, serve_hostile

    with serve_hostile(tmp_path / "server") as server:
        first = a_game(cli, server)  # type: ignore[arg-type]
        second = json.loads(cli("ada", "new", "magier", "--json").stdout)["id"]
        cli("bo", "join", second)
        words = words_of(cli, "ada")

        def failing(call: Any) -> Any:
            return problem(503, "the database is busy") if call.path == f"/v1/games/{second}/log" else None

        server.hostile.before.append(failing)
        result = cli("ada2", "init", "--restore", "--server", server.url, input=" ".join(words), code=1)
        assert f"not rebuilt now: {second}" in result.stderr and "run `pbem games` again later" in result.stderr
        assert f"game {first} (magier, running)" in result.stderr
        assert (cli.home("ada2") / "receipts" / f"{first}.json").exists()
        assert not (cli.home("ada2") / "receipts" / f"{second}.json").exists()
        server.hostile.before.remove(failing)
        cli("ada2", "init", "--restore", "--server", server.url, input=" ".join(words))
        assert (cli.home("ada2") / "receipts" / f"{second}.json").exists()
        cli("ada2", "show", second)




def test_words_of_a_replaced_key_are_refused_with_the_servers_reason(cli: Cli, live_server: LiveServer) -> None:
    """The key was rotated away (an account with no game): its words restore nothing, and say so."""
    from client.api import Api
    from client.player.key_words import key_from_words
    from protocol.handover import rotation_statement, sign_rotation
    from protocol.keys import SigningKey

    cli("ada", "init", "--server", live_server.url, "--name", "ada", "--email", "ada@example.org")
    words = words_of(cli, "ada")
    old, new = key_from_words(" ".join(words)), SigningKey.generate()
    api = Api(live_server.url, old)
    statement = rotation_statement(api.signed_for(), old.public_hex, new.public_hex)
    api.post("/v1/keys/rotate", {"statement": statement, "sig_old": sign_rotation(statement, old),
                                 "sig_new": sign_rotation(statement, new), "handovers": []})
    result = cli("empty", "init", "--restore", "--server", live_server.url, input=" ".join(words), code=1)
    assert f"this key was replaced on {live_server.url}" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not cli.home("empty").exists()
