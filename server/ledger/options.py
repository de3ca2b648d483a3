"""A new game's options as the ledger signs them into the genesis: the engine's complete
options, each with its default's JSON type, all with a canonical form. Apart from the ledger
so that the ledger's module keeps to appending entries."""

from __future__ import annotations

import logging
from typing import Any

from engines.core import BadOptions, Engine
from protocol import steps
from protocol.canonical import NotCanonical, canonical
from server.ledger.records import LedgerError

log = logging.getLogger(__name__)


def check_options(engine: Engine, options: dict[str, Any], seats: int) -> dict[str, Any]:
    """The engine's complete options, refused (400) unless each has its default's type
    (true is not 1, 1.0 is not 1) and all of them have a canonical JSON form."""
    try:
        checked = engine.check_options(options, seats)
    except BadOptions as exc:
        raise LedgerError(400, str(exc)) from exc
    except Exception as exc:  # noqa: BLE001 - an engine that chokes on odd options
        log.warning("engine %s: check_options raised %r", engine.id, exc)
        raise LedgerError(400, "bad options: the engine cannot read them") from exc
    if not isinstance(checked, dict):
        raise LedgerError(400, "bad options: the engine cannot read them")
    defaults = engine.options()
    for name, value in checked.items():
        default = defaults.get(name) if isinstance(defaults, dict) else None
        if isinstance(default, bool) and not isinstance(value, bool):
            raise LedgerError(400, f"option {name} must be true or false")
        if steps.is_int(default) and not steps.is_int(value):
            raise LedgerError(400, f"option {name} must be a whole number")
    try:
        canonical(checked)
    except NotCanonical as exc:
        raise LedgerError(
            400, "bad options: every number must be a whole number within +-(2**53 - 1) or a finite float"
        ) from exc
    return checked
