"""A seat's standing answers: the signed statement of how it answers some decisions in advance.

The statement is the player's, signed like a join with the key that holds the seat, and
bound to the game and to the head the player saw (`prev`), so it cannot be replayed into
another game or another moment. Each new statement replaces the seat's previous one whole;
an empty list revokes them all. The rules themselves are the engine's (engines.answers).
"""

from __future__ import annotations

from typing import Any

from engines.answers import BadRule
from engines.core import Engine
from protocol.canonical import canonical
from protocol.envelope import HEX64, StepError, is_int
from protocol.keys import TAG_ANSWERS, SigningKey, statement_signed

STATEMENT_KEYS = ("answers", "game", "prev", "seat")


def answers_statement(game: str, seat: int, prev: str, answers: list[dict[str, Any]]) -> dict[str, Any]:
    """What a player signs to set (or, with [], revoke) its standing answers in one game."""
    return {"answers": answers, "game": game, "prev": prev, "seat": seat}


def sign_answers(statement: dict[str, Any], key: SigningKey) -> str:
    return key.sign(TAG_ANSWERS, canonical(statement))


def answers_signed(statement: Any, sig: Any, player_key: str) -> bool:
    return statement_signed(player_key, TAG_ANSWERS, statement, sig)


def answers_body(statement: dict[str, Any], sig: str) -> dict[str, Any]:
    """The body of an `answers` entry: exactly these three members."""
    return {"seat": statement["seat"], "sig": sig, "statement": statement}


def check_answers(
    engine: Engine, body: Any, game: str, prev: str, keys: dict[int, str]
) -> tuple[int, list[dict[str, Any]]]:
    """An `answers` entry's body (or a submission of one), checked the same way by the server,
    the clients and the audit: (seat, its rules now in force), or StepError with the reason.

    `prev` is the hash of the entry before it (the head the player saw), `keys` the seats'
    joined keys: the statement must be signed by its seat's key for this game at this head."""
    if not isinstance(body, dict) or set(body) != {"seat", "sig", "statement"}:
        raise StepError("an answers entry holds the seat, the signed statement and its signature")
    statement = body["statement"]
    if not isinstance(statement, dict) or sorted(statement) != list(STATEMENT_KEYS):
        raise StepError("a statement of answers holds exactly: " + ", ".join(STATEMENT_KEYS))
    seat = statement["seat"]
    if not is_int(seat) or seat not in keys or body["seat"] != seat or not is_int(body["seat"]):
        raise StepError(f"standing answers for seat {seat!r}, which nobody joined")
    if statement["game"] != game:
        raise StepError("the statement of answers was signed for another game")
    if not isinstance(statement["prev"], str) or not HEX64.fullmatch(statement["prev"]):
        raise StepError("the statement's prev is not a hash")
    if statement["prev"] != prev:
        raise StepError("stale answers: the statement was signed at another head of the log", 409)
    if not answers_signed(statement, body["sig"], keys[seat]):
        raise StepError("the statement of answers is not signed by the key of its seat", 403)
    try:
        rules = engine.check_rules(statement["answers"])  # type: ignore[attr-defined]
    except BadRule as exc:
        raise StepError(f"a standing answer this game cannot take: {exc.message}") from exc
    return seat, rules
