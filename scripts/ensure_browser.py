#!/usr/bin/env python3
"""Make sure the browsers of the tests exist, installing them where we can.

Chromium (the whole e2e suite): a system Chromium (Debian's /usr/bin/chromium) when
present; on Debian as root, install the ``chromium`` package; elsewhere, Playwright's
own download. Prints the executable the e2e tests will use (they find it the same way,
see e2e/browser.py).

WebKit and Firefox (the cross-engine suite, e2e/cross/): on Debian as root, install
``webkit2gtk-driver`` (WebKitWebDriver and MiniBrowser), ``xvfb`` and ``firefox-esr``
when missing (geckodriver comes from requirements-dev.txt). Then print, per engine,
what it will run or why it will be skipped: a missing engine never fails the set-up,
and the suite reports it as skipped with the same reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from e2e.browser import system_chromium
from e2e.cross.engines import Found, availability

#: Debian packages that bring each cross-suite engine.
DEBIAN_PACKAGES = {"webkit": ["webkit2gtk-driver", "xvfb"], "firefox": ["firefox-esr"]}


def debian_root() -> bool:
    """Whether apt-get can install packages here."""
    return bool(shutil.which("apt-get")) and hasattr(os, "geteuid") and os.geteuid() == 0


class Apt:
    """apt-get, with the package lists updated once, on first use."""

    def __init__(self) -> None:
        self.env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        self.updated = False

    def install(self, packages: list[str]) -> str | None:
        """Install ``packages``; None, or why it failed."""
        print(f"installing Debian's {', '.join(packages)} ...")
        if not self.updated:
            subprocess.run(["apt-get", "update", "-qq"], check=False, env=self.env)
            self.updated = True
        done = subprocess.run(
            ["apt-get", "install", "-y", "-qq", *packages],
            env=self.env,
        )
        return None if done.returncode == 0 else f"apt-get install {' '.join(packages)} failed"


def chromium(apt: Apt) -> int:
    """Find or install a Chromium; non-zero if none can be had."""
    found = system_chromium()
    if not found and debian_root():
        apt.install(["chromium"])
        found = system_chromium()
    if found:
        print(f"browser: {found}")
        return 0
    print("no system Chromium: using Playwright's own (playwright install chromium)")
    return subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"]).returncode


def cross_engines(apt: Apt) -> None:
    """Install what the cross-engine suite lacks (Debian, root), then say what runs."""
    engines = availability()
    missing = [e for e, found in engines.items() if not isinstance(found, Found)]
    failures: dict[str, str] = {}
    if missing and debian_root():
        for engine in missing:
            failure = apt.install(DEBIAN_PACKAGES[engine])
            if failure:
                failures[engine] = failure
        engines = availability()
    for engine, found in engines.items():
        if isinstance(found, Found):
            print(f"engine {engine}: {found.browser} (driver {found.driver})")
        else:
            reason = failures.get(engine, found)
            print(f"engine {engine}: skipped: {reason}")


def main() -> int:
    """Chromium must be had; the other engines are installed where possible."""
    apt = Apt()
    status = chromium(apt)
    cross_engines(apt)
    return status


if __name__ == "__main__":
    sys.exit(main())
