"""The server's answers checked against its signed log, and what it showed kept as evidence.

A refusal, a summary or an answer that the log contradicts is the player's proof against the
server, so each is kept next to the verified receipt before the player is told.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from client import verify
from client.api import ApiError
from client.player.accounts import Accounts


def now_ts() -> str:
    """The time a refusal or an envelope is stamped with: UTC to the second, as the server writes."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Evidence(Accounts):
    """What every seam does with the server's words: check them against the log, keep them."""

    def _kept(
        self, game: str, exc: verify.VerifyError, shown: dict[str, Any]
    ) -> verify.VerifyError:
        """A failed check keeps what was shown next to the verified receipt (as `verify.sync`
        does for the log): the server's signed entries and its answer are the proof."""
        path = self.store.save_fork(
            game, {"error": str(exc), "receipt": self.store.receipt(game), **shown}
        )
        return type(exc)(f"{exc}; what you are shown is kept in {path}")

    def _refused(self, game: str, record: dict[str, Any], exc: ApiError) -> None:
        """Every signed submission the server refused is the player's evidence: keep it."""
        self.store.add_refused(
            game, {**record, "status": exc.status, "detail": exc.detail, "at": now_ts()}
        )

    def _head_unmoved(self, game: str, head: dict[str, Any]) -> bool:
        """After a 409 'stale': has the verified log really moved past the head we signed on?"""
        again = verify.sync(self.api, self.store, game)
        return again.head == {"seq": head["seq"], "hash": head["hash"]}

    def _sync_answer(self, game: str, answer: dict[str, Any], seat: Any) -> verify.Synced:
        """Check an answer that claims to carry every payload of the seat up to its head."""
        head = answer.get("head")
        return verify.sync(
            self.api,
            self.store,
            game,
            answer.get("payloads") or [],
            seat=seat,
            head=head,
            complete_to=head.get("seq") if isinstance(head, dict) else None,
        )

    def _after(
        self, game: str, seat: int, answer: dict[str, Any], env: dict[str, Any]
    ) -> dict[str, Any]:
        """Check the server's answer to a move: its entry is in the chain, its payloads match."""
        synced = self._sync_answer(game, answer, seat)
        entry = answer.get("entry")
        logged = synced.entry(env["seq"])
        if logged is None or (entry is not None and entry != logged):
            raise self._kept(game, verify.VerifyError(
                f"the server's answer to your move is not entry {env['seq']} of its log"
            ), {"answer": answer, "envelope": env, "log": synced.entries})
        body = logged["body"]
        if body.get("envelope") != env:
            raise self._kept(
                game,
                verify.VerifyError(f"entry {env['seq']} does not hold the move you signed"),
                {"answer": answer, "envelope": env, "log": synced.entries},
            )
        return {**answer, "game": game, "seat": seat}
