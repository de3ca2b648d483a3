"""The code before the speed work, timed in the same run as the code now, so speedups are ratios.

- Canonical JSON: `protocol.canonical` with its fast path switched off is exactly the
  rfc8785 serialisation every hash used before.
- Feuersalamander: the frozen copy the differential tests use as the oracle
  (tests/engines/feuersalamander/oracle).
- Magier: the live engine with legal_moves from the oracle copy of the move generation
  (tests/engines/magier/oracle), and the live engine whose movement-phase legal_moves calls
  mechanics.movement_moves straight on the board's cells ("magier, hooked"): the call the
  live engine already makes through listing.movement_moves, without that wrapper's copy of
  the list, so the two should time alike and a gap is the wrapper's cost.

The oracles live in the test tree, which a source checkout has and an installed package
does not: without them `available()` is False and the bench reports the present only.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engines.core import Engine
from protocol import canonical as _canonical


@contextmanager
def rfc8785_only() -> Iterator[None]:
    """Every canonical() call takes the rfc8785 path, as before the speed work: the fast path
    off, and the C encoder that canonical_own (the audit's states and views) calls refusing
    every value, so canonical_own falls back on canonical() and thus on rfc8785 too."""
    fast, encode = _canonical._fast, _canonical._encode
    _canonical._fast = lambda value: None  # type: ignore[assignment]
    _canonical._encode = _refuse  # type: ignore[assignment]
    try:
        yield
    finally:
        _canonical._fast = fast  # type: ignore[assignment]
        _canonical._encode = encode  # type: ignore[assignment]


def _refuse(value: Any) -> str:
    raise ValueError("the code before had no C encoder path")


def available() -> bool:
    try:
        import tests.engines.feuersalamander.oracle.rules  # noqa: F401
        import tests.engines.magier.oracle.legal  # noqa: F401
    except ImportError:
        return False
    return True


def own_apply(engine_id: str) -> bool:
    """Whether the engine before has its own apply (magier's apply is today's: only its move
    generation was kept), so an apply ratio means something."""
    return engine_id == "feuersalamander"


def oracle_engine(engine_id: str) -> Engine | None:
    """The engine as it was before the speed work (see the module docstring), or None if not kept."""
    if engine_id == "feuersalamander":
        from tests.engines.feuersalamander.oracle.rules import Feuersalamander

        return Feuersalamander()
    if engine_id == "magier":
        return _magier(oracle=True)
    return None


def hooked_magier() -> Engine:
    return _magier(oracle=False)


def _magier(oracle: bool) -> Engine:
    from engines.magier import mechanics
    from engines.magier.rules import MagierEngine
    from tests.engines.magier.oracle import legal

    class Magier(MagierEngine):  # type: ignore[misc, valid-type]
        def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
            if state["phase"] != "movement" or seat != state["turn"]:
                return super().legal_moves(state, seat)
            if oracle:
                return legal.movement_moves(state, seat) or [{"type": "pass"}]
            cells = mechanics.cells_from_board(state["board"])
            moves = mechanics.movement_moves(cells, seat, state["options"]["wrap"], state["prev_position"])
            return moves or [{"type": "pass"}]

    return Magier()
