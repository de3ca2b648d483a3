"""Der Feuersalamander (Noris 1987): the engine, registered as `feuersalamander`.

Every rules version a released pbem wrote into a genesis is kept (docs/PROTOCOL.md section 19): a game is
replayed and played on with the version it began with, new games get the newest. What each
version does differently is in RULES.md ("Versions") and engines.feuersalamander.rules.
"""

from engines.feuersalamander.rules import KEPT, NEWEST, Feuersalamander

VERSIONS = {version: Feuersalamander(version) for version in KEPT}
ENGINE = VERSIONS[NEWEST]

__all__ = ["ENGINE", "VERSIONS", "Feuersalamander"]
