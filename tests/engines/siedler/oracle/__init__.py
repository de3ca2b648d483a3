"""ORACLE: frozen copy of engines/siedler/__init__.py before the speed work (see oracle/rules.py).

Die Siedler von Catan - Das Kartenspiel (two players; rulings SI-n in RULES.md), registered as `siedler`."""

from tests.engines.siedler.oracle.rules import Siedler

ENGINE = Siedler()

__all__ = ["ENGINE", "Siedler"]
