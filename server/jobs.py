"""The `pbem-server` commands that run a room's work outside a request: sending the outbox's
mail and listing it, the deadline tick, and playing the moves that came by email.

Each builds the app (its configuration, database and ledger) and hands it to the room. They
live here, above the app, and not in the rooms themselves, because the app imports those
rooms: a room that built the app would make the two one module in two files.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import mailbox
import os
import sys
from collections.abc import Iterable
from typing import Any

from server.clock.sweeper import tick
from server.http.app import create_app
from server.mail.addressing import public_url_problem
from server.mail.inbox import process_all, read_maildir, read_mbox
from server.mail.mailer import MailLoop
from server.store.models import Mail, database


def run_mail(args: argparse.Namespace) -> int:
    os.environ["PBEM_DATA_DIR"] = args.data_dir
    app = create_app()
    if args.command == "mail":
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
        loop = MailLoop(app, interval=args.interval)
        if args.once:
            result = loop.round()
            print(json.dumps(result, sort_keys=True))
            return 0
        loop.run()
        return 0
    return list_outbox(args.limit, args.status, args.as_json)


def outbox_rows(limit: int = 50, status: str | None = None) -> list[dict[str, Any]]:
    query = Mail.select().order_by(Mail.id.desc())
    if status:
        query = query.where(Mail.status == status)
    if limit:
        query = query.limit(limit)
    out = []
    for row in query:
        subject = ""
        for line in row.message.splitlines():
            if line.lower().startswith("subject:"):
                subject = line.split(":", 1)[1].strip()
                break
            if not line:
                break
        out.append({
            "id": row.id,
            "status": row.status,
            "kind": row.kind,
            "to": row.to_addr,
            "game": row.game,
            "subject": subject,
            "attempts": row.attempts,
            "next_try": _iso(row.next_try),
            "created": _iso(row.created),
            "sent_at": _iso(row.sent_at),
            "last_error": row.last_error,
        })
    return list(reversed(out))


def _iso(value: dt.datetime | None) -> str | None:
    return value.strftime("%Y-%m-%dT%H:%M:%SZ") if value else None


def list_outbox(limit: int, status: str | None, as_json: bool) -> int:
    """Lists the outbox; a reader that stops early (`| head`) ends the listing quietly, since
    the operator asked for only the first lines and a traceback would bury them."""
    try:
        return _print_outbox(limit, status, as_json)
    except BrokenPipeError:
        # Python's own recipe: point stdout at nothing, so the flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _print_outbox(limit: int, status: str | None, as_json: bool) -> int:
    with database.connection_context():
        rows = outbox_rows(limit, status)
        totals = {s: Mail.select().where(Mail.status == s).count() for s in ("pending", "sending", "sent", "failed")}
        matching = totals[status] if status else Mail.select().count()
    if as_json:
        sys.stdout.write(json.dumps({"totals": totals, "mail": rows}, indent=2) + "\n")
        return 0
    sending = f", {totals['sending']} being sent" if totals["sending"] else ""
    print(f"outbox: {totals['pending']} waiting{sending}, {totals['sent']} sent, {totals['failed']} failed")
    print(_listing_heading(len(rows), matching, status))
    for r in rows:
        when = r["sent_at"] if r["status"] == "sent" else f"next try {r['next_try']}"
        line = f"{r['id']:>6}  {r['status']:<7}  {r['kind']:<6}  {r['to']:<28}  {when}  {r['subject']}"
        if r["last_error"] and r["status"] != "sent":
            line += f"  [{r['attempts']} attempt(s): {r['last_error']}]"
        print(line)
    sys.stdout.flush()  # inside the try: a closed pipe is found here, not at exit
    return 0


def _listing_heading(listed: int, matching: int, status: str | None) -> str:
    """The line between the counts and the rows: the counts are of the whole outbox, the rows
    only the newest --limit of them, so it says which rows follow and how many it left out."""
    kind = f"{status} rows" if status else "rows"
    if not matching:
        return f"no {kind}"
    if listed < matching:
        return f"the newest {listed} of {matching} {kind} (--limit 0 lists all):"
    return f"all {matching} {kind}, oldest first:"


def run_tick(args: argparse.Namespace) -> int:
    os.environ["PBEM_DATA_DIR"] = args.data_dir
    at = None
    if args.now is not None:
        try:
            at = dt.datetime.strptime(args.now, "%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            print(f"pbem-server tick: --now {args.now!r} is not YYYY-MM-DDTHH:MM:SSZ", file=sys.stderr)
            return 2
    app = create_app()
    with app.app_context():
        done = tick(now=at, app=app)
    if args.as_json:
        print(json.dumps(done, sort_keys=True))
    else:
        counts = ", ".join(f"{len(v)} {k}" for k, v in done.items())
        print(f"tick: {counts}")
        for err in done["errors"]:
            print(f"  game {err['game']}: {err['error']}", file=sys.stderr)
    return 1 if done["errors"] else 0


def run_inbox(args: argparse.Namespace) -> int:
    """Without --maildir or --mbox: one message on stdin, as a mail server's pipe delivers it.
    Exit 0 whatever the messages said (a refused move is answered by mail, not a delivery
    failure); 1 only when the mailbox cannot be read."""
    os.environ["PBEM_DATA_DIR"] = args.data_dir
    app = create_app()
    try:
        if args.maildir:
            messages: Iterable[bytes] = list(read_maildir(args.maildir))
        elif args.mbox:
            messages = list(read_mbox(args.mbox))
        else:
            messages = [sys.stdin.buffer.read()]
    except (OSError, mailbox.Error) as exc:
        print(f"pbem-server inbox: {exc}", file=sys.stderr)
        return 1
    ledger = app.extensions["pbem.ledger"]
    with app.app_context():
        opened = database.is_closed()
        if opened:
            database.connect()
        try:
            outcomes = process_all(ledger, messages)
        finally:
            if opened and not database.is_closed():
                database.close()
    for o in outcomes:
        if args.as_json:
            print(json.dumps(o.to_json(), sort_keys=True))
        else:
            print(f"{o.outcome:<9} {o.message_id}  {o.reason}")
    return 0


MAKES_MAIL = ("mail", "tick", "inbox")  # commands that write or compose mail, whose links need the URL


def public_url_refusal(command: str) -> str | None:
    """Why `command` must not run here, or None: it makes mail whose every link starts with the
    server's public URL, and only PBEM_PUBLIC_URL can say it in this process. A request's Host
    header is no answer (none comes here, and whoever sends one chooses it), nor is a default
    such as http://localhost:8470, which reaches no player on another machine: a tick that
    composes a timeout mail in its own process would send players links that lead nowhere."""
    if command not in MAKES_MAIL:
        return None
    url = os.environ.get("PBEM_PUBLIC_URL") or ""
    if not url.strip():
        return (
            f"pbem-server {command}: PBEM_PUBLIC_URL is not set, and the mail this makes links to the "
            "server: set it to the URL players reach the server at (as for `pbem-server serve`), "
            "e.g. PBEM_PUBLIC_URL=https://pbem.example.org"
        )
    problem = public_url_problem(url)
    return f"pbem-server {command}: PBEM_PUBLIC_URL: {problem}" if problem else None


def run(args: argparse.Namespace) -> int:
    """`pbem-server mail|outbox|tick|inbox`, parsed by server/cli.py; exit 2 without a usable
    PBEM_PUBLIC_URL for those that make mail (`public_url_refusal`)."""
    refused = public_url_refusal(args.command)
    if refused is not None:
        print(refused, file=sys.stderr)
        return 2
    if args.command in ("mail", "outbox"):
        return run_mail(args)
    if args.command == "tick":
        return run_tick(args)
    return run_inbox(args)
