"""Mail over a real SMTP server (aiosmtpd on loopback), with real bots over real HTTP.

Nothing of ours is mocked: the live server writes the outbox, the real sender
(`server.mail.mailer`) delivers over smtplib to aiosmtpd, and the test reads what arrived.
Time is a controlled clock handed to the sender, so retries are tested without sleeping.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import email
import email.policy
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from typer.testing import CliRunner

import engines
from client.play import Player
from server.mail import compose
from server.mail.mailer import MailLoop, Sender, SmtpConfig
from server.store.models import Mail, database, utcnow
from tests.conftest import LiveServer


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Inbox:
    """An aiosmtpd handler that keeps every message it accepts (and may refuse some)."""

    def __init__(self, refuse: dict[str, str] | None = None, delay: float = 0.0) -> None:
        self.messages: list[tuple[str, list[str], EmailMessage]] = []
        self.sessions: set[int] = set()
        self.refuse = refuse or {}
        self.delay = delay
        self.lock = threading.Lock()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: Any) -> str:
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.delay:
            await asyncio.sleep(self.delay)  # keeps a sender's row lock held a little longer
        msg = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), msg))  # type: ignore[arg-type]
            self.sessions.add(id(session))
        return "250 Message accepted"

    @property
    def ids(self) -> list[str]:
        return [m["Message-ID"] for _, _, m in self.messages]


class Smtp:
    """aiosmtpd on a fixed loopback port that can be stopped ("down") and started again."""

    def __init__(self, handler: Inbox) -> None:
        self.handler = handler
        self.port = free_port()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def config(self, data_dir: Path) -> SmtpConfig:
        return SmtpConfig(
            host="127.0.0.1", port=self.port, security="none", user=None, password=None,
            mail_from="pbem <pbem@example.org>", timeout=5, outbox_dir=data_dir / "outbox",
        )


@pytest.fixture
def inbox() -> Inbox:
    return Inbox()


@pytest.fixture
def smtp(inbox: Inbox) -> Iterator[Smtp]:
    server = Smtp(inbox)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Clock:
    """The sender's clock: starts a little ahead of the wall clock (rows made during the
    test are due at once) and moves only when the test says so."""

    def __init__(self) -> None:
        self.now = utcnow() + dt.timedelta(seconds=20)

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += dt.timedelta(seconds=seconds)


def send(sender: Sender) -> dict[str, int]:
    with database.connection_context():
        return sender.send_due()


def outbox() -> list[Mail]:
    with database.connection_context():
        return list(Mail.select().order_by(Mail.id))


def play_bots(players: list[Player], game: str) -> None:
    """Every seat a random bot, taking turns in one thread until the game is over."""
    for _ in range(2000):
        made = sum(p.play_bot(game, "random", until_over=False) for p in players)
        if made == 0 and players[0].show(game)["status"] == "over":
            return
    raise AssertionError("the bots did not finish")


def expected_mail(export: dict[str, Any], emails: list[str]) -> list[tuple[str, str]]:
    """What the log says must have been mailed, in order: (kind, address)."""
    out: list[tuple[str, str]] = []
    to_move = None
    for entry in export["entries"]:
        body = entry["body"]
        if entry["type"] == "start":
            to_move = body["to_move"]
            out += [("turn" if s == to_move else "start", a) for s, a in enumerate(emails)]
        elif entry["type"] == "move":
            if "result" in body:
                out += [("over", a) for a in emails]
            elif body["to_move"] != to_move:
                to_move = body["to_move"]
                out.append(("turn", emails[to_move]))
    return out


def test_a_bot_game_over_http_mails_the_right_people_in_order(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, inbox: Inbox
) -> None:
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("magier", {"move_limit": 3}, seats=2, join=True)["id"]
    bo.join(game)
    play_bots([ada, bo], game)
    export = ada.export(game)
    assert export["entries"][-1]["type"] == "reveal"

    counts = send(Sender(smtp.config(live_server.data_dir)))
    expected = expected_mail(export, ["ada@example.org", "bo@example.org"])
    assert counts == {"sent": len(expected), "retry": 0, "failed": 0}
    got = [(m["X-Pbem-Kind"], rcpt[0]) for _, rcpt, m in inbox.messages]
    assert got == expected
    assert [m["To"].addresses[0].addr_spec for _, _, m in inbox.messages] == [a for _, a in expected]
    assert {sender for sender, _, _ in inbox.messages} == {"pbem@example.org"}
    assert len(set(inbox.ids)) == len(expected)  # every mail its own Message-ID, none twice
    title = engines.get("magier").title
    for _, _, msg in inbox.messages:
        assert msg["In-Reply-To"] == f"<game-{game}@localhost>"
        assert msg["References"] == f"<game-{game}@localhost>"
        assert msg["Message-ID"].startswith(f"<{msg['X-Pbem-Kind']}.{game}.")
        assert msg["List-Unsubscribe"].startswith(f"<{live_server.url}/v1/mail/unsubscribe/")
        text = msg.get_content()
        if msg["X-Pbem-Kind"] == "turn":
            assert f"It is your turn in game {game} ({title}, 2 players)." in text and f"`pbem show {game}`" in text
            assert "Scores: ada " in text and "To move: " in text
        if msg["X-Pbem-Kind"] == "over":
            assert f"pbem export {game} -o {game}.json" in text and f"pbem audit {game}.json" in text
    # the moves since the player's last in words, with names (placements name no concealed value)
    last_turn = [m for _, _, m in inbox.messages if m["X-Pbem-Kind"] == "turn"][-1].get_content()
    assert "Since your last move:" in last_turn
    assert "ada (red) moved " in last_turn or "bo (black) moved " in last_turn
    assert send(Sender(smtp.config(live_server.data_dir))) == {"sent": 0, "retry": 0, "failed": 0}
    assert len(inbox.messages) == len(expected)


def test_smtp_down_during_a_game_mail_waits_and_nothing_is_lost_or_doubled(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, inbox: Inbox
) -> None:
    clock = Clock()
    sender = Sender(smtp.config(live_server.data_dir), clock)
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("toy", {"rounds": 3}, seats=2, join=True)["id"]
    bo.join(game)
    assert send(sender)["sent"] == 2  # start: ada's turn, bo's start
    smtp.stop()  # the SMTP server goes down in the middle of the game
    ada.play_bot(game, "random", until_over=False)
    assert send(sender) == {"sent": 0, "retry": 1, "failed": 0}
    bo.play_bot(game, "random", until_over=False)
    clock.advance(30)  # before the retry is due: the new row is tried, the old one waits
    assert send(sender) == {"sent": 0, "retry": 1, "failed": 0}
    clock.advance(90)
    assert send(sender) == {"sent": 0, "retry": 2, "failed": 0}
    waiting = [r for r in outbox() if r.status == "pending"]
    assert [r.attempts for r in waiting] == [2, 2] and all("cannot reach SMTP" in r.last_error for r in waiting)
    assert all(r.next_try > clock.now for r in waiting)  # backed off: 2 minutes after 2 attempts
    play_bots([ada, bo], game)  # the game ends while mail cannot go out
    smtp.start()  # back
    clock.advance(3600)
    counts = send(sender)
    rows = outbox()
    assert counts == {"sent": len(rows) - 2, "retry": 0, "failed": 0}
    assert all(r.status == "sent" for r in rows)
    assert inbox.ids == [notices_message_id(r) for r in rows]  # each once, in order
    assert len(set(inbox.ids)) == len(rows)
    clock.advance(3600)
    assert send(sender) == {"sent": 0, "retry": 0, "failed": 0}
    export = ada.export(game)
    assert [(m["X-Pbem-Kind"], rcpt[0]) for _, rcpt, m in inbox.messages] == expected_mail(
        export, ["ada@example.org", "bo@example.org"]
    )


def notices_message_id(row: Mail) -> str:
    return email.message_from_string(row.message, policy=email.policy.default)["Message-ID"]


def test_a_refused_recipient_fails_for_good_and_a_busy_one_is_retried(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, inbox: Inbox
) -> None:
    inbox.refuse = {"gone@example.org": "550 5.1.1 no such user", "busy@example.org": "451 4.2.1 try later"}
    clock = Clock()
    sender = Sender(smtp.config(live_server.data_dir), clock)
    gone, busy = make_player("gone"), make_player("busy")
    game = gone.new_game("toy", {"rounds": 1}, seats=2, join=True)["id"]
    busy.join(game)
    assert send(sender) == {"sent": 0, "retry": 1, "failed": 1}
    by_to = {r.to_addr: r for r in outbox()}
    assert by_to["gone@example.org"].status == "failed" and "550" in by_to["gone@example.org"].last_error
    assert by_to["busy@example.org"].status == "pending" and by_to["busy@example.org"].attempts == 1
    inbox.refuse = {}
    clock.advance(61)
    assert send(sender) == {"sent": 1, "retry": 0, "failed": 0}
    assert [rcpt for _, rcpt, _ in inbox.messages] == [["busy@example.org"]]


def test_the_sender_loop_runs_with_an_injected_clock_and_sleep(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, inbox: Inbox
) -> None:
    from server.http.app import create_app

    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("toy", {"rounds": 1}, seats=2, join=True)["id"]
    smtp.stop()
    bo.join(game)
    app = create_app({
        "DATA_DIR": str(live_server.data_dir), "SMTP_HOST": "127.0.0.1", "SMTP_PORT": smtp.port,
        "SMTP_SECURITY": "none", "MAIL_FROM": "pbem <pbem@example.org>",
    })
    clock = Clock()
    slept: list[float] = []

    def sleep(seconds: float) -> None:  # no real sleeping: time moves on, and SMTP comes back
        slept.append(seconds)
        clock.advance(seconds)
        if len(slept) == 2:
            smtp.start()

    loop = MailLoop(app, clock=clock, sleep=sleep, interval=45)
    loop.run(rounds=4)
    assert slept == [45, 45, 45]
    assert [r.status for r in outbox()] == ["sent", "sent"]
    assert len(inbox.messages) == 2


def test_two_sender_processes_on_one_postgresql_never_send_a_row_twice(tmp_path: Path, inbox: Inbox) -> None:
    from tests.server.conftest import make_app

    inbox.delay = 0.01
    smtp = Smtp(inbox)
    smtp.start()
    try:
        app = make_app(tmp_path, "postgres")
        url = app.config["DATABASE_URL"]
        settings = app.extensions["pbem.ledger"].mail
        n = 90
        with database.connection_context():
            now = utcnow()
            for i in range(n):
                rcpt = f"p{i}@example.org"
                msg = compose.compose(
                    settings, kind="turn", to_name=None, to_addr=rcpt, subject=f"mail {i}", text=f"mail {i}\n",
                    msg_id=f"<load.{i}@example.org>", game_id=None, account_id=None, when=now,
                )
                Mail.create(to_addr=rcpt, kind="turn", message=compose.as_text(msg), key=f"load:{i}", created=now, next_try=now)
        env = {
            **os.environ, "DATABASE_URL": url, "PBEM_SMTP_HOST": "127.0.0.1", "PBEM_SMTP_PORT": str(smtp.port),
            "PBEM_SMTP_SECURITY": "none", "PBEM_MAIL_FROM": "pbem <pbem@example.org>",
            "PBEM_PUBLIC_URL": "https://pbem.example.org",  # a sender makes mail: it needs the URL
        }
        exe = Path(sys.executable).parent / "pbem-server"
        procs = [
            subprocess.Popen([str(exe), "mail", "--once", "--data-dir", str(tmp_path / "data")], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for _ in range(3)
        ]
        outputs = [p.communicate(timeout=120) for p in procs]
        assert [p.returncode for p in procs] == [0, 0, 0], outputs
    finally:
        smtp.stop()
    assert sorted(inbox.ids) == sorted(f"<load.{i}@example.org>" for i in range(n))  # each exactly once
    with database.connection_context():
        assert Mail.select().where(Mail.status == "sent").count() == n
        assert {r.attempts for r in Mail.select()} == {1}
    assert len(inbox.sessions) >= 2, "the senders did not overlap: the test proved nothing"


def test_two_sender_threads_on_sqlite_never_send_a_row_twice(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, inbox: Inbox
) -> None:
    inbox.delay = 0.005
    players = [make_player(f"p{i}") for i in range(4)]
    for a, b in ((0, 1), (2, 3), (1, 2)):
        game = players[a].new_game("toy", {"rounds": 2}, seats=2, join=True)["id"]
        players[b].join(game)
        play_bots([players[a], players[b]], game)
    rows = outbox()
    cfg = smtp.config(live_server.data_dir)
    results: list[dict[str, int]] = []
    barrier = threading.Barrier(3)

    def run() -> None:
        barrier.wait()
        results.append(send(Sender(cfg)))

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sum(r["sent"] for r in results) == len(rows)
    assert sorted(inbox.ids) == sorted(notices_message_id(r) for r in outbox())  # as composed and sent
    assert len(results) == 3  # every sender finished (on SQLite they take turns, BEGIN IMMEDIATE)


def test_pbem_notify_and_whoami(live_server: LiveServer, make_player: Callable[[str], Player]) -> None:
    from client.cli import app

    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("toy", {}, seats=2, join=True)["id"]
    bo.join(game)
    env = {"PBEM_HOME": str(ada.store.home)}

    def run(*args: str) -> str:
        result = CliRunner().invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result.output

    assert "mail: all (every mail); muted games: none" in run("notify")
    assert "mail: digest" in run("notify", "digest")
    assert f"muted games: {game}" in run("notify", game, "--mute")
    assert f"game {game} is muted" in run("notify", game)
    who = run("whoami")
    assert "ada" in who and "ada@example.org" in who and live_server.url in who and "mail   digest" in who
    import json

    data = json.loads(run("whoami", "--json"))
    assert data["notify"] == "digest" and data["muted"] == [game] and len(data["fingerprint"]) == 19
    assert json.loads(run("notify", game, "--unmute", "--json"))["muted"] == []
    bad = CliRunner().invoke(app, ["notify", "weekly", "--mute"], env=env)
    assert bad.exit_code == 1 and "no such game" in bad.output
    # an invitation by address through the client
    third = ada.new_game("toy", {"rounds": 3}, seats=2, join=True)["id"]
    assert "zoe@example.org" in run("invite", third, "zoe@example.org")
    assert [i.get("email") for i in ada.summary(third)["invited"]] == ["z...@example.org"]


def make_ca_and_cert(tmp: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a certificate for 127.0.0.1 signed by it (ca.pem, cert.pem, key.pem)."""
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    def name(cn: str) -> x509.Name:
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])

    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder().subject_name(name("pbem test CA")).issuer_name(name("pbem test CA"))
        .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1)).not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder().subject_name(name("127.0.0.1")).issuer_name(ca.subject)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1)).not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = tmp / "ca.pem", tmp / "cert.pem", tmp / "key.pem"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ))
    return paths


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")  # implicit TLS is TLS
@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_starttls_and_implicit_tls_with_login_verify_the_server(
    live_server: LiveServer, make_player: Callable[[str], Player], tmp_path: Path, security: str
) -> None:
    import ssl

    from aiosmtpd.smtp import AuthResult, LoginPassword

    ca, cert, key = make_ca_and_cert(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    logins: list[tuple[Any, Any]] = []

    def authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) in ((b"pbem", b"s3cret"), ("pbem", "s3cret"))
        logins.append((data.login, data.password))
        return AuthResult(success=ok)

    inbox = Inbox()
    port = free_port()
    # aiosmtpd does not count implicit TLS as TLS for AUTH: allow it there (the socket is TLS).
    tls = (
        {"tls_context": context, "require_starttls": True} if security == "starttls"
        else {"ssl_context": context, "auth_require_tls": False}
    )
    controller = Controller(
        inbox, hostname="127.0.0.1", port=port, authenticator=authenticate, auth_required=True, **tls
    )
    controller.start()
    try:
        ada, bo = make_player("ada"), make_player("bo")
        game = ada.new_game("toy", {"rounds": 1}, seats=2, join=True)["id"]
        bo.join(game)
        base = SmtpConfig(
            host="127.0.0.1", port=port, security=security, user="pbem", password="s3cret",
            mail_from="pbem <pbem@example.org>", timeout=5, outbox_dir=tmp_path / "outbox",
        )
        clock = Clock()
        # Without the CA, the server's certificate does not verify: nothing goes, nothing is lost.
        assert send(Sender(base, clock)) == {"sent": 0, "retry": 2, "failed": 0}
        assert all("CERTIFICATE_VERIFY_FAILED" in (r.last_error or "") for r in outbox())
        good = SmtpConfig(**{**base.__dict__, "cafile": str(ca)})
        clock.advance(3600)
        assert send(Sender(good, clock)) == {"sent": 2, "retry": 0, "failed": 0}
    finally:
        controller.stop()
    assert [rcpt for _, rcpt, _ in inbox.messages] == [["ada@example.org"], ["bo@example.org"]]
    assert len(logins) == 1  # logged in once, with the password (aiosmtpd refuses mail without)


