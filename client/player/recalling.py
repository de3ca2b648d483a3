"""The seat's record of a game's past, kept in its store and brought up to a verified look.

What a seat remembers (the questions asked, the answers it was shown) is in the signed log and
the payloads it checked; client/display/record.py folds them. Here the fold is kept between
looks (Store.record: the next entry to fold and the record so far), so a look folds only the
entries new since the last one, never the whole log again. Only verified entries and checked
payloads are folded: the entries of a `verify.sync`, the payloads of the seat's evidence; an
entry whose private event for the seat has not arrived yet waits for it.
"""

from __future__ import annotations

from typing import Any

from client import verify
from client.display.record import fold, opened, recaller, with_record
from client.player.evidence import Evidence
from client.player.state import GameState


def addressed(entries: list[dict[str, Any]], seat: int | None) -> bool:
    """Whether any of these entries has a private event for `seat` (a spectator: none)."""
    return seat is not None and any(
        isinstance(e, dict) and "commit" in e and seat in (e.get("to") or [])
        for entry in entries for e in (entry.get("body") or {}).get("events") or []
    )


def engine_key(engine: Any) -> str:
    """Which rules folded a kept record: a pbem whose engine changed folds the game again."""
    return f"{engine.id}/{engine.version}"


class Recalling(Evidence):
    """The seat's record, folded incrementally from what its client verified."""

    def recalled(self, st: GameState) -> Any:
        """The seat's record right after `st.head`: the kept fold, with the entries since folded
        in (and kept); None for an engine that keeps no record."""
        if recaller(st.engine) is None:
            return None
        return self.remembered(st.game, st.engine, st.seat, st.synced, st.head["seq"])

    def with_record(self, st: GameState) -> Any:
        """`st.view` with the seat's record attached: what a bot plays from and a board draws."""
        return with_record(st.view, self.recalled(st))

    def remembered(self, game: str, engine: Any, seat: int | None, synced: verify.Synced, upto: int) -> Any:
        """The seat's record right after entry `upto` of the verified `synced`, as far as its
        payloads have come (an entry whose private event for the seat is still owed waits); the
        fold is kept in the store, so the next look starts where this one stopped."""
        kept = self.store.record(game)
        key = engine_key(engine)
        if kept is None or kept.get("engine") != key or kept.get("seat") != seat:
            kept = {"seq": 0, "record": None}
        if kept["seq"] > upto:  # folded at this head already (or, by another process, past it)
            return kept.get("record")
        if kept["seq"] < synced.start:  # the entries since the kept fold were fetched before: again
            synced = verify.sync(self.api, self.store, game, start=kept["seq"])
        new_part = synced.entries[kept["seq"] - synced.start : upto - synced.start + 1]
        # the evidence file holds every payload of the game: read only when a new entry needs it
        known = opened(self.store.evidence(game)["payloads"]) if addressed(new_part, seat) else {}
        new = {**fold(engine, kept, synced.entries, seat, known, upto), "engine": key, "seat": seat}
        if (new["seq"], key, seat) != (kept["seq"], kept.get("engine"), kept.get("seat")):
            self.store.save_record(game, new)  # once a look folded something: a write, not a compare
        return new["record"]

