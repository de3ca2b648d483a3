"""A seat sets (or revokes) its standing answers: the `answers` entry, then what follows it.

The statement is checked by protocol.answers (the same check the clients and the audit make)
under the game's lock, against the head the player saw; it is appended like any entry, becomes
the seat's statement in force (server/ledger/standing.py), and the ledger's after-append hook
then plays whatever it prescribes at once, in the same transaction.
"""

from __future__ import annotations

import json
from typing import Any

import engines
from engines.answers import BadRule
from protocol.answers import answers_signed, check_answers
from protocol.envelope import StepError, is_int
from server.ledger import standing
from server.ledger.ledger import Ledger
from server.ledger.records import Appended, LedgerError, head_of, save_head
from server.ledger.rules import rules_of
from server.store.models import Account, database


def set_answers(ledger: Ledger, game_id: str, account: Account, statement: Any, sig: Any) -> Appended:
    """Append the caller's signed statement of standing answers; LedgerError with the reason
    (404 no game, 403 not this seat's or not its signature, 409 not running or a stale head,
    400 a malformed statement, 422 a rule this game cannot take)."""
    with database.atomic():
        game = ledger._lock(game_id)  # noqa: SLF001 - the ledger's own lock, as the inbox takes it
        seat = ledger._seat_of(game, account)  # noqa: SLF001
        if game.status == "open":
            raise LedgerError(409, "the game has not started: answers are given once it runs", head_of(game))
        if game.status == "over":
            raise LedgerError(409, "the game is over: there is no decision left to answer", head_of(game))
        if not isinstance(statement, dict):
            raise LedgerError(400, "statement: the signed statement of your answers, a JSON object")
        if is_int(statement.get("seat")) and statement["seat"] != seat:
            raise LedgerError(403, f"you hold seat {seat}; the statement must name it")
        engine = rules_of(game)
        body = {"seat": statement.get("seat"), "sig": sig, "statement": statement}
        try:
            _, rules = check_answers(engine, body, game.id, game.head_hash, {seat: account.key})
        except StepError as exc:
            raise _refusal(engine, exc, statement, sig, account.key, head_of(game)) from exc
        before = (game.status, game.to_move)
        entry = ledger._append(game, "answers", body)  # noqa: SLF001
        standing.record(game, seat, entry["seq"], rules)
        ledger.after_append(game, before, json.loads(game.state), None)
        save_head(game)
    return Appended(entry, game, seat)


def _refusal(
    engine: engines.Engine, exc: StepError, statement: dict[str, Any], sig: Any, key: str, head: dict[str, Any]
) -> LedgerError:
    """The protocol's refusal as the ledger answers it: a stale statement carries the head
    (409), and a signed statement whose only fault is a rule this game cannot take is a 422."""
    if exc.status == 409:
        return LedgerError(409, f"stale answers: the log's head is now seq {head['seq']}; sign them again there", head)
    if exc.status == 400 and answers_signed(statement, sig, key):
        try:
            engine.check_rules(statement.get("answers"))  # type: ignore[attr-defined]
        except BadRule as bad:
            return LedgerError(422, f"a standing answer this game cannot take: {bad.message}")
    return LedgerError(exc.status, exc.message)
