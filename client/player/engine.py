"""The rules this pbem runs for a game, and their drawing of a view.

Every check and every move text is made by the local engine, never the server's, so a game
whose engine this pbem lacks is refused with what to do rather than shown on trust.
"""

from __future__ import annotations

import json
from typing import Any

import engines
from client.player.errors import UnsupportedGame
from engines.core import Engine


def local_engine(engine_id: str, version: str | None = None) -> Engine:
    """This pbem's engine `engine_id`: the newest rules, or with `version` the ones a game's
    genesis names (every version a release wrote is kept), else UnsupportedGame saying what to do."""
    try:
        return engines.get(engine_id, version)
    except engines.UnknownEngine as exc:
        raise UnsupportedGame(
            f"this pbem has no engine {engine_id!r} (known: {', '.join(engines.ids())}); upgrade pbem"
        ) from exc
    except engines.UnknownVersion as exc:
        from protocol.verdict import version_gap

        missing, remedy = version_gap(engine_id, str(version), exc.known)
        raise UnsupportedGame(f"a game {missing}: {remedy}") from exc


def engine_for(receipt: dict[str, Any]) -> Engine:
    """The rules a game is played under, as the genesis pinned in its receipt names them (a
    receipt kept by a pbem that pinned no version: the newest, as that pbem played it)."""
    version = receipt.get("engine_version")
    return local_engine(str(receipt.get("engine")), version if isinstance(version, str) else None)


def render(engine: Engine, view: dict[str, Any]) -> str:
    """The engine's text board; a view it cannot draw is shown as JSON rather than not at all."""
    try:
        return engine.render(view)
    except Exception:  # noqa: BLE001 - rendering must never hide the game state
        return json.dumps(view, indent=2, sort_keys=True)
