"""`pbem-server`: run the server (Flask's own server or gunicorn) on the embedded database."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path
from typing import Any

from protocol.numbers import INT32_MAX, NotANumber, whole
from server.store.backup import BackupError
from server.store.migrations import SchemaError

DATA_DIR_HELP = "the server's data dir: the SQLite database unless DATABASE_URL (default: $PBEM_DATA_DIR or %(default)s)"


def number(name: str, lowest: int, highest: int) -> Any:
    """An argparse type: the option's text read by protocol.numbers (no "٣", " 3", "1_0", 5,000 digits)."""

    def read(text: str) -> int:
        try:
            return whole(text, name, lowest, highest)
        except NotANumber as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def _versions_text() -> str:
    from protocol.versions import lines, statement

    return "\n".join(lines(statement(), schema=True))


class _PrintVersions(argparse.Action):
    """`pbem-server --version`: printed before the subcommand argparse would otherwise require."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(_versions_text())
        parser.exit(0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-server", description="The pbem turn server.")
    parser.add_argument(
        "--version", action=_PrintVersions, nargs=0,
        help="print pbem's version, the log format, the engine versions and the database schema it writes and reads, and exit",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    shown = sub.add_parser("version", help="what --version prints; --json: as GET /v1/version answers it")
    shown.add_argument("--json", action="store_true", dest="as_json", help="print it as JSON")
    serve = sub.add_parser("serve", help="serve the JSON API (gunicorn, SQLite in the data dir unless DATABASE_URL)")
    serve.add_argument(
        "--host", default="127.0.0.1", metavar="ADDRESS",
        help="the address to listen on (default: %(default)s, this machine only; 0.0.0.0 for every "
        "interface, but put a reverse proxy with TLS in front, see the README's Hosting)",
    )
    serve.add_argument("--port", type=number("--port", 0, 65535), default=8470, metavar="PORT", help="the TCP port (default: %(default)s)")
    serve.add_argument(
        "--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"), metavar="DIR",
        help="where the server's signing key, the SQLite database and the control socket live "
        "(default: $PBEM_DATA_DIR or %(default)s)",
    )
    serve.add_argument("--workers", type=number("--workers", 1, 1024), default=2, metavar="N", help="gunicorn worker processes (default: %(default)s)")
    serve.add_argument(
        "--control-socket", metavar="PATH", default=None,
        help="gunicorn's control socket (default: gunicorn.ctl in the data dir, so two servers on one "
        "machine never share one)",
    )
    serve.add_argument("--no-control-socket", action="store_true", help="run gunicorn without a control socket")
    serve.add_argument("--dev", action="store_true", help="Flask's development server instead of gunicorn (not for players)")
    serve.add_argument("--no-mail", action="store_true", help="no mail sender thread (run `pbem-server mail` elsewhere)")
    serve.add_argument(
        "--rate-limit", metavar="N/SECONDS", default=os.environ.get("PBEM_RATE_LIMIT", "off"),
        help="at most N requests per SECONDS for each account (each address for unsigned requests) "
        "and worker process, e.g. 600/60; beyond: 429 with Retry-After (default: $PBEM_RATE_LIMIT or %(default)s)",
    )
    serve.add_argument(
        "--max-body", metavar="BYTES", type=number("--max-body (or PBEM_MAX_CONTENT_LENGTH)", 0, INT32_MAX),
        default=os.environ.get("PBEM_MAX_CONTENT_LENGTH", str(64 * 1024)),  # a text default: read by type too
        help="the largest request body accepted; larger: 413 (default: $PBEM_MAX_CONTENT_LENGTH or %(default)s)",
    )
    serve.add_argument(
        "--no-request-log", action="store_true",
        help="no JSON line per request on stderr (method, path, game, seat, status, ms)",
    )
    jobs_commands(sub)
    db_cmd = sub.add_parser("db", help="the database's schema version: show it, or upgrade it")
    db_cmd.add_argument("action", choices=["upgrade", "version"], help="upgrade: apply the missing migrations in order; version: show it")
    db_cmd.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"), metavar="DIR", help=DATA_DIR_HELP)
    backup = sub.add_parser("backup", help="copy the SQLite database while the server runs (PostgreSQL: says the pg_dump line)")
    backup.add_argument("path", metavar="PATH", help="the file to write the copy to")
    backup.add_argument("--force", action="store_true", help="replace PATH if it exists")
    backup.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"), metavar="DIR", help=DATA_DIR_HELP)
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except (SchemaError, BackupError) as exc:
        print(f"pbem-server {args.command}: {exc}", file=sys.stderr)
        return 1


def jobs_commands(sub: Any) -> None:
    """The parsers of server/jobs.py's commands, made here so that `pbem-server --help`, `db` and
    `backup` do not import the app."""
    mail = sub.add_parser("mail", help="send the outbox's mail (SMTP from PBEM_SMTP_*, else .eml files)")
    mail.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"))
    mail.add_argument("--once", action="store_true", help="send what is due, then exit")
    mail.add_argument("--interval", type=float, default=None, help="seconds between rounds (default 30)")
    outbox = sub.add_parser("outbox", help="list the mail waiting and sent")
    outbox.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"))
    outbox.add_argument("--limit", type=number("--limit", 0, INT32_MAX), default=50, help="newest rows to list (0: all)")
    outbox.add_argument("--status", choices=["pending", "sending", "sent", "failed"], default=None)
    outbox.add_argument("--json", action="store_true", dest="as_json")
    cmd = sub.add_parser("tick", help="do what the deadlines make due now (reminders, warnings, expiry), once")
    cmd.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"))
    cmd.add_argument("--json", action="store_true", dest="as_json", help="print what was done as JSON")
    cmd.add_argument("--now", default=None, help="act as if it were this UTC time (YYYY-MM-DDTHH:MM:SSZ)")
    cmd = sub.add_parser(
        "inbox",
        help="play the moves players sent by email (a Maildir, an mbox, or one message on stdin)",
    )
    cmd.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"))
    where = cmd.add_mutually_exclusive_group()
    where.add_argument("--maildir", default=None, help="read every message of this Maildir")
    where.add_argument("--mbox", default=None, help="read every message of this mbox file")
    cmd.add_argument("--json", action="store_true", dest="as_json", help="print one JSON line per message")


def _database(data_dir: str):  # noqa: ANN202 - a peewee Database, imported lazily
    """The database the server at `data_dir` uses (DATABASE_URL as create_app reads it), unchecked."""
    from server.http.app import config_from_env
    from server.store.models import connect_database

    return connect_database(config_from_env().get("DATABASE_URL"), Path(data_dir))


def _run(args: argparse.Namespace) -> int:
    if args.command in ("mail", "outbox", "tick", "inbox"):
        from server import jobs  # it builds the app, which `db` and `backup` need not import

        return jobs.run(args)
    if args.command == "version":
        from protocol.canonical import canonical
        from protocol.versions import statement

        print(canonical(statement()).decode() if args.as_json else _versions_text())
        return 0
    if args.command == "db":
        return _db(args)
    if args.command == "backup":
        from server.store import backup

        print(backup.run(_database(args.data_dir), args.path, args.force))
        return 0

    os.environ["PBEM_DATA_DIR"] = args.data_dir
    os.environ["PBEM_RATE_LIMIT"] = args.rate_limit
    os.environ["PBEM_MAX_CONTENT_LENGTH"] = str(args.max_body)
    os.environ["PBEM_REQUEST_LOG"] = "0" if args.no_request_log else "1"
    _preflight(args.data_dir)
    _fix_public_url(args.host, args.port)
    if not args.no_mail:
        _start_mail_thread()
    if args.dev:
        from server.http.app import create_app

        create_app().run(host=args.host, port=args.port)
        return 0
    from gunicorn.app.wsgiapp import run

    sys.argv = gunicorn_argv(args)
    run()
    return 0


def bind_url(host: str, port: int) -> str:
    """The URL of this server as its own --host and --port say: a wildcard address (every
    interface) is named by the machine's name, an IPv6 address in brackets."""
    if host in ("", "0.0.0.0", "::"):
        host = socket.getfqdn() or "localhost"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def _fix_public_url(host: str, port: int) -> None:
    """Without PBEM_PUBLIC_URL, fix the server's public URL now, from its own configuration
    (--host, --port), and say so: every link in mail and on the pages starts with it, never
    with a request's Host header. The workers and the mail thread inherit it."""
    if os.environ.get("PBEM_PUBLIC_URL"):
        return
    url = bind_url(host, port)
    os.environ["PBEM_PUBLIC_URL"] = url
    print(
        f"pbem-server serve: PBEM_PUBLIC_URL is not set: the links in mail and on the pages say {url} "
        "(this server's --host and --port); behind a proxy, or for players on other machines, set "
        "PBEM_PUBLIC_URL to the URL they reach it at, for `pbem-server mail`, `tick` and `inbox` too",
        file=sys.stderr, flush=True,
    )


