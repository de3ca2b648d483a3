"""A ledger that also plays answers given in advance, the way the server does: a seat signs a
statement of rules (protocol.answers), and after every step each rule that applies is played at
once as a `standing` entry (protocol.standing), before anybody is asked.

Only protocol functions write it (tests/protocol/ledger.py's Ledger, plus answers_statement,
sign_answers, answers_body, check_answers, prescribed and standing), so the log is one the real
server could have written; the story, mail and web tests read it.
"""

from __future__ import annotations

from typing import Any

from protocol.answers import answers_body, answers_statement, check_answers, sign_answers
from protocol.entries import entry_hash
from protocol.standing import MOST_IN_A_ROW, prescribed, standing
from tests.protocol.ledger import Ledger


class AnsweringLedger(Ledger):
    """Ledger + `answer(seat, rules)`; every step is followed by the standing answers due."""

    in_force: dict[int, tuple[int, list[dict[str, Any]]]]

    def answer(self, seat: int, rules: list[dict[str, Any]]) -> dict[str, Any]:
        """The seat signs `rules` at the head it sees (an empty list revokes); the server checks
        and appends it, then plays whatever it prescribes at once."""
        seq, prev = self.head()
        statement = answers_statement(self.game, seat, prev, rules)
        body = answers_body(statement, sign_answers(statement, self.player_keys[seat]))
        keys = {s: k.public_hex for s, k in enumerate(self.player_keys)}
        _, checked = check_answers(self.engine, body, self.game, prev, keys)
        entry = self._append("answers", body)
        if not hasattr(self, "in_force"):
            self.in_force = {}
        self.in_force[seat] = (seq, checked)
        self._play_out()
        return entry

    def _last_views(self) -> int:
        return next(e["seq"] for e in reversed(self.entries) if "views" in e["body"])

    def _play_out(self) -> None:
        super()._play_out()
        for _ in range(MOST_IN_A_ROW):
            if self.result is not None or self.state is None:
                return
            seat = self.engine.to_move(self.state)
            statement = getattr(self, "in_force", {}).get(seat) if isinstance(seat, int) else None
            found = prescribed(self.engine, self.state, seat, statement[1]) if statement else None
            if statement is None or found is None:
                return
            seq, _ = self.head()
            step = standing(
                self.engine, self.state, seat, statement, found[0], self.seed, seq, self._last_views(),
                seats=self.seats,
            )
            self.state = step.state
            self.result = step.body.get("result")
            if step.secret is not None:
                self.secrets.append(step.secret)
            self._append("standing", step.body)
            self._deliver(step.payloads)
            super()._play_out()

    def head_hash(self) -> str:
        return entry_hash(self.entries[-1])
