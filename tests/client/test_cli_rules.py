"""`pbem rules ENGINE`: the rules summary shipped with pbem, offline."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import engines
from client.cli import app


def run(tmp_path: Path, *args: str):
    # no server, no account: PBEM_HOME is empty and the server address is unreachable
    env = {"PBEM_HOME": str(tmp_path / "home"), "PBEM_SERVER": "http://127.0.0.1:9"}
    result = CliRunner().invoke(app, list(args), env=env)
    assert "Traceback" not in result.output
    return result


def test_rules_prints_the_summary_with_its_rulings(tmp_path: Path) -> None:
    result = run(tmp_path, "rules", "magier")
    assert result.exit_code == 0
    assert result.stdout == engines.rules_text("magier")
    assert "Das magische Hexagon" in result.stdout and "(MH-11)" in result.stdout
    fs = run(tmp_path, "rules", "feuersalamander")
    assert fs.exit_code == 0 and "(FS-13)" in fs.stdout and "**House rule**" in fs.stdout


def test_rules_json(tmp_path: Path) -> None:
    result = run(tmp_path, "rules", "feuersalamander", "--json")
    assert result.exit_code == 0
    got = json.loads(result.stdout)
    assert set(got) == {"engine", "title", "text"}
    assert got["engine"] == "feuersalamander" and got["title"] == "Der Feuersalamander"
    assert got["text"] == engines.rules_text("feuersalamander")


def test_rules_of_an_unknown_engine_is_one_line(tmp_path: Path) -> None:
    result = run(tmp_path, "rules", "chess")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("pbem: unknown engine 'chess'; known: magier, feuersalamander")
    assert len(result.stderr.strip().splitlines()) == 1


def test_prompts_point_at_pbem_rules(tmp_path: Path) -> None:
    """Every engine prompt that cites a ruling names a command that prints that ruling."""
    from engines.feuersalamander.render import ruling

    command = ruling("FS-13").split("see `")[1].rstrip("`)")
    assert command == "pbem rules feuersalamander"
    assert "FS-13" in run(tmp_path, *command.split()[1:]).stdout
