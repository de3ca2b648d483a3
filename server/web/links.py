"""Where a game's page lives, for every place that links to it (mail, `make demo`, the pages).

Kept free of Flask so that the mail and the demo can build the link without a request.
"""

from __future__ import annotations

GAME_PATH = "/g/{game}"
AUDIT_PATH = "/audit"


def game_page_url(base_url: str, game_id: str) -> str:
    """The absolute URL of a game's page: `base_url` is the server's public URL (PUBLIC_URL),
    with or without a trailing slash."""
    return base_url.rstrip("/") + GAME_PATH.format(game=game_id)


def export_url(base_url: str, game_id: str) -> str:
    """The game's export (the signed log as `pbem export` writes it)."""
    return game_page_url(base_url, game_id) + "/export.json"


def audit_page_url(base_url: str) -> str:
    return base_url.rstrip("/") + AUDIT_PATH
