"""The move phase (CV-5..CV-11): steps, jumps and sideways moves along the paths, with the
turn's record of who used which path's move; attacks go to fights, a fire put out ends the game.

Every move is checked against `moves.caveman_moves`, the same list the seat is shown, so
what apply accepts is exactly what was listed.

Readings of the rulings where they leave a choice:
- CV-5/CV-6 "the path's move" is taken by the first caveman that makes a move from that
  path; a Plucky or Gutsy that took its starting path's move (without leaving it
  sideways) has one more move there; the state records only what everybody saw (which
  caveman moved how), the extra move follows from the card, so the view leaks nothing.
- CV-6/CV-8 a Plucky or Gutsy whose first move was a winning attack is not stopped by
  it: it keeps its second move if still in its starting path, and like any caveman may
  use the move of a path it arrived in (by the attack across, or by a sideways second
  move) if that move is unused; it never attacks twice in a turn.
- CV-16/CV-8 open game: a caveman seen face up (by a sideways move, a fight or Zippy) and
  turned face down again by a sideways move stays known to both (`known` 2) while it
  stays on the field, as a fight's survivor does in the closed game; the flip hides
  nothing that both players did not already see. Zippy may still name it (to turn it up).
"""

from __future__ import annotations

from typing import Any

from engines.cavemen import notation
from engines.cavemen.ending import extinguish
from engines.cavemen.field import index, position
from engines.cavemen.fights import attack
from engines.cavemen.moves import caveman_moves
from engines.cavemen.turns import begin_turn, enter_place
from engines.core import Event, IllegalMove, Move, Rng, State


def _record(state: State, piece: dict[str, Any], fp: int, mtype: str) -> None:
    """Note in the turn's record who used the path's move and how (see the module docstring)."""
    tm = state["tm"]
    uid = str(piece["id"])
    if uid not in tm["acts"]:
        tm["acts"][uid] = {"start": fp, "kinds": []}
    if tm["used"][fp] is None:
        tm["used"][fp] = piece["id"]
    tm["acts"][uid]["kinds"].append(mtype if mtype != "jump" else "step")


def _walk(state: State, seat: int, move: Move, i: int, events: list[Event]) -> None:
    """A step or jump along the path, or a sideways move, which turns the caveman over in the
    open game (CV-16)."""
    mtype = move["type"]
    piece = state["field"][i]
    fp, fr = move["path"], move["row"]
    p, r = fp, fr
    d = 1 if move["dir"] in ("up", "right") else -1
    if mtype == "side":
        p += d
    else:
        r += d * (2 if mtype == "jump" else 1)
    moved = dict(piece)
    if mtype == "side" and state["options"]["open"]:  # CV-16
        moved["up"] = not piece["up"]
        if moved["up"]:
            moved["known"] = 2
    state["field"][i] = None
    state["field"][index(p, r)] = moved
    data: dict[str, Any] = {"seat": seat, "how": mtype, "from": [fp, fr], "to": [p, r]}
    if mtype == "side" and state["options"]["open"]:
        data["up"] = moved["up"]
        if moved["up"]:
            data["card"] = moved["card"]
    events.append(Event("moved", data))


def on_move(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    mtype = move["type"]
    if mtype == "end":
        events.append(Event("ended", {"seat": seat, "phase": "move"}))
        if not enter_place(state, seat, events):
            begin_turn(state, 1 - seat, events)
        return
    fp, fr = position(move, "from_path" if mtype == "attack" else "path", "from_row" if mtype == "attack" else "row")
    i = index(fp, fr)
    piece = state["field"][i]
    if piece is None or piece["owner"] != seat:
        raise IllegalMove(f"you have no caveman on P{fp} r{fr}")
    options = caveman_moves(state, i)
    if dict(move) not in options:
        if not options:
            raise IllegalMove(f"the caveman on P{fp} r{fr} cannot move any more this turn (CV-5..CV-8)")
        raise IllegalMove(
            f"the caveman on P{fp} r{fr} cannot do that; it may: " + "; ".join(notation.format(m) for m in options)
        )
    _record(state, piece, fp, mtype)
    if mtype == "extinguish":
        extinguish(state, seat, move, events)
    elif mtype in ("step", "jump", "side"):
        _walk(state, seat, move, i, events)
    else:
        attack(state, seat, i, index(move["path"], move["row"]), rng, events)
