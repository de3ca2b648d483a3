"""The reveals a blind game's signed log itself owes, from a replay of its public moves.

A server that claims a secret was burnt when the signed moves burnt none would otherwise make
the player open it: the client replays the public moves before it reveals anything.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.errors import VerifyError
from engines.core import IllegalMove, Rng
from protocol.steps import awaiting, owner_held


def owed_by_log(engine: Any, entries: list[dict[str, Any]]) -> list[str] | None:
    """The commitments the signed log itself says the seat to move must open now, from a replay
    of its public moves, or None when this engine's state does not follow from them.

    An engine with `replays_in_public` (blind magier: no chance, and every move is public but
    for owner-held commitments, which the engine keeps as they are) can be replayed by anyone
    from the log alone. The client runs this before it reveals anything, so a server that
    claims a wisdom burnt when the signed moves burnt none cannot make it open that value.
    """
    if not getattr(engine, "replays_in_public", False) or not entries or entries[0].get("seq") != 0:
        return None
    genesis = entries[0]["body"]
    state: dict[str, Any] | None = None
    try:
        for entry in entries[1:]:
            body, kind = entry["body"], entry["type"]
            if kind == "start":
                state, _ = engine.setup(genesis["seats"], genesis["options"], Rng(b"public replay"))
                continue
            if state is None or kind in ("join", "reveal", "answers", "handover"):
                continue  # a handover gives a seat to a new key: no move, no state (PROTOCOL section 9)
            if kind == "move":
                seat, public, committed = body["envelope"]["seat"], body["envelope"]["move"], body["envelope"]["secret_commit"]
            elif kind == "standing" or (kind == "system" and body.get("kind") in ("timeout", "email_move", "out")):
                seat, public, committed = body["seat"], body["move"], body["secret_commit"]
            else:
                return []  # a resignation, forfeit or abort: the game is over
            move = dict(public)
            if committed is not None:
                if not owner_held(engine, state, public):
                    return None  # the server holds that secret: its state is not public
                move["secret_commit"] = committed
            state, _ = engine.apply(state, seat, move, None)
    except (IllegalMove, KeyError, TypeError, ValueError) as exc:
        raise VerifyError(f"the signed log does not replay by the game's public rules: {exc}") from exc
    return [] if state is None else awaiting(engine, state)
