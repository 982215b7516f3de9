"""Fixtures of the WebRTC tests: Chromium and Firefox pages that talk to each other.

Every test of the package is skipped, with the reason, unless it runs inside a network
namespace made by ``python -m e2e.rtc.netns`` (``make e2e-rtc``): browsers connecting to
each other may send traffic only to the namespace's own addresses (10.213.0.x).

Both engines show host candidates as addresses, not mDNS names (Chromium
``--disable-features=WebRtcHideLocalIpsWithMdns``, Firefox
``media.peerconnection.ice.obfuscate_host_addresses=false``): two browsers of one machine
cannot count on resolving each other's ``.local`` names. Real phones keep mDNS on;
tests/test_pairing.py covers codes with mDNS candidates.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from selenium import webdriver
from selenium.webdriver.remote.webdriver import WebDriver

from e2e.cross import engines
from e2e.rtc.netns import UNAVAILABLE, inside

HERE = Path(__file__).resolve().parent
MDNS_OFF_CHROMIUM = "--disable-features=WebRtcHideLocalIpsWithMdns"
MDNS_OFF_FIREFOX = "media.peerconnection.ice.obfuscate_host_addresses"
#: How long a connection may take to open, in seconds (two cold browsers on 2 cores).
OPEN_TIMEOUT_S = 30


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Outside the namespace every test here is skipped, with the reason."""
    if inside():
        return
    reason = os.environ.get(UNAVAILABLE) or (
        "not inside the test network namespace: run `make e2e-rtc` "
        "(python -m e2e.rtc.netns -- python -m pytest e2e/rtc)"
    )
    skip = pytest.mark.skip(reason=f"WebRTC tests: {reason}")
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """e2e/conftest.py's Chromium, with host candidates as addresses."""
    args = list(browser_type_launch_args.get("args", []))
    return {**browser_type_launch_args, "args": [*args, MDNS_OFF_CHROMIUM]}


def module_url(site_url: str) -> str:
    """Where the built site serves the transport module."""
    return site_url + "web/remote/rtc.mjs"


#: The page's record of what nordicRtc.listen() heard, and a wait on it (no polling:
#: each event wakes the waiters). Runs as an async function body; args[0] is the module.
RECORD = """
const rtc = window.nordicRtc;
const log = { events: [], waiters: [] };
window.__rtcLog = log;
rtc.listen((id, kind, text) => {
  log.events.push([id, kind, text]);
  for (const wake of log.waiters.splice(0)) wake();
});
window.__rtcWait = async (id, kind, count) => {
  const seen = () => log.events.filter((e) => e[0] === id && e[1] === kind);
  while (seen().length < count) await new Promise((wake) => log.waiters.push(wake));
  return seen().map((e) => e[2]);
};
return rtc.available();
"""


@pytest.fixture(scope="session")
def firefox_driver() -> Iterator[WebDriver]:
    """Firefox through geckodriver as e2e/cross/engines.py starts it, host candidates as
    addresses (skipped with the reason when Firefox or geckodriver is missing)."""
    found = engines.find("firefox")
    if not isinstance(found, engines.Found):
        pytest.skip(f"firefox: {found}")

    class Options(webdriver.FirefoxOptions):
        def __init__(self) -> None:
            super().__init__()
            self.set_preference(MDNS_OFF_FIREFOX, False)

    # engines.launch() makes its options from selenium.webdriver.FirefoxOptions: ours add
    # the pref (patched only while it starts).
    with mock.patch.object(webdriver, "FirefoxOptions", Options):
        driver = engines.launch(found)
    driver.set_script_timeout(OPEN_TIMEOUT_S + 10)
    errors: list[str] = []
    # WebDriver BiDi (engines.launch turns it on): the page's console errors and uncaught
    # errors, checked after each test by firefox_page.
    driver.script.add_console_message_handler(
        lambda entry: (
            errors.append(f"console: {getattr(entry, 'text', entry)}")
            if getattr(entry, "level", "") == "error"
            else None
        )
    )
    driver.script.add_javascript_error_handler(
        lambda entry: errors.append(f"uncaught: {getattr(entry, 'text', entry)}")
    )
    driver.rtc_errors = errors  # type: ignore[attr-defined]
    yield driver
    driver.quit()


class FirefoxPage:
    """The site in Firefox with nordicRtc loaded; :meth:`run` awaits a script's result."""

    def __init__(self, driver: WebDriver, site_url: str) -> None:
        self.driver = driver
        driver.get(site_url)
        # A <script type=module> element, not import(): Marionette runs scripts in a
        # sandbox whose import() would run the module with the sandbox as globalThis.
        load = (
            "const s = document.createElement('script'); s.type = 'module';"
            f" s.src = {json.dumps(module_url(site_url))};"
            " await new Promise((ok, no) => { s.onload = ok; s.onerror = no;"
            " document.head.append(s); });"
        )
        assert self.run(load + RECORD) is True

    def run(self, body: str, *args: Any) -> Any:
        """Run an async function body (its arguments as ``args``), return its result."""
        script = (
            "const done = arguments[arguments.length - 1];"
            " const args = Array.from(arguments).slice(0, -1);"
            f" (async () => {{ {body} }})().then(done,"
            " (e) => done({ error: String(e && e.stack || e) }));"
        )
        result = self.driver.execute_async_script(script, *args)
        if isinstance(result, dict) and "error" in result:
            raise AssertionError(f"Firefox: {result['error']}")
        return result


@pytest.fixture
def firefox_page(firefox_driver: WebDriver, site: Any) -> Iterator[FirefoxPage]:
    """A fresh load of the site in Firefox, nordicRtc ready; after the test, no console
    or uncaught error in it."""
    errors: list[str] = firefox_driver.rtc_errors  # type: ignore[attr-defined]
    errors.clear()
    yield FirefoxPage(firefox_driver, site.url)
    assert errors == [], f"Firefox errors: {errors}"
