"""The in-browser audit in a real headless Chromium: "Chain, signatures and revealed secrets hold;
rules not replayed" (HOLDS, never `pbem audit`'s PASS) for honest exports of every engine, FAIL
naming the same entry in the same words as `pbem audit` for tampered ones (a flipped signature
byte, an edited move, a swapped reveal, a timeout's salt, an email token, a statement of standing
answers or a move played by one), "hold so far" (SO-FAR, never INCOMPLETE) for a running game; the protocol's known-answer vectors; RFC 8785 in JavaScript against the Python
canonicaliser. No request leaves the server, no console error (Browser.settle)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import engines
from protocol.audit import audit
from protocol.keys import SigningKey
from tests.protocol.ledger import reseal
from tests.web.browser import Browser
from tests.web.conftest import FINISHED, Site

# What the page says where `pbem audit` says PASS or INCOMPLETE: its own words, never those (it
# does not replay the rules); a FAIL is a fault found, whoever finds it.
PAGE = {"PASS": "HOLDS", "INCOMPLETE": "SO-FAR", "FAIL": "FAIL"}


def audit_in_browser(browser: Browser, site: Site, path: Path) -> dict[str, str]:
    driver = browser.load(site.url + "/audit")
    driver.find_element(By.ID, "file").send_keys(str(path))
    WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "verdict").get_attribute("data-verdict"))
    verdict = driver.find_element(By.ID, "verdict")
    return {
        "word": str(verdict.get_attribute("data-verdict")),
        "entry": str(verdict.get_attribute("data-entry")),
        "text": verdict.text,
        "ms": str(driver.find_element(By.ID, "counts").get_attribute("data-ms")),
    }


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def server_key(site: Site) -> SigningKey:
    return SigningKey.load(site.server.data_dir / "server_key.pem")


def flip_sig(data: dict[str, Any], seq: int) -> dict[str, Any]:
    out = copy.deepcopy(data)
    sig = out["entries"][seq]["sig"]
    out["entries"][seq]["sig"] = sig[:10] + format(int(sig[10:12], 16) ^ 0x40, "02x") + sig[12:]
    return out


def first(data: dict[str, Any], test: Callable[[dict[str, Any]], bool]) -> int:
    return next(e["seq"] for e in data["entries"] if test(e))


def test_the_audit_page_passes_honest_exports_and_names_the_tampered_entry(site: Site, browser: Browser, tmp_path: Path) -> None:
    key = server_key(site)
    cases: list[tuple[str, dict[str, Any]]] = []
    for label in [*FINISHED, "hostile"]:  # hostile: names with quotes and brackets, signed and hashed
        cases.append((f"{label} honest", site.export(label)))
    magier = site.export("magier")
    cases.append(("flipped server signature", flip_sig(magier, 7)))
    moved = first(magier, lambda e: e["type"] == "move")
    cases.append(("flipped byte of a move's signature",
                  _edit(magier, moved, key, lambda b: b.update(sig=b["sig"][:-2] + format(int(b["sig"][-2:], 16) ^ 1, "02x")))))
    placed = [e["seq"] for e in magier["entries"] if e["type"] == "move" and e["body"]["envelope"]["secret_commit"]]
    assert len(placed) >= 2
    later = first(magier, lambda e: e["type"] == "move" and e["seq"] > moved + 4)
    cases.append(("an edited move", _edit(magier, later, key, lambda b: b["envelope"]["move"].update(cell="a1"))))
    swapped = copy.deepcopy(magier)
    secrets = swapped["entries"][-1]["body"]["secrets"]
    values = [s["secret"] for s in secrets]
    assert len(set(json.dumps(v) for v in values)) > 1
    secrets[0]["secret"], secrets[-1]["secret"] = values[-1], values[0]
    swapped["entries"] = reseal(swapped["entries"], len(swapped["entries"]) - 1, key)
    cases.append(("a swapped reveal", swapped))
    cases.append(("a running game", site.export("running")))
    cases.append(("a blind game's owner reveals", site.export("magier-blind")))
    for name, data in cases:
        want = audit(data)
        got = audit_in_browser(browser, site, write(tmp_path / f"{name.replace(' ', '-')}.json", data))
        assert got["word"] == PAGE[want.word], (name, got, want.to_json())
        if want.word == "FAIL":
            assert got["entry"] == str(want.entry), (name, got, want.to_json())
            assert got["text"] == f"FAIL: {want.reason}", (name, got)
        browser.settle()
    browser.shot(tmp_path / "audit.png")


def _edit(data: dict[str, Any], seq: int, key: SigningKey, change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """A dishonest server's export: entry `seq`'s body changed, then relinked and re-signed."""
    out = copy.deepcopy(data)
    change(out["entries"][seq]["body"])
    out["entries"] = reseal(out["entries"], seq, key)
    return out


def test_the_protocol_vectors_pass_in_chromium(site: Site, browser: Browser, tmp_path: Path) -> None:
    driver = browser.load(site.url + "/audit")
    driver.find_element(By.ID, "run-vectors").click()
    WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "vectors-summary").get_attribute("data-total"))
    summary = driver.find_element(By.ID, "vectors-summary")
    failed = [r.text for r in driver.find_elements(By.CSS_SELECTOR, '#vectors tr[data-ok="false"]')]
    assert not failed
    assert summary.get_attribute("data-passed") == summary.get_attribute("data-total") != "0"
    browser.shot(tmp_path / "vectors.png")
    browser.settle()



def test_the_audit_page_on_system_entries(site: Site, browser: Browser, tmp_path: Path) -> None:
    """Timeouts (a secret salted from the seed, told back in a played_for_you event), email moves
    (tokens from the seed) and seats leaving a game of three (the server's out decisions), honest
    and tampered: the page says what `pbem audit` says, at the same entry, in the same words."""
    from tests.protocol import test_deadlines, test_email_moves, test_leaving
    from tests.protocol.trio import TRIO

    engines.register(TRIO)  # the page's server ships the test engine `pbem audit` is given here

    timeouts, email, left = test_deadlines.timeout_ledger(), test_email_moves.email_ledger(), test_leaving.left_early()
    cases: list[tuple[str, dict[str, Any], Callable[[Any], Any]]] = [
        ("timeouts", timeouts.export(), test_deadlines.run),
        ("email moves", email.export(), test_email_moves.run),
        ("a seat left", left.export(), test_leaving.run),
    ]
    entries = timeouts.export()["entries"]
    seq = next(e["seq"] for e in entries if e["body"].get("secret_commit") and e["type"] == "system")
    for item in entries[-1]["body"]["secrets"]:
        if item["seq"] == seq:
            item["salt"] = "a5" * 32
    cases.append(("a timeout's salt", {**timeouts.export(), "entries": reseal(entries, len(entries) - 1, timeouts.server_key)}, test_deadlines.run))
    entries = email.export()["entries"]
    seq = [e["seq"] for e in entries if e["body"].get("kind") == "email_move"][1]
    entries[seq]["body"]["token"] = "0" * 32
    cases.append(("an email token", {**email.export(), "entries": reseal(entries, seq, email.server_key)}, test_email_moves.run))
    for name, data, run in cases:
        want = run(data)
        got = audit_in_browser(browser, site, write(tmp_path / f"{name.replace(' ', '-')}.json", data))
        assert got["word"] == PAGE[want.word], (name, got, want.to_json())
        if want.word == "FAIL":
            assert (got["entry"], got["text"]) == (str(want.entry), f"FAIL: {want.reason}"), name
        browser.settle()


def test_the_audit_page_on_answers_given_in_advance(site: Site, browser: Browser, tmp_path: Path) -> None:
    """Statements of standing answers and the moves played by them (tests/web/standing_cases.py,
    which Node also runs where Chromium is missing): the page says what `pbem audit` says, at the
    same entry, in the same words; a move its rule does not prescribe only the replay sees (the
    page's checks hold, it says the rules were not replayed, and lists that check among those only
    `pbem audit` makes)."""
    from tests.web.standing_cases import RULES_ONLY, cases, run

    for name, data in cases():
        want = run(data)
        got = audit_in_browser(browser, site, write(tmp_path / f"{name.replace(' ', '-')}.json", data))
        if name in RULES_ONLY:
            assert (want.word, got["word"]) == ("FAIL", "HOLDS"), (name, got)
        else:
            assert got["word"] == PAGE[want.word], (name, got, want.to_json())
        if want.word == "FAIL" and name not in RULES_ONLY:
            assert (got["entry"], got["text"]) == (str(want.entry), f"FAIL: {want.reason}"), name
        browser.settle()


def _random_value(rnd: Any, depth: int = 0) -> Any:
    """JSON values with what canonical JSON gets wrong most easily: astral and control characters,
    escapes, keys that sort differently by code point and by UTF-16 unit, floats of every size."""
    pick = rnd.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return rnd.choice([None, True, False])
    if pick == 1:
        return rnd.randint(-(2**53) + 1, 2**53 - 1)
    if pick == 2:
        return rnd.choice([0.0, -0.0, 0.5, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, rnd.uniform(-1e6, 1e6),
                           rnd.random() * 10 ** rnd.randint(-30, 30)])
    if pick in (3, 4, 5):
        alphabet = "aZ09 \"\\/\b\f\n\r\t\x00\x01\x1f\x7f\u00e9\u2028\u2029\uffff\ufeff\U0001f600\U00010000\U0010ffff\uff61"
        return "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(8)))
    if pick in (6, 7):
        return [_random_value(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    keys = ["", "a", "b", "\U0001f600", "\uff61", "\u00e9", "A", "aa", "\x00", "\ud7ff", "\ue000"]
    return {rnd.choice(keys): _random_value(rnd, depth + 1) for _ in range(rnd.randrange(5))}


def test_canonical_json_in_the_browser_is_the_python_canonicaliser(site: Site, browser: Browser) -> None:
    """RFC 8785 reimplemented in JavaScript, against protocol.canonical on 400 generated values
    (read by the page's strict reader from the JSON text a file would hold)."""
    import random

    from protocol.canonical import canonical

    rnd = random.Random(8785)
    values = [_random_value(rnd) for _ in range(400)]
    texts = [json.dumps(v, ensure_ascii=rnd.random() < 0.5) for v in values]
    driver = browser.load(site.url + "/audit")
    got = driver.execute_script(
        "const enc = new TextEncoder();"
        "return arguments[0].map((t) => { try { return PbemCrypto.hex(PbemCrypto.canonical("
        "PbemCrypto.parseStrict(enc.encode(t)))); } catch (e) { return 'refused: ' + e.message; } });",
        texts,
    )
    want = [canonical(v).hex() for v in values]
    wrong = [(t, g, w) for t, g, w in zip(texts, got, want, strict=True) if g != w]
    assert not wrong, wrong[:3]
    browser.settle()


def test_a_game_pages_link_checks_its_export_in_the_browser(site: Site, browser: Browser) -> None:
    """The game page's link: /audit?game=ID fetches that game's export from this server and checks
    it as a chosen file; a game the server does not show is said so, nothing checked."""
    driver = browser.load(site.page("siedler"))
    driver.find_element(By.PARTIAL_LINK_TEXT, "check it in this browser").click()
    WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "verdict").get_attribute("data-verdict"))
    assert driver.find_element(By.ID, "verdict").get_attribute("data-verdict") == "HOLDS"
    assert site.games["siedler"].game in driver.find_element(By.ID, "counts").text
    browser.settle()
    driver = browser.load(f"{site.url}/audit?game={site.games['private'].game}")
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "verdict").text)
    assert "no public game" in driver.find_element(By.ID, "verdict").text
    assert all(browser._ours(u) for u in browser.requests())
    errors = browser.console_errors()  # the 404 of the private game's export is the expected answer
    assert errors and all("export.json" in e and "404" in e for e in errors), errors
