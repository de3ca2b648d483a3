"""One signed path per decision: a decision a standing answer in force prescribes is the standing
entry's, and no other entry may play it.

A seat's signed statement of answers (protocol.answers) is a second signed path to each decision
it covers, beside the seat's own signed move; a timeout, an email move or another seat's entry
are further ways past it. Each path has its own random key (`move_key` with the seat's nonce,
`standing_key`, `timeout_key`, `email_key`), all fixed before anyone chooses, but a server holding
two of them for one decision could keep whichever outcome it likes. The honest server leaves it
no choice: whenever an append makes a decision due that the seat to move answers in advance, it
plays the standing entry in the same transaction (server/ledger/ledger.py `after_append`), so no
request can come between, and it asks the seat only when no rule prescribes a move.

So the audit holds the log to that: after any entry, while the game runs, if the seat to move has
a statement in force whose first applying rule prescribes a move the rules let it play (the step
`protocol.standing.standing` succeeds), the next entry must be that seat's `standing` entry. Any
other entry there - the seat's own `move`, a timeout, an email move, a resignation, another
statement of answers - FAILs at that entry. The one exception is the server's cap: after
MOST_IN_A_ROW standing entries in a row (out seats' decisions in between do not break the row)
the head may rest at a prescribed decision, and the seat then decides itself, as the honest
server asks it to; a standing entry there (one more in the row) FAILs, since it would be a
second path beside the seat's move. The check of a prescribed decision needs the state, so it
is made only once the seed is revealed; the row is counted with or without it. A `handover` (a
seat's key handing the seat to a new key) is seen through: it is no path past a decision, and it
neither breaks nor lengthens a row.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine
from protocol.standing import MOST_IN_A_ROW, prescribed, standing
from protocol.verdict import Fail


class Decisions:
    """Walks the log beside the audit's replay: `before(...)` for each entry, in order."""

    def __init__(self, engine: Engine, seed: bytes | None, seats: int) -> None:
        self.engine, self.seed, self.seats = engine, seed, seats
        self.in_a_row = 0  # standing entries since the last entry that is neither standing nor `out`

    def before(
        self,
        seq: int,
        kind: str,
        body: dict[str, Any],
        state: dict[str, Any] | None,
        result: Any,
        in_force: dict[int, tuple[int, list[dict[str, Any]]]],
        last_views: int | None,
    ) -> None:
        """Entry `seq` of type `kind`, with the replayed `state` and the statements `in_force`
        before it: Fail if it plays past a decision a standing answer in force prescribes."""
        row, self.in_a_row = self.in_a_row, row_after(self.in_a_row, kind, body)
        if kind == "standing" and row >= MOST_IN_A_ROW:
            # the decision the cap left resting is the seat's: a standing entry there would be a
            # second valid path beside the seat's own move
            raise Fail(
                seq,
                f"a standing entry after {row} in a row: the server plays at most {MOST_IN_A_ROW} "
                "in a row, and the decision it then leaves is the seat's own (one signed path per decision)",
            )
        if self.seed is None or state is None or result is not None or kind in ("standing", "handover"):
            return  # a handover decides nothing: the decision due stays due, for the seat's new key
        if row >= MOST_IN_A_ROW or last_views is None:
            return  # the honest server stops after that many in a row: the seat decides itself
        due = self._prescribed(seq, state, in_force, last_views)
        if due is None:
            return
        seat, statement_seq, index, rule = due
        raise Fail(
            seq,
            f"seat {seat}'s standing answer in force (entry {statement_seq}, rule {index}: "
            f"'{_described(self.engine, rule)}') prescribes the decision due here, so the only "
            f"valid entry here is the standing entry the server plays at once; this is a "
            f"{_what(kind, body)} instead (one signed path per decision: with a second one the "
            "server could keep the outcome it likes)",
        )

    def _prescribed(
        self,
        seq: int,
        state: dict[str, Any],
        in_force: dict[int, tuple[int, list[dict[str, Any]]]],
        last_views: int,
    ) -> tuple[int, int, int, dict[str, Any]] | None:
        """(seat, its statement's seq, the rule's index, the rule) when the honest server would
        play a standing entry now, else None: as server/ledger/standing.py `due` decides, a rule
        whose move the step refuses (or an engine that fails on it) leaves the seat to decide."""
        engine = self.engine
        seat = engine.to_move(state)
        statement = in_force.get(seat) if isinstance(seat, int) else None
        if statement is None or not statement[1]:
            return None
        assert self.seed is not None
        try:
            found = prescribed(engine, state, seat, statement[1])
            if found is None:
                return None
            standing(engine, state, seat, statement, found[0], self.seed, seq, last_views, seats=self.seats)
        except Exception:  # noqa: BLE001 - the step refused it: the honest server asks the seat
            return None
        return seat, statement[0], found[0], statement[1][found[0]]


def row_after(row: int, kind: str, body: Any) -> int:
    """The standing entries in a row once an entry of `kind` follows `row` of them: a standing
    entry adds one, an out seat's decision (which the server plays in the same row) leaves the
    row as it is, anything else ends it. The audit and every client count the cap by this."""
    if kind == "standing":
        return row + 1
    if kind == "system" and isinstance(body, dict) and body.get("kind") == "out":
        return row
    if kind == "handover":  # a seat's new key decides nothing: the row goes on through it
        return row
    return 0


def _what(kind: str, body: dict[str, Any]) -> str:
    """The entry in words: 'move entry', 'timeout entry', 'email move entry', 'statement of answers'."""
    if kind == "system":
        return f"{body.get('kind')!s} entry".replace("_", " ")
    return "statement of answers" if kind == "answers" else f"{kind} entry"


def _described(engine: Engine, rule: dict[str, Any]) -> str:
    try:
        return str(engine.describe_rule(rule))  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - a rule is still named by its kind
        return str(rule.get("kind"))
