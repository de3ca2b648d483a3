"""Every refusal as application/problem+json with one line the client prints as is."""

from __future__ import annotations

from typing import Any

import peewee as pw
from flask import Flask, Response, json
from werkzeug.exceptions import HTTPException

from server.ledger.records import LedgerError


def problem(status: int, detail: str, **extra: Any) -> Response:
    titles = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
              405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large",
              415: "Unsupported Media Type", 422: "Unprocessable Move", 429: "Too Many Requests",
              500: "Internal Server Error", 503: "Service Unavailable"}
    body = {"type": "about:blank", "title": titles.get(status, "Error"), "status": status, "detail": detail, **extra}
    return Response(json.dumps(body), status=status, mimetype="application/problem+json")


class ApiProblem(Exception):
    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def register(app: Flask) -> None:
    @app.errorhandler(ApiProblem)
    def _api_problem(exc: ApiProblem) -> Response:
        return problem(exc.status, exc.detail)

    @app.errorhandler(LedgerError)
    def _ledger(exc: LedgerError) -> Response:
        extra = {"head": exc.head} if exc.head else {}
        return problem(exc.status, exc.message, **extra)

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response:
        detail = {
            404: "no such endpoint",
            405: "method not allowed here",
            413: "the request body is too large",
        }.get(exc.code or 500, " ".join((exc.description or "error").split()))
        return problem(exc.code or 500, detail)

    @app.errorhandler(pw.OperationalError)
    @app.errorhandler(pw.InterfaceError)
    def _database(exc: pw.PeeweeException) -> Response:
        """The database failed (gone, locked past its timeout, a serialisation failure): try again."""
        app.logger.warning("database error: %s", exc)
        return problem(
            503,
            "the database did not answer in time: try again in a minute (check the game's log "
            "to see whether your request took effect)",
        )

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        app.logger.exception("unexpected error")
        # Honest about what is known: the failure may have come after a commit.
        return problem(
            500,
            "the server hit an unexpected error; check the game's log to see whether your request took effect",
        )
