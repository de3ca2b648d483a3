"""A released blind game whose genesis promises a bot (the README's Deadlines, and "Trying
deadlines"): the release of 2026-11-30 (8722713) let `pbem new magier --days 1 --on-expiry bot`
sign "bot" into a blind game's genesis, though no bot can place or reveal there, so its seats
forfeit. Today's pbem, on the upgraded data, says so wherever it tells what happens on expiry:
`pbem show`'s status line (a seat's and a spectator's), `pbem log`'s genesis line, the reminder and the last warning (and the
your-turn mail's deadline line, server/mail/playable.py `bot_cannot`, with the same words).

The game is made as it was then: the release's own `pbem-server serve` and `pbem` (from this
repository's history, `git archive`; a copy without it skips), then `pbem-server db upgrade`
and today's server on the same data, through the real sender and aiosmtpd on loopback.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from client.cli import app
from server.cli import main as server_main
from server.mail.mailer import Sender
from server.store.models import database
from tests.conftest import serve
from tests.e2e.test_mail_e2e import Smtp
from tests.e2e.test_release_skew import free_port, old_env, release  # noqa: F401 - `release` is a fixture

WHY = "in a blind game no one can place or reveal for you"
OLD_PBEM = "import sys; from client.cli import main; sys.argv[0] = 'pbem'; sys.exit(main())"
OLD_SERVER = "import sys; from server.cli import main; sys.argv[0] = 'pbem-server'; sys.exit(main())"


def old_pbem(tree: Path, home: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", OLD_PBEM, *args], env=old_env(tree, home), cwd=home.parent,
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def released_game(tree: Path, tmp_path: Path) -> str:
    """ada and bo start a blind magier game with a one-day deadline and `--on-expiry bot` on the
    release's server, with the release's pbem; the server is stopped cleanly afterwards."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-c", OLD_SERVER, "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data-dir", str(tmp_path / "data"), "--no-mail", "--workers", "1"],
        env=old_env(tree), cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):
            assert proc.poll() is None, f"the release's server exited ({proc.returncode})"
            try:
                with urllib.request.urlopen(url + "/v1/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        for name in ("ada", "bo"):
            (tmp_path / name).mkdir()
            old_pbem(tree, tmp_path / name, "init", "--server", url, "--name", name, "--email", f"{name}@example.org")
        made = old_pbem(tree, tmp_path / "ada", "new", "magier", "--days", "1", "--grace-hours", "0", "--on-expiry", "bot")
        found = re.search(r"game ([0-9a-f]{16})", made)
        assert found is not None and "then a random legal move is played" in made, made
        old_pbem(tree, tmp_path / "bo", "join", found[1])
        return found[1]
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def pbem(home: Path, *args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(home), "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_released_blind_game_promising_a_bot_says_its_seats_forfeit(
    release: Path, tmp_path: Path, smtp: Smtp, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],  # noqa: F811
) -> None:
    game = released_game(release, tmp_path)
    code = f"import sys; from server.cli import main; sys.exit(main({['db', 'upgrade', '--data-dir', str(tmp_path / 'data')]!r}))"
    upgraded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    with serve(tmp_path / "data") as server:
        for name in ("ada", "bo"):
            config = tmp_path / name / "config.json"
            config.write_text(json.dumps({**json.loads(config.read_text()), "server": server.url}))
        shown = {name: pbem(tmp_path / name, "show", game) for name in ("ada", "bo")}
        mover = "ada" if "YOUR TURN" in shown["ada"] else "bo"
        other = "bo" if mover == "ada" else "ada"
        assert f"(then: you forfeit: {WHY})" in shown[mover], shown[mover]
        assert f"(then: forfeit: {WHY})" in shown[other], shown[other]
        assert "(then: bot)" not in shown[mover] + shown[other]
        # someone without a seat reads the same on `pbem show` (client/spectate.py)
        pbem(tmp_path / "cy", "init", "--server", server.url, "--name", "cy", "--email", "cy@example.org")
        watched = pbem(tmp_path / "cy", "show", game)
        assert "you: watching (no seat)" in watched and f"(then: forfeit: {WHY})" in watched, watched
        assert "(then: bot)" not in watched
        told = pbem(tmp_path / mover, "log", game)
        assert f"then bot (a placement or reveal: you forfeit: {WHY})" in told, told

        monkeypatch.setenv("PBEM_PUBLIC_URL", server.url)
        at = dt.datetime.now(dt.UTC).replace(tzinfo=None) + dt.timedelta(hours=13)  # past half the day
        assert server_main(["tick", "--data-dir", str(server.data_dir), "--now", at.strftime("%Y-%m-%dT%H:%M:%SZ")]) == 0
        with database.connection_context():
            Sender(smtp.config(server.data_dir)).send_due()
        got = {(rcpt[0], m["X-Pbem-Kind"]): m.get_content() for _, rcpt, m in smtp.handler.messages}  # type: ignore[attr-defined]
        reminder = got[(f"{mover}@example.org", "reminder")]
        assert f"or you forfeit: {WHY}." in reminder and "random legal move" not in reminder, reminder
