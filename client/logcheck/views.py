"""The server's other words checked against its log: the seat's view and the game's summary.

What `pbem show` prints comes from these answers, so each must say what the signed log says.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.errors import TamperError, VerifyError
from protocol.steps import check_view as check_view_commit


def check_view(receipt: dict[str, Any], view: Any, salt: Any) -> None:
    """The view the server shows must be the one its signed log committed to for this seat.

    The log's entry for the current state carries one salted commitment per seat
    (`views`); the server sends the salt with the view. A view that does not match is
    caught here, at once; a false commitment is a signed lie the audit exposes.
    """
    seat = receipt.get("seat")
    views = receipt.get("views")
    if views is None:
        if view is not None:
            raise TamperError("the server shows a board for a game whose log has not started")
        return
    if seat is None:
        raise VerifyError("the signed log gives your key no seat in this game")
    if not check_view_commit(view, salt, views["commits"][seat]):
        raise TamperError(
            f"TAMPERING: the view the server shows you is not the one its log committed to "
            f"at entry {views['seq']}: what you are shown is not the game's state"
        )


def check_summary(receipt: dict[str, Any], summary: Any) -> None:
    """The game's summary (who sits where, the result) must say what the signed log says.

    `pbem show` prints the players' names and the result: a server that shows a player
    "game over: you lost" or swaps who sits where, against its own signed log, is caught here.
    """
    if not isinstance(summary, dict):
        raise VerifyError("the server's summary of the game is not a JSON object")
    names, seats = receipt.get("names") or {}, receipt.get("seats")
    players = summary.get("players")
    if not isinstance(players, list) or (isinstance(seats, int) and len(players) != seats):
        raise VerifyError("the server's summary does not list one entry per seat of the game")
    for seat, shown in enumerate(players):
        name = shown.get("name") if isinstance(shown, dict) else None
        if str(seat) in names and name != names[str(seat)]:
            raise VerifyError(
                f"the server says seat {seat} is held by {name!r}, its signed log says "
                f"{names[str(seat)]!r}"
            )
    if receipt.get("status") == "over" and summary.get("result") != receipt.get("result"):
        raise VerifyError(
            f"the server says the result is {summary.get('result')!r}, its signed log says "
            f"{receipt.get('result')!r}"
        )
