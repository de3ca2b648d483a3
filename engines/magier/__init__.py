"""Das magische Hexagon (Kuehlwei, VSK 1994): the `magier` engine.

Rulings MH-1..MH-15 are summarised for players in RULES.md (`pbem rules magier`); board.py names the cells,
mechanics.py moves the pieces, rules.py is the Engine over one module per part of the rules
(state, placement, movement, burning, repetition, reveal, turns, ending, view, listing),
blind.py is the owner's side of a blind game, notation.py, render.py, events.py and bots.py
serve players.

VERSIONS keeps every rules version a game was made with (engines.get(id, version); RULES.md
"Versions"): 1 of the first day (no blind games), 2 as released, 3 with the exact `apply`, 4 the
rules of 3 with a blind placement's value sealed into its envelope; ENGINE, the newest, is what
new games get.
"""

from engines.magier.rules import MagierEngine

VERSIONS = {v: MagierEngine(v) for v in ("1", "2", "3", "4")}
ENGINE = VERSIONS["4"]

__all__ = ["ENGINE", "VERSIONS", "MagierEngine"]
