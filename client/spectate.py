"""Watching a game without a seat: `pbem show GAME` for anyone the game is not private to.

A spectator checks what can be checked: the whole signed log (the chain, the signatures,
the seats, whose turn it is, the result) and, once the game is over, the final position
replayed from the export with everything revealed. The board of a running game is the
engine's public view as the server draws it: the log commits each seat's view, not the
spectators', so that one picture is the server's word, and `pbem show` says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client import verify
from client.api import ApiError
from client.display.record import final_record, recaller, with_record
from client.play import ServerLie, engine_for, render, revealed_view
from protocol.blind import owner_decides
from protocol.revealed import at_end

if TYPE_CHECKING:
    from client.play import Player

UNCHECKED = "the board is the server's public view (spectators' views carry no commitment)"


def watch(player: Player, game: str) -> dict[str, Any]:
    """What `pbem show` prints for someone without a seat, in the same shape as Player.show."""
    try:
        summary = player.api.game(game)
    except ApiError as exc:
        if exc.status == 404:  # still the server's 404: a replaced server key is said first, loudly
            raise ApiError(
                404, f"no game {game} on {player.api.base} (or it is private: only its players see it)"
            ) from None
        raise
    synced = verify.sync(player.api, player.store, game)
    receipt = synced.receipt
    if receipt.get("seat") is not None:
        raise player._kept(game, ServerLie(
            f"the server refuses you a seat's view of game {game}, but its signed log gives your "
            f"key seat {receipt['seat']}"
        ), {"summary": summary, "log": synced.entries})
    try:
        verify.check_summary(receipt, summary)
    except verify.VerifyError as exc:
        raise player._kept(game, exc, {"summary": summary}) from None
    engine = engine_for(receipt)
    players = summary.get("players") or []
    status = receipt.get("status")
    final_view = None
    if status == "over":
        from protocol.audit import final_state  # the auditor, for a finished game only

        export = player.export(game)
        verdict, state = final_state(export)
        if state is not None and verdict.ok:
            final_view = revealed_view(engine, state, int(receipt.get("seats") or 0))
        if final_view is not None:
            final_view = with_record(at_end(final_view, export["entries"], engine), final_record(engine, export))
    view = summary.get("view") or {}
    # a running game's public record (the questions asked, not their answers), from the checked log
    record = None
    if status == "running" and recaller(engine) is not None:
        record = player.remembered(game, engine, None, synced, synced.head["seq"])
    if status == "open":
        taken = len(receipt.get("players") or {})
        text = f"waiting for players: {taken} of {len(players)} seats taken; others join with: pbem join {game}"
    else:
        text = render(engine, final_view if final_view is not None else with_record(view, record))
    return {
        "game": game,
        "engine": engine.id,
        "engine_version": engine.version,
        "title": engine.title,
        "seat": None,
        "spectator": True,
        "seat_names": engine.seat_names(int(receipt.get("seats") or len(players))),
        "players": players,
        "status": status,
        "to_move": receipt.get("to_move"),
        "your_turn": False,
        "head": synced.head,
        "result": receipt.get("result"),
        "out": list(receipt.get("out") or []),  # seats that left (resigned, forfeited), as the log says
        "view": view,
        "view_checked": False,
        "record": record,  # folded from the public log (seat None): drawn with the view
        "final_view": final_view,
        "text": text,
        "deadline": receipt.get("deadline"),
        # why no bot can make some decisions (a blind game), and whether the one now due is such:
        # the status line's "(then: ...)" says a promised bot's seat forfeits there (status.expiry_words)
        "owner_decides": owner_decides(engine, receipt.get("options") or {}),
        "owner_only": receipt.get("owner_only") is True,
        "clock": summary.get("clock") if status == "running" else None,
    }
