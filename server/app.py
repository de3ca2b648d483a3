"""The Flask app factory: `create_app(config)`, as in Flask's tutorial.

Config keys (also read from the environment with a PBEM_ prefix, and
DATABASE_URL): DATA_DIR (SQLite file, server key, mail outbox), DATABASE_URL
(PostgreSQL for several workers or hosts), SERVER_KEY_FILE, AUTH_WINDOW
(seconds of clock skew accepted), MAX_CONTENT_LENGTH (bytes); mail: SMTP_HOST,
SMTP_PORT, SMTP_SECURITY, SMTP_USER, SMTP_PASSWORD, MAIL_FROM, PUBLIC_URL, ... (server/mailer.py);
deadlines: ABORT_AFTER_DAYS, VACATION_DAYS (server/deadline_api.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

from protocol.keys import SigningKey
from server import errors
from server.api import bp
from server.deadline_api import DEADLINE_DEFAULTS, deadline_bp
from server.ledger import Ledger
from server.mail_api import UNSUBSCRIBE_PATH, mail_bp
from server.mailer import MAIL_DEFAULTS
from server.models import database, open_database
from server.notices import settings_from_config

DEFAULTS: dict[str, Any] = {
    "DATA_DIR": "var/data",
    "DATABASE_URL": None,
    "SERVER_KEY_FILE": None,
    "AUTH_WINDOW": 300,
    "MAX_CONTENT_LENGTH": 64 * 1024,
}
DEFAULTS.update(MAIL_DEFAULTS)  # SMTP_*, MAIL_FROM, PUBLIC_URL, ...: server/mailer.py
DEFAULTS.update(DEADLINE_DEFAULTS)  # ABORT_AFTER_DAYS, VACATION_DAYS: server/deadline_api.py


def _from_env() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in DEFAULTS:
        value = os.environ.get(f"PBEM_{key}")
        if value is not None:
            out[key] = int(value) if isinstance(DEFAULTS[key], int) else value
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
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(_from_env())
    app.config.update(config or {})
    data_dir = Path(app.config["DATA_DIR"])
    data_dir.mkdir(parents=True, exist_ok=True)
    key_file = Path(app.config["SERVER_KEY_FILE"] or data_dir / "server_key.pem")
    ledger = Ledger(server_key(key_file))
    ledger.mail = settings_from_config(app.config, bytes.fromhex(ledger.key.seed_hex()))
    app.extensions["pbem.ledger"] = ledger
    db = open_database(app.config["DATABASE_URL"], data_dir)
    app.extensions["pbem.db"] = db

    @app.before_request
    def _connect() -> None:
        if database.is_closed():
            database.connect()

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

    errors.register(app)
    app.register_blueprint(bp)
    app.register_blueprint(mail_bp)
    app.register_blueprint(deadline_bp)
    return app
