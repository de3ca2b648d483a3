"""Owner-held secrets: the reveal a blind game owes, opened only from this home's own records.

The server never had these values, so nobody else can reveal them; and nothing is opened on
the server's word: the signed moves, replayed here, must have burnt what it asks for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client import verify
from client.player.errors import ClientError
from client.player.evidence import Evidence
from client.player.state import GameState


class Revealing(Evidence):
    """The reveals this seat owes, built from its store and checked against the replayed log."""

    if TYPE_CHECKING:  # what the other seams of Player give this one

        def submit(
            self, st: GameState, move: dict[str, Any], *, owed: bool = False
        ) -> dict[str, Any]: ...

    def _owed_reveal(self, st: GameState) -> tuple[dict[str, Any] | None, list[str]] | None:
        """The reveal this seat owes now, built from its own store (engine hook `reveal_move`):
        None when it owes none, else (the move, []) or (None, what its store lacks)."""
        build = getattr(st.engine, "reveal_move", None)
        if not st.my_turn or not st.synced.receipt.get("owner_only") or not callable(build):
            return None
        move, missing = build(st.view, self.store.secrets(st.game))
        if move is None and not missing:
            return None
        # open nothing on the server's word: the signed moves, replayed here, must have burnt it
        whole = verify.sync(self.api, self.store, st.game, start=0)
        try:
            owed = verify.owed_by_log(st.engine, whole.entries)
            asked = [p.get("commit") for p in st.view.get("pending") or [] if isinstance(p, dict)]
            if owed is not None and owed != asked:
                raise verify.VerifyError(
                    f"the server asks you to reveal {asked}, but the signed moves, replayed, owe {owed}: "
                    "nothing was revealed"
                )
        except verify.VerifyError as exc:
            raise self._kept(st.game, exc, {"view": st.view, "log": whole.entries}) from None
        return move, missing

    def _reveal(self, st: GameState, owed: tuple[dict[str, Any] | None, list[str]]) -> dict[str, Any]:
        """Open the seat's burnt secrets with the values and salts only this home keeps."""
        move, missing = owed
        if move is None:
            raise ClientError(
                f"game {st.game}: your wisdom burnt on {', '.join(missing)} must be revealed now, but "
                f"this home ({self.store.home}) holds no record of its value and salt (the server never "
                f"had them; they were kept only in {self.store.evidence_path(st.game)}). Nobody can "
                "reveal it for you: the game ends by forfeit when your time runs out, or resign now "
                f"with `pbem resign {st.game}`"
            )
        return self.submit(st, move, owed=True)
