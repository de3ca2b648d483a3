"""Das magische Hexagon (Kuehlwei, VSK 1994): the `magier` engine.

Rulings MH-1..MH-15 are summarised for players in RULES.md (`pbem rules magier`); board.py names the cells,
mechanics.py moves the pieces, rules.py is the Engine over one module per part of the rules
(state, placement, movement, burning, repetition, reveal, turns, ending, view, listing),
blind.py is the owner's side of a blind game, notation.py, render.py, events.py and bots.py
serve players.
"""

from engines.magier.rules import MagierEngine

ENGINE = MagierEngine()

__all__ = ["ENGINE", "MagierEngine"]
