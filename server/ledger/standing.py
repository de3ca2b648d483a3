"""The server's side of standing answers: which statement is in force for each seat, and the
`standing` entry due now, if any.

A seat's statement is its newest `answers` entry (protocol.answers); the ledger keeps a copy
of it in `StandingAnswers` when it appends one, so that the question asked after every append
("does the seat to move answer this decision in advance?") is one indexed read, not a walk
back through the log. The step itself is protocol.standing's, which the audit and the seat's
own client recompute: nothing here decides what is played.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from engines.core import IllegalMove
from protocol import standing
from protocol.envelope import StepError
from protocol.outcome import Step
from server.ledger.records import dumps
from server.ledger.rules import rules_of
from server.mail.notices import LAST_ENTRIES
from server.store.models import Game, StandingAnswers
from server.store.prepared import Prepared

log = logging.getLogger(__name__)

IN_FORCE = Prepared(
    lambda game_id, seat: StandingAnswers.select()
    .where((StandingAnswers.game == game_id) & (StandingAnswers.seat == seat))
    .limit(1)
)
PAGE = 4  # entries read first when looking back for the last one with views (then more at a time)


def in_force(game_id: str, seat: int) -> tuple[int, list[dict[str, Any]]] | None:
    """(the seq of the seat's statement in force, its rules), or None if it never gave one."""
    row = IN_FORCE.first(game_id, seat)
    return None if row is None else (int(row.seq), json.loads(row.rules))


def record(game: Game, seat: int, seq: int, rules: list[dict[str, Any]]) -> None:
    """The seat's new statement replaces its previous one whole (in the caller's transaction)."""
    updated = (
        StandingAnswers.update(seq=seq, rules=dumps(rules))
        .where((StandingAnswers.game == game.id) & (StandingAnswers.seat == seat))
        .execute()
    )
    if not updated:
        StandingAnswers.create(game=game.id, seat=seat, seq=seq, rules=dumps(rules))


def described(game: Game) -> dict[str, dict[str, Any]]:
    """Every seat's statement in force, for the game's public summary: {"<seat>": {"seq",
    "answers", "texts"}} (the answers entries are in the public log; a client checks them there)."""
    rows = StandingAnswers.select().where(StandingAnswers.game == game.id).order_by(StandingAnswers.seat)
    out: dict[str, dict[str, Any]] = {}
    engine = None
    for row in rows:
        engine = engine or rules_of(game)
        rules = json.loads(row.rules)
        texts = [engine.describe_rule(r) for r in rules]  # type: ignore[attr-defined]
        out[str(row.seat)] = {"seq": row.seq, "answers": rules, "texts": texts}
    return out


def views_seq(game_id: str, head_seq: int) -> int | None:
    """The seq of the last entry up to `head_seq` that carries views (a start, a move, a server
    move, a standing answer): the entry whose view commitments hold the current position.
    The entries after it (answers, joins, the reveal) leave the position as it was."""
    seq, page = head_seq, PAGE
    while seq >= 0:
        rows = LAST_ENTRIES.rows(game_id, seq, page)
        for row in rows:
            if "views" in json.loads(row.data)["body"]:
                return int(row.seq)
        if len(rows) < page:
            return None
        seq, page = int(rows[-1].seq) - 1, page * 4  # a long run of answers entries: fewer reads
    return None


def due(game: Game, state: dict[str, Any], views_at: int | None) -> Step | None:
    """The `standing` entry to append next at the game's head, or None: the seat to move has
    no rule that prescribes its decision (or no statement, or the game is not running).

    `views_at` is the seq of the last entry with views, when the caller knows it (None: it is
    looked up). An engine that fails on a prescribed move is logged and the seat is asked as
    usual: a standing answer never costs the append that preceded it."""
    seat = game.to_move
    if game.status != "running" or seat is None:
        return None
    found = in_force(game.id, seat)
    if found is None or not found[1]:
        return None
    engine = rules_of(game)
    statement_seq, rules = found
    try:
        prescribed = standing.prescribed(engine, state, seat, rules)
        if prescribed is None:
            return None
        before = views_at if views_at is not None else views_seq(game.id, game.head_seq)
        if before is None:
            return None
        return standing.standing(
            engine, state, seat, (statement_seq, rules), prescribed[0], bytes.fromhex(game.seed),
            game.head_seq + 1, before, seats=game.seats,
        )
    except (StepError, IllegalMove) as exc:
        log.warning("game %s: seat %s's standing answer was not played: %s", game.id, seat, exc)
    except Exception as exc:  # noqa: BLE001 - an engine that chokes: the seat decides itself
        log.warning("game %s: seat %s's standing answer raised %r", game.id, seat, exc)
    return None
