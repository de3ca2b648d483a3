"""What this pbem writes and reads: its own version, the log format, every engine's rules
version and the server's database schema, as one statement (`statement()`) that
`pbem --version`, `pbem-server --version`, GET /v1/version and /v1/health all print.

The statement is plain JSON (strings, whole numbers, lists, objects: canonical JSON as it is),
so a client can compare it with a server's and say which of the two is older. CHANGELOG.md
lists the same for every version of pbem; a test keeps its newest section and this module in
step.

The schema version lives here, not in server/store/migrations.py (which reads it as CURRENT):
the client states it too, and the client does not load the server's database code to do so.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from protocol.entries import ENTRY_TYPES, FORMAT

NAME = "pbem"
# The log formats pbem audits and follows: only the one it writes (protocol.audit refuses any
# other export's "format").
READS_FORMATS = (FORMAT,)
# The database schema this pbem-server makes and serves; `pbem-server db upgrade` brings every
# older one (0 up to SCHEMA - 1) to it. Bump it with a migration (server/store/migrations.py).
SCHEMA = 5


def _checkout_version(name: str) -> str | None:
    """The version in the pyproject.toml beside these packages, when they run from a checkout
    (with or without an editable install): that file says the version of the code that runs,
    where an editable install's metadata still says the one it was installed at."""
    path = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        with path.open("rb") as handle:
            project = tomllib.load(handle).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if project.get("name") != name or not isinstance(project.get("version"), str):
        return None
    return project["version"]


def installed_version(name: str = NAME) -> str:
    """pbem's version: the checkout's pyproject.toml when run from one, else the installed
    distribution's, as importlib.metadata.version says it ("unknown" without either).

    The first entry of sys.path holding its one `NAME-VERSION.dist-info` answers from the
    METADATA there: importlib.metadata reads the same file, but importing it costs more than
    the rest of `pbem --version`. Anything else (an egg-info, two candidates) asks it."""
    found_here = _checkout_version(name)
    if found_here is not None:
        return found_here
    for entry in sys.path:
        try:
            found = [
                n for n in os.listdir(entry or ".")
                if n.endswith((".dist-info", ".egg-info")) and n.split("-")[0].lower() == name
            ]
        except OSError:
            continue
        if len(found) > 1 or (found and found[0].endswith(".egg-info")):
            break
        if found:
            try:
                with open(os.path.join(entry or ".", found[0], "METADATA"), encoding="utf-8") as lines:
                    for line in lines:
                        if line.startswith("Version:"):
                            return line.removeprefix("Version:").strip()
                        if not line.strip():
                            break  # the headers ended without a version
            except OSError:
                pass
            break
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"


def engine_versions() -> dict[str, dict[str, Any]]:
    """engine id -> the rules version new games get ("writes") and every version whose games
    this pbem replays, oldest first ("reads"): a version once released is kept for good."""
    import engines  # the registry loads every engine package: only when the statement is asked

    return {
        e.id: {"writes": e.version, "reads": list(engines.versions(e.id))}
        for e in sorted(engines.all(), key=lambda e: e.id)
    }


def statement() -> dict[str, Any]:
    """Everything this pbem writes and reads, as JSON."""
    return {
        "pbem": installed_version(),
        "log_format": {"writes": FORMAT, "reads": list(READS_FORMATS)},
        "entry_types": list(ENTRY_TYPES),
        "engines": engine_versions(),
        "schema": SCHEMA,
    }


def lines(versions: dict[str, Any], schema: bool) -> list[str]:
    """The statement as `--version` prints it: `pbem VERSION` first, then one line per item
    (the schema only for the server, whose database it is)."""
    out = [
        f"{NAME} {versions['pbem']}",
        f"log format: writes {versions['log_format']['writes']}, reads {', '.join(versions['log_format']['reads'])}",
    ]
    for engine_id, known in versions["engines"].items():
        out.append(f"engine {engine_id}: version {known['writes']} (reads {', '.join(known['reads'])})")
    if schema:
        out.append(f"database schema: version {versions['schema']} (db upgrade brings 0-{versions['schema'] - 1} to it)")
    return out
