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


def local_engine(engine_id: str) -> Engine:
    try:
        return engines.get(engine_id)
    except engines.UnknownEngine as exc:
        raise UnsupportedGame(
            f"this pbem has no engine {engine_id!r} (known: {', '.join(engines.ids())}); upgrade pbem"
        ) from exc


def render(engine: Engine, view: dict[str, Any]) -> str:
    """The engine's text board; a view it cannot draw is shown as JSON rather than not at all."""
    try:
        return engine.render(view)
    except Exception:  # noqa: BLE001 - rendering must never hide the game state
        return json.dumps(view, indent=2, sort_keys=True)
