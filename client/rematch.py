"""`pbem rematch GAME`: the same game again, with the same players, each one seat further on.

Everything is taken from the verified log, not the server's summary: the engine, its
options, the seat count, the deadline and the players' names are what the signed genesis
and joins of the old game say. Seats rotate by one (the player of seat i gets seat i + 1,
the last one seat 0), so in a two-player game the colours swap. The asker takes its new seat;
the seats of the others are kept for them by invitation, so `pbem join NEW` (or the mail the
server sends) puts each in its own seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client import verify
from client.play import ClientError

if TYPE_CHECKING:
    from client.play import Player


def rotated(names: dict[str, str], seats: int) -> dict[int, str]:
    """The new seat of each player: seat i's player takes seat (i + 1) mod seats."""
    return {(int(seat) + 1) % seats: name for seat, name in names.items()}


def rematch(player: Player, game: str) -> dict[str, Any]:
    synced = verify.sync(player.api, player.store, game)
    receipt = synced.receipt
    if receipt.get("seat") is None:
        raise ClientError(f"you hold no seat in game {game}: only its players can ask for a rematch")
    if receipt.get("status") != "over":
        raise ClientError(
            f"game {game} is {receipt.get('status')}: a rematch follows a finished game "
            f"(finish it, resign or abort it first)"
        )
    seats = int(receipt["seats"])
    names = dict(receipt.get("names") or {})
    if len(names) != seats:
        raise ClientError(f"game {game} did not fill its {seats} seats: there is nobody to play again")
    new_seats = rotated(names, seats)
    summary = player.api.game(game)
    made = player.new_game(
        str(receipt["engine"]),
        dict(receipt.get("options") or {}),
        seats,
        join=False,
        deadline=receipt.get("deadline"),
        email_moves=bool(receipt.get("email_moves")),
        private=bool(summary.get("private")),
    )
    new = str(made["id"])
    mine = next(seat for seat, name in new_seats.items() if name == player.name)
    for seat, name in sorted(new_seats.items()):
        if name != player.name:
            player.invite(new, name, seat)
    made = player.join(new, mine)
    return {"game": new, "from": game, "seats": {str(s): n for s, n in sorted(new_seats.items())}, "summary": made}
