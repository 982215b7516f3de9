"""`make serve` (the second half of `make play`) serves the built site and says where."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_make_serve_prints_the_address_and_serves_the_site() -> None:
    port = free_port()
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "serve", f"PORT={port}"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        for _ in range(50):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as response:
                    body = response.read().decode()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("make serve did not answer")
        assert "pyscript.toml" in body
        assert 'id="boot-strings"' in body
    finally:
        proc.terminate()
        proc.wait(timeout=10)
