"""Version skew against the real release of 2026-11-30 (8722713), both ways (docs/PROTOCOL.md section 19).

The old code is taken from this repository's own history (`git archive 8722713`) and run as it
shipped: its `pbem-server serve` (gunicorn) and its `pbem`. Today's client meeting that older
server says the server's pbem is older and what to do; the old client meeting today's server
is told to upgrade pbem. Neither sees a traceback or a word of tampering.

A copy of the project without its git history (a tarball, a shallow clone) cannot run the old
code: the tests then skip, saying so. A clone of the repository has it.
"""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from client.cli import app
from tests.conftest import serve

RELEASE = "8722713"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The release's tree, unpacked from git (no worktree: the repository is left as it is)."""
    found = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", RELEASE], capture_output=True, check=False
    )
    if found.returncode != 0:
        pytest.skip(f"this copy of pbem has no git history with commit {RELEASE}: {found.stderr.decode()[:200]}")
    where = tmp_path_factory.mktemp("release")
    with tarfile.open(fileobj=io.BytesIO(found.stdout)) as tar:
        tar.extractall(where, filter="data")
    return where


def old_env(release: Path, home: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONPATH")}
    env["PYTHONPATH"] = str(release)
    if home is not None:
        env["PBEM_HOME"] = str(home)
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def old_server(release: Path, tmp_path: Path) -> Iterator[str]:
    """The release's own server (gunicorn, SQLite) on a free loopback port."""
    port = free_port()
    main = "import sys; from server.cli import main; sys.argv[0] = 'pbem-server'; sys.exit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", main, "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data-dir", str(tmp_path / "old-data"), "--no-mail", "--workers", "1"],
        env=old_env(release), cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            assert proc.poll() is None, f"the release's server exited ({proc.returncode})"
            try:
                with urllib.request.urlopen(url + "/v1/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_today_s_pbem_says_the_release_s_server_is_older_and_what_to_do(old_server: str, tmp_path: Path) -> None:
    """The release's server reads only its own request signature: today's `pbem init` against it
    says that the server's pbem is older than 0.2.0 and to upgrade it, exit 1 (an error, not a
    failed check)."""
    result = CliRunner().invoke(
        app, ["init", "--server", old_server, "--name", "zed", "--email", "zed@example.org"],
        env={"PBEM_HOME": str(tmp_path / "home")},
    )
    said = result.output + (result.stderr or "")
    assert result.exit_code == 1, said
    assert "runs a pbem older than 0.2.0" in said and "upgrade pbem-server" in said, said
    assert "Traceback" not in said and "TAMPERING" not in said, said


def test_the_release_s_pbem_is_told_to_upgrade_by_today_s_server(release: Path, tmp_path: Path) -> None:
    """The release's `pbem init` against today's server: refused with "upgrade pbem", as its own
    client prints a server's refusal; no traceback."""
    main = "import sys; from client.cli import main; sys.argv[0] = 'pbem'; sys.exit(main())"
    with serve(tmp_path / "today") as server:
        done = subprocess.run(
            [sys.executable, "-c", main, "init", "--server", server.url, "--name", "old", "--email", "old@example.org"],
            env=old_env(release, tmp_path / "old-home"), cwd=tmp_path, capture_output=True, text=True, timeout=120,
        )
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "upgrade pbem" in said and "401" in said, said
    assert "Traceback" not in said, said
