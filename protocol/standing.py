"""A move the server plays for a seat by that seat's signed standing answer (a `standing` entry).

When a decision of a seat comes up and one of the rules the seat signed prescribes a move
(the first rule in the statement's order that does, `prescribed`), the server plays it at once
instead of asking. What is played is a pure function of the seat's own view before the move
and the signed rule (engines.answers: `standing_move`), so:

- the audit recomputes it from the revealed seed (state, view, rule) and compares;
- the seat's own client recomputes it at once, without the seed: the step tells the seat,
  privately, the view it was computed from with that view's salt and the index of the rule that
  played (ANSWERED), which the client checks against the view commitment of the entry before
  and against that entry's public content (engine.public_mismatch), and then runs the rules on.

Nothing logged says more than its move: which of the seat's rules played is in the private
event, not in the clear (the index of `forced` against `never-counter` would tell whether the
defender of a duel holds a counter card). Logs written before carry it in the clear as `rule`
(`clear_rule`): the replay writes each entry in the shape it was logged in, so a released log
keeps its meaning.

A rule never covers a decision that needs a secret only its owner holds (a blind placement
or reveal): there the server cannot play, and the seat is asked as always.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Event, IllegalMove, Rng
from protocol.blind import needs_owner
from protocol.commitments import standing_key, view_salt
from protocol.envelope import StepError
from protocol.leaving import lets_leave
from protocol.listed import check_listed
from protocol.outcome import Step, commit_state, publish, status_of, views
from protocol.server_moves import seeded_secret

ANSWERED = "answered"  # the private event of a standing entry: the view it was answered from

# The rules versions that were released writing a standing entry's rule index in the clear
# (`rule`): their logs keep that shape and meaning. Every later version writes the index only in
# the seat's private ANSWERED event, so a clear `rule` in one of its logs is a server telling the
# table which of the seat's rules played (what its hand allows): the audit FAILs it and every
# client refuses it.
CLEAR_RULE_VERSIONS = frozenset({
    ("magier", "2"),
    ("feuersalamander", "3"),
    ("feuersalamander", "4"),
    ("siedler", "2"),
    ("siedler", "3"),
    ("cavemen", "1"),
})


def clear_rule_allowed(engine: Engine) -> bool:
    """Whether a standing entry of this engine's version may carry its rule index in the clear."""
    return (engine.id, engine.version) in CLEAR_RULE_VERSIONS
MOST_IN_A_ROW = 200  # standing entries the server plays one after another before it stops


def prescribed(
    engine: Engine, state: dict[str, Any], seat: int, rules: list[dict[str, Any]]
) -> tuple[int, dict[str, Any]] | None:
    """(index of the first rule that prescribes a move for `seat` now, that move), or None:
    nobody's rule applies, the seat is not to move, or the decision needs its owner's secret."""
    if not rules or engine.to_move(state) != seat or engine.result(state) is not None:
        return None
    if needs_owner(engine, state):
        return None
    view = engine.view(state, seat)
    return first_prescribed(engine, view, rules)


def first_prescribed(
    engine: Engine, view: dict[str, Any], rules: list[dict[str, Any]]
) -> tuple[int, dict[str, Any]] | None:
    """From the seat's view alone (what its client checks): the first rule that gives a move."""
    for index, rule in enumerate(rules):
        move = engine.standing_move(view, rule)  # type: ignore[attr-defined]
        if move is not None:
            return index, move
    return None


def standing(
    engine: Engine,
    state: dict[str, Any],
    seat: Any,
    statement: tuple[int, list[dict[str, Any]]],
    rule: Any,
    seed: bytes,
    seq: int,
    before: int,
    *,
    seats: int,
    clear_rule: bool = False,
) -> Step:
    """The `standing` entry at `seq` for `seat`, following rule number `rule` of the statement
    in force (`(its seq, its rules)`); `before` is the seq of the entry whose view commitment
    holds the position answered (the last entry with views). StepError where the statement
    does not prescribe exactly this: the rule is not the first that applies, or none does.

    The index goes into the seat's private ANSWERED event; `clear_rule` writes the older shape
    (the index in the body as `rule`, the event without it), for the replay of such a log."""
    statement_seq, rules = statement
    if engine.to_move(state) != seat:
        raise StepError(f"a standing answer for seat {seat!r}, which is not the seat to move")
    if lets_leave(engine, seats) and seat in engine.out(state):  # type: ignore[attr-defined]
        raise StepError(f"a standing answer for seat {seat}, which has left the game")
    if needs_owner(engine, state):
        raise StepError("a standing answer for a decision that needs a secret only its owner holds")
    view = engine.view(state, seat)
    found = first_prescribed(engine, view, rules)
    if found is None:
        raise StepError(f"seat {seat}'s standing answers prescribe no move here")
    index, move = found
    if rule != index:
        raise StepError(
            f"the standing answer played is rule {rule!r}, but the first that applies here is rule {index}"
        )
    check_listed(engine, state, seat, move)
    public, secret = engine.split_move(move)
    secret_commit, record = seeded_secret(secret, seed, seq)
    try:
        new_state, events = engine.apply(state, seat, move, Rng(standing_key(seed, seq)))
    except IllegalMove:
        raise
    told: dict[str, Any] = {"view": view, "salt": view_salt(seed, before, seat)}
    if not clear_rule:
        told["rule"] = index
    answered = Event(ANSWERED, told, (seat,))
    published, payloads = publish([answered, *events], seed, seq)
    committed, state_json = commit_state(new_state, seed, seq)
    body = {
        "seat": seat,
        "answers": statement_seq,
        **({"rule": index} if clear_rule else {}),
        "move": public,
        "secret_commit": secret_commit,
        "events": published,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **status_of(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)
