"""A static file server for the built site, under a subpath, on a free local port."""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".toml": "text/plain",
    ".zip": "application/zip",
}


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}  # noqa: RUF012

    def __init__(self, *args: Any, server_state: SiteServer, **kwargs: Any) -> None:
        self.server_state = server_state
        super().__init__(*args, directory=str(server_state.root), **kwargs)

    def translate_path(self, path: str) -> str:
        prefix = self.server_state.prefix
        if not path.startswith(prefix):
            return str(Path(self.server_state.root) / "__outside_the_site__")
        return super().translate_path("/" + path[len(prefix) :])

    def end_headers(self) -> None:
        # The pages must not depend on HTTP caching behaviour between test runs.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        self.server_state.requests.append(self.path)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server_state.responses.append((self.path, int(code) if str(code).isdigit() else 0))
        super().log_request(code, size)


class SiteServer:
    """Serves ``root`` at http://127.0.0.1:PORT/<prefix>/ in a background thread."""

    def __init__(self, root: Path, prefix: str = "/nordic21/") -> None:
        self.root = root
        self.prefix = prefix
        self.requests: list[str] = []
        #: (request path, status) of every answered request: a 200 is a download.
        self.responses: list[tuple[str, int]] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, server_state=self))
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The site's address, ending in a slash."""
        return f"http://127.0.0.1:{self._httpd.server_address[1]}{self.prefix}"

    def start(self) -> SiteServer:
        """Start serving."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and free the port."""
        self._httpd.shutdown()
        self._httpd.server_close()