def _preflight(data_dir: str) -> None:
    """Check the configuration and the schema once, before gunicorn starts workers that would
    each fail on it: a SchemaError ("run pbem-server db upgrade") ends serve with its message."""
    from server.http.app import config_from_env
    from server.http.ratelimit import parse_limit
    from server.mail.addressing import public_url_of
    from server.store.migrations import ensure

    try:
        parse_limit(config_from_env().get("RATE_LIMIT"))
        public_url_of(config_from_env())
    except ValueError as exc:
        raise SystemExit(f"pbem-server serve: {exc}") from None
    ensure(_database(data_dir))


def _db(args: argparse.Namespace) -> int:
    from server.store import migrations

    db = _database(args.data_dir)
    if args.action == "version":
        with db.connection_context():
            found = migrations.stored_version(db)
        said = "no pbem tables yet" if found is None else f"schema version {found}"
        print(f"{said}; this pbem-server knows version {migrations.CURRENT}")
        return 0 if found in (None, migrations.CURRENT) else 1
    found, applied = migrations.upgrade(db)
    if found is None:
        print(f"the database was empty: made its tables at schema version {migrations.CURRENT}")
    elif applied:
        print(f"upgraded the database from schema version {found} to {applied[-1]}")
    else:
        print(f"the database is at schema version {found} already: nothing to do")
    return 0


