"""Die Siedler von Catan - Das Kartenspiel (two players; rulings SI-n in RULES.md), registered as `siedler`."""

from engines.siedler.rules import Siedler

ENGINE = Siedler()

__all__ = ["ENGINE", "Siedler"]
