"""What a state entry (a start, a move, a server's move for a seat) pins in the receipt.

A state entry commits to one view per seat and says whose turn it is and which private
payloads this seat is owed; a game ends with a result, and in a game of three or more a
seat may leave while the others play on.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.errors import VerifyError
from client.logcheck.views import public_step


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def state_entry(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A start, a move or a timeout: the new state's status, its view commitments, and the payloads owed to me."""
    seq, body = entry["seq"], entry["body"]
    views = body.get("views")
    seats = receipt.get("seats")
    if (
        not isinstance(views, list)
        or len(views) != seats
        or not all(isinstance(v, str) for v in views)
    ):
        raise VerifyError(f"entry {seq}: the entry commits to no view for each seat")
    to_move = body.get("to_move")
    if to_move is not None and not (is_int(to_move) and 0 <= to_move < seats):
        raise VerifyError(f"entry {seq}: to_move {to_move!r} is not a seat")
    # with what every reader sees of the entry, to check the committed views against (views.py)
    receipt["views"] = {"seq": seq, "commits": views, "public": public_step(entry)}
    receipt["status"] = "running"
    receipt["to_move"] = to_move
    # the decision now due needs a secret only its owner holds (a blind game's reveal): no bot
    # can make it, so a deadline forfeits it even where the genesis names the bot
    receipt["owner_only"] = body.get("owner_only") is True
    if "result" in body:
        ended(receipt, body["result"])
    mine = receipt.get("seat")
    events = body.get("events")
    if not isinstance(events, list):
        raise VerifyError(f"entry {seq}: the entry has no event list")
    for index, event in enumerate(events):
        if isinstance(event, dict) and "commit" in event:
            to = event.get("to")
            if not isinstance(to, list):
                raise VerifyError(f"entry {seq}: private event {index} names no readers")
            if mine is not None and mine in to:
                receipt["owed"].append([seq, index])


def ended(receipt: dict[str, Any], result: Any) -> None:
    if not isinstance(result, dict):
        raise VerifyError("an entry ends the game without a result")
    receipt["status"] = "over"
    receipt["to_move"] = None
    receipt["result"] = result


def leaves(entry: dict[str, Any], receipt: dict[str, Any], seat: int) -> None:
    """A resignation or forfeit that is a step: the seat is out, the others play on (or the
    last one in has won). Only in a game of more than two seats, once per seat."""
    seq = entry["seq"]
    seats = receipt.get("seats")
    out = list(receipt.get("out") or [])
    if not is_int(seats) or seats <= 2:
        raise VerifyError(f"entry {seq}: a seat leaves a game of two, which a resignation or forfeit ends")
    if seat in out:
        raise VerifyError(f"entry {seq}: seat {seat} leaves the game a second time")
    receipt["out"] = [*out, seat]
    state_entry(entry, receipt)
