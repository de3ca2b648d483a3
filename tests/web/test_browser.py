"""The pages in a real headless Chromium: the boards against the engines' views (in the DOM),
the replay stepped with the arrow keys, a running game's page reloading when its log moves and
only then, hostile names shown as text, a phone's 360 px, WCAG AA contrast, the keyboard; and on
every page: no request to another host, no console error (Browser.settle). Each page's
screenshot is written under the test's tmp dir. The audit page: test_browser_audit.py."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import engines
from protocol.audit import replay_states
from server.web.loading import names_in, revealed
from tests.web.browser import Browser
from tests.web.conftest import FINISHED, HOSTILE, Site
from tests.web.games import play


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
        engine_id, view = final_view(site.export(label))
        check_board(driver, engine_id, view)
        assert "Game over" in driver.find_element(By.ID, "status").text
        browser.shot(tmp_path / f"{label}.png")
        browser.settle()


def test_the_replay_steps_with_the_arrow_keys(site: Site, browser: Browser, tmp_path: Path) -> None:
    data = site.export("magier")
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
// the boards' SVG labels: a label against the shape it is drawn on (the last shape before it in
// its group), or against the page where it stands alone
for (const text of document.querySelectorAll("svg text")) {
  if (!text.textContent.trim()) continue;
  let shape = text.previousElementSibling;
  while (shape && !["circle", "rect", "polygon"].includes(shape.tagName)) shape = shape.previousElementSibling;
  const under = shape ? parse(getComputedStyle(shape).fill) : background(text.closest("svg"));
  const [a, b] = [lum(parse(getComputedStyle(text).fill).slice(0, 3)), lum(under.slice(0, 3))];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const size = parseFloat(getComputedStyle(text).fontSize);
  if (ratio < 4.5) out.push(`svg text "${text.textContent.trim()}" ${ratio.toFixed(2)} at ${size}px`);
}
return out;
"""


@pytest.mark.parametrize("path", ["/", "/audit", "game:magier", "game:cavemen", "game:feuersalamander", "game:siedler", "game:running"])
def test_text_contrast_passes_wcag_aa(site: Site, browser: Browser, path: str) -> None:
    """Every line of HTML text against the background it stands on: 4.5:1, 3:1 for large text
    (WCAG 2 AA); every label of an SVG board against the shape it is drawn on: 4.5:1."""
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
