"""Where the browser tests find Chromium, and the flags it needs on these machines."""

from __future__ import annotations

import os
from pathlib import Path

#: Debian's binary (the wrapper script at /usr/bin starts slower).
CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")

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
    for candidate in CANDIDATES:
        if Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None
