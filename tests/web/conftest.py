"""The web pages' fixtures: one real server on loopback for the package, with finished games of
every engine (cavemen both modes), a running one, an open one, a private one and one whose
players carry hostile names; and, for the browser tests, headless Chromium (tests/web/browser.py).

One server for the package, not one a test: games are played once (a few seconds in all), and
the server's database handle is process-global, so the fixture lives only while this package's
tests run (pytest sets it up again if a worker comes back to them later).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import requests

from tests.conftest import LiveServer, serve
from tests.web.browser import SKIP_WORDS, Browser, find, required
from tests.web.games import Table, new_table, play

PAGE_SIZE = 4  # the index's page here: the site's ten games fill three pages
HOSTILE = {"mallory": '<script>alert("x")</script>', "trudy": '"><img src=x onerror=alert(1)>'}

# label -> (engine, player names, options, random moves before the resignations)
FINISHED = {
    "magier": ("magier", ["ada", "bo"], {"blind": False}, 60),
    "magier-blind": ("magier", ["cy", "di"], {}, 30),
    "cavemen": ("cavemen", ["ed", "fay"], {}, 60),
    "cavemen-open": ("cavemen", ["gus", "hal"], {"open": True}, 60),
    "feuersalamander": ("feuersalamander", ["ida", "jo", "kim"], {"target": 20}, 60),
    "siedler": ("siedler", ["lu", "mo"], {}, 60),
}


@dataclass
class Site:
    server: LiveServer
    games: dict[str, Table] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return self.server.url

    def page(self, label: str) -> str:
        return f"{self.url}/g/{self.games[label].game}"

    def export(self, label: str) -> dict[str, Any]:
        """The game's export as its page serves it."""
        return requests.get(self.page(label) + "/export.json", timeout=30).json()


@pytest.fixture(scope="package")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    # a running page polls every second here, and the index lists 4 games a page
    settings = {"PBEM_WEB_POLL_SECONDS": "1", "PBEM_WEB_PAGE_SIZE": str(PAGE_SIZE)}
    before = {k: os.environ.get(k) for k in settings}
    os.environ.update(settings)
    try:
        with serve(tmp_path_factory.mktemp("web") / "server") as server:
            yield from _played(server)
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _played(server: LiveServer) -> Iterator[Site]:
    s = Site(server)
    for label, (engine, names, options, moves) in FINISHED.items():
        s.games[label] = new_table(server.url, engine, names, options)
        play(s.games[label], moves, seed=len(label))
    s.games["running"] = new_table(server.url, "magier", ["nia", "oz"], {"blind": False})
    play(s.games["running"], 6, resign=False)
    s.games["open"] = new_table(server.url, "cavemen", ["pam", "quin"], join=False)
    s.games["private"] = new_table(server.url, "cavemen", ["ray", "sue"], private=True)
    play(s.games["private"], 4)
    s.games["hostile"] = new_table(server.url, "cavemen", list(HOSTILE), rename=HOSTILE)
    play(s.games["hostile"], 6)
    yield s


@pytest.fixture(scope="package")
def browser(request: pytest.FixtureRequest) -> Iterator[Browser]:
    found = find()
    if isinstance(found, str):
        if required():
            pytest.fail(found.replace(SKIP_WORDS, "no browser, and PBEM_REQUIRE_BROWSER is set"))
        pytest.skip(found)  # before the site's games are played: a skip costs nothing
    site: Site = request.getfixturevalue("site")
    chromium = Browser(*found, origin=site.url)
    try:
        yield chromium
    finally:
        chromium.close()
