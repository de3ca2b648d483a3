"""Headless Chromium for the page tests: Debian's `chromium` and `chromium-driver` (chromedriver) driven by selenium,
with every request the page makes recorded (the DevTools performance log) and its console read.

Where no Chromium is installed the browser tests skip, saying why and how to install it; with
PBEM_REQUIRE_BROWSER=1 (.ci/run sets it) a missing browser is a failure instead.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

INSTALL = "apt-get install chromium chromium-driver (Debian/Ubuntu; as root)"
SKIP_WORDS = "browser tests skipped"
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver",)


def required() -> bool:
    return os.environ.get("PBEM_REQUIRE_BROWSER", "") not in ("", "0")


def find() -> tuple[str, str] | str:
    """(browser, driver) paths, or why there are none."""
    browser = next((p for p in (shutil.which(b) for b in BROWSERS) if p), None)
    driver = next((p for p in (shutil.which(d) for d in DRIVERS) if p), None)
    if browser and driver:
        return browser, driver
    missing = " and ".join(n for n, p in (("Chromium", browser), ("chromedriver", driver)) if not p)
    return f"{SKIP_WORDS}: {missing} not found on PATH; install with: {INSTALL}"


class Browser:
    """One headless Chromium; `load` opens a page and returns what it fetched and logged."""

    def __init__(self, browser: str, driver: str, origin: str) -> None:
        os.environ.setdefault("SE_AVOID_STATS", "true")  # selenium: no telemetry, no downloads
        os.environ.setdefault("SE_OFFLINE", "true")
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = browser
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--window-size=1280,900", "--disable-extensions", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--metrics-recording-only", "--disable-default-apps"):
            options.add_argument(arg)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service(executable_path=driver))
        self.origin = origin

    def close(self) -> None:
        self.driver.quit()

    def requests(self) -> list[str]:
        """Every URL the browser asked for since the last call (pages, assets, fetches)."""
        urls = []
        for item in self.driver.get_log("performance"):
            message = json.loads(item["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        return urls

    def console_errors(self) -> list[str]:
        return [e["message"] for e in self.driver.get_log("browser") if e.get("level") == "SEVERE"]

    def settle(self) -> None:
        """Fail on a request to any other place than this server, and on any console error."""
        foreign = [u for u in self.requests() if not self._ours(u)]
        assert not foreign, f"requests to another host: {foreign}"
        errors = self.console_errors()
        assert not errors, f"console errors: {errors}"

    def _ours(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return parts.scheme != "data" or url.startswith("data:image/svg")  # none expected
        return f"{parts.scheme}://{parts.netloc}" == self.origin

    def load(self, url: str) -> Any:
        self.driver.get(url)
        return self.driver

    def shot(self, path: Path, width: int = 1280) -> Path:
        """A screenshot at `width` px (the page's whole height), under the test's tmp dir."""
        self.driver.set_window_size(width, 900)
        height = int(self.driver.execute_script("return document.documentElement.scrollHeight"))
        self.driver.set_window_size(width, min(max(height, 600), 6000))
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))
        self.driver.set_window_size(1280, 900)
        return path


def skipped_line(reports: list[Any]) -> str | None:
    """The summary's line when the browser tests were skipped (pytest's skip reports, from any
    worker): how many, why, and how to install the browser."""
    why = [str(r.longrepr[2]) for r in reports if isinstance(getattr(r, "longrepr", None), tuple)
           and SKIP_WORDS in str(r.longrepr[2])]
    if not why:
        return None
    return f"{len(why)} {why[0].removeprefix('Skipped: ')}"
