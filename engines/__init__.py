"""The game engines and their registry: `engines.get("magier")`, `engines.all()`.

Every rules version a game has ever been made with stays here: `engines.get(id, version)`
answers the engine that replays a game whose genesis names that `engine_version`, and
`engines.get(id)` the newest, which new games get. An engine package says which versions it
keeps with `VERSIONS` (version -> engine; without it, `ENGINE` alone). A released version
never changes behaviour (tests/engines/versions pins each one): what a log once proved, it
proves forever (docs/PROTOCOL.md, "Versions").

Each engine package ships a player's rules summary, RULES.md (package data),
read by `rules_text(engine_id)` and shown by `pbem rules ENGINE`.
"""

from __future__ import annotations

import importlib
from importlib import resources

from engines.core import Engine

# engine id -> module that defines ENGINE; listed here so the registry needs no import-time magic.
_MODULES = {
    "magier": "engines.magier",
    "feuersalamander": "engines.feuersalamander",
    "cavemen": "engines.cavemen",
    "siedler": "engines.siedler",
}


# Engines registered at run time (tests register toy games here).
_EXTRA: dict[str, Engine] = {}


def register(engine: Engine) -> None:
    _EXTRA[engine.id] = engine


class UnknownEngine(KeyError):
    def __init__(self, engine_id: str) -> None:
        super().__init__(engine_id)
        self.message = f"unknown engine {engine_id!r}; known: {', '.join(ids())}"

    def __str__(self) -> str:
        return self.message


class UnknownVersion(LookupError):
    """A rules version of a known engine that this pbem does not keep (a newer pbem's, or a
    version no release ever wrote): the message names both sides."""

    def __init__(self, engine_id: str, version: object, known: list[str]) -> None:
        super().__init__(engine_id, version)
        self.engine_id = engine_id
        self.version = version
        self.known = known
        self.message = (
            f"this pbem has no {engine_id} version {version!r}; it knows version"
            f"{'s' if len(known) > 1 else ''} {', '.join(known)}"
        )

    def __str__(self) -> str:
        return self.message


def _load(engine_id: str) -> Engine | None:
    try:
        module = importlib.import_module(_MODULES[engine_id])
    except ModuleNotFoundError:
        return None
    return getattr(module, "ENGINE", None)


def _number(version: str) -> tuple[int, str]:
    return (int(version), "") if version.isdigit() else (1 << 62, version)


def versions(engine_id: str) -> dict[str, Engine]:
    """Every rules version of `engine_id` this pbem replays, oldest first (UnknownEngine if none)."""
    newest = get(engine_id)
    kept: dict[str, Engine] = {newest.version: newest}
    if _EXTRA.get(engine_id) is None and engine_id in _MODULES:
        listed = getattr(importlib.import_module(_MODULES[engine_id]), "VERSIONS", None) or {}
        kept = {**{e.version: e for e in listed.values()}, **kept}  # each under the version it says
    return {v: kept[v] for v in sorted(kept, key=_number)}


def ids() -> list[str]:
    return [e for e in _MODULES if _load(e) is not None] + list(_EXTRA)


def shipped() -> list[Engine]:
    """The engines this installation ships, without those registered at run time (test toys)."""
    return [get(e) for e in _MODULES if _load(e) is not None]


def kept_versions(engine: Engine) -> dict[str, Engine]:
    """The rules versions of `engine` this pbem replays: every version the registry keeps when
    `engine` is the registry's own, else (an engine a caller looked up elsewhere, a test's toy)
    that engine's one."""
    if engine.id in ids() and get(engine.id) is engine:
        return versions(engine.id)
    return {engine.version: engine}


def get(engine_id: str, version: str | None = None) -> Engine:
    """The engine `engine_id`: its newest rules, or with `version` the rules a genesis names
    (UnknownEngine, UnknownVersion when this pbem does not keep them)."""
    engine = _EXTRA.get(engine_id) if isinstance(engine_id, str) else None
    if engine is None and engine_id in _MODULES:
        engine = _load(engine_id)
    if engine is None:
        raise UnknownEngine(engine_id)
    if version is None or version == engine.version:
        return engine
    kept = versions(engine_id)
    if not isinstance(version, str) or version not in kept:
        raise UnknownVersion(engine_id, version, list(kept))
    return kept[version]


def all() -> list[Engine]:  # noqa: A001 - the issue names it engines.all()
    return [get(e) for e in ids()]


def rules_text(engine_id: str) -> str:
    """The player's rules summary shipped in the engine's package (its RULES.md).

    Raises UnknownEngine for an engine that is not installed and LookupError for
    one without a summary (engines registered at run time, such as test toys).
    """
    get(engine_id)  # UnknownEngine with the list of known ones
    module = _MODULES.get(engine_id)
    if module is None:
        raise LookupError(f"engine {engine_id!r} ships no rules summary")
    try:
        return resources.files(module).joinpath("RULES.md").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LookupError(f"engine {engine_id!r} ships no rules summary") from None
