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
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8470)
    serve.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"))
    serve.add_argument("--workers", type=int, default=2)
    serve.add_argument("--dev", action="store_true", help="Flask's development server instead of gunicorn")
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

    sys.argv = [
        "gunicorn",
        "--bind", f"{args.host}:{args.port}",
        "--workers", str(args.workers),
        "--access-logfile", "-",
        "server.app:create_app()",
    ]
    run()
    return 0


def _start_mail_thread() -> None:
    """The outbox sender, digests and sweeper in a thread of this process (the gunicorn master)."""
    from server.app import create_app

    mailer.start_thread(create_app())


if __name__ == "__main__":
    raise SystemExit(main())
