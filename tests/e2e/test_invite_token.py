"""A seat kept for an e-mail address goes to whoever can read that mailbox, and to nobody else.

Carol invites zoe@example.org to a private game. An account's address is only what its owner
typed, so Mallory can register one with zoe's address; that must give her nothing: no sight of
the private game, no seat, not even the power to cancel zoe's invitation. The invitation mail
carries a one-time token (the server keeps its hash alone); the account that presents it takes
the seat, once. Through the real server (SQLite and PostgreSQL: the claim is a database write),
the real client and its command line, and a real SMTP server (aiosmtpd) that receives the mail.
"""

from __future__ import annotations

import json
import logging
import re
import shlex
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import requests
from typer.testing import CliRunner

from client.api import ApiError
from client.cli import app
from client.play import Player
from server.mail.mailer import Sender
from server.store.models import EmailInvite, Mail, database
from tests.conftest import LiveServer, serve
from tests.e2e.test_mail_e2e import Smtp
from tests.server.conftest import reset_postgres

ZOE = "zoe@example.org"


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    config = {"DATABASE_URL": reset_postgres()} if request.param == "postgres" else {}
    with serve(tmp_path / "server", config) as live:
        yield live


class Records(logging.Handler):
    """Every log record of INFO and above in the process while the test runs: the request log,
    the server's and the sender's lines (a DEBUG query log, peewee's, shows every value written,
    a move's secret as much as a mail's text: it is not for a server that players use)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def records() -> Iterator[Records]:
    handler = Records()
    loggers = [logging.getLogger(), logging.getLogger("pbem.requests")]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        for log, level in zip(loggers, levels, strict=True):
            log.removeHandler(handler)
            log.setLevel(level)


def cli(home: Path, *args: str) -> Any:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(home), "COLUMNS": "200"})
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def mailed(server: LiveServer, smtp: Smtp, to: str) -> list[EmailMessage]:
    """Send what the outbox holds through the real sender; the messages aiosmtpd got for `to`."""
    with database.connection_context():
        Sender(smtp.config(server.data_dir)).send_due()
    return [m for _, rcpt, m in smtp.handler.messages if rcpt == [to]]  # type: ignore[attr-defined]


def player(server: LiveServer, tmp_path: Path, name: str, address: str) -> Player:
    who = Player(tmp_path / "homes" / name)
    who.init_account(server.url, name, address)
    return who


def test_a_stranger_with_the_address_gets_nothing_and_the_mailed_token_takes_the_seat_once(
    server: LiveServer, smtp: Smtp, tmp_path: Path, records: Records
) -> None:
    carol = player(server, tmp_path, "carol", "carol@example.org")
    game = carol.new_game("toy", {}, seats=2, join=True, private=True)["id"]
    invited = cli(carol.store.home, "invite", game, ZOE)
    assert invited.exit_code == 0, invited.output
    [mail] = mailed(server, smtp, ZOE)

    # Mallory registers zoe's address: she sees no game, no seat, and cannot free it either.
    mallory = player(server, tmp_path, "mallory", ZOE)
    assert mallory.games() == [] and mallory.games(open_only=True) == []
    for read in (lambda: mallory.api.game(game), lambda: mallory.api.get(f"/v1/games/{game}/log")):
        with pytest.raises(ApiError) as hidden:
            read()
        assert hidden.value.status == 404
    taken = cli(mallory.store.home, "join", game)
    assert taken.exit_code == 1 and f"no game '{game}'" in taken.output, taken.output
    text = mail.get_content()
    found = re.search(rf"pbem join {game} --token ([0-9a-f]{{32}})", text)
    assert found is not None, text
    token = found[1]
    guessed = cli(mallory.store.home, "join", game, "--token", "0" * 32)
    assert guessed.exit_code == 1 and "no invitation with this token" in guessed.output, guessed.output
    with pytest.raises(ApiError):
        mallory.cancel_invite(game, ZOE)
    assert [i.get("email") for i in carol.summary(game)["invited"]] == ["z...@example.org"]

    # Zoe follows her mail's own lines: make an account, take the seat with the token.
    zoe_home = tmp_path / "homes" / "zoe"
    lines = [line.split(":", 1)[1].strip() for line in text.splitlines() if re.match(r"\s+[23]\. ", line)]
    assert lines[0].startswith(f"pbem init --server {server.url} ") and lines[1] == f"pbem join {game} --token {token}"
    for line in lines:
        argv = [("zoe" if word == "NAME" else word) for word in shlex.split(line)[1:]]
        done = cli(zoe_home, *argv)
        assert done.exit_code == 0, (line, done.output)
    summary = carol.summary(game)
    assert summary["status"] == "running" and summary["players"][1]["name"] == "zoe"

    # The token took the seat once: it is nobody's key any more.
    again = cli(mallory.store.home, "join", game, "--token", token)
    assert again.exit_code == 1 and "no invitation with this token" in again.output, again.output
    with pytest.raises(ApiError) as hidden:
        mallory.api.game(game)
    assert hidden.value.status == 404

    # The token was in the mail and nowhere a non-recipient looks: answers, pages, logs, the database.
    seen = [invited.output, taken.output, guessed.output, again.output, *records.lines]
    seen += [json.dumps(x) for x in (carol.summary(game), carol.games(), carol.api.get(f"/v1/games/{game}/log"))]
    seen += [requests.get(server.url + path, timeout=30).text for path in ("/", f"/g/{game}", f"/v1/games/{game}")]
    with database.connection_context():
        seen += [m.message for m in Mail.select()] + [str(r.token_hash) for r in EmailInvite.select()]
    assert [s for s in seen if token in s] == []


def test_registering_an_invited_address_of_a_public_game_gives_no_seat_nor_a_cancel(
    server: LiveServer, smtp: Smtp, tmp_path: Path
) -> None:
    """In a public game Mallory may look, but the seat stays kept for zoe's mailbox: joining it
    is 403, cancelling zoe's invitation is 403 (only the creator or the inviter may)."""
    carol = player(server, tmp_path, "carol", "carol@example.org")
    game = carol.new_game("toy", {}, seats=2, join=True)["id"]
    carol.invite(game, ZOE)
    [mail] = mailed(server, smtp, ZOE)
    mallory = player(server, tmp_path, "mallory", ZOE.upper())
    assert [g.get("invited_seat") for g in mallory.games()] == []
    token = re.search(r"--token ([0-9a-f]{32})", mail.get_content())
    assert token is not None
    with pytest.raises(ApiError) as kept:  # a properly signed join of the kept seat, past the client's own check
        mallory._sign_join(game, 1, mallory.summary(game))
    assert kept.value.status == 403 and "kept for an invited address" in kept.value.detail
    with pytest.raises(ApiError) as refused:
        mallory.cancel_invite(game, ZOE)
    assert refused.value.status == 403
    zoe = player(server, tmp_path, "zoe", "someone-else@example.org")  # the token, not the address
    assert zoe.join(game, token=token[1])["status"] == "running"
    assert carol.summary(game)["players"][1]["name"] == "zoe"
