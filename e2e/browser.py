"""Where the browser tests find Chromium, and the flags it needs on these machines."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: Debian's binary itself, where its package puts it (the wrapper script on $PATH
#: starts slower).
DEBIAN_BINARY = "/usr/lib/chromium/chromium"
#: Chromium's names on $PATH, looked up when there is no Debian binary.
NAMES = ("chromium", "chromium-browser")

#: Flags that keep Chromium quiet on a machine with no internet and no GPU.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--disable-quic",
]
#: Chromium's own log (a crashed renderer's last words among it) goes to its stderr,
#: which Playwright passes on under DEBUG=pw:browser (e2e/conftest.py sets it): pytest
#: shows it with a failed test's captured output.
CHROMIUM_ARGS += ["--enable-logging=stderr", "--v=0"]


def system_chromium() -> str | None:
    """The system Chromium's path (or $CHROMIUM_PATH), or None to use Playwright's own."""
    override = os.environ.get("CHROMIUM_PATH")
    if override:
        return override
    if Path(DEBIAN_BINARY).is_file() and os.access(DEBIAN_BINARY, os.X_OK):
        return DEBIAN_BINARY
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None
