#!/usr/bin/env python3
"""Make sure a Chromium for the browser tests exists, installing one if needed.

Order: a system Chromium (Debian's /usr/bin/chromium) when present; on Debian as root,
install the ``chromium`` package; elsewhere, Playwright's own download. Prints the
executable the e2e tests will use (they find it the same way, see e2e/browser.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from e2e.browser import system_chromium


def main() -> int:
    """Find or install a Chromium; exit non-zero if none can be had."""
    found = system_chromium()
    if found:
        print(f"browser: {found}")
        return 0
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        print("installing Debian's chromium package ...")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)
        found = system_chromium()
        if found:
            print(f"browser: {found}")
            return 0
    print("no system Chromium: using Playwright's own (playwright install chromium)")
    return subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"]).returncode


if __name__ == "__main__":
    sys.exit(main())
