"""The `pbem` command without a server: help, audit of files, and every error as one line."""

from __future__ import annotations

import copy
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engines
from client.cli import app
from client.play import ClientError, parse_option, parse_options
from tests.protocol.ledger import Ledger
from tests.protocol.toy import TOY

COMMANDS = [
    "init",
    "engines",
    "new",
    "join",
    "games",
    "show",
    "moves",
    "move",
    "resign",
    "bot",
    "log",
    "export",
    "audit",
    "compare",
    "abort",
    "vacation",
    "rules",
]


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    return {"PBEM_HOME": str(tmp_path / "home")}


def invoke(env: dict[str, str], *args: str, input: str | None = None) -> Any:
    result = CliRunner().invoke(app, list(args), env=env, input=input)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture(scope="module")
def toy_export() -> dict[str, Any]:
    engines.register(TOY)
    return Ledger("cli-audit").play().export()


def test_help_explains_every_command(home: dict[str, str]) -> None:
    result = invoke(home, "--help")
    assert result.exit_code == 0
    for command in COMMANDS:
        assert command in result.stdout
        sub = invoke(home, command, "--help")
        assert sub.exit_code == 0, command
        assert "Usage: pbem " + command in sub.stdout
        assert len(sub.stdout.splitlines()) > 4
    assert "--json" in invoke(home, "show", "--help").stdout
    assert "key=value" in invoke(home, "new", "--help").stdout
    assert "Exit status 0 only on PASS" in " ".join(invoke(home, "audit", "--help").stdout.split())


@pytest.mark.parametrize(
    "args",
    [
        ["engines"],
        ["games"],
        ["new", "magier"],
        ["join", "g1"],
        ["show", "g1"],
        ["moves", "g1"],
        ["move", "g1"],
        ["move", "g1", "1"],
        ["log", "g1"],
        ["export", "g1"],
        ["bot", "g1"],
        ["resign", "g1", "--yes"],
    ],
)
def test_commands_before_init_say_what_to_do(home: dict[str, str], args: list[str]) -> None:
    result = invoke(home, *args)
    assert result.exit_code == 1
    assert "pbem init" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


def test_bad_option_syntax_is_one_line(home: dict[str, str]) -> None:
    result = invoke(home, "new", "magier", "--option", "move_limit")
    assert result.exit_code == 1
    assert result.stderr.strip() == "pbem: an option is key=value, got 'move_limit'"


def test_option_values_are_json_when_they_can_be() -> None:
    assert parse_options(
        ["a=1", "b=true", "c=line", 'd="7"', "e=[1, 2]", "f=", "g=a=b", "h=null"]
    ) == {
        "a": 1,
        "b": True,
        "c": "line",
        "d": "7",
        "e": [1, 2],
        "f": "",
        "g": "a=b",
        "h": None,
    }
    assert parse_option(" wrap = torus") == ("wrap", " torus")
    for bad in ("=1", "novalue", ""):
        with pytest.raises(ClientError):
            parse_option(bad)


def test_init_against_no_server_creates_nothing(home: dict[str, str], tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = invoke(
        home, "init", "--server", f"127.0.0.1:{port}", "--name", "a", "--email", "a@example.org"
    )
    assert result.exit_code == 1
    assert "cannot reach the server at http://127.0.0.1:" in result.stderr
    assert not (tmp_path / "home" / "key.pem").exists()
    bad = invoke(home, "init", "--server", "http://x", "--name", "a", "--email", "nope")
    assert bad.exit_code == 1 and "not an email address" in bad.stderr


def test_broken_local_files_are_one_line(home: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "config.json").write_text("{oops")
    result = invoke(home, "games")
    assert result.exit_code == 1 and "config.json is not valid JSON" in result.stderr
    (tmp_path / "home" / "config.json").write_text(
        json.dumps({"server": "http://127.0.0.1:9", "name": "a"})
    )
    (tmp_path / "home" / "key.pem").write_text("garbage")
    result = invoke(home, "games")
    assert result.exit_code == 1 and "cannot read key" in result.stderr


# -- audit ------------------------------------------------------------------------------------------


def write(tmp_path: Path, name: str, value: Any) -> str:
    path = tmp_path / name
    path.write_text(value if isinstance(value, str) else json.dumps(value))
    return str(path)


def test_audit_pass(home: dict[str, str], tmp_path: Path, toy_export: dict[str, Any]) -> None:
    path = write(tmp_path, "game.json", toy_export)
    result = invoke(home, "audit", path)
    assert result.exit_code == 0
    assert result.stdout.startswith("PASS: every signature")
    assert "game g-toy (toy)" in result.stdout
    as_json = json.loads(invoke(home, "audit", path, "--json").stdout)
    assert as_json["verdict"] == "PASS" and as_json["complete"] is True
    from_stdin = invoke(home, "audit", "-", input=json.dumps(toy_export))
    assert from_stdin.exit_code == 0 and from_stdin.stdout.startswith("PASS")


def test_audit_fail_names_the_entry(
    home: dict[str, str], tmp_path: Path, toy_export: dict[str, Any]
) -> None:
    forged = copy.deepcopy(toy_export)
    forged["entries"][5]["body"]["envelope"]["nonce"] = "00" * 32
    path = write(tmp_path, "forged.json", forged)
    result = invoke(home, "audit", path)
    assert result.exit_code == 4  # a log that fails a check exits 4, as --help says
    assert result.stdout.startswith("FAIL: entry 5:")
    verdict = json.loads(invoke(home, "audit", path, "--json").stdout)
    assert verdict["verdict"] == "FAIL" and verdict["entry"] == 5


def test_audit_incomplete_is_not_success(home: dict[str, str], tmp_path: Path) -> None:
    engines.register(TOY)
    unfinished = Ledger("cli-unfinished").begin().play_moves(limit=1).export()
    result = invoke(home, "audit", write(tmp_path, "open.json", unfinished))
    assert result.exit_code == 3
    assert result.stdout.startswith("INCOMPLETE")


@pytest.mark.parametrize(
    ("content", "message", "code"),
    [
        ("not json at all", "is not a log pbem can audit", 1),
        # an export with a key twice is refused, not read by its last value: it FAILs (exit 4),
        # since it is JSON that two readers read as two different logs
        ('{"format": "pbem-log/2", "format": "x", "game": "g", "entries": []}', "x.json is not a log that has one meaning", 4),
        ('{"format": "pbem-log/2", "game": "g", "entries": [{"seq": 0, "seq": 1}]}', "twice", 4),
        # FAIL exits 4 (the log failed a check); a file that is no JSON at all, 1; another
        # format is one this pbem cannot check: UNSUPPORTED, exit 5
        (json.dumps({"format": "something else"}), "UNSUPPORTED: the log: a 'something else' export", 5),
        (json.dumps({"entries": []}), "FAIL: the log: not a pbem-log/2 export (no format named)", 4),
        (json.dumps([1, 2]), "FAIL", 4),
    ],
)
def test_audit_of_things_that_are_not_exports(
    home: dict[str, str], tmp_path: Path, content: str, message: str, code: int
) -> None:
    result = invoke(home, "audit", write(tmp_path, "x.json", content))
    assert result.exit_code == code
    assert message in result.output


def test_audit_of_a_missing_file(home: dict[str, str], tmp_path: Path) -> None:
    result = invoke(home, "audit", str(tmp_path / "nope.json"))
    assert result.exit_code == 1
    assert "cannot read" in result.stderr and "nope.json" in result.stderr
