"""The genesis and the joins: what fixes a game before it starts.

The genesis names the server key (trusted on first use for this game), the engine, its
options, the seats and the deadline; each join gives a seat to a key, signed by that key,
before the start and never twice.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.errors import VerifyError, fork_error
from client.logcheck.hashing import hash_of
from client.logcheck.states import is_int
from protocol.entries import join_signed, join_statement
from protocol.keys import is_public_key_hex
from protocol.steps import deadline_problem, email_moves_problem


def genesis_entry(game: str, entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    body = entry["body"]
    if entry.get("type") != "genesis" or entry.get("prev") is not None:
        raise VerifyError("entry 0 is not a genesis entry")
    key = body.get("server_key")
    if not is_public_key_hex(key):
        raise VerifyError("the genesis names no valid server key")
    if "server_key" in receipt:
        if receipt["server_key"] != key:
            raise fork_error(0)
        return  # seen before: what it pinned stays as the later entries left it
    receipt["server_key"] = key
    receipt["seed_commit"] = body.get("seed_commit")
    receipt["engine"] = body.get("engine")
    receipt["options"] = body.get("options")
    receipt["seats"] = body.get("seats")
    if "deadline" in body:  # absent: no deadlines; present: exactly its shape (PROTOCOL.md section 9)
        problem = deadline_problem(body["deadline"])
        if problem is not None:
            raise VerifyError(f"entry 0: the genesis deadline is malformed: {problem}")
    receipt["deadline"] = body.get("deadline")
    problem = email_moves_problem(body)
    if problem is not None:
        raise VerifyError(f"entry 0: the genesis is malformed: {problem}")
    receipt["email_moves"] = body.get("email_moves") is True
    receipt["genesis"] = hash_of(entry)
    receipt["status"] = "open"
    receipt["to_move"] = None


def join_entry(game: str, entry: dict[str, Any], receipt: dict[str, Any], me: str | None) -> None:
    seq, body = entry["seq"], entry["body"]
    players: dict[str, str] = receipt["players"]
    if receipt.get("started") is not None:
        raise VerifyError(
            f"entry {seq}: a join after the game started (at entry {receipt['started']}): "
            "the seats and their keys were fixed then; the server is trying to change a seat's key"
        )
    seat = body.get("seat")
    seats = receipt.get("seats")
    if not is_int(seat) or not is_int(seats) or not 0 <= seat < seats:
        raise VerifyError(f"entry {seq}: a join for seat {seat!r}, which this game does not have")
    if str(seat) in players:
        raise VerifyError(f"entry {seq}: a second join for seat {seat}")
    key = body.get("key")
    if key in players.values():
        raise VerifyError(f"entry {seq}: a join with a key that already holds another seat")
    try:
        statement = join_statement(
            game, seat, body["name"], body["key"], body["nonce"], entry.get("prev")
        )
        ok = is_public_key_hex(key) and join_signed(statement, body["sig"])
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise VerifyError(f"entry {seq}: the join is not signed by the player's key")
    players[str(seat)] = key
    receipt["names"][str(seat)] = body["name"]
    if me is not None and key == me:
        receipt["seat"] = seat
