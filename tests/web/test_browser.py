"""The pages in a real headless Chromium: the boards against the engines' views (in the DOM),
the replay stepped with the arrow keys, a running game's page reloading when its log moves and
only then, the in-browser audit (PASS for honest exports, FAIL naming the same entry in the same
words as `pbem audit` for tampered ones, INCOMPLETE for a running game), the protocol's vectors,
a phone's 360 px, and on every page: no request to another host, no console error. Each page's
screenshot is written under the test's tmp dir."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import engines
from protocol.audit import audit, replay_states
from protocol.keys import SigningKey
from server.web.loading import names_in, revealed
from tests.protocol.ledger import reseal
from tests.web.browser import Browser
from tests.web.conftest import FINISHED, HOSTILE, Site
from tests.web.games import play


def export(site: Site, label: str) -> dict[str, Any]:
    return requests.get(site.page(label) + "/export.json", timeout=30).json()


def final_view(data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    verdict, states = replay_states(data)
    assert states is not None
    engine = engines.get(str(verdict.engine))
    return engine.id, revealed(engine, states[data["entries"][-1]["seq"]], len(names_in(data["entries"])))


def attrs(driver: Any, selector: str, *names: str) -> list[tuple[str | None, ...]]:
    return [tuple(e.get_attribute(n) for n in names) for e in driver.find_elements(By.CSS_SELECTOR, selector)]


# -- what each board must show, computed from the view here (not by server/web/boards.py) -----


def magier_pieces(view: dict[str, Any]) -> dict[str, str]:
    out = {}
    for cell, piece in view["board"].items():
        mark = "rb"[piece["seat"]]
        out[cell] = mark.upper() if piece["kind"] == "magician" else f"{mark}{'?' if piece['value'] is None else piece['value']}"
    return out


def cavemen_pieces(view: dict[str, Any]) -> dict[str, str]:
    out = {}
    for i, piece in enumerate(view["field"]):
        if piece is not None:
            card = piece["card"]
            shown = "??" if card is None else card.capitalize() + ("^" if piece["up"] else "")
            out[f"P{i // 6}r{i % 6 + 1}"] = f"{'RB'[piece['owner']]} {shown}"
    return out


def check_board(driver: Any, engine_id: str, view: dict[str, Any]) -> None:
    if engine_id == "magier":
        shown = {c: p for c, p in attrs(driver, "#board [data-cell]", "data-cell", "data-piece") if p}
        assert len(driver.find_elements(By.CSS_SELECTOR, "#board [data-cell]")) == 61
        assert shown == magier_pieces(view)
    elif engine_id == "cavemen":
        shown = {c: p for c, p in attrs(driver, "#board g.path", "data-pos", "data-piece") if p}
        assert shown == cavemen_pieces(view)
        assert len(driver.find_elements(By.CSS_SELECTOR, "#board g.column")) == 18
    elif engine_id == "feuersalamander":
        names = view["names"]
        stones = {a: b for a, b in attrs(driver, "#board td.stone", "data-chamber", "data-stones")}
        want: dict[str, list[str]] = {}
        for seat, stone in enumerate(view["stones"]):
            if stone:
                want.setdefault(f"{stone['wing']}-{stone['row']}-{stone['field']}", []).append(names[seat][0])
        assert stones == {k: " ".join(v) for k, v in want.items()}
        figures = {int(str(a)): b for a, b in attrs(driver, "#board [data-space][data-figures]", "data-space", "data-figures")}
        on_track: dict[int, list[str]] = {}
        for seat, place in enumerate(view["figures"]):
            if isinstance(place, int):
                on_track.setdefault(place, []).append(names[seat][0])
        assert figures == {k: " ".join(v) for k, v in on_track.items()}
    elif engine_id == "siedler":
        for seat, prince in enumerate(view["principalities"]):
            table = f'#board table[data-player="{view["names"][seat]}"]'
            centers = [c for (c,) in attrs(driver, f"{table} [data-center]", "data-center")]
            assert centers == [prince["centers"][k]["card"] for k in sorted(prince["centers"], key=int)]
            regions = sorted(r for (r,) in attrs(driver, f"{table} [data-region]", "data-region"))
            assert regions == sorted(side["card"] for reg in prince["regions"].values() for side in reg.values())


def test_finished_games_of_every_engine_in_chromium(site: Site, browser: Browser, tmp_path: Path) -> None:
    for label in FINISHED:
        driver = browser.load(site.page(label))
        engine_id, view = final_view(export(site, label))
        check_board(driver, engine_id, view)
        assert "Game over" in driver.find_element(By.ID, "status").text
        browser.shot(tmp_path / f"{label}.png")
        browser.settle()


def test_the_replay_steps_with_the_arrow_keys(site: Site, browser: Browser, tmp_path: Path) -> None:
    data = export(site, "magier")
    last = data["entries"][-1]["seq"]
    _verdict, states = replay_states(data)
    assert states is not None
    engine = engines.get("magier")
    driver = browser.load(f"{site.page('magier')}?at=10")

    def at() -> int:
        return int(driver.find_element(By.ID, "at-seq").text)

    def press(key: str, want: int) -> None:
        driver.find_element(By.TAG_NAME, "body").send_keys(key)
        WebDriverWait(driver, 10).until(lambda d: at() == want)
        if states[want] is not None:  # before the start there is no position to draw
            check_board(driver, "magier", revealed(engine, states[want], 2))

    press(Keys.ARROW_RIGHT, 11)
    press(Keys.ARROW_LEFT, 10)
    press(Keys.ARROW_LEFT, 9)
    press(Keys.END, last)
    browser.shot(tmp_path / "replay-last.png")
    press(Keys.HOME, 0)
    assert not driver.find_elements(By.CSS_SELECTOR, "#board")  # before the start: no position
    driver.find_element(By.CSS_SELECTOR, 'nav.steps a[rel="next"]').click()
    WebDriverWait(driver, 10).until(lambda d: at() == 1)
    browser.settle()


def test_a_running_page_reloads_when_the_log_moves_and_only_then(site: Site, browser: Browser, tmp_path: Path) -> None:
    table = site.games["running"]
    driver = browser.load(site.page("running"))
    browser.requests()
    driver.execute_script("window.pbemStill = 1")
    time.sleep(3.5)  # three polls at one a second: the head has not moved
    polled = [u for u in browser.requests() if u.endswith("/head.json")]
    assert len(polled) >= 2
    assert driver.execute_script("return window.pbemStill") == 1  # no reload
    before = len(driver.find_elements(By.CSS_SELECTOR, "ol.history li"))
    now = play(table, 1, seed=7, resign=False)
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return window.pbemStill") is None)
    WebDriverWait(driver, 15).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "ol.history li")) == before + 1)
    check_board(driver, "magier", now["view"])
    browser.shot(tmp_path / "running.png")
    browser.settle()


def test_hostile_names_run_nothing_in_the_browser(site: Site, browser: Browser, tmp_path: Path) -> None:
    driver = browser.load(site.page("hostile"))
    page = driver.find_element(By.TAG_NAME, "main").text
    for name in HOSTILE.values():
        assert name in page  # shown as text, exactly
    assert not driver.find_elements(By.CSS_SELECTOR, "main img, main script")
    assert driver.execute_script("return typeof window.alert") == "function"
    browser.shot(tmp_path / "hostile.png")
    browser.settle()
    browser.load(site.url + "/")
    assert not driver.find_elements(By.CSS_SELECTOR, "main img, main script")
    browser.settle()


# -- the in-browser audit ----------------------------------------------------------------------


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
    for label in FINISHED:
        cases.append((f"{label} honest", export(site, label)))
    magier = export(site, "magier")
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
    cases.append(("a running game", export(site, "running")))
    cases.append(("a blind game's owner reveals", export(site, "magier-blind")))
    for name, data in cases:
        want = audit(data)
        got = audit_in_browser(browser, site, write(tmp_path / f"{name.replace(' ', '-')}.json", data))
        assert got["word"] == want.word, (name, got, want.to_json())
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


@pytest.mark.parametrize("path", ["/", "/audit", "game:feuersalamander", "game:siedler", "game:magier"])
def test_pages_fit_a_phone(site: Site, browser: Browser, tmp_path: Path, path: str) -> None:
    url = site.page(path.split(":")[1]) if path.startswith("game:") else site.url + path
    driver = browser.load(url)
    driver.set_window_size(360, 800)
    try:
        width = driver.execute_script("return document.documentElement.scrollWidth")
        inner = driver.execute_script("return window.innerWidth")
        assert width <= inner, f"{path}: {width} px wide in a {inner} px window"
        browser.shot(tmp_path / f"phone-{path.replace('/', '_').replace(':', '-')}.png", width=360)
    finally:
        driver.set_window_size(1280, 900)
    browser.settle()


def test_the_audit_page_on_system_entries(site: Site, browser: Browser, tmp_path: Path) -> None:
    """Timeouts (a secret salted from the seed, told back in a played_for_you event), email moves
    (tokens from the seed) and seats leaving a game of three (the server's out decisions), honest
    and tampered: the page says what `pbem audit` says, at the same entry, in the same words."""
    from tests.protocol import test_deadlines, test_email_moves, test_leaving

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
        assert got["word"] == want.word, (name, got, want.to_json())
        if want.word == "FAIL":
            assert (got["entry"], got["text"]) == (str(want.entry), f"FAIL: {want.reason}"), name
        browser.settle()


CONTRAST = """
const lum = (rgb) => {
  const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const parse = (c) => c.match(/[\\d.]+/g).map(Number);
const background = (el) => {
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
  }
  return [255, 255, 255];
};
const out = [];
for (const el of document.querySelectorAll("body *:not(svg):not(svg *)")) {
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!own || el.closest("[hidden]") || el.offsetParent === null) continue;
  const style = getComputedStyle(el);
  const [a, b] = [lum(parse(style.color).slice(0, 3)), lum(background(el))];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const size = parseFloat(style.fontSize);
  const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
  if (ratio < (large ? 3 : 4.5)) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
}
return out;
"""


@pytest.mark.parametrize("path", ["/", "/audit", "game:magier", "game:cavemen", "game:feuersalamander", "game:siedler", "game:running"])
def test_text_contrast_passes_wcag_aa(site: Site, browser: Browser, path: str) -> None:
    """Every line of HTML text against the background it stands on: 4.5:1, 3:1 for large text
    (WCAG 2 AA). The boards' SVG labels are checked by their colours in style.css."""
    url = site.page(path.split(":")[1]) if path.startswith("game:") else site.url + path
    driver = browser.load(url)
    for summary in driver.find_elements(By.TAG_NAME, "summary"):
        summary.click()  # the text board too
    assert driver.execute_script(CONTRAST) == []
    browser.settle()


def test_the_pages_are_usable_by_keyboard(site: Site, browser: Browser) -> None:
    """The first Tab reaches the skip link, which moves the focus to the content; the audit's
    file input and the vectors' button are reachable by Tab."""
    driver = browser.load(site.url + "/audit")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.text == "Skip to the content"
    reached = set()
    for _ in range(12):  # keys pressed as a person does (send_keys to a file input is a path)
        ActionChains(driver).send_keys(Keys.TAB).perform()
        reached.add(driver.switch_to.active_element.get_attribute("id"))
    assert {"file", "run-vectors"} <= reached
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
