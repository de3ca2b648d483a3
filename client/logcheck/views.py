"""The server's other words checked against its log: the seat's view and the game's summary.

What `pbem show` prints comes from these answers, so each must say what the signed log says.
A view is checked twice: against the seat's view commitment (the server's signed word for
this seat alone), and against the public content of the entry that produced the position
(`public_step`: its public move and events, the seat to move, the result), which every
player's client verified: a client checks every commitment it relies on against the public
log, so a false commitment (a trade offer nobody made) is caught at once, not at the audit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.logcheck.errors import TamperError, VerifyError
from protocol.steps import check_view as check_view_commit

_SYSTEM_STEPS = {"timeout", "email_move", "out", "resign"}  # system entries that carry views


def public_step(entry: Mapping[str, Any]) -> dict[str, Any]:
    """What every reader sees of an entry with views: {"seat", "move", "events", "to_move",
    "result"} (engines.core.BaseEngine.public_mismatch), the private events left out."""
    body = entry.get("body") or {}
    kind = entry.get("type")
    envelope = body.get("envelope") if isinstance(body.get("envelope"), Mapping) else {}
    seat, move = None, None
    if kind == "move":
        seat, move = body.get("seat"), envelope.get("move")
    elif kind == "standing" or (kind == "system" and body.get("kind") in _SYSTEM_STEPS):
        seat = body.get("seat", envelope.get("seat"))
        move = body.get("move", envelope.get("move"))
    events = [
        {"kind": e["kind"], "data": e.get("data"), "to": None}
        for e in body.get("events") or []
        if isinstance(e, Mapping) and "kind" in e and e.get("to") is None
    ]
    return {
        "seat": seat,
        "move": move if isinstance(move, Mapping) else None,
        "events": events,
        "to_move": body.get("to_move"),
        "result": body.get("result"),
    }


def public_contradiction(receipt: Mapping[str, Any], view: Any, step: Any) -> str | None:
    """What in `view` the public content `step` of its entry contradicts (the engine says), or
    None. A receipt kept before steps were kept (no `step`) has nothing to compare."""
    if not isinstance(step, Mapping):
        return None
    from client.player.engine import engine_for

    engine = engine_for(receipt)
    check = getattr(engine, "public_mismatch", None)
    if check is None:
        return None
    try:
        said = check(view, step)
    except Exception as exc:  # noqa: BLE001 - a view the rules cannot read is no view of this game
        return f"the rules cannot read it ({type(exc).__name__})"
    return said if isinstance(said, str) or said is None else str(said)


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
    wrong = public_contradiction(receipt, view, views.get("public"))
    if wrong is not None:
        raise TamperError(
            f"TAMPERING: entry {views['seq']}: the view its log committed to for you contradicts "
            f"the entry's public move and events: {wrong}"
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
