"""`pbem-server serve`: every option described; gunicorn's control socket per data dir."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from server import cli

ROOT = Path(__file__).resolve().parents[2]


def _gunicorn_argv(monkeypatch: pytest.MonkeyPatch, *args: str) -> list[str]:
    seen: list[list[str]] = []
    monkeypatch.setenv("PBEM_DATA_DIR", "unused")  # serve sets it; the test's environment is restored
    monkeypatch.setattr("gunicorn.app.wsgiapp.run", lambda: seen.append(list(sys.argv)))
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    assert cli.main(["serve", "--no-mail", *args]) == 0
    return seen[0]


def test_two_servers_never_share_a_control_socket(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Gunicorn's control socket is in each server's data dir (gunicorn's default,
    ~/.gunicorn/gunicorn.ctl, would be shared); --control-socket and --no-control-socket too."""
    one = _gunicorn_argv(monkeypatch, "--data-dir", str(tmp_path / "one"), "--host", "0.0.0.0")
    two = _gunicorn_argv(monkeypatch, "--data-dir", str(tmp_path / "two"), "--port", "8471")
    assert one[one.index("--control-socket") + 1] == str(tmp_path / "one" / "gunicorn.ctl")
    assert two[two.index("--control-socket") + 1] == str(tmp_path / "two" / "gunicorn.ctl")
    assert "0.0.0.0:8470" in one and "127.0.0.1:8471" in two
    chosen = _gunicorn_argv(monkeypatch, "--data-dir", str(tmp_path), "--control-socket", "/run/pbem/g.ctl")
    assert chosen[chosen.index("--control-socket") + 1] == "/run/pbem/g.ctl"
    none = _gunicorn_argv(monkeypatch, "--data-dir", str(tmp_path), "--no-control-socket")
    assert "--no-control-socket" in none and "--control-socket" not in none


def test_serve_help_describes_every_option() -> None:
    """`pbem-server serve --help` says what each option does."""
    helped = subprocess.run(
        [sys.executable, "-m", "server.cli", "serve", "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60
    ).stdout
    text = " ".join(helped.split())
    for option, words in (
        ("--host ADDRESS", "the address to listen on"),
        ("--port PORT", "the TCP port"),
        ("--data-dir DIR", "signing key"),
        ("--workers N", "worker processes"),
        ("--control-socket PATH", "never share one"),
        ("--no-control-socket", "without a control socket"),
        ("--dev", "development server"),
        ("--no-mail", "no mail sender thread"),
    ):
        assert f"{option} " in text and words in text, option
