"""What a listed move would do, said before it is played (FS-5..FS-8, FS-16), for `pbem moves`.

"move sum" and "move diff" name only how the throw is counted; where the figure would land,
whom it would send to the dungeon and whose block it would stand in (so whom it may ask) are
what a player chooses between. All of it is public (the throw, every figure), so the preview
tells nothing a view conceals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.feuersalamander import circuit, sticks


def describe_move(view: Mapping[str, Any], move: Mapping[str, Any]) -> str | None:
    """"4 steps to Queen s0: the Monk there goes to the dungeon; you may ask the Queen", or None
    for a move with nothing to add."""
    seat, throw, figures = view.get("seat"), view.get("last_throw"), view.get("figures")
    if move.get("type") != "move" or not isinstance(seat, int) or not isinstance(throw, Mapping):
        return None
    if not isinstance(figures, list) or not 0 <= seat < len(figures):
        return None
    try:
        n = sticks.steps(dict(throw), str(move.get("how")))
    except (KeyError, TypeError, ValueError):
        return None
    place, seats, names = figures[seat], int(view.get("seats") or len(figures)), view.get("names") or circuit.NAMES
    steps = f"{n} step" if n == 1 else f"{n} steps"
    turn = circuit.home_turn_step(place, seat, n, seats)
    home = f"; on the way you may turn into your home at {circuit.space_name(circuit.link_space(seat))}" if turn is not None else ""
    dest = circuit.destination(place, seat, n, seats)
    if not isinstance(dest, int) or isinstance(dest, bool):
        return f"{steps}: you stay at home"
    said = [f"{steps} to {circuit.space_name(dest)}"]
    caught = [names[s] for s, f in enumerate(figures) if s != seat and f == dest]
    if caught:
        said.append(f"the {caught[0]} there goes to the dungeon")
    owner = circuit.visited_block(dest, seat)
    if owner is not None:
        said.append(f"you may ask the {names[owner]}")
    return said[0] + (": " + "; ".join(said[1:]) if said[1:] else "") + home
