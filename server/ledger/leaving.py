"""Seats that left a game of three or four: the server makes their forced decisions.

Where an engine lets seats leave (`protocol.steps.lets_leave`), a resignation or forfeit
makes the seat "out": it ranks last and its turns are skipped, but it may still owe a
decision another seat's move forces on it (in Der Feuersalamander: exchanging a card named
in a failed claim). Whenever such a seat is to move, the server plays a uniformly random
legal move for it at once, as an `out` system entry (`steps.out_move`, randomness from the
committed seed, audited like a timeout), in the transaction of the entry that made it due.
"""

from __future__ import annotations

from typing import Any

from protocol import steps
from server.ledger.rules import rules_of
from server.store.models import Game


def due_move(game: Game, state: dict[str, Any]) -> steps.Step | None:
    """After every append the ledger asks (Ledger.after_append); the `out` entry due now, which
    the ledger appends before it asks again, or None. It returns the entry rather than
    appending it so that this rule needs nothing of the ledger."""
    if game.status != "running" or game.to_move is None:
        return None
    engine = rules_of(game)
    if not steps.lets_leave(engine, game.seats):
        return None
    seat = game.to_move
    if seat not in engine.out(state):  # type: ignore[attr-defined]
        return None
    seq = game.head_seq + 1
    return steps.out_move(engine, state, seat, bytes.fromhex(game.seed), seq, seats=game.seats)

