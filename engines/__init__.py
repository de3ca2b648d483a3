"""The game engines and their registry: `engines.get("magier")`, `engines.all()`.

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


def _load(engine_id: str) -> Engine | None:
    try:
        module = importlib.import_module(_MODULES[engine_id])
    except ModuleNotFoundError:
        return None
    return getattr(module, "ENGINE", None)


def ids() -> list[str]:
    return [e for e in _MODULES if _load(e) is not None] + list(_EXTRA)


def shipped() -> list[Engine]:
    """The engines this installation ships, without those registered at run time (test toys)."""
    return [get(e) for e in _MODULES if _load(e) is not None]


def get(engine_id: str) -> Engine:
    engine = _EXTRA.get(engine_id) if isinstance(engine_id, str) else None
    if engine is None and engine_id in _MODULES:
        engine = _load(engine_id)
    if engine is None:
        raise UnknownEngine(engine_id)
    return engine


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
