"""Every rules version this pbem keeps plays its pinned games exactly as the code that
made it did (PROTOCOL section 19: no silent change; docs/PROTOCOL.md "Versions").

Each file in data/ was written by tracing.py from the code of the commit its `made_by` names
(the release of that version, or the commit that made it): a digest, per step of fixed seeded
games, of the legal moves, the state, the events, every view, whose turn, the result and what
answers in advance play. Today's `engines.get(engine, version)` must give the same trace. A
change that alters a kept version fails here, naming the game and step and how to find the
cause: such a change needs a new version number instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engines
from tests.engines.versions.tracing import explain, games_module, trace

DATA = Path(__file__).resolve().parent / "data"
FILES = sorted(DATA.glob("*.json"))


def _pinned(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_kept_version_plays_its_pinned_games_as_made(path: Path) -> None:
    pinned = _pinned(path)
    engine = engines.get(pinned["engine"], pinned["version"])
    assert engine.version == pinned["version"]
    module = games_module(pinned["engine"])
    why = explain(pinned, engine, module, trace(engine, module))
    assert why is None, f"{path.name}: {why}"


def test_every_kept_version_is_pinned() -> None:
    """A version this pbem replays without a pinned trace could change unseen."""
    pinned = {(data["engine"], data["version"]) for data in map(_pinned, FILES)}
    kept = {(e.id, v) for e in engines.shipped() for v in engines.versions(e.id)}
    assert kept <= pinned, f"kept but not pinned: {sorted(kept - pinned)}"
