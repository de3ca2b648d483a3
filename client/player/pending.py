"""One signed path per decision, on the player's side: at most one signed item per place in the log.

A statement of answers and a move envelope are both signed over the verified head (`prev`) and
stay valid there until the log moves past it: a refusal does not unsign them. A server that holds
two of them for one decision (a statement it answered "409" and the move the seat then signed at
the same head) could log whichever gives the outcome it likes, each path having its own random
key. So the client keeps what it signed at which head (client/store.py `pending`) before sending
it, until the verified log holds an entry at that seq, and signs nothing else there meanwhile:
the same item may be sent again (the same bytes); a second, different one is never made.

A refusal is then judged against the verified log, never taken on the server's word: one the log
bears out (it moved on) settles the item; one it contradicts (a 409 at an unmoved head, a 403, 404,
400 or 422 for what the seat's own rules and log accept) is a lie, kept as evidence (exit 4); no
answer at all (a dropped connection, a 5xx, a 429) leaves the item pending, re-sent next time.
A 401 saying the key was replaced is a verdict, not a lost request: the account moved to a new
key (`pbem key rotate`, PROTOCOL section 16), whose handover took the seat, so the server takes
nothing this key signs again; the item is not kept to be sent again, and the player is told so
in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from client.api import ApiError
from client.player.errors import ClientError, KeptItemSettled
from client.player.evidence import Evidence
from client.player.rotating import key_replaced

WHAT = {"answers": "answers in advance", "move": "move", "resign": "resignation"}
UNANSWERED = (401, 408, 425, 429)  # no verdict on the item: the request itself did not get through


class Pending(Evidence):
    """Keeping, re-sending and settling the one item this seat signed at the head."""

    if TYPE_CHECKING:  # the seams that know how to send each kind (answering.py, moving.py)

        def _send_answers(self, game: str, head: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]: ...
        def _send_move(self, game: str, head: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]: ...

    def _pending_at(self, game: str, head: dict[str, Any]) -> dict[str, Any] | None:
        """The item signed on `head` (the verified head) and still unsettled; an item the log has
        moved past is forgotten (the entry at its seq is in the verified log: its own or another's)."""
        item = self.store.pending(game)
        if item is None:
            return None
        if item["seq"] <= head["seq"]:
            self.store.drop_pending(game)
            return None
        return item

    def _before_signing(
        self, game: str, head: dict[str, Any], kind: str, same: Callable[[dict[str, Any]], bool]
    ) -> dict[str, Any] | None:
        """Before signing a `kind` item on `head`: the pending item to send again when it is the
        same one (`same`), None when nothing is pending there. Another item pending there is sent
        again first, and then the new one is refused (ClientError) whatever came of it: it was
        logged (the game moved on), refused for a reason the log bears out, or is still unanswered."""
        item = self._pending_at(game, head)
        if item is None:
            return None
        if item.get("kind") == kind and same(item):
            return item
        what = WHAT.get(str(item.get("kind")), "submission")
        try:
            if item.get("kind") == "answers":
                self._send_answers(game, head, item)
            else:
                self._send_move(game, head, item)
        except ApiError as exc:
            if key_replaced(exc):  # said and forgotten by _send_pending already
                raise
            if self.store.pending(game) is None:
                raise KeptItemSettled(
                    f"your {what} signed on entry {head['seq']} of game {game}, sent again, was refused "
                    f"({exc.detail}) and the game moved on: nothing new was signed; look again with "
                    f"`pbem show {game}`"
                ) from None
            if exc.status == 0 or exc.status >= 500 or exc.status in UNANSWERED:
                # still no answer: the same kind of failure as the request itself, so whoever
                # retries a lost connection (a bot) retries this one too; the item stays kept
                raise self.still_unanswered(game, item, exc) from None
            raise ClientError(self.unanswered_words(game, item, exc)) from None
        raise KeptItemSettled(
            f"your {what}, signed on entry {head['seq']} of game {game} and not answered then, was sent "
            f"again and is now entry {item['seq']} of its log: the game moved on, and nothing new was "
            f"signed; look again with `pbem show {game}`"
        )

    def key_replaced_error(self, game: str, item: dict[str, Any], exc: ApiError) -> ApiError:
        """The kept item forgotten (its key no longer holds the seat: it can never be logged),
        and the server's words for a replaced key, with what became of the item, as one refusal."""
        self.store.drop_pending(game)
        what = WHAT.get(str(item.get("kind")), "submission")
        return ApiError(exc.status, (
            f"{exc.detail}. Your {what} signed with it on entry {item['seq'] - 1} of game {game} is "
            "not kept to be sent again: that key no longer holds your seat"
        ), exc.head)

    def still_unanswered(self, game: str, item: dict[str, Any], exc: ApiError) -> ApiError:
        """The failure of a kept item's sending, said as such, with the failure's own status: a
        lost connection or a server error stays one, so whoever retries those (a bot, waiting out
        a restarting server) sends the same item again, and nothing else is signed meanwhile."""
        return ApiError(exc.status, self.unanswered_words(game, item, exc), exc.head)

    def unanswered_words(self, game: str, item: dict[str, Any], exc: ApiError) -> str:
        what = WHAT.get(str(item.get("kind")), "submission")
        return (
            f"the server has not logged your {what} signed on entry {item['seq'] - 1} of game {game} "
            f"({exc.detail}); it is kept and sent again, the same signed bytes, by your next command "
            f"in this game. Until the log holds it or moves on, nothing else is signed at that point "
            "(two signed paths to one decision would let a server keep the outcome it likes)"
        )

    def _send_pending(
        self,
        game: str,
        head: dict[str, Any],
        item: dict[str, Any],
        post: Callable[[], Any],
        logged: Callable[[Any], dict[str, Any]],
        judge: Callable[[ApiError], None],
    ) -> dict[str, Any]:
        """Keep `item` (signed on `head`), send it with `post`, and check the answer with
        `logged`. A refusal is kept as evidence and judged: `judge` raises the lie a refusal at
        an unmoved head is (and drops the item when the seat's own rules agree with it); one at a
        head that moved settles the item; no answer leaves it pending. The ApiError is re-raised."""
        self.store.save_pending(game, item)
        try:
            answer = post()
        except ApiError as exc:
            self._refused(game, dict(item["sent"]), exc)
            if key_replaced(exc):
                raise self.key_replaced_error(game, item, exc) from None
            if exc.status != 0 and exc.status < 500 and exc.status not in UNANSWERED:
                if self._head_unmoved(game, head):
                    judge(exc)
                else:
                    self.store.drop_pending(game)
            raise
        done = logged(answer)
        self.store.drop_pending(game)
        return done
