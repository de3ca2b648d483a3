"""A seat handed to a new key (`handover`, docs/PROTOCOL.md section 9): the receipt follows it.

Every client pins each seat's key from the signed log; a handover changes that pin only when the
key that holds the seat signed it, for this game's genesis, to a key this game has never seen
(protocol.handover.check_handover, the audit's own check). From the next entry on, the seat's
moves, resignations and statements of answers are checked against the new key, and a home whose
key is the new one holds the seat.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.errors import VerifyError
from protocol.envelope import StepError
from protocol.handover import check_handover


def handover_entry(game: str, entry: dict[str, Any], receipt: dict[str, Any], me: str | None) -> None:
    """Check the handover against the pinned keys; pin the seat's new key (receipt["players"]),
    remember the old one as handed on (receipt["retired"]), and say which seat this home holds."""
    seq = entry["seq"]
    players: dict[str, str] = receipt["players"]
    keys = {int(seat): key for seat, key in players.items()}
    retired = list(receipt.get("retired") or [])
    try:
        seat, new = check_handover(
            entry["body"], game, str(receipt.get("genesis")), keys, {*keys.values(), *retired}
        )
    except StepError as exc:
        raise VerifyError(f"entry {seq}: {exc.message}") from None
    old = players[str(seat)]
    receipt["retired"] = [*retired, old]
    players[str(seat)] = new
    if me is not None and new == me:
        receipt["seat"] = seat  # a home with the new key (restored from its words) holds the seat
    elif me is not None and old == me and receipt.get("seat") == seat:
        del receipt["seat"]  # this key no longer holds it: the seat is the new key's
