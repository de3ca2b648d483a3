"""Der Feuersalamander (Noris 1987): the engine, registered as `feuersalamander`."""

from engines.feuersalamander.rules import Feuersalamander

ENGINE = Feuersalamander()

__all__ = ["ENGINE", "Feuersalamander"]
