"""A move a player sent by email: played by the server for that seat, attested, not signed.

Taken only where the signed genesis allows it, so a server cannot start playing seats by
email in a game whose players never agreed to it.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.errors import VerifyError
from client.logcheck.states import is_int, state_entry
from protocol.steps import HEX64, TOKEN


def email_move(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A move a player sent by email, played by the server (server-attested, not signed): only
    in a game whose signed genesis has `email_moves: true`, by the seat to move that has not
    left, with a token of 16 bytes hex; a step like a move. The token and the move itself need
    the seed: the audit checks them."""
    seq, body = entry["seq"], entry["body"]
    if receipt.get("started") is None:
        raise VerifyError(f"entry {seq}: an email move before the game started")
    if receipt.get("email_moves") is not True:
        raise VerifyError(f"entry {seq}: an email move in a game whose signed genesis takes no moves by email")
    seat = body.get("seat")
    if not is_int(seat) or seat != receipt.get("to_move") or seat in (receipt.get("out") or []):
        raise VerifyError(
            f"entry {seq}: an email move for seat {seat!r}, but seat {receipt.get('to_move')!r} is to move"
        )
    committed = body.get("secret_commit")
    if (
        not isinstance(body.get("token"), str)
        or not TOKEN.fullmatch(body["token"])
        or not isinstance(body.get("move"), dict)
        or not (committed is None or (isinstance(committed, str) and HEX64.fullmatch(committed)))
    ):
        raise VerifyError(f"entry {seq}: the email move names no token and move")
    state_entry(entry, receipt)
