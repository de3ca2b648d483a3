"""The in-browser audit says only what it checked: a log the server re-signed with the winner
flipped FAILs `pbem audit` (the rules replay gives the other winner), and the page, which does not
replay the rules, says its checks held and that this is no verdict, never PASS, and not in the
CLI's PASS green.

In headless Chromium (skipped without it, as every browser test), and without a browser: the
/audit page's own text and stylesheet as the server serves them, and the page's script run in
Node on the same export (skipped without Node 20).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import requests
from selenium.webdriver.common.by import By

from protocol.audit import audit
from tests.protocol.ledger import reseal
from tests.web.browser import Browser
from tests.web.conftest import Site
from tests.web.test_browser_audit import audit_in_browser, server_key, write
from tests.web.test_node_audit import audit_in_node

PASS_GREEN = ("#dcf3dc", "rgba(220, 243, 220, 1)", "rgb(220, 243, 220)")  # the page's green, when it said PASS
HELD = "Chain, signatures and revealed secrets hold"
NOT_REPLAYED = "rules not replayed: this is no verdict on the game. Run pbem audit on the same file for one"


def flipped_winner(site: Site) -> dict[str, Any]:
    """The finished magier game (two seats, ended by a resignation) as a lying server would
    export it: the winner flipped in the entry that ended the game and in the reveal, both
    re-signed with the server's key and relinked from there on."""
    data = copy.deepcopy(site.export("magier"))
    entries = data["entries"]
    ended = next(e["seq"] for e in entries if e["type"] != "reveal" and "result" in e["body"])
    for seq in (ended, len(entries) - 1):
        result = entries[seq]["body"]["result"]
        assert result["winner"] in (0, 1), result
        result["winner"] = 1 - result["winner"]
    data["entries"] = reseal(entries, ended, server_key(site))
    return data


def test_a_flipped_winner_fails_pbem_audit_and_the_page_says_no_pass(site: Site, browser: Browser, tmp_path: Path) -> None:
    """The page names what held and that the rules were not replayed, its word is not PASS, and
    its colour is not the green a PASS had."""
    data = flipped_winner(site)
    assert audit(data).word == "FAIL"
    got = audit_in_browser(browser, site, write(tmp_path / "flipped-winner.json", data))
    assert got["word"] == "HOLDS", got
    assert got["text"].startswith(HELD) and NOT_REPLAYED in got["text"], got
    assert "PASS" not in got["text"] and "INCOMPLETE" not in got["text"], got
    verdict = browser.driver.find_element(By.ID, "verdict")
    assert "pass" not in str(verdict.get_attribute("class")).split(), verdict.get_attribute("class")
    assert verdict.value_of_css_property("background-color") not in PASS_GREEN
    browser.settle()


def test_the_page_says_the_same_without_a_browser(site: Site, tmp_path: Path) -> None:
    """What the server serves for the page: its text never calls its own result a PASS, and its
    stylesheet has no PASS style and draws what held in another colour than the PASS green; the
    page's script (in Node) gives the flipped winner its word HOLDS and the same text."""
    page = requests.get(site.url + "/audit", timeout=30)
    assert page.status_code == 200
    assert "a PASS here" not in page.text
    assert "only <code>pbem audit FILE</code> gives a verdict on the game" in page.text
    css = requests.get(site.url + "/web/static/style.css", timeout=30).text
    assert ".verdict.pass" not in css and ".verdict.incomplete" not in css
    holds = re.search(r"\.verdict\.holds \{ background: (#[0-9a-f]{6});", css)
    assert holds is not None and holds.group(1) not in PASS_GREEN, css
    script = requests.get(site.url + "/web/static/audit_page.js", timeout=30).text
    assert '"PASS"' not in script and '"INCOMPLETE"' not in script  # never the CLI's words as its own
    (got,) = audit_in_node(tmp_path, [flipped_winner(site)])
    assert got["ok"] and got["complete"], got
    assert got["reason"].startswith(HELD) and NOT_REPLAYED in got["reason"], got
    assert "PASS" not in got["reason"], got


def test_the_game_page_says_what_its_browser_check_and_its_board_rest_on(site: Site) -> None:
    """The game page's link to the browser check names what that check covers and that only
    `pbem audit` gives a verdict (it said "the commitments", of which the page checks only the
    seed's and the revealed secrets'); the finished board's note says the PASS it rests on is
    this server's own run of the audit."""
    page = requests.get(site.page("magier"), timeout=30).text
    assert "(the chain, the signatures and the revealed secrets, not the rules: only <code>pbem audit</code> gives a verdict;" in page
    assert "the signatures and the commitments" not in page
    assert "its verdict PASS here, on this server" in page


def test_the_pages_counts_are_pbem_audits_where_they_count_the_same_thing(site: Site, browser: Browser, tmp_path: Path) -> None:
    """The finished Feuersalamander game: its entries and signatures are counted as `pbem audit`
    counts them, in its words; the commitments the page checks (the seed's alone here: it hides
    no secret) are named as what they are, in the singular for one, never as bare "commitments"
    beside the CLI's count of every commitment the rules replay recomputes."""
    data = site.export("feuersalamander")
    cli = audit(data)
    assert cli.word == "PASS" and cli.checked["commitments"] > 1, cli.to_json()
    got = audit_in_browser(browser, site, write(tmp_path / "feuersalamander.json", data))
    assert got["word"] == "HOLDS", got
    counts = browser.driver.find_element(By.ID, "counts").text
    assert f": {cli.checked['entries']} entries, {cli.checked['signatures']} signatures, " in counts, counts
    assert ", 1 seed or secret commitment checked, " in counts, counts
    assert not re.search(r"\d commitments?\b", counts), counts  # never the CLI's words for another count
    assert not re.search(r"\b1 [\w ]*?(entries|signatures|commitments|keys|tokens|moves)\b", counts), counts
    browser.settle()
