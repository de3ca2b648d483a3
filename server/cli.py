"""`pbem-server`: run the server (Flask's own server or gunicorn) on the embedded database."""

from __future__ import annotations

import argparse
import os
import sys

from server import inbox, mailer, sweeper


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-server", description="The pbem turn server.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the JSON API (gunicorn, SQLite in the data dir unless DATABASE_URL)")
    serve.add_argument(
        "--host", default="127.0.0.1", metavar="ADDRESS",
        help="the address to listen on (default: %(default)s, this machine only; 0.0.0.0 for every "
        "interface, but put a reverse proxy with TLS in front, see the README's Hosting)",
    )
    serve.add_argument("--port", type=int, default=8470, metavar="PORT", help="the TCP port (default: %(default)s)")
    serve.add_argument(
        "--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"), metavar="DIR",
        help="where the server's signing key, the SQLite database and the control socket live "
        "(default: $PBEM_DATA_DIR or %(default)s)",
    )
    serve.add_argument("--workers", type=int, default=2, metavar="N", help="gunicorn worker processes (default: %(default)s)")
    serve.add_argument(
        "--control-socket", metavar="PATH", default=None,
        help="gunicorn's control socket (default: gunicorn.ctl in the data dir, so two servers on one "
        "machine never share one)",
    )
    serve.add_argument("--no-control-socket", action="store_true", help="run gunicorn without a control socket")
    serve.add_argument("--dev", action="store_true", help="Flask's development server instead of gunicorn (not for players)")
    serve.add_argument("--no-mail", action="store_true", help="no mail sender thread (run `pbem-server mail` elsewhere)")
    mailer.add_commands(sub)
    sweeper.add_command(sub)
    inbox.add_command(sub)
    args = parser.parse_args(argv)
    if args.command in ("mail", "outbox"):
        return mailer.run_command(args)
    if args.command == "tick":
        return sweeper.run_command(args)
    if args.command == "inbox":
        return inbox.run_command(args)

    os.environ["PBEM_DATA_DIR"] = args.data_dir
    if not args.no_mail:
        _start_mail_thread()
    if args.dev:
        from server.app import create_app

        create_app().run(host=args.host, port=args.port)
        return 0
    from gunicorn.app.wsgiapp import run

    sys.argv = gunicorn_argv(args)
    run()
    return 0


def gunicorn_argv(args: argparse.Namespace) -> list[str]:
    """gunicorn's command line for `serve`: its control socket is in the data dir (gunicorn's own
    default, ~/.gunicorn/gunicorn.ctl, would be shared by every server the user runs)."""
    argv = [
        "gunicorn",
        "--bind", f"{args.host}:{args.port}",
        "--workers", str(args.workers),
        "--access-logfile", "-",
    ]
    if args.no_control_socket:
        argv.append("--no-control-socket")
    else:
        os.makedirs(args.data_dir, exist_ok=True)
        socket = args.control_socket or os.path.join(os.path.abspath(args.data_dir), "gunicorn.ctl")
        argv += ["--control-socket", socket]
    return [*argv, "server.app:create_app()"]


def _start_mail_thread() -> None:
    """The outbox sender, digests and sweeper in a thread of this process (the gunicorn master)."""
    from server.app import create_app

    mailer.start_thread(create_app())


if __name__ == "__main__":
    raise SystemExit(main())
