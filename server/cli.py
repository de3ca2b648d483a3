"""`pbem-server`: run the server (Flask's own server or gunicorn) on the embedded database."""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem-server", description="The pbem turn server.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the JSON API (gunicorn, SQLite in the data dir unless DATABASE_URL)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8470)
    serve.add_argument("--data-dir", default=os.environ.get("PBEM_DATA_DIR", "var/data"))
    serve.add_argument("--workers", type=int, default=2)
    serve.add_argument("--dev", action="store_true", help="Flask's development server instead of gunicorn")
    args = parser.parse_args(argv)

    os.environ["PBEM_DATA_DIR"] = args.data_dir
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


if __name__ == "__main__":
    raise SystemExit(main())
