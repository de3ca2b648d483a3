"""The outbox sender: delivers pending `Mail` rows over SMTP, each exactly once.

Claiming: one row at a time. On PostgreSQL, in a transaction that holds the row's lock
while the message goes out (`SELECT ... FOR UPDATE SKIP LOCKED`, so several senders on
several hosts share the work and never take the same row) and marks it sent before it
commits. On SQLite, a BEGIN IMMEDIATE transaction serialises the claimers; it marks the
row "sending" for a lease (LEASE) and commits, so the database's single write lock is
not held during SMTP; the row is marked sent right after. A row is sent once, or, if the
SMTP server refuses or is down, stays pending with its attempt counted and its next try
pushed back exponentially (nothing is lost). A permanent refusal (5xx) marks it failed.
A sender killed between the SMTP server's "250 accepted" and its own commit leaves the
row to be sent again (on PostgreSQL at once, on SQLite when the lease runs out): that
window, milliseconds wide, is the only way a mail can arrive twice.

With no SMTP host configured, each message is written as a .eml file under
DATA_DIR/outbox/ and marked sent.

`MailLoop` runs the sender, the daily digest (server.mail.digest.digest) and, if the
module exists, `server.clock.sweeper.tick()` (deadlines), with an injectable clock and sleep.
`pbem-server serve` starts it in a thread of the gunicorn master; `pbem-server mail`
runs it on its own (`--once`: what is due, then exit); `pbem-server outbox` lists rows.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import smtplib
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import parseaddr
from pathlib import Path
from typing import Any

import peewee as pw

from server.clock import sweeper
from server.mail import addressing, causes, compose, digest
from server.store.models import Mail, database, utcnow

log = logging.getLogger(__name__)

# Config keys (read from PBEM_<KEY> like the others, see server/http/app.py).
MAIL_DEFAULTS: dict[str, Any] = {
    "SMTP_HOST": None,
    "SMTP_PORT": 0,  # 0: 587 for starttls, 465 for tls, 25 for none
    "SMTP_SECURITY": "starttls",  # starttls | tls | none
    "SMTP_USER": None,
    "SMTP_PASSWORD": None,
    "SMTP_TIMEOUT": 30,
    "SMTP_CAFILE": None,  # CA bundle to verify the SMTP server with (default: the system's)
    "MAIL_FROM": None,  # default: pbem <pbem@HOST of PUBLIC_URL>
    "PUBLIC_URL": None,  # the start of every link in mail and on the pages; unset: addressing.DEFAULT_PUBLIC_URL
    "MAIL_SECRET": None,  # default: derived from the server key
    "CLIENT_INSTALL": None,  # how an invited address installs pbem (addressing.DEFAULT_INSTALL if unset)
    "MAIL_INTERVAL": 30,  # seconds between rounds of the sender loop
}
SECURITY = ("starttls", "tls", "none")
BACKOFF_FIRST = 60  # seconds before the first retry; doubles each attempt
BACKOFF_MAX = 3600
BATCH = 200  # rows per round at most
LEASE = dt.timedelta(minutes=10)  # SQLite: a claimed row is another sender's again after this


def backoff(attempts: int) -> dt.timedelta:
    """The wait after the n-th failed attempt: 1, 2, 4, ... minutes, at most an hour."""
    return dt.timedelta(seconds=min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** max(0, attempts - 1)))


@dataclass(frozen=True)
class SmtpConfig:
    host: str | None
    port: int
    security: str
    user: str | None
    password: str | None
    mail_from: str
    timeout: float
    outbox_dir: Path
    cafile: str | None = None

    @classmethod
    def from_config(cls, config: Any, mail_from: str) -> SmtpConfig:
        security = str(config.get("SMTP_SECURITY") or "starttls").lower()
        if security not in SECURITY:
            raise ValueError(f"PBEM_SMTP_SECURITY={security!r}: one of {', '.join(SECURITY)}")
        port = int(config.get("SMTP_PORT") or 0) or {"starttls": 587, "tls": 465, "none": 25}[security]
        return cls(
            host=config.get("SMTP_HOST") or None,
            port=port,
            security=security,
            user=config.get("SMTP_USER") or None,
            password=config.get("SMTP_PASSWORD") or None,
            mail_from=mail_from,
            timeout=float(config.get("SMTP_TIMEOUT") or 30),
            outbox_dir=Path(config["DATA_DIR"]) / "outbox",
            cafile=config.get("SMTP_CAFILE") or None,
        )


class Transient(Exception):
    """Try again later (the server is down, a 4xx)."""


class Permanent(Exception):
    """Never deliverable as it is (a 5xx for the recipient or the message)."""


class SmtpTransport:
    """One SMTP connection, opened lazily, kept for a round, closed at its end."""

    def __init__(self, cfg: SmtpConfig) -> None:
        self.cfg = cfg
        self.conn: smtplib.SMTP | None = None

    def open(self) -> None:
        cfg = self.cfg
        conn: smtplib.SMTP | None = None
        try:
            context = ssl.create_default_context(cafile=cfg.cafile)  # the certificate is verified
            if cfg.security == "tls":
                conn = smtplib.SMTP_SSL(cfg.host or "", cfg.port, timeout=cfg.timeout, context=context)
            else:
                conn = smtplib.SMTP(cfg.host or "", cfg.port, timeout=cfg.timeout)
                if cfg.security == "starttls":
                    conn.starttls(context=context)
            if cfg.user:
                conn.login(cfg.user, cfg.password or "")
        except smtplib.SMTPAuthenticationError as exc:
            _close(conn)
            raise Transient(f"SMTP login refused: {exc.smtp_code} {_text(exc.smtp_error)}") from exc
        except (OSError, smtplib.SMTPException) as exc:
            _close(conn)
            raise Transient(f"cannot reach SMTP {cfg.host}:{cfg.port}: {exc}") from exc
        self.conn = conn

    def send(self, to_addr: str, message: str) -> None:
        if self.conn is None:
            self.open()
        assert self.conn is not None
        sender = parseaddr(self.cfg.mail_from)[1] or self.cfg.mail_from
        data = message.replace("\r\n", "\n").replace("\n", "\r\n").encode("ascii", "replace")
        try:
            refused = self.conn.sendmail(sender, [compose.wire_address(to_addr)], data)
        except smtplib.SMTPRecipientsRefused as exc:
            code, why = next(iter(exc.recipients.values()))
            raise (Permanent if code >= 500 else Transient)(f"{code} {_text(why)}") from exc
        except smtplib.SMTPResponseException as exc:
            self._drop()
            raise (Permanent if exc.smtp_code >= 500 else Transient)(
                f"{exc.smtp_code} {_text(exc.smtp_error)}"
            ) from exc
        except (OSError, smtplib.SMTPException) as exc:
            self._drop()
            raise Transient(f"SMTP failed: {exc}") from exc
        if refused:  # pragma: no cover - one recipient: refused raises above
            raise Transient(str(refused))

    def _drop(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass

    def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            try:
                conn.quit()
            except (OSError, smtplib.SMTPException):
                conn.close()


class FileTransport:
    """No SMTP configured: each message becomes DATA_DIR/outbox/<created>-<id>-<kind>.eml."""

    def __init__(self, directory: Path) -> None:
        self.dir = directory

    def write(self, row: Mail) -> Path:
        self.dir.mkdir(parents=True, exist_ok=True)
        created = row.created.strftime("%Y%m%dT%H%M%S") if row.created else "0"
        path = self.dir / f"{created}-{row.id:06d}-{row.kind}.eml"
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(row.message, encoding="ascii", errors="replace")
        os.replace(tmp, path)
        return path

    def close(self) -> None:
        pass


FORGOTTEN = "(This invitation's text held its one-time token: the outbox keeps no copy once it is sent.)\n"


def forget_token(row: Mail) -> None:
    """A sent invitation to an address keeps its headers, not its text: the text holds the token
    that takes the seat, which the server otherwise keeps as a hash only (invitations.py)."""
    if row.kind == "invite" and row.account_id is None:
        head, _, _ = row.message.partition("\n\n")
        row.message = head + "\n\n" + FORGOTTEN


def _close(conn: smtplib.SMTP | None) -> None:
    if conn is not None:
        try:
            conn.close()
        except OSError:
            pass


def _text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _postgres() -> bool:
    return isinstance(database.obj, pw.PostgresqlDatabase)


def _due(now: dt.datetime) -> Any:
    """Rows to send now: pending ones whose time has come, and (SQLite) ones whose sender
    claimed them but died before it could say how it went (their lease ran out)."""
    return (Mail.status.in_(("pending", "sending"))) & (Mail.next_try <= now)


def _claim(now: dt.datetime, after_id: int) -> Mail | None:
    """The next due row, locked for this transaction (others skip it on PostgreSQL)."""
    query = (
        Mail.select()
        .where(_due(now) & (Mail.id > after_id))
        .order_by(Mail.id)
        .limit(1)
    )
    if _postgres():
        query = query.for_update("FOR UPDATE SKIP LOCKED")
    return query.first()


class Sender:
    """Deliver what is due, composing a queued cause first (server/mail/causes.py). `clock` gives
    naive UTC datetimes (models.utcnow); `settings`, the mail settings to compose with when the
    server that queued a row registered none in this process."""

    def __init__(
        self, cfg: SmtpConfig, clock: Callable[[], dt.datetime] = utcnow, settings: addressing.MailSettings | None = None
    ) -> None:
        self.cfg = cfg
        self.clock = clock
        self.settings = settings

    def send_due(self, limit: int = BATCH) -> dict[str, int]:
        """One round: every due row at most once. Returns counts of sent, retry, failed."""
        counts = {"sent": 0, "retry": 0, "failed": 0}
        now = self.clock()
        if not Mail.select().where(_due(now)).exists():
            return counts
        transport: SmtpTransport | FileTransport
        if self.cfg.host:
            transport = SmtpTransport(self.cfg)
            try:
                transport.open()  # before any row lock: a slow or dead server blocks no one
            except Transient as exc:
                counts["retry"] += self._postpone_all(now, str(exc))
                return counts
        else:
            transport = FileTransport(self.cfg.outbox_dir)
        last = 0
        try:
            for _ in range(limit):
                if _postgres():
                    # The row stays locked (FOR UPDATE) while it is composed and sent; other
                    # senders skip it. Its message and move token commit with its new status.
                    with database.atomic():
                        row = _claim(now, last)
                        if row is None:
                            break
                        last = row.id
                        outcome = self._compose(row, now) or self._deliver(transport, row, now)
                else:
                    # SQLite: BEGIN IMMEDIATE makes claimers take turns; the claim is a lease
                    # ("sending" until now + LEASE), so the database's one write lock is not
                    # held while the mail is composed or the SMTP server takes its time, and
                    # moves are never kept waiting. A composed message (and its move token) is
                    # stored before it goes out: a reply can only come after it.
                    with database.atomic():
                        row = _claim(now, last)
                        if row is None:
                            break
                        last = row.id
                        row.status, row.next_try = "sending", now + LEASE
                        row.save()
                    outcome = self._compose(row, now, store=True) or self._deliver(transport, row, now)
                counts[outcome] += 1
                if outcome == "retry" and isinstance(transport, SmtpTransport) and transport.conn is None:
                    # The connection died: the rest waits for the next round (their next_try
                    # is not pushed back: they were never tried).
                    break
        finally:
            transport.close()
        return counts

    def _compose(self, row: Mail, now: dt.datetime, store: bool = False) -> str | None:
        """A queued cause becomes its message (None: go on and send it), or the row waits for
        the next try (a database hiccup) or fails for good (its game or account is gone). With
        `store` (SQLite: the claim's transaction has ended), the message is read outside any
        transaction and written in one of its own."""
        if not causes.to_compose(row):
            return None
        try:
            if store:
                composed = causes.compose(row, self.settings)  # reads only
                with database.atomic():
                    causes.composed_now(row, composed)
                    row.save()
            else:
                causes.composed_now(row, causes.compose(row, self.settings))
        except causes.Uncomposable as exc:
            row.status, row.attempts, row.last_error = "failed", row.attempts + 1, f"not composed: {exc}"[:1000]
            row.cause = row.state = None
            row.save()
            log.warning("mail %s to %s not composed: %s", row.id, row.to_addr, exc)
            return "failed"
        except Exception as exc:  # noqa: BLE001 - the row waits and is tried again, as a transient failure
            log.exception("mail %s to %s: composing failed", row.id, row.to_addr)
            row.status, row.attempts = "pending", row.attempts + 1
            row.next_try = now + backoff(row.attempts)
            row.last_error = f"not composed: {exc}"[:1000]
            row.save()
            return "retry"
        return None

    def _deliver(self, transport: SmtpTransport | FileTransport, row: Mail, now: dt.datetime) -> str:
        try:
            if isinstance(transport, FileTransport):
                transport.write(row)
            else:
                transport.send(row.to_addr, row.message)
        except Permanent as exc:
            row.status, row.attempts, row.last_error = "failed", row.attempts + 1, str(exc)[:1000]
            row.save()
            log.warning("mail %s to %s failed for good: %s", row.id, row.to_addr, exc)
            return "failed"
        except (Transient, OSError) as exc:
            row.status, row.attempts = "pending", row.attempts + 1
            row.next_try = now + backoff(row.attempts)
            row.last_error = str(exc)[:1000]
            row.save()
            return "retry"
        row.status, row.attempts, row.sent_at, row.last_error = "sent", row.attempts + 1, self.clock(), None
        forget_token(row)
        row.save()
        return "sent"

    @staticmethod
    def _postpone_all(now: dt.datetime, error: str) -> int:
        """The SMTP server cannot be reached: every due row counts an attempt and waits."""
        n = 0
        with database.atomic():
            query = Mail.select().where(_due(now)).order_by(Mail.id)
            if _postgres():
                query = query.for_update("FOR UPDATE SKIP LOCKED")
            for row in query:
                row.status, row.attempts = "pending", row.attempts + 1
                row.next_try = now + backoff(row.attempts)
                row.last_error = error[:1000]
                row.save()
                n += 1
        log.warning("mail: %s; %d message(s) wait", error, n)
        return n


class MailLoop:
    """send due mail, queue the digests, tick the sweeper; then sleep; repeat.

    Every round opens its own database connection and closes it before sleeping, and
    holds `FORK_LOCK` while it has one, so a gunicorn master forking a worker never
    hands it an open connection (see `install_fork_guard`).
    """

    def __init__(
        self,
        app: Any,
        clock: Callable[[], dt.datetime] = utcnow,
        sleep: Callable[[float], None] = time.sleep,
        interval: float | None = None,
    ) -> None:
        self.app = app
        self.clock = clock
        self.sleep = sleep
        self.settings: addressing.MailSettings = app.extensions["pbem.ledger"].mail
        self.cfg = SmtpConfig.from_config(app.config, self.settings.mail_from)
        self.sender = Sender(self.cfg, clock, self.settings)
        self.interval = float(interval if interval is not None else app.config.get("MAIL_INTERVAL") or 30)
        self.stopping = threading.Event()

    def round(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        with FORK_LOCK:
            opened = database.is_closed()
            if opened:
                database.connect()
            try:
                try:
                    out["tick"] = _call_tick(sweeper.tick, self.app, self.clock)
                except Exception:  # noqa: BLE001 - the mail must still go out
                    log.exception("sweeper tick failed")
                out["digests"] = digest.digest(self.settings, self.clock())
                out.update(self.sender.send_due())
            finally:
                if opened and not database.is_closed():
                    database.close()
        return out

    def run(self, once: bool = False, rounds: int | None = None) -> None:
        done = 0
        while not self.stopping.is_set():
            try:
                result = self.round()
                if any(result.get(k) for k in ("sent", "retry", "failed", "digests")):
                    log.info("mail round: %s", result)
            except Exception:  # noqa: BLE001 - a database hiccup must not end the loop
                if once:
                    raise
                log.exception("mail round failed")
            done += 1
            if once or (rounds is not None and done >= rounds):
                return
            self.sleep(self.interval)

    def stop(self) -> None:
        self.stopping.set()


def _call_tick(tick: Callable[..., Any], app: Any, clock: Callable[[], dt.datetime]) -> Any:
    """tick() as the sweeper defines it: with (app, now), (now) or nothing."""
    import inspect

    params = inspect.signature(tick).parameters
    with app.app_context():
        if "app" in params and "now" in params:
            return tick(app=app, now=clock())
        if "now" in params:
            return tick(now=clock())
        if "app" in params:
            return tick(app=app)
        return tick()


FORK_LOCK = threading.Lock()
_guarded = False


def install_fork_guard() -> None:
    """Forks (gunicorn starting a worker) wait until the mail thread holds no connection."""
    global _guarded
    if _guarded:
        return
    os.register_at_fork(before=FORK_LOCK.acquire, after_in_parent=FORK_LOCK.release, after_in_child=FORK_LOCK.release)
    _guarded = True


def start_thread(app: Any) -> tuple[threading.Thread, MailLoop]:
    """The sender loop in a daemon thread of this process (the gunicorn master)."""
    install_fork_guard()
    loop = MailLoop(app)
    thread = threading.Thread(target=loop.run, name="pbem-mail", daemon=True)
    thread.start()
    return thread, loop


# -- pbem-server mail / outbox --------------------------------------------------------------
