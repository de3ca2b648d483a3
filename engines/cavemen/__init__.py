"""Cavemen Playing With Fire (Odynaut Games 2012): the engine, registered as `cavemen`.

VERSIONS keeps every rules version a game was made with (engines.get(id, version); RULES.md
"Versions"); ENGINE, the newest, is what new games get.
"""

from engines.cavemen.rules import Cavemen

VERSIONS = {"1": Cavemen("1"), "2": Cavemen("2")}
ENGINE = VERSIONS["2"]

__all__ = ["ENGINE", "VERSIONS", "Cavemen"]
