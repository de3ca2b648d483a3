"""An export read from a file for `pbem audit` and `pbem replay`: strictly, one meaning only."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


class Ambiguous(Exception):
    """An export that is JSON but not one log: two readers could replay two different games.

    Not a bad file but a log that fails: `audit` says FAIL, `replay` refuses it (exit 4)."""


def read_log_file(file: str) -> Any:
    """An export from a file ('-': stdin), read strictly (canonical JSON rules)."""
    from client.play import ClientError
    from protocol.canonical import loads_strict

    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as exc:
        raise ClientError(f"cannot read {file}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise ClientError(f"{file} is not a text file") from exc
    try:
        return loads_strict(text)
    except ValueError as exc:
        try:
            json.loads(text)
        except ValueError:
            raise ClientError(f"{file} is not a log pbem can audit: {exc}") from exc
        # JSON that readers read differently (a key twice, NaN): a log that fails, not a bad file
        raise Ambiguous(f"{file} is not a log that has one meaning: {exc}") from exc
