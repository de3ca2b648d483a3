"""The placement phase (MH-6): each side puts its wisdoms, one a turn, on empty cells that
are not flames; once both hands are empty the movement phase begins.

A game places openly, concealed, or blind (the value stays with its owner and the engine
keeps only the commitment); each has its own exact form of the move, so a placement's
signed text says which game it belongs to.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core import Event, IllegalMove, Move, Seat, State
from engines.magier.board import CELLS, FLAMES, INDEX
from engines.magier.mechanics import WISDOM
from engines.magier.shape import need_cell
from engines.magier.state import is_blind, values_text
from engines.magier.turns import finish_turn
from engines.magier.view import split_move

_HEX64 = re.compile(r"[0-9a-f]{64}")


def apply_place(state: State, seat: Seat, move: Move, exact: bool = True) -> tuple[State, list[Event]]:
    """MH-6: a wisdom still in hand onto an empty cell that is not a flame (its name read
    exactly, or with `exact` false as version 2 read it: shape.cell)."""
    if state["phase"] != "placement":
        raise IllegalMove("all wisdoms are placed; move a magician (step or jump) instead")
    i = need_cell(move, "cell", exact)
    name = CELLS[i]
    if is_blind(state["options"]):
        return _apply_blind_place(state, seat, move, i)
    if "secret_commit" in move:
        raise IllegalMove("this game is not blind: a placement carries its value, not a commitment")
    value = move.get("value")
    hand = state["hands"][seat]
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(
            f"say which wisdom to place on {name}: a value you still hold ({values_text(hand)})"
        )
    is_open = state["options"]["open_placement"]
    if is_open and move.get("open") is not True:
        raise IllegalMove('this game places wisdoms openly: the move must carry "open": true')
    if not is_open and "open" in move:
        raise IllegalMove('this game places wisdoms concealed: the move must not carry "open"')
    if i in FLAMES:
        raise IllegalMove(f"{name} is a flame: wisdoms may not be placed on flames")
    if name in state["board"]:
        raise IllegalMove(f"{name} is occupied")
    if value not in hand:
        raise IllegalMove(
            f"you have no wisdom of value {value} left to place (you hold {values_text(hand)})"
        )
    new = dict(state)
    board = dict(state["board"])
    board[name] = {"seat": seat, "kind": WISDOM, "value": value}
    new["board"] = dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]]))
    hands = [list(h) for h in state["hands"]]
    hands[seat].remove(value)
    new["hands"] = hands
    public, _ = split_move(
        {"type": "place", "cell": name, "value": value, **({"open": True} if is_open else {})}
    )
    data: dict[str, Any] = {"seat": seat, "cell": name}
    if is_open:
        data["value"] = value
    events = [Event("placed", data)]
    finish_turn(state, new, seat, public)
    if not any(hands):
        new["phase"] = "movement"
        events.append(Event("phase", {"phase": "movement", "turn": new["turn"]}))
    return new, events


def _apply_blind_place(state: State, seat: Seat, move: Move, i: int) -> tuple[State, list[Event]]:
    """MH-6 in a blind game: the engine keeps the owner and the commitment, never the value.

    Whether the committed value was still in the owner's hand cannot be checked here;
    it is checked when (if ever) that wisdom burns and is revealed (MH-5, `reveal.apply_reveal`).
    """
    name = CELLS[i]
    if "value" in move:
        raise IllegalMove(
            "this game is blind: a placement's value stays with you, the move carries only its commitment"
        )
    if "open" in move:
        raise IllegalMove('this game places wisdoms concealed: the move must not carry "open"')
    committed = move.get("secret_commit")
    if not isinstance(committed, str) or not _HEX64.fullmatch(committed):
        raise IllegalMove("a blind placement carries the commitment to its value (secret_commit)")
    if i in FLAMES:
        raise IllegalMove(f"{name} is a flame: wisdoms may not be placed on flames")
    if name in state["board"]:
        raise IllegalMove(f"{name} is occupied")
    hand = state["hands"][seat]
    if not hand:
        raise IllegalMove("you have no wisdom left to place")
    new = dict(state)
    board = dict(state["board"])
    board[name] = {"seat": seat, "kind": WISDOM, "commit": committed}
    new["board"] = dict(sorted(board.items(), key=lambda kv: INDEX[kv[0]]))
    hands = [list(h) for h in state["hands"]]
    hands[seat] = hands[seat][1:]
    new["hands"] = hands
    events = [Event("placed", {"seat": seat, "cell": name})]
    finish_turn(state, new, seat, {"type": "place", "cell": name})
    if not any(hands):
        new["phase"] = "movement"
        events.append(Event("phase", {"phase": "movement", "turn": new["turn"]}))
    return new, events
