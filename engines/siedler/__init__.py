"""Die Siedler von Catan - Das Kartenspiel (two players; rulings SI-n in RULES.md), registered as `siedler`.

Every rules version a game was made with stays playable and auditable (PROTOCOL section 19; RULES.md
"Versions"): one engine object per version, the differences gated inside the rules
(rules.Siedler). New games get the newest, ENGINE.
"""

from engines.siedler.rules import KEPT, Siedler

VERSIONS = {version: Siedler(version) for version in KEPT}
ENGINE = VERSIONS[KEPT[-1]]

__all__ = ["ENGINE", "VERSIONS", "Siedler"]
