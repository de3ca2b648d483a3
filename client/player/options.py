"""A game's options as typed on the command line: key=value, the value read as JSON if it is."""

from __future__ import annotations

import json
from typing import Any

from client.player.errors import ClientError


def parse_option(text: str) -> tuple[str, Any]:
    """'key=value' -> (key, value): JSON when it reads as JSON (true, 3, "x"), else the string."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ClientError(f"an option is key=value, got {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key, value


def parse_options(items: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items or []:
        key, value = parse_option(item)
        options[key] = value
    return options
