"""The audit's replay of standing answers: `answers` entries and the `standing` moves they allow.

A player who signs standing answers signs rules, not moves: the server plays what the rule
prescribes when the decision comes up. So the audit keeps, per seat, the statement in force
(each `answers` entry replaces the seat's previous one; an empty list revokes them all), and
checks every `standing` entry against it: the statement it names is the one in force for its
seat, and, with the revealed seed, the move is the one the first applying rule prescribes
from the seat's own view, replayed with `standing_key` and compared byte for byte. An entry
is replayed in the shape it was logged in: the rule's index in the seat's private `answered`
event (written now), or in the clear as `rule` (logs written before: they still audit).
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, IllegalMove
from protocol import steps
from protocol.standing import clear_rule_allowed, prescribed, standing
from protocol.system_replay import SystemReplay
from protocol.verdict import Fail, same


class StandingReplay(SystemReplay):
    """The statements in force while the replay walks the log, and the checks of both entries."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # seat -> (seq of its answers entry, the rules in force); a revoked seat has none
        self.in_force: dict[int, tuple[int, list[dict[str, Any]]]] = {}
        # the seq of the last entry that carries views: the standing step's `before` (its
        # ANSWERED event opens that entry's view commitment of the seat)
        self.last_views: int | None = None

    def _answers(
        self,
        seq: int,
        body: dict[str, Any],
        engine: Engine,
        state: dict[str, Any] | None,
        joins: dict[int, dict[str, Any]],
        prev: str,
    ) -> None:
        """An `answers` entry: only while the game runs; signed by its seat; state unchanged."""
        if state is None:
            raise Fail(seq, "standing answers before the start")
        seat, rules = self._check_answers(seq, engine, body, joins, prev)
        if rules:
            self.in_force[seat] = (seq, rules)
        else:
            self.in_force.pop(seat, None)

    def _standing(
        self,
        seq: int,
        body: dict[str, Any],
        engine: Engine,
        state: dict[str, Any] | None,
        seed: bytes | None,
        secrets: dict[int, dict[str, Any]],
        used_secrets: set[int],
        seats: int,
        joins: dict[int, dict[str, Any]],
    ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """A move the server played by a seat's standing answer: the statement it names must be
        the seat's statement in force; with the seed, the move is the one the first rule that
        applies prescribes, and the whole body is the step's."""
        if state is None:
            raise Fail(seq, "a standing entry before the start")
        seat = body.get("seat")
        if not steps.is_int(seat) or seat not in joins:
            raise Fail(seq, f"a standing answer for seat {seat!r}, which nobody joined")
        statement = self.in_force.get(seat)
        if statement is None:
            raise Fail(seq, f"a standing answer for seat {seat}, which has no standing answers in force")
        named = body.get("answers")
        if named != statement[0] or not steps.is_int(named):
            raise Fail(
                seq,
                f"the standing answer names the statement at entry {named!r}, but the one in force "
                f"for seat {seat} is at entry {statement[0]} (revoked or replaced)",
            )
        clear = "rule" in body
        if clear and not clear_rule_allowed(engine):
            raise Fail(
                seq,
                f"the standing entry names the rule that played ({body['rule']!r}) in the clear; "
                f"{engine.id} version {engine.version} keeps it in the seat's private answered event "
                "(which of a seat's rules applied can tell what its hand holds)",
            )
        if seed is None:
            return state, None
        if steps.lets_leave(engine, seats) and seat in engine.out(state):  # type: ignore[attr-defined]
            raise Fail(seq, f"a standing answer for seat {seat}, which has left the game: the server decides for it")
        if self.last_views is None:
            raise Fail(seq, "a standing entry with no position before it")
        # the shape it was logged in: the rule's index in the clear (older logs), or in the seat's
        # private `answered` event (the replay's index is then the one its commitment must hold)
        try:
            step = standing(
                engine, state, seat, statement, body["rule"] if clear else _first(engine, state, seat, statement),
                seed, seq, self.last_views, seats=seats, clear_rule=clear,
            )
        except steps.StepError as exc:
            raise Fail(seq, exc.message) from exc
        except IllegalMove as exc:
            raise Fail(seq, f"the replay refuses the standing answer's move: {exc.message}") from exc
        if not same(step.body["move"], body.get("move")):
            raise Fail(
                seq,
                f"the standing answer prescribes '{_words(engine, step.body['move'])}' here; "
                f"the server played '{_words(engine, body.get('move'))}'",
            )
        self._compare(seq, step.body, body)
        self.private[seq] = step.payloads
        self._seeded_secret(seq, step, secrets, used_secrets, "standing answer")
        self.counts["moves"] += 1
        self.counts["standing"] += 1
        return step.state, step.body.get("result")


def _first(engine: Engine, state: dict[str, Any], seat: int, statement: tuple[int, list[dict[str, Any]]]) -> Any:
    """The index of the first rule that prescribes a move here (the step refuses None)."""
    found = prescribed(engine, state, seat, statement[1])
    return None if found is None else found[0]


def _words(engine: Engine, move: Any) -> str:
    """A move in the game's notation for the verdict; a value the engine cannot write is said so."""
    try:
        text = engine.format(move)
    except Exception:  # noqa: BLE001 - whatever the log holds, the verdict must still be said
        return "a move the rules cannot write"
    return text if isinstance(text, str) else "a move the rules cannot write"