def gunicorn_argv(args: argparse.Namespace) -> list[str]:
    """gunicorn's command line for `serve`: its control socket is in the data dir (gunicorn's own
    default, ~/.gunicorn/gunicorn.ctl, would be shared by every server the user runs)."""
    argv = [
        "gunicorn",
        "--bind", f"{args.host}:{args.port}",
        "--workers", str(args.workers),
        "--config", "python:server.gunicorn_conf",  # a worker ends with its master
    ]  # no gunicorn access log: the app logs one JSON line per request (server/http/requestlog.py)
    if args.no_control_socket:
        argv.append("--no-control-socket")
    else:
        os.makedirs(args.data_dir, exist_ok=True)
        socket = args.control_socket or os.path.join(os.path.abspath(args.data_dir), "gunicorn.ctl")
        argv += ["--control-socket", socket]
    return [*argv, "server.http.app:create_app()"]


def _start_mail_thread() -> None:
    """The outbox sender, digests and sweeper in a thread of this process (the gunicorn master).
    Without a connection pool: the master forks workers, and mailer.FORK_LOCK keeps the
    thread's connection closed across a fork, which a pool's idle connections would not be."""
    from server.http.app import create_app
    from server.mail import mailer

    mailer.start_thread(create_app({"DATABASE_POOL": 0}))


if __name__ == "__main__":
    raise SystemExit(main())
