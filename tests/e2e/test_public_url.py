"""Every link in a mail, and every URL a page gives to copy, comes from the server's configuration,
never from the Host header of a request (which whoever sends the request chooses).

A player whose every request says `Host: evil.example` must not put evil.example into the
opponent's your-turn mail, whose unsubscribe link carries a one-click token, nor into the curl
line of the game's page. With PBEM_PUBLIC_URL every link is that URL; without it, the one the
server fixed at start-up and said in its log (http://localhost:8470 for a server made by
create_app; `pbem-server serve` fixes one from its --host and --port and says so on stderr).
Through the real server, the real client, the real sender and aiosmtpd.
"""

from __future__ import annotations

import html
import logging
import os
import re
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
import requests

from client.play import Player
from server.mail.mailer import Sender
from server.store.models import database
from tests.conftest import LiveServer, serve
from tests.e2e.test_mail_e2e import Smtp, free_port

EVIL = "evil.example"
URL = re.compile(r"https?://[^\s<>\"']+")


def hostile_host(player: Player) -> None:
    """Every request this player's client sends from now on says `Host: evil.example`."""
    player.api.session.headers["Host"] = EVIL


def played(server: LiveServer, tmp_path: Path) -> tuple[str, Player, Player]:
    """A public game of ada and bo, where every request of ada's (the last join, which starts
    the game, and her first move) comes with `Host: evil.example`."""
    ada, bo = Player(tmp_path / "ada"), Player(tmp_path / "bo")
    ada.init_account(server.url, "ada", "ada@example.org")
    bo.init_account(server.url, "bo", "bo@example.org")
    game = bo.new_game("toy", {"rounds": 3}, seats=2, join=True)["id"]
    hostile_host(ada)
    ada.join(game)
    if ada.show(game).get("to_move") != 1:  # ada's move makes bo's turn
        bo.play_bot(game, "random", until_over=False)
    ada.play_bot(game, "random", until_over=False)
    return game, ada, bo


def mails(server: LiveServer, smtp: Smtp) -> list[EmailMessage]:
    with database.connection_context():
        Sender(smtp.config(server.data_dir)).send_due()
    return [m for _, _, m in smtp.handler.messages]  # type: ignore[attr-defined]


def links(msg: EmailMessage) -> list[str]:
    found = URL.findall(msg.get_content())
    for name in ("List-Unsubscribe",):
        found += URL.findall(str(msg.get(name) or ""))
    return found


def within(url: str, base: str) -> bool:
    return url == base or url.startswith(base + "/")


def curl_line(server: LiveServer, game: str) -> str:
    page = requests.get(f"{server.url}/g/{game}", headers={"Host": EVIL}, timeout=30)
    assert page.status_code == 200
    line = re.search(r"curl -o \S+ (\S+)", html.unescape(page.text))
    assert line is not None
    return line[1]


@pytest.fixture
def configured(tmp_path: Path) -> Iterator[LiveServer]:
    with serve(tmp_path / "server", {"PUBLIC_URL": "https://pbem.example.org"}) as live:
        yield live


def test_with_a_public_url_every_link_is_it_whatever_the_host_header(
    configured: LiveServer, smtp: Smtp, tmp_path: Path
) -> None:
    game, _, _ = played(configured, tmp_path)
    got = mails(configured, smtp)
    kinds = {m["X-Pbem-Kind"] for m in got}
    assert {"turn", "start"} <= kinds, kinds
    for msg in got:
        assert EVIL not in msg.as_string()
        assert links(msg) and all(within(u, "https://pbem.example.org") for u in links(msg)), links(msg)
    assert curl_line(configured, game) == f"https://pbem.example.org/g/{game}/export.json"


def test_without_a_public_url_links_are_the_fixed_one_said_in_the_log(
    tmp_path: Path, smtp: Smtp, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("PBEM_PUBLIC_URL", raising=False)
    with caplog.at_level(logging.WARNING, logger="server.http.app"):
        with serve(tmp_path / "server", {"PUBLIC_URL": None}) as server:
            game, _, bo = played(server, tmp_path)
            got = mails(server, smtp)
            assert {"turn", "start"} <= {m["X-Pbem-Kind"] for m in got}
            for msg in got:
                assert EVIL not in msg.as_string()
                assert links(msg) and all(within(u, "http://localhost:8470") for u in links(msg)), links(msg)
            assert curl_line(server, game) == f"http://localhost:8470/g/{game}/export.json"
            said = [r.getMessage() for r in caplog.records if "PBEM_PUBLIC_URL is not set" in r.getMessage()]
            assert said and "http://localhost:8470" in said[0]
            # The unsubscribe link of bo's mail is the real server's path: it works there.
            [turn] = [m for m in got if m["X-Pbem-Kind"] == "turn" and "bo@example.org" in str(m["To"])][-1:]
            path = str(turn["List-Unsubscribe"]).strip("<>").removeprefix("http://localhost:8470")
            done = requests.post(server.url + path, data="List-Unsubscribe=One-Click", timeout=30,
                                 headers={"Content-Type": "application/x-www-form-urlencoded"})
            assert done.status_code == 200 and bo.api.get("/v1/me/notify")["notify"] == "none"


def test_pbem_server_serve_fixes_its_url_from_its_own_bind_address_and_says_so(tmp_path: Path) -> None:
    """The real `pbem-server serve` without PBEM_PUBLIC_URL: the URL of its --host and --port,
    said on stderr at start-up, is in the page's curl line, whatever Host a request names."""
    from client.demo import start_server

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_SMTP_", "PBEM_PUBLIC_URL", "DATABASE_URL"))}
    server = start_server(tmp_path / "data", port, workers=1, env=env)
    try:
        url = f"http://127.0.0.1:{port}"
        ada = Player(tmp_path / "ada")
        ada.init_account(url, "ada", "ada@example.org")
        game = ada.new_game("magier", {"move_limit": 1}, seats=2, join=True)["id"]  # the toy engine is the tests'
        live = LiveServer(url, tmp_path / "data")
        assert curl_line(live, game) == f"{url}/g/{game}/export.json"
    finally:
        server.terminate()
        server.wait(timeout=10)
    said = (tmp_path / "data" / "server.log").read_text()
    assert f"PBEM_PUBLIC_URL is not set: the links in mail and on the pages say {url}" in said, said
