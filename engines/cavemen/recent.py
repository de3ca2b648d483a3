"""What just happened, in words under the board: the "Last:" line and the "This turn:" line.

A player who attacked with a Gutsy and sees it gone from the field must not have to open the
log to learn that the defender won. The view (committed in the signed log, so it cannot grow
new keys without breaking the audit of running games) records no last move; two sources say
what happened instead:

- "Last:" comes from the last step as the public log holds it, which a caller that has the
  log attaches to the view it draws under the key `last`: {"seat": the mover or None,
  "move": the move's public part or None, "events": the step's events as logged}. Private
  events (commitments: no "kind") are skipped, so nothing concealed can reach the text.
- "This turn:" comes from the view alone: which cavemen of the turn's player moved this turn,
  how, and where each stands now (or that it left the field), and how many cards were placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.cavemen import cards, events, notation
from engines.cavemen.field import NAMES, path_of, row_of

_SKIP = {"turn", "ended"}  # the next lines of the board say whose turn and phase it is
_DOING = {"step": "stepped", "side": "moved sideways", "attack": "attacked", "extinguish": "put out a fire"}


def last_line(last: Any) -> str | None:
    """"Last: Red attack P2 r4 from P2 r3: Red's Gutsy (5) on P2 r3 attacks ...", or None when
    no step is attached (or it is not one)."""
    if not isinstance(last, Mapping):
        return None
    seat, move = last.get("seat"), last.get("move")
    who = NAMES[seat] if isinstance(seat, int) and seat in (0, 1) else "the server"
    said = []
    if isinstance(move, Mapping) and move.get("type"):
        try:
            said.append(f"{who} {notation.format(move)}")
        except (KeyError, TypeError, ValueError):
            said.append(f"{who} moved")
    told = []
    for event in last.get("events") or []:
        if not isinstance(event, Mapping) or "kind" not in event or event.get("to") is not None:
            continue
        if event.get("kind") in _SKIP:
            continue
        text = events.describe(event)
        if text:
            told.append(text)
    if not said and not told:
        return None
    head = said[0] if said else who
    return "Last: " + head + (": " + "; ".join(told) if told else "")


def this_turn_line(view: Mapping[str, Any]) -> str | None:
    """The turn so far from the view's record of it; None before anything was done."""
    turn, tm = view.get("turn"), view.get("tm")
    if not isinstance(turn, int) or turn not in (0, 1) or not isinstance(tm, Mapping):
        return None
    where = {
        piece["id"]: (i, piece) for i, piece in enumerate(view.get("field") or []) if isinstance(piece, Mapping)
    }
    parts = []
    for uid, act in (tm.get("acts") or {}).items():
        kinds = ", ".join(_DOING.get(k, k) for k in act.get("kinds") or [])
        found = where.get(int(uid)) if str(uid).isdigit() else None
        if found is None:
            parts.append(f"a caveman from P{act.get('start')} {kinds}, and is no longer on the field")
            continue
        i, piece = found
        name = cards.label(piece["card"]) if piece.get("card") else "caveman"
        parts.append(f"the {name} from P{act.get('start')} {kinds}, now on P{path_of(i)} r{row_of(i)}")
    placed = tm.get("placed") or 0
    if placed:
        parts.append(f"{placed} card{'s' if placed != 1 else ''} placed")
    if not parts:
        return None
    return f"This turn ({NAMES[turn]}): " + "; ".join(parts)
