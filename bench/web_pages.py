"""`make bench`'s web figures: what a game's page costs against the JSON of the same game, and
what the in-browser audit costs against `pbem audit`'s chain-and-signature check of one file.

The game is the longest of `make demo`'s (its Feuersalamander game of three bots, ~600 entries),
played by the demo's own bots against `pbem-server serve` (gunicorn, one worker, so the page's
replay is cached where it is timed). Page, replay step and JSON are timed interleaved, median of
`rounds`; the first page is timed apart (it replays the log). The browser part runs where
Chromium and chromedriver are installed (else it says skipped): the audit page's own timer
(performance.now around the check, the file already read) against the Python audit of the same
export without its reveal, which is exactly the chain and every signature (an INCOMPLETE verdict).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

from protocol.audit import audit

ENGINE = "feuersalamander"  # the longest demo game, in entries


def _median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 2)


def web_figures(rounds: int = 9, browser_rounds: int = 3, engine: str = ENGINE) -> dict[str, Any]:
    """The figures of one demo game of `engine` (the longest, unless a smoke test asks for less)."""
    from client import demo

    work = Path(tempfile.mkdtemp(prefix="pbem-bench-web-"))
    port = demo.free_port()
    url = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_SMTP_")}
    server = demo.start_server(work / "server", port, workers=1, env=env)
    try:
        path = demo.play(url, work / "homes", engine, work, None, "bench-web")
        data = json.loads(path.read_text(encoding="utf-8"))
        game = data["game"]
        last = data["entries"][-1]["seq"]
        pages = _pages(url, game, last // 2, rounds)
        check = _audits(data, path, url, browser_rounds)
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    return {"engine": engine, "entries": last + 1, "rounds": rounds, **pages, **check}


def _pages(url: str, game: str, at: int, rounds: int) -> dict[str, Any]:
    paths = {"page": f"/g/{game}", "replay_step": f"/g/{game}?at={at}", "json": f"/v1/games/{game}"}
    session = requests.Session()
    started = time.perf_counter()
    first = session.get(url + paths["page"], timeout=120)
    cold = time.perf_counter() - started
    assert first.status_code == 200, first.status_code
    times: dict[str, list[float]] = {k: [] for k in paths}
    for _ in range(rounds):
        for key, path in paths.items():
            started = time.perf_counter()
            answer = session.get(url + path, timeout=60)
            times[key].append(time.perf_counter() - started)
            assert answer.status_code == 200, (path, answer.status_code)
    json_ms = _median_ms(times["json"])
    return {
        "first_page_ms": round(cold * 1000, 1),
        "page_ms": _median_ms(times["page"]),
        "replay_step_ms": _median_ms(times["replay_step"]),
        "json_ms": json_ms,
        "page_over_json": round(_median_ms(times["page"]) / json_ms, 2),
        "replay_step_over_json": round(_median_ms(times["replay_step"]) / json_ms, 2),
        "replay_step_at": at,
    }


def _audits(data: dict[str, Any], path: Path, url: str, rounds: int) -> dict[str, Any]:
    unrevealed = {**data, "entries": data["entries"][:-1]}  # no reveal: the chain and the signatures
    chain, full = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        verdict = audit(unrevealed)
        chain.append(time.perf_counter() - started)
        assert verdict.ok and not verdict.complete, verdict.reason
        started = time.perf_counter()
        assert audit(data).word == "PASS"
        full.append(time.perf_counter() - started)
    out: dict[str, Any] = {"python_chain_ms": _median_ms(chain), "python_audit_ms": _median_ms(full)}
    browser_ms = _browser_audit(path, url, rounds)
    if isinstance(browser_ms, str):
        out["browser"] = browser_ms
        return out
    out["browser_audit_ms"] = round(statistics.median(browser_ms), 1)
    out["browser_over_python_chain"] = round(out["browser_audit_ms"] / out["python_chain_ms"], 2)
    return out


def _browser_audit(path: Path, url: str, rounds: int) -> list[float] | str:
    chromium, driver_path = shutil.which("chromium") or shutil.which("google-chrome"), shutil.which("chromedriver")
    if not chromium or not driver_path:
        return "skipped: no Chromium and chromedriver on PATH (apt-get install chromium chromium-driver)"
    os.environ.setdefault("SE_AVOID_STATS", "true")
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        times = []
        for _ in range(rounds):
            driver.get(url + "/audit")
            driver.find_element(By.ID, "file").send_keys(str(path))
            WebDriverWait(driver, 300).until(lambda d: d.find_element(By.ID, "verdict").get_attribute("data-verdict"))
            word = driver.find_element(By.ID, "verdict").get_attribute("data-verdict")
            if word != "HOLDS":  # the page's word where its checks hold (it never says PASS)
                return f"the page said {word}: {driver.find_element(By.ID, 'verdict').text}"
            times.append(float(str(driver.find_element(By.ID, "counts").get_attribute("data-ms"))))
        return times
    finally:
        driver.quit()


def table(doc: dict[str, Any]) -> None:
    print(f"web pages: the longest demo game ({doc['engine']}, {doc['entries']} entries), gunicorn 1 worker,"
          f" median of {doc['rounds']} interleaved rounds")
    print(f"  GET /g/ID {doc['page_ms']:.1f} ms, ?at={doc['replay_step_at']} {doc['replay_step_ms']:.1f} ms,"
          f" GET /v1/games/ID (JSON) {doc['json_ms']:.1f} ms: page/JSON {doc['page_over_json']:.2f},"
          f" replay step/JSON {doc['replay_step_over_json']:.2f}; the first page (replays the log) {doc['first_page_ms']:.0f} ms")
    if "browser_audit_ms" in doc:
        print(f"  in-browser audit {doc['browser_audit_ms']:.0f} ms against pbem audit's chain and signatures"
              f" {doc['python_chain_ms']:.0f} ms: {doc['browser_over_python_chain']:.2f}"
              f" (the whole pbem audit, rules replay included: {doc['python_audit_ms']:.0f} ms)")
    else:
        print(f"  in-browser audit {doc['browser']}; pbem audit's chain and signatures {doc['python_chain_ms']:.0f} ms")
