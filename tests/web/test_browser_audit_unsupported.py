"""The in-browser audit on exports this pbem cannot check, in a real headless Chromium: a game an
honest pbem made with an engine version or engine this server's pbem does not ship, an
export in the first days' format (pbem-log/1), an entry type it does not know. The page says
UNSUPPORTED with `pbem audit`'s reason, in its own colour, never FAIL (which accuses the server);
a malformed value in the known format is still FAIL."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

import engines
from protocol.audit import audit
from protocol.keys import SigningKey
from tests.protocol.ledger import Ledger, random_policy, reseal
from tests.web.browser import Browser
from tests.web.conftest import Site
from tests.web.test_browser_audit import audit_in_browser, write


def _signed(data: dict[str, Any], seq: int, key: SigningKey, change: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    change(out["entries"][seq])
    out["entries"] = reseal(out["entries"], seq, key)
    return out


def made_with(version: str, engine_id: str = "magier") -> dict[str, Any]:
    """The export of a game an honest pbem made whose magier was `version` (or an engine this
    pbem lacks, `engine_id`): its players signed that genesis, so only the rules are missing."""
    engine = copy.copy(engines.get("magier"))
    engine.id, engine.version = engine_id, version  # type: ignore[misc]  # this copy only
    return Ledger(f"page-unsupported-{engine_id}-{version}", engine=engine, game="g-page").play(random_policy).export()


def test_the_audit_page_says_unsupported_where_pbem_audit_does(site: Site, browser: Browser, tmp_path: Path) -> None:
    key = SigningKey.load(site.server.data_dir / "server_key.pem")
    magier = site.export("magier")
    added = copy.deepcopy(magier)  # a newer server's entry, signed, just before the reveal
    reveal = added["entries"][-1]
    added["entries"][-1:] = [{**reveal, "type": "wager", "body": {"stake": 1}}, {**reveal, "seq": reveal["seq"] + 1}]
    added["entries"] = reseal(added["entries"], reveal["seq"], key)
    cases = {
        "older version": made_with("0"),
        "newer version": made_with("12"),
        "unknown engine": made_with("2", engine_id="chess"),
        "pbem-log/1": {**copy.deepcopy(magier), "format": "pbem-log/1"},
        "unknown entry type": added,
    }
    for name, data in cases.items():
        want = audit(data)
        assert want.word == "UNSUPPORTED", (name, want.to_json())
        got = audit_in_browser(browser, site, write(tmp_path / f"{name.replace(' ', '-').replace('/', '-')}.json", data))
        assert got["word"] == "UNSUPPORTED", (name, got)
        assert got["text"] == f"UNSUPPORTED: {want.reason}", (name, got, want.reason)
        assert got["entry"] == ("" if want.entry is None else str(want.entry)), (name, got)
        browser.settle()
    # its own colour (the last case is still shown): neither FAIL's red nor the holds' blue
    colour = browser.driver.find_element(By.ID, "verdict").value_of_css_property("background-color")
    assert colour == "rgba(239, 227, 246, 1)", colour
    malformed = _signed(magier, 0, key, lambda e: e["body"].update(engine_version=2))
    want = audit(malformed)
    got = audit_in_browser(browser, site, write(tmp_path / "malformed.json", malformed))
    assert want.word == "FAIL" and got["word"] == "FAIL" and got["text"] == f"FAIL: {want.reason}", (got, want.reason)
    browser.shot(tmp_path / "unsupported.png")
