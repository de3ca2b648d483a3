"""One JSON line per request on the logger `pbem.requests`: method, path, game, seat, status, ms.

The app logs every request at INFO (server/http/app.py, after_request). Nothing shows unless a
handler is there: `pbem-server serve` sets REQUEST_LOG, which puts the lines on stderr
(gunicorn's error log); tests and library users see none unless they ask (caplog, a handler).
"""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

log = logging.getLogger("pbem.requests")
_HANDLER_NAME = "pbem-request-log"


def line(
    method: str, path: str, status: int, ms: float, game: str | None = None, seat: int | None = None,
    account: str | None = None,
) -> str:
    """The log line: compact JSON, keys in a fixed order, `null` for what is not known."""
    record: dict[str, Any] = {
        "method": method, "path": path, "status": status, "ms": round(ms, 1),
        "game": game, "seat": seat, "account": account,
    }
    return json.dumps(record, separators=(",", ":"), ensure_ascii=True)


def to_stderr() -> None:
    """Show the request lines on stderr (once per process, however many apps are made)."""
    if any(h.get_name() == _HANDLER_NAME for h in log.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter("%(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False  # once, not again through a root handler
