"""Owner-held secrets: a move's concealed part that never reaches the server, and its reveal.

In a blind game the server must not be able to read a placement it could later leak or
act on, so the client sends only a commitment; the owner opens it later with a reveal
move, and nothing but the owner (no server bot, no timeout) can make that decision.

An engine declares this with optional hooks:
  owner_held(position, public) -> bool   the move's secret never goes to the server: the client
                                         sends only `secret_commit`; the engine applies
                                         {**public, "secret_commit": <hex>} and keeps the commitment
  awaiting(state) -> [commit, ...]       the commitments the seat to move must open now: its
                                         next decision is a reveal move (below)
  needs_owner(state) -> bool             the decision now due needs such a secret, so nobody but
                                         the owner (no server bot) can make it
  owner_decides(options) -> str | None   a game with these options has such decisions: why (no
                                         deadline may promise a bot for it), or None
A reveal move is {"type": "reveal", "secrets": [{"commit", "secret", "salt"}, ...]}, one item per
awaited commitment in order; `check_reveal` opens each against its commitment before the engine
scores it. The server never holds an owner-held secret, so the final reveal entry lists none.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit
from protocol.envelope import HEX64, StepError


def owner_held(engine: Engine, position: dict[str, Any], public: Any) -> bool:
    """Whether the secret part of the move `public` stays with its owner (never sent to the server).
    `position` is the state (server, audit) or the seat's view (client)."""
    hook = getattr(engine, "owner_held", None)
    return callable(hook) and isinstance(public, dict) and bool(hook(position, public))


def awaiting(engine: Engine, state: dict[str, Any]) -> list[str]:
    """The owner-held commitments the seat to move must open with its next decision."""
    hook = getattr(engine, "awaiting", None)
    return list(hook(state)) if callable(hook) else []


def needs_owner(engine: Engine, state: dict[str, Any]) -> bool:
    """Whether the decision now due needs a secret only the seat's owner holds: then no server
    bot can make it (a timeout cannot play it; a deadline forfeits it)."""
    hook = getattr(engine, "needs_owner", None)
    return callable(hook) and bool(hook(state))


def owner_decides(engine: Engine, options: dict[str, Any]) -> str | None:
    """Why a game of `engine` with these (complete) options has decisions no server bot can make,
    in words a player reads ("in a blind game no one can place or reveal for you"), or None.
    A new game with such decisions cannot promise a bot on expiry: its seats would forfeit."""
    hook = getattr(engine, "owner_decides", None)
    if not callable(hook):
        return None
    reason = hook(options)
    return str(reason) if reason else None


REVEAL_ITEM_KEYS = frozenset({"commit", "secret", "salt"})


def check_reveal(engine: Engine, state: dict[str, Any], move: dict[str, Any]) -> None:
    """A reveal move must open exactly the awaited commitments, in order, each with the value
    and salt that were committed when the secret was made (the placement's `secret_commit`)."""
    awaited = awaiting(engine, state)
    if not awaited:
        return  # nothing awaited: the engine refuses the reveal itself
    items = move.get("secrets")
    if not isinstance(items, list) or len(items) != len(awaited):
        raise StepError(f"a reveal opens exactly the {len(awaited)} awaited commitment(s), in order")
    for item, committed in zip(items, awaited, strict=True):
        if not isinstance(item, dict) or set(item) != REVEAL_ITEM_KEYS:
            raise StepError('each item of a reveal is exactly {"commit", "secret", "salt"}')
        if item["commit"] != committed:
            raise StepError(f"the reveal opens {item['commit']!r}, but {committed} is awaited")
        salt = item["salt"]
        if not isinstance(salt, str) or not HEX64.fullmatch(salt):
            raise StepError("a revealed salt must be 32 bytes, hex")
        try:
            opened = commit(TAG_SECRET, item["secret"], salt)
        except (NotCanonical, TypeError, ValueError) as exc:
            raise StepError(f"the revealed secret cannot be committed: {exc}") from exc
        if opened != committed:
            raise StepError(
                f"the revealed value and salt do not match the commitment {committed} made when "
                "that secret was placed",
                403,
            )


def owner_held_move(env: dict[str, Any], secret: Any, salt: Any) -> dict[str, Any]:
    """The move the engine applies when its secret stays with its owner: the public part and
    the signed commitment. The server must not receive the secret or its salt."""
    if secret is not None or salt is not None:
        raise StepError(
            "this move's secret stays with you: send only its commitment (secret_commit), "
            "never the value or its salt"
        )
    if env["secret_commit"] is None:
        raise StepError("this move has a concealed part: the envelope must commit to it (secret_commit)")
    if "secret_commit" in env["move"]:
        raise StepError("the public move must not carry secret_commit itself")
    return {**env["move"], "secret_commit": env["secret_commit"]}
