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
        # a receipt kept by a pbem that pinned no rules version: the chain to its head fixes this genesis
        receipt.setdefault("engine_version", body.get("engine_version"))
        receipt.setdefault("genesis", hash_of(entry))  # what handovers are signed over
        return  # seen before: what it pinned stays as the later entries left it
    receipt["server_key"] = key
    receipt["seed_commit"] = body.get("seed_commit")
    receipt["engine"] = body.get("engine")
    receipt["engine_version"] = body.get("engine_version")
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


def rules_known(game: str, receipt: dict[str, Any]) -> None:
    """The rules the signed genesis names are among the versions this pbem keeps, or the game
    is refused as one this pbem cannot check (exit 5), before any view or commitment is
    checked with other rules than the game's (which would call an honest server a cheat)."""
    import engines
    from client.player.engine import local_engine
    from client.player.errors import UnsupportedGame
    from protocol.verdict import version_gap

    engine = local_engine(str(receipt.get("engine")))
    theirs = receipt.get("engine_version")
    kept = list(engines.kept_versions(engine))
    if theirs in kept:
        return
    if not isinstance(theirs, str):
        raise VerifyError("entry 0: the genesis names no engine version (a string)")
    missing, remedy = version_gap(engine.id, theirs, kept)
    newer = "upgrade pbem" in remedy
    server = (
        "the server's pbem is newer than this one" if newer
        else "a pbem that made it kept rules this one does not"
    )
    raise UnsupportedGame(
        f"game {game} was {missing} ({server}): {remedy}; nothing was checked with other rules "
        "than the game's, and your receipts here are unchanged"
    )


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
    if key in players.values() or key in (receipt.get("retired") or []):
        raise VerifyError(f"entry {seq}: a join with a key that already holds or held another seat")
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