def outbox_files_once_over(outbox_dir: Path, players: int, timeout: float = 30) -> list[Path]:
    """The outbox's .eml files once every player's game-over mail is among them. The sender
    thread writes a round's files one by one, so a look between two of them sees the first
    game-over mail without the second: wait for all of them, not for the first."""
    deadline = time.monotonic() + timeout
    while True:
        files = sorted(outbox_dir.glob("*.eml")) if outbox_dir.exists() else []
        if sum(f.name.endswith("-over.eml") for f in files) >= players:
            return files
        if time.monotonic() > deadline:
            kinds = [f.stem.rsplit("-", 1)[-1] for f in files]
            raise AssertionError(f"no {players} game-over mails after {timeout} s; the outbox has {kinds}")
        time.sleep(0.2)  # the thread's round comes every second


def test_pbem_server_serve_runs_the_sender_thread(tmp_path: Path) -> None:
    """The real `pbem-server serve` (gunicorn master, two forked workers): its mail thread
    writes the outbox as .eml files (no SMTP) while the workers serve the game."""
    from client.demo import start_server

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_SMTP_", "DATABASE_URL"))}
    env |= {"PBEM_MAIL_INTERVAL": "1", "PBEM_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    server = start_server(tmp_path / "data", port, workers=2, env=env)
    try:
        url = f"http://127.0.0.1:{port}"
        ada, bo = Player(tmp_path / "ada"), Player(tmp_path / "bo")
        ada.init_account(url, "ada", "ada@example.org")
        bo.init_account(url, "bo", "bo@example.org")
        game = ada.new_game("magier", {"move_limit": 1}, seats=2, join=True)["id"]
        bo.join(game)
        play_bots([ada, bo], game)
        files = outbox_files_once_over(tmp_path / "data" / "outbox", players=2)
    finally:
        server.terminate()
        server.wait(timeout=10)
    kinds = [f.stem.rsplit("-", 1)[-1] for f in files]
    assert kinds[:2] == ["turn", "start"] and kinds[-2:] == ["over", "over"], kinds
    first = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    assert first["List-Unsubscribe"].startswith(f"<http://127.0.0.1:{port}/v1/mail/unsubscribe/")
    assert f"It is your turn in game {game}" in first.get_content()
