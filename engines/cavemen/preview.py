"""What a listed move would do, said before it is played (CV-8..CV-11), for `pbem moves`.

A move's text ("attack P2 r4 from P2 r3") names positions only; which of one's cavemen it is,
what it meets and, where the attacker knows the defender, how the fight ends (fights are
decided by the cards alone, cards.fight) are what a player weighs. Said from the seat's own
view, so a face-down caveman the seat does not know stays "a face-down caveman".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.cavemen import cards
from engines.cavemen.field import index, on_field

_WINS = {
    "attacker": "yours would win",
    "defender": "yours would lose and go to the inactive deck",
    "tie": "equal ranks: both would go to the inactive decks",
    "dino": "Dino: both would leave the game",
}


def _at(view: Mapping[str, Any], path: Any, row: Any) -> Mapping[str, Any] | None:
    if type(path) is not int or type(row) is not int or not on_field(path, row):
        return None
    piece = view["field"][index(path, row)]
    return piece if isinstance(piece, Mapping) else None


def _name(piece: Mapping[str, Any] | None, unknown: str) -> str:
    card = piece.get("card") if piece else None
    return cards.label(card) if isinstance(card, str) else unknown


def describe_move(view: Mapping[str, Any], move: Mapping[str, Any]) -> str | None:
    """"your Gutsy (5) attacks Ballsy (1): yours would lose and go to the inactive deck", "your
    Zippy (7) steps", or None for a move with nothing to add (a placement, a discard, an end)."""
    seat = view.get("seat")
    if seat not in (0, 1) or not isinstance(view.get("field"), list):
        return None
    kind = move.get("type")
    if kind in ("step", "jump", "side", "extinguish"):
        mover = _at(view, move.get("path"), move.get("row"))
        verb = {"step": "steps", "jump": "jumps", "side": "moves sideways", "extinguish": "puts out the fire and wins"}
        return f"your {_name(mover, 'caveman')} {verb[str(kind)]}"
    if kind == "attack":
        attacker = _at(view, move.get("from_path"), move.get("from_row"))
        defender = _at(view, move.get("path"), move.get("row"))
        mine = _name(attacker, "caveman")
        theirs = _name(defender, "a face-down caveman")
        a, d = (attacker or {}).get("card"), (defender or {}).get("card")
        if cards.is_caveman(a) and cards.is_caveman(d):
            return f"your {mine} attacks {theirs}: {_WINS[cards.fight(str(a), str(d))]}"
        return f"your {mine} attacks {theirs}"
    return None
