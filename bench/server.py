"""The served root and the server: the built site (or a fresh build) beside the bench's
own pages, one local HTTP server with GitHub-Pages-like caching that counts the bytes it
sends, and the gzip -6 sizes of the files a page fetched.
"""

from __future__ import annotations

import gzip
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from common import BENCH, PAGES, ROOT, SITE, log

from e2e.server import MIME

#: Sources whose change makes the built site stale.
SOURCES = ("index.html", "pyscript.toml", "pygame_core", "web", "scripts")
#: The stock runtime files the bare page loads (scripts/build_site.py ships the same
#: ones, with the standard library trimmed).
STOCK_PYODIDE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


# -- the site and the served root --------------------------------------------------------------
def newest_mtime(paths: Sequence[Path]) -> float:
    """The latest modification time of any file under ``paths``."""
    newest = 0.0
    for path in paths:
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        for file in files:
            if "__pycache__" not in file.parts:
                newest = max(newest, file.stat().st_mtime)
    return newest


def site_is_fresh() -> bool:
    """Whether ``_site`` exists and is newer than every source it is built from."""
    built = [SITE / "app" / "nordic21.zip", SITE / "index.html", SITE / "sw.js"]
    if not all(path.is_file() for path in built):
        return False
    return newest_mtime([ROOT / s for s in SOURCES]) <= min(p.stat().st_mtime for p in built)


def stage(root: Path) -> str:
    """Lay out the served root: /app/ (the site), /bare/, /bareapp/, /bots/, /blank.html.

    /app/ is a copy of ``_site`` when that is up to date; otherwise the site is built
    straight into /app/ (``_site``, which other tools may be using, is left alone).
    Returns where /app/ came from.
    """
    if site_is_fresh():
        shutil.copytree(SITE, root / "app")
        origin = "_site"
    else:
        log("_site is missing or older than its sources: building into the bench root")
        build = [sys.executable, str(ROOT / "scripts" / "build_site.py"), "--out"]
        subprocess.run([*build, str(root / "app")], check=True, stdout=sys.stderr)
        origin = "fresh build of the working tree"
    for name in ("bare", "bareapp", "bots"):
        shutil.copytree(PAGES / name, root / name)
    stage_stock_pyodide(root)
    shutil.copy2(BENCH / "decisions.py", root / "bots" / "decisions.py")
    (root / "blank.html").write_text("<!doctype html><title>blank</title>\n", "utf-8")
    return origin


def stage_stock_pyodide(root: Path) -> None:
    """/pyodide/: npm's runtime files as they are, which the bare page loads."""
    (root / "pyodide").mkdir()
    for name in STOCK_PYODIDE:
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, root / "pyodide" / name)


# -- the server --------------------------------------------------------------------------------
class BenchServer(ThreadingHTTPServer):
    """Serves a root with GitHub-Pages-like caching and counts the bytes it sends."""

    daemon_threads = True

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sent: dict[str, int] = {}
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), BenchHandler)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        """The address of ``path`` (which starts with a slash)."""
        return f"http://127.0.0.1:{self.server_address[1]}{path}"

    def count(self, path: str, size: int) -> None:
        """Record ``size`` body bytes sent for ``path``."""
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + size

    def reset(self) -> None:
        """Forget the bytes counted so far."""
        with self.lock:
            self.sent = {}

    def total(self) -> tuple[int, int]:
        """(body bytes sent, responses with a body) since the last reset."""
        with self.lock:
            return sum(self.sent.values()), len(self.sent)

    @contextmanager
    def running(self) -> Iterator[BenchServer]:
        """Serve in a background thread for the duration of the block."""
        self.thread.start()
        try:
            yield self
        finally:
            self.shutdown()
            self.server_close()


class BenchHandler(SimpleHTTPRequestHandler):
    """Static files with the right MIME types and ``Cache-Control: max-age=600``."""

    protocol_version = "HTTP/1.1"
    extensions_map = {  # noqa: RUF012
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME,
        ".py": "text/plain",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        server = args[2]
        assert isinstance(server, BenchServer)
        super().__init__(*args, directory=str(server.root), **kwargs)

    def end_headers(self) -> None:
        """Add the caching headers (and cross-origin isolation for the bot page)."""
        self.send_header("Cache-Control", "max-age=600")
        if self.path.startswith("/bots/"):
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send the body, counting its bytes for the server's tally."""
        sent = 0
        while chunk := source.read(256 * 1024):
            outputfile.write(chunk)
            sent += len(chunk)
        server = self.server
        assert isinstance(server, BenchServer)
        server.count(self.path.split("?")[0], sent)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


# -- gzip sizes --------------------------------------------------------------------------------
class GzipSizes:
    """gzip -6 sizes of served files, computed once each."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.cache: dict[Path, tuple[int, int]] = {}

    def file_for(self, url: str) -> Path | None:
        """The served file behind a same-origin URL, if any."""
        parsed = urlparse(url)
        if parsed.scheme not in ("http", "https"):
            return None
        path = self.root / unquote(parsed.path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        return path if path.is_file() else None

    def sizes(self, path: Path) -> tuple[int, int]:
        """(raw bytes, gzip -6 bytes) of ``path``."""
        if path not in self.cache:
            data = path.read_bytes()
            self.cache[path] = (len(data), len(gzip.compress(data, compresslevel=6)))
        return self.cache[path]
