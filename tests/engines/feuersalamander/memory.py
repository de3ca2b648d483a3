"""What each seat remembers of a game in the tests: `recall` folded over the events apply returned,
each step's events as that seat would open them from the log (every public event, the private
ones addressed to it), as the client folds the verified log (engines.core.Engine, `recall`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.core import Event


def seen_by(events: Iterable[Event], seat: int | None, everything: bool = False) -> list[dict[str, Any]]:
    """One step's events as `seat` reads them; `everything` for a finished game's reveal, where a
    spectator is passed every private event too."""
    return [e.to_json() for e in events if everything or e.to is None or (seat is not None and seat in e.to)]


class Memory:
    """The records of every seat and the spectator (key None), and of a reader of the finished
    game's reveal (key "all"), kept step by step."""

    def __init__(self, engine: Any, seats: int) -> None:
        self.engine = engine
        self.records: dict[int | str | None, Any] = {s: None for s in [None, "all", *range(seats)]}

    def step(self, events: Iterable[Event]) -> None:
        events = list(events)
        for who, record in self.records.items():
            seat = None if isinstance(who, str) else who
            self.records[who] = self.engine.recall(record, seen_by(events, seat, who == "all"), seat)

    def of(self, who: int | str | None) -> Any:
        return self.records[who]

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """The seat's view with its record attached, as the client hands it to a bot or draws it."""
        return {**self.engine.view(state, seat), "record": self.records[seat]}
