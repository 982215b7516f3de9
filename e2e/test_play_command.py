"""`make serve` (the second half of `make play`) serves the built site and says where."""

from __future__ import annotations

import os
import queue
import socket
import subprocess
import threading
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Seconds for make and Python's http.server to start on a busy machine.
START_TIMEOUT_S = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def next_line(lines: queue.Queue[str]) -> str:
    """The next line make or the server printed."""
    try:
        return lines.get(timeout=START_TIMEOUT_S)
    except queue.Empty:
        raise AssertionError("make serve did not answer") from None


def test_make_serve_prints_the_address_and_serves_the_site() -> None:
    port = free_port()
    # the site the other tests serve ($NORDIC21_SITE: a build of its own, see conftest.py)
    site = [f"SITE={os.environ['NORDIC21_SITE']}"] if os.environ.get("NORDIC21_SITE") else []
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "serve", f"PORT={port}", *site],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # http.server's own line ("Serving HTTP on ...") as soon as it is printed
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    lines: queue.Queue[str] = queue.Queue()
    try:
        assert proc.stdout is not None
        stdout = proc.stdout

        def read() -> None:
            for line in stdout:
                lines.put(line)

        threading.Thread(target=read, daemon=True).start()
        line = next_line(lines)
        assert f"http://127.0.0.1:{port}/" in line
        # http.server says it serves once its socket listens: no polling for it
        while not line.startswith("Serving HTTP"):
            line = next_line(lines)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=START_TIMEOUT_S) as r:
            body = r.read().decode()
        assert "pyscript.toml" in body
        assert 'id="boot-strings"' in body
    finally:
        proc.terminate()
        proc.wait(timeout=10)
