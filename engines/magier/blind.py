"""The owner's side of a blind game: what only the seat itself knows, from its own store.

In a blind game (option `blind`) the server's state and every view hold, for each
concealed wisdom, only its owner and the commitment to its value. The owner's client
keeps each placement's value and salt; these pure functions put those values back
into the seat's own view (to draw it, read moves and let bots play from it) and build
the reveal the engine asks for when one of the seat's wisdoms burns (MH-10).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engines.core import Move, View
from engines.magier.listing import moves_of
from engines.magier.state import WISDOM_VALUES


def _known(secrets: list[Mapping[str, Any]]) -> dict[str, int]:
    """commitment -> value, from the store's records {"commit", "secret": {"value"}, ...}."""
    out: dict[str, int] = {}
    for record in secrets:
        secret = record.get("secret")
        value = secret.get("value") if isinstance(secret, Mapping) else None
        if isinstance(record.get("commit"), str) and isinstance(value, int) and not isinstance(value, bool):
            out[record["commit"]] = value
    return out


def fill_view(view: View, secrets: list[Mapping[str, Any]]) -> View:
    """The seat's own wisdoms with their values, and its hand as it really is.

    Values come only from the seat's own records; a commitment it has no record of
    stays concealed. The hand is the set of MH-5 minus every value this seat placed.
    """
    seat = view.get("seat")
    if not isinstance(seat, int) or "pending" not in view:
        return view
    known = _known(secrets)
    board = {}
    for cell, piece in (view.get("board") or {}).items():
        commit = piece.get("commit") if isinstance(piece, Mapping) else None
        if piece.get("seat") == seat and commit in known:
            piece = {**piece, "value": known[commit]}
        board[cell] = piece
    placed = [known[c] for c in _own_commits(view, seat) if c in known]
    placed += [b["value"] for b in view.get("burned") or [] if b.get("owner") == seat]
    hand = list(WISDOM_VALUES)
    for value in placed:
        if value in hand:
            hand.remove(value)
    hands = [list(h) for h in view.get("hands") or [[], []]]
    if 0 <= seat < len(hands) and len(hand) == len(hands[seat]):
        hands[seat] = hand
    return {**view, "board": board, "hands": hands}


def _own_commits(view: View, seat: int) -> list[str]:
    """Every commitment of this seat's wisdoms on the board or burning (a burnt wisdom's
    value is public: fill_view counts it from the burned list)."""
    on_board = [
        p["commit"]
        for p in (view.get("board") or {}).values()
        if isinstance(p, Mapping) and p.get("seat") == seat and isinstance(p.get("commit"), str)
    ]
    pending = [p["commit"] for p in view.get("pending") or [] if p.get("owner") == seat]
    return on_board + pending


def own_hand(view: View, secrets: list[Mapping[str, Any]]) -> list[int] | None:
    """The values this seat still has to place, or None when its store cannot say."""
    seat = view.get("seat")
    filled = fill_view(view, secrets)
    hands = filled.get("hands") or []
    if not isinstance(seat, int) or not 0 <= seat < len(hands):
        return None
    hand = hands[seat]
    return None if any(v is None for v in hand) else list(hand)


def own_moves(view: View, moves: list[Move]) -> list[Move]:
    """Of the moves the server lists (in a blind game every value per free cell, since it
    cannot know the hand), the ones the seat can really make: those the rules list from its
    own view (listing.moves_of, as the engine's moves_from_view), in the server's order.
    `view` must be the filled view (fill_view); with a hand its store cannot fill, every
    value stays listed, as on the server. Outside a blind game the list is kept as given."""
    seat = view.get("seat")
    if "pending" not in view or isinstance(seat, bool) or seat not in (0, 1):
        return moves
    try:
        mine = {_key(m) for m in moves_of(view, seat)}
    except (KeyError, TypeError, IndexError, AttributeError):
        return moves  # not a view the rules can read: let the server refuse what it must
    return [m for m in moves if _key(m) in mine]


def _key(move: Any) -> str | None:
    """A move as JSON text that tells 1, 1.0 and true apart (a listed move is exactly one)."""
    try:
        return json.dumps(move, sort_keys=True)
    except (TypeError, ValueError):
        return None


def reveal_move(view: View, secrets: list[Mapping[str, Any]]) -> tuple[Move | None, list[str]]:
    """The reveal this seat owes, from its records: (move, []) or (None, missing cells).

    Each pending wisdom of the seat is opened with the value and salt its record holds for
    that commitment; a commitment with no record is named in the second member.
    """
    seat = view.get("seat")
    by_commit = {r.get("commit"): r for r in secrets if isinstance(r, Mapping)}
    items, missing = [], []
    for wait in view.get("pending") or []:
        if wait.get("owner") != seat:
            continue
        record = by_commit.get(wait.get("commit"))
        if record is None or "salt" not in record:
            missing.append(str(wait.get("cell")))
            continue
        items.append({"commit": wait["commit"], "secret": record["secret"], "salt": record["salt"]})
    if missing or not items:
        return None, missing
    return {"type": "reveal", "secrets": items}, []
