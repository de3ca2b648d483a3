"""The Flask app factory: `create_app(config)`, as in Flask's tutorial.

Config keys (also read from the environment with a PBEM_ prefix, and
DATABASE_URL): DATA_DIR (SQLite file, server key, mail outbox), DATABASE_URL
(PostgreSQL for several workers or hosts), SERVER_KEY_FILE, AUTH_WINDOW
(seconds of clock skew accepted), MAX_CONTENT_LENGTH (bytes; larger bodies get 413),
RATE_LIMIT ("N/SECONDS" per account, or "off": server/http/ratelimit.py), REQUEST_LOG (1: one
JSON line per request on stderr, server/http/requestlog.py), DATABASE_POOL (1: requests hand
their database connection back to a pool of the worker's instead of ending it; 0: a new one
each request); mail: SMTP_HOST,
SMTP_PORT, SMTP_SECURITY, SMTP_USER, SMTP_PASSWORD, MAIL_FROM, PUBLIC_URL (the start of every link in
mail and on the pages; unset: http://localhost:8470, said in the log), ... (server/mail/mailer.py);
deadlines: ABORT_AFTER_DAYS, VACATION_DAYS (server/http/deadline_api.py).
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Any

import peewee as pw
from flask import Flask, Response, g, request
from playhouse.pool import PooledDatabase

from protocol.auth import HEADER_KEY
from protocol.keys import SigningKey
from protocol.numbers import INT32_MAX, whole
from server.http import errors, requestlog
from server.http.answers_api import answers_bp
from server.http.api import bp
from server.http.auth import signer_key
from server.http.bot_api import bot_bp
from server.http.claim_api import claim_bp
from server.http.deadline_api import DEADLINE_DEFAULTS, deadline_bp
from server.http.keys_api import keys_bp
from server.http.mail_api import UNSUBSCRIBE_PATH, mail_bp
from server.http.openapi import openapi_bp
from server.http.ratelimit import RateLimiter, parse_limit
from server.ledger.ledger import Ledger
from server.ledger.records import SEAT_OF, is_game_id
from server.mail.addressing import public_url_of, settings_from_config
from server.mail.mailer import MAIL_DEFAULTS
from server.store.migrations import open_database
from server.store.models import Account, database
from server.web.pages import WEB_DEFAULTS, web_bp

DEFAULTS: dict[str, Any] = {
    "DATA_DIR": "var/data",
    "DATABASE_URL": None,
    "SERVER_KEY_FILE": None,
    "AUTH_WINDOW": 300,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "RATE_LIMIT": "off",
    "REQUEST_LOG": 0,
    "DATABASE_POOL": 1,
}
log = logging.getLogger(__name__)
NO_PUBLIC_URL = (
    "PBEM_PUBLIC_URL is not set: the links in mail and the pages' command lines say %s, which "
    "players on other machines cannot reach; set PBEM_PUBLIC_URL to the URL players reach this "
    "server at (links never come from a request's Host header)"
)
DEFAULTS.update(MAIL_DEFAULTS)  # SMTP_*, MAIL_FROM, PUBLIC_URL, ...: server/mail/mailer.py
DEFAULTS.update(DEADLINE_DEFAULTS)  # ABORT_AFTER_DAYS, VACATION_DAYS: server/http/deadline_api.py
DEFAULTS.update(WEB_DEFAULTS)  # WEB_POLL_SECONDS, WEB_PAGE_SIZE: server/web/pages.py


def config_from_env() -> dict[str, Any]:
    """The config keys set in the environment (PBEM_KEY, and DATABASE_URL as it is)."""
    out: dict[str, Any] = {}
    for key in DEFAULTS:
        value = os.environ.get(f"PBEM_{key}")
        if value is not None:
            out[key] = whole(value, f"PBEM_{key}", 0, INT32_MAX) if isinstance(DEFAULTS[key], int) else value
    if os.environ.get("DATABASE_URL"):
        out["DATABASE_URL"] = os.environ["DATABASE_URL"]
    return out


def server_key(path: Path) -> SigningKey:
    """The server's signing key, made on first start and kept (mode 0600).

    gunicorn workers start at the same moment: each writes a candidate to its own
    temporary file and hard-links it into place, which fails if another worker
    won; everyone then loads the one key that is in place.
    """
    if not path.exists():
        candidate = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        SigningKey.generate().save(candidate)
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass
        finally:
            candidate.unlink(missing_ok=True)
    return SigningKey.load(path)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)  # a JSON API: no /static route
    app.config.update(DEFAULTS)
    app.config.update(config_from_env())
    app.config.update(config or {})
    # Every link in mail and every URL a page gives to copy starts with this, fixed now from the
    # configuration: a request's Host header, which anyone sending a request chooses, never does.
    public, configured = public_url_of(app.config)  # a ValueError for an unusable PUBLIC_URL
    if not configured:
        log.warning(NO_PUBLIC_URL, public)
    app.config["PUBLIC_URL"] = public
    data_dir = Path(app.config["DATA_DIR"])
    data_dir.mkdir(parents=True, exist_ok=True)
    key_file = Path(app.config["SERVER_KEY_FILE"] or data_dir / "server_key.pem")
    ledger = Ledger(server_key(key_file))
    ledger.mail = settings_from_config(app.config, bytes.fromhex(ledger.key.seed_hex()))
    app.extensions["pbem.ledger"] = ledger
    pooled = str(app.config["DATABASE_POOL"]).lower() not in ("0", "false", "no")
    db = open_database(app.config["DATABASE_URL"], data_dir, pooled=pooled)
    app.extensions["pbem.db"] = db

    limits = parse_limit(app.config["RATE_LIMIT"])
    limiter = RateLimiter(*limits) if limits else None
    if app.config["REQUEST_LOG"] and str(app.config["REQUEST_LOG"]).lower() not in ("0", "false", "no"):
        requestlog.to_stderr()

    # The hooks run in this order: the clock, the body's size, the rate limit, the database,
    # the body's type; after every request, its log line.

    @app.before_request
    def _clock() -> None:
        g.started = time.perf_counter()

    @app.before_request
    def _body_size() -> Response | None:
        """413 for any request whose declared body is over the limit, before it is read (a
        body sent without a length is cut at the limit as it is read: werkzeug, also 413)."""
        limit = app.config["MAX_CONTENT_LENGTH"]
        if limit is not None and (request.content_length or 0) > limit:
            return errors.problem(413, f"the request body is too large: at most {limit} bytes")
        return None

    @app.before_request
    def _rate_limit() -> Response | None:
        """429 with Retry-After beyond RATE_LIMIT: per account key when the request is signed
        (the signature is checked, so nobody spends another's budget), else per address."""
        if limiter is None or request.endpoint == "api.health":
            return None  # a monitor's probe is never turned away
        who = f"addr:{request.remote_addr}"
        if HEADER_KEY in request.headers:
            try:
                who = f"key:{signer_key()}"
            except errors.ApiProblem:
                pass  # unsigned, stale or forged: counted against the address (the handler says 401)
        wait = limiter.take(who)
        if not wait:
            return None
        after = RateLimiter.retry_after(wait)
        response = errors.problem(
            429,
            f"too many requests: at most {limiter.limit} in {limiter.seconds} s; try again in {after} s",
        )
        response.headers["Retry-After"] = str(after)
        return response

    @app.before_request
    def _connect() -> Response | None:
        """A database that does not answer is a 503 (the health check asks it a trivial query)."""
        try:
            if request.endpoint == "api.health" and isinstance(db, PooledDatabase):
                db.close_idle()  # ask for a new connection: can the database still be reached?
            if database.is_closed():
                database.connect()
            if request.endpoint == "api.health":
                database.execute_sql("SELECT 1").fetchall()
        except pw.PeeweeException as exc:
            app.logger.warning("the database is not answering: %s", exc)
            if not database.is_closed():
                database.close()
            return errors.problem(503, "the database is not answering: try again in a minute")
        return None

    @app.teardown_request
    def _close(_exc: BaseException | None) -> None:
        if not database.is_closed():
            database.close()

    @app.before_request
    def _json_only() -> Response | None:
        if request.path.startswith(UNSUBSCRIBE_PATH):
            return None  # RFC 8058 one-click: a form post, not JSON
        if request.method in ("POST", "PUT", "PATCH") and request.get_data(cache=True):
            if not (request.mimetype or "").endswith("json"):
                return errors.problem(415, "send the body as application/json")
        return None

    @app.after_request
    def _log(response: Response) -> Response:
        if not requestlog.log.isEnabledFor(logging.INFO):
            return response  # no line would be written: no query for its seat either
        started = g.get("started")
        ms = (time.perf_counter() - started) * 1000 if started is not None else 0.0
        game = (request.view_args or {}).get("game_id")
        account: Account | None = g.get("account")
        path = request.path
        if request.url_rule is not None and request.endpoint and "unsubscribe" in request.endpoint:
            path = request.url_rule.rule  # the link's token stays out of the log
        requestlog.log.info(requestlog.line(
            request.method, path, response.status_code, ms, game if isinstance(game, str) else None,
            _seat(game, account), account.name if account is not None else None,
        ))
        return response

    errors.register(app)
    app.register_blueprint(bp)
    app.register_blueprint(answers_bp)  # standing answers: server/http/answers_api.py
    app.register_blueprint(claim_bp)  # an invitation's mailed token: server/http/claim_api.py
    app.register_blueprint(keys_bp)  # replacing an account's key: server/http/keys_api.py
    app.register_blueprint(mail_bp)
    app.register_blueprint(bot_bp)
    app.register_blueprint(deadline_bp)
    app.register_blueprint(openapi_bp)
    app.register_blueprint(web_bp)  # the read-only pages: server/web/
    return app


def _seat(game: Any, account: Account | None) -> int | None:
    """The seat `account` holds in `game`, for the request log (None if none or unknown)."""
    if account is None or not isinstance(game, str) or not is_game_id(game) or database.is_closed():
        return None
    known = g.get("seat_in")  # the handler's own lookup (server/http/api.py, my_seat)
    if known is not None and known[0] == game:
        return known[1]
    try:
        row = SEAT_OF.first(game, account.id)
    except pw.PeeweeException:
        return None
    return row.seat if row is not None else None
