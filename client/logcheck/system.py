"""The server's own entries: an abort, the deadlines (a timeout, a forfeit) and the moves it
makes for a seat that left.

Each needs a reason the signed log already holds (a deadline in the genesis with that action
on expiry, the seat to move, a seat that is out), so a server cannot end or play a seat at will.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.email_moves import email_move
from client.logcheck.errors import VerifyError
from client.logcheck.states import ended, is_int, leaves, state_entry
from protocol.steps import HEX64, abort_result, forfeit_result


def system_entry(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A server-signed system entry other than a resignation (PROTOCOL.md section 9).

    An abort may end a game at any time (also before the start) and must imply its result;
    a timeout or a forfeit needs a deadline in the genesis with that action on expiry and
    must name the seat to move (the client knows it from the last state entry). A timeout
    is a state entry like a move (new views, to_move, payloads owed); a forfeit ends the game.
    What a client cannot check is the bot's move itself: that needs the seed (the audit).
    """
    seq, body = entry["seq"], entry["body"]
    system = body.get("kind")
    if system == "abort":
        reason = body.get("reason")
        if not isinstance(reason, str) or body.get("result") != abort_result(reason):
            raise VerifyError(f"entry {seq}: the abort's result is not what an abort implies")
        ended(receipt, body["result"])
        return
    if system == "email_move":
        email_move(entry, receipt)
        return
    if system not in ("timeout", "forfeit", "out"):
        raise VerifyError(f"entry {seq}: a system entry of unknown kind {system!r}")
    if receipt.get("started") is None:
        raise VerifyError(f"entry {seq}: a {system} before the game started")
    if system == "out":
        seat = body.get("seat")
        if not is_int(seat) or seat != receipt.get("to_move") or seat not in (receipt.get("out") or []):
            raise VerifyError(
                f"entry {seq}: the server decides for seat {seat!r}, which is not a seat to move that left the game"
            )
        server_move(entry, receipt)
        return
    deadline = receipt.get("deadline")
    action = "bot" if system == "timeout" else "forfeit"
    if not isinstance(deadline, dict):
        raise VerifyError(f"entry {seq}: a {system} in a game without deadlines")
    if system == "timeout" and receipt.get("owner_only"):
        raise VerifyError(
            f"entry {seq}: a timeout for a decision that needs a secret only its owner holds: "
            "no bot can make it"
        )
    if system == "forfeit" and receipt.get("owner_only") and deadline.get("on_expiry") == "bot":
        action = "bot"  # a bot cannot decide this one (it needs the owner's secret): the deadline forfeits it
    if deadline.get("on_expiry") != action:
        raise VerifyError(
            f"entry {seq}: a {system}, but the signed genesis says {deadline.get('on_expiry')!r} on expiry"
        )
    seat = body.get("seat")
    if not is_int(seat) or seat != receipt.get("to_move"):
        raise VerifyError(
            f"entry {seq}: a {system} for seat {seat!r}, but seat {receipt.get('to_move')!r} is to move"
        )
    if system == "forfeit":
        if "views" in body:  # the seat leaves a game of three or more
            leaves(entry, receipt, seat)
            return
        expected = {"kind": "forfeit", "seat": seat, "result": forfeit_result(receipt["seats"], seat)}
        if body != expected:
            raise VerifyError(f"entry {seq}: the forfeit is not what a forfeit of seat {seat} implies")
        ended(receipt, body["result"])
        return
    server_move(entry, receipt)


def server_move(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A timeout or out entry: a move the server made for a seat; a step like a move."""
    seq, body = entry["seq"], entry["body"]
    committed = body.get("secret_commit")
    if (
        body.get("action") != "bot"
        or not isinstance(body.get("move"), dict)
        or not (committed is None or (isinstance(committed, str) and HEX64.fullmatch(committed)))
    ):
        raise VerifyError(f"entry {seq}: the {body.get('kind')} names no move the server played")
    state_entry(entry, receipt)
