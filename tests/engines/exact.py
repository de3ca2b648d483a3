"""How the engines' tests compare moves: as canonical JSON (what is signed), and strictly."""

from __future__ import annotations

import json
from typing import Any

from protocol.canonical import canonical


def strict(move: Any) -> str:
    """The move as JSON text that tells 1, 1.0 and true apart (canonical JSON does not)."""
    return json.dumps(move, sort_keys=True)


def canon(moves: list[dict[str, Any]]) -> list[bytes]:
    return [canonical(m) for m in moves]
