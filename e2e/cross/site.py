"""The built site as the cross-engine suite serves it: e2e/server.py's server, plus a
log of every request with its status, and the error probe loaded first by the page.

Selenium cannot intercept requests, so "no request leaves the site" is shown from both
ends: the page's own resource timing entries (every URL it fetched) and this server's
log (everything that reached it), under a Content-Security-Policy that names no other
origin.
"""

from __future__ import annotations

import base64
import hashlib
import re
import threading
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from e2e.server import SiteServer, _Handler

PROBE_PATH = "__probe.js"
PROBE = (Path(__file__).resolve().parent / "probe.js").read_bytes()
#: After the CSP meta, so the probe runs under the page's policy, before any other script.
CSP_META = re.compile(rb'<meta http-equiv="Content-Security-Policy"[^>]*>')
PROBE_TAG = f'\n  <script src="./{PROBE_PATH}"></script>'.encode()


def probed_page(root: Path) -> bytes:
    """The site's index.html with the probe loaded first."""
    html = (root / "index.html").read_bytes()
    meta = CSP_META.search(html)
    if meta is None:
        raise RuntimeError("index.html has no CSP meta: update e2e/cross/site.py")
    return html[: meta.end()] + PROBE_TAG + html[meta.end() :]


def integrity(body: bytes) -> bytes:
    """The Subresource Integrity string of ``body``, as the site's worker lists it."""
    return b"sha256-" + base64.b64encode(hashlib.sha256(body).digest())


class _ProbedHandler(_Handler):
    server_state: ProbedServer

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        prefix = self.server_state.prefix
        if path == prefix + PROBE_PATH:
            self._send(PROBE, "text/javascript")
        elif path in {prefix, prefix + "index.html"}:
            self._send(probed_page(self.server_state.root), "text/html")
        elif path == prefix + "sw.js":
            # The worker checks every file against the build's hash: it is told the
            # probed page's, as a build of the probed page would.
            page = (self.server_state.root / "index.html").read_bytes()
            worker = (self.server_state.root / "sw.js").read_bytes()
            self._send(
                worker.replace(integrity(page), integrity(probed_page(self.server_state.root))),
                "text/javascript",
            )
        else:
            super().do_GET()

    def _send(self, body: bytes, mime: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", f"{mime}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server_state.statuses.append((self.path, int(code) if str(code).isdigit() else 0))
        super().log_request(code, size)


class ProbedServer(SiteServer):
    """SiteServer that logs (path, status) and serves the page with the error probe."""

    def __init__(self, root: Path, prefix: str = "/nordic21/") -> None:
        super().__init__(root, prefix)
        # The parent's listener is replaced by one with the logging, probing handler.
        self.statuses: list[tuple[str, int]] = []
        self._httpd.server_close()
        handler: Any = partial(_ProbedHandler, server_state=self)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        """http://127.0.0.1:PORT"""
        return self.url[: -len(self.prefix)]
