"""What this pbem writes and reads, as its two command lines and its changelog say it.

`pbem --version` and `pbem-server --version` run as their scripts do, in a child process
whose first sys.path entry is this checkout: the first line is pyproject.toml's version, then
the log format and every engine with the rules version its own `version` attribute says (the
server also its database schema). CHANGELOG.md's newest section names the same version and the
same engine versions, so the code and the changelog cannot drift apart.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import engines
from engines import versions as kept_versions
from engines.core import Engine
from protocol.entries import FORMAT
from server.store import migrations

ROOT = Path(__file__).resolve().parent.parent
CLIENT = "import sys; from client.cli import app; sys.argv[0] = 'pbem'; app()"
SERVER = "import sys; from server.cli import main; sys.argv[0] = 'pbem-server'; raise SystemExit(main())"


def pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)["project"]["version"]


def shipped() -> list[Engine]:
    """The engines pbem ships (the test games other tests register at run time are not)."""
    return engines.shipped()


def run(program: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", program, *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def test_pbem_version_names_pbem_the_log_format_and_every_engine_version() -> None:
    """`pbem --version` says more than 0.1.0: pyproject's version first (the line a script reads
    today), then the log format it writes and every engine with the rules version its games get,
    read from the engines themselves; `pbem version --json` says the same as data."""
    lines = run(CLIENT, "--version").splitlines()
    assert lines[0] == f"pbem {pyproject_version()}"
    assert pyproject_version() != "0.1.0"
    assert any(FORMAT in line and "log format" in line for line in lines)
    for engine in shipped():
        assert f"engine {engine.id}: version {engine.version} (reads {', '.join(kept_versions(engine.id))})" in lines
    assert not any("schema" in line for line in lines)  # the database is the server's
    assert run(CLIENT, "version").splitlines() == lines

    stated = json.loads(run(CLIENT, "version", "--json"))
    assert stated["pbem"] == pyproject_version()
    assert stated["log_format"] == {"writes": FORMAT, "reads": [FORMAT]}
    assert stated["engines"] == {e.id: {"writes": e.version, "reads": list(kept_versions(e.id))} for e in shipped()}
    assert stated["schema"] == migrations.CURRENT


def test_pbem_server_version_names_the_schema_too() -> None:
    """`pbem-server --version` (which needs no subcommand) prints what `pbem --version` does and
    the database schema this server serves; `pbem-server version --json` is GET /v1/version's
    answer."""
    lines = run(SERVER, "--version").splitlines()
    assert lines[0] == f"pbem {pyproject_version()}"
    assert any(FORMAT in line and "log format" in line for line in lines)
    for engine in shipped():
        assert f"engine {engine.id}: version {engine.version} (reads {', '.join(kept_versions(engine.id))})" in lines
    assert lines[-1].startswith(f"database schema: version {migrations.CURRENT} ")
    assert run(SERVER, "version").splitlines() == lines
    stated = json.loads(run(SERVER, "version", "--json"))
    assert stated == json.loads(run(CLIENT, "version", "--json"))


def changelog_sections() -> list[tuple[str, str]]:
    """(version, text) of every `## VERSION (DATE)` section of CHANGELOG.md, in file order."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (\S+) \(.*\)$", text, flags=re.MULTILINE)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def test_the_changelog_s_newest_section_is_this_version_with_its_engine_versions() -> None:
    """CHANGELOG.md lists the versions newest first; the newest is pyproject.toml's, and it names
    the log format written, every engine's current version and the schema, so a bump of either
    without its changelog entry fails here."""
    sections = changelog_sections()
    versions = [tuple(int(n) for n in v.split(".")) for v, _ in sections]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert "0.1.0" in [v for v, _ in sections]
    newest, text = sections[0]
    assert newest == pyproject_version()
    words = " ".join(text.split())
    assert f"writes {FORMAT}" in words
    for engine in shipped():
        assert re.search(rf"\b{engine.id} {re.escape(engine.version)}\b", words), engine.id
        kept = ", ".join(kept_versions(engine.id))  # every version this pbem keeps, as the section lists them
        assert f"{engine.id} {engine.version} (reads {kept})" in words, (engine.id, kept)
    assert f"Database schema: {migrations.CURRENT} " in words
