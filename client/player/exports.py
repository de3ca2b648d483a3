"""The whole signed log of a game, checked, and the positions replayed from it.

A finished game's positions come from the verified export replayed by the auditor, so what is
drawn is what the signed log proves, everything revealed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from client import verify
from client.display.record import final_record, with_record
from client.player.errors import ClientError
from client.player.evidence import Evidence
from client.player.positions import position_in_export, revealed_view
from protocol.revealed import at_end

if TYPE_CHECKING:
    from client.player.state import GameState


class Exports(Evidence):
    """Reading and exporting a game's log, and its positions replayed."""

    if TYPE_CHECKING:  # what the other seams of Player give this one

        def _settle(self, game: str, receipt: dict[str, Any]) -> bool: ...

    def log(self, game: str, start: int = 0) -> list[dict[str, Any]]:
        synced = verify.sync(
            self.api if self.store.has_key() else self._public_api(), self.store, game, start=start
        )
        if self._settle(game, synced.receipt):  # our reveal went in: show it too
            synced = verify.sync(self.api, self.store, game, start=start)
        return [e for e in synced.entries if e["seq"] >= start]

    def export(self, game: str, path: Path | str | None = None) -> dict[str, Any]:
        """The whole signed log, checked against the receipt, optionally written to `path`."""
        api = self.api if self.store.has_key() else self._public_api()
        data = api.export(game)
        verify.check_export(game, data, self.store.receipt(game))
        if path is not None:
            try:
                Path(path).write_text(
                    json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
                )
            except OSError as exc:
                raise ClientError(f"cannot write {path}: {exc.strerror or exc}") from exc
        return data

    def final_view(self, game: str, st: GameState) -> dict[str, Any] | None:
        """A finished game's final position with every concealed value shown: the verified
        export replayed by the audit (protocol.audit), drawn as the spectator's view with each
        hidden value filled in from the seat that could see it. None when the log does not
        replay to a complete PASS (the seat's own view is shown then)."""
        from protocol.audit import final_state

        data = self.export(game)  # checked against the receipt
        verdict, state = final_state(data)
        if state is None or not verdict.ok:
            return None
        merged = revealed_view(st.engine, state, int(st.synced.receipt.get("seats") or 0))
        fill = getattr(st.engine, "fill_view", None)
        if merged is not None and callable(fill) and "seat" in merged:
            # a blind game never reveals an unburnt value: this seat's own come from its store
            merged = {**fill({**merged, "seat": st.seat}, self.store.secrets(game)), "seat": None}
        if merged is not None and isinstance(st.seat, int):  # drawn from the reader's side (magier's black)
            merged = {**merged, "facing": st.seat}
        if merged is not None:  # the record of everything: every private event the replay opened
            merged = with_record(at_end(merged, data["entries"], st.engine), final_record(st.engine, data))
        return merged

    def position_at(self, game: str, seq: int) -> dict[str, Any]:
        """The position right after entry `seq` of a finished game, everything revealed: the
        verified export replayed by the audit up to there (protocol.audit.state_at).

        Before the reveal the server's seed is secret, so no replay is possible: a ClientError
        says so (the caller shows the seat's current view instead)."""
        data = self.export(game)  # checked against the receipt
        return position_in_export(data, seq)
