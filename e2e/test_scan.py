"""The guest's camera reads the host's QR code (web/remote/scan.mjs), and the site's
Python draws that code (web/remote/qr.py, segno's encoder on the trimmed stdlib).

Chromium films a Y4M file as its camera (e2e/camera.py): the code of a long join link,
drawn by the app's own encoder. There is no BarcodeDetector in Chromium on Linux, so the
page reads it with the vendored jsQR; a stand-in detector checks the other path.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page

from e2e.camera import qr_y4m
from e2e.conftest import Guard, check_guard, guard_context, open_app
from e2e.server import SiteServer
from web.remote.qr import qr_svg

#: A join link as long as the host's: the address and 150 base64url characters.
LINK = (
    "http://127.0.0.1:8000/nordic21/#join="
    + base64.urlsafe_b64encode(
        b"".join(hashlib.sha256(bytes([i])).digest() for i in range(4))
    ).decode("ascii")[:150]
)
#: Chromium plays a file as the camera and grants it without asking.
FAKE_CAMERA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]


@pytest.fixture(scope="module")
def camera_browser(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Browser]:
    """A Chromium of its own whose camera films the join link's QR code."""
    film = qr_y4m(LINK, tmp_path_factory.mktemp("camera") / "qr.y4m")
    args = [*browser_type_launch_args.get("args", []), *FAKE_CAMERA]
    args.append(f"--use-file-for-fake-video-capture={film}")
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


@pytest.fixture
def camera_page(camera_browser: Browser, site: SiteServer) -> Iterator[Page]:
    """The app, ready, in a guarded page of the camera's browser (no outside request, no
    console error, no CSP violation, checked after the test)."""
    guard = Guard()
    context = guard_context(camera_browser.new_context(service_workers="block"), guard)
    page = open_app(context.new_page(), site.url, "?lang=en")
    yield page
    check_guard(context, guard)
    context.close()


def test_the_camera_reads_a_long_join_link_with_jsqr(camera_page: Page) -> None:
    assert len(LINK) == len("http://127.0.0.1:8000/nordic21/#join=") + 150
    found = camera_page.evaluate(
        """async () => {
  const scan = (await import('./web/remote/scan.mjs')).default;
  const video = document.createElement('video');
  document.body.append(video);
  const before = Boolean(globalThis.jsQR);
  const text = await scan.start(video);
  return {
    text, before, engine: scan.engine, available: scan.available(),
    detector: 'BarcodeDetector' in globalThis,
    released: video.srcObject === null,
    jsqr: performance.getEntriesByType('resource')
      .filter((e) => e.name.includes('/vendor/jsqr/')).map((e) => new URL(e.name).pathname),
  };
}"""
    )
    assert found["text"] == LINK
    assert found["available"] and not found["detector"]
    assert found["engine"] == "jsQR" and not found["before"]
    assert found["jsqr"] == ["/nordic21/vendor/jsqr/jsQR.js"]
    assert found["released"], "the camera is let go once the code is read"


def test_a_barcode_detector_reads_when_there_is_one_and_jsqr_stays_unloaded(
    camera_page: Page,
) -> None:
    found = camera_page.evaluate(
        """async () => {
  const seen = [];
  globalThis.BarcodeDetector = class {
    static async getSupportedFormats() { return ['qr_code', 'ean_13']; }
    constructor(options) { seen.push(options.formats); }
    async detect(frame) { seen.push(frame.width > 0); return [{rawValue: 'from the detector'}]; }
  };
  const scan = (await import('./web/remote/scan.mjs')).default;
  const text = await scan.start(document.createElement('video'));
  delete globalThis.BarcodeDetector;
  return {text, engine: scan.engine, seen, jsqr: Boolean(globalThis.jsQR)};
}"""
    )
    assert found == {
        "text": "from the detector",
        "engine": "BarcodeDetector",
        "seen": [["qr_code"], True],
        "jsqr": False,
    }


def test_stop_ends_a_pending_start_and_camera_errors_keep_their_names(
    camera_page: Page,
) -> None:
    found = camera_page.evaluate(
        """async () => {
  const scan = (await import('./web/remote/scan.mjs')).default;
  const video = document.createElement('video');
  const outcome = (promise) => promise.then(
    (text) => ({text}), (error) => ({name: error.name, message: error.message}));
  const pending = outcome(scan.start(video));
  scan.stop();
  const stopped = await pending;
  const media = navigator.mediaDevices;
  const real = media.getUserMedia;
  const failing = (message, name) => () => Promise.reject(new DOMException(message, name));
  media.getUserMedia = failing('Permission denied', 'NotAllowedError');
  const refused = await outcome(scan.start(video));
  media.getUserMedia = failing('Requested device not found', 'NotFoundError');
  const none = await outcome(scan.start(video));
  media.getUserMedia = real;
  return {stopped, refused, none, released: video.srcObject === null};
}"""
    )
    assert found["stopped"] == {"name": "AbortError", "message": "stopped"}
    assert found["refused"] == {"name": "NotAllowedError", "message": "Permission denied"}
    assert found["none"] == {"name": "NotFoundError", "message": "Requested device not found"}
    assert found["released"]


#: Python in the page, through the interpreter web/runtime.mjs made.
IN_PYTHON = """async (code) => {
  const runtime = await import('./web/runtime.mjs');
  const pyodide = await runtime.startEarly();
  return pyodide.runPython(code);
}"""


def test_the_sites_python_draws_the_same_code(page: Page, site: SiteServer) -> None:
    """segno's encoder imports and runs in the built site (trimmed standard library,
    Pyodide's CPython) and draws the very SVG CPython draws."""
    open_app(page, site.url, "?lang=en")
    loaded = "import sys\nrepr(sorted(m for m in sys.modules if 'segno' in m))"
    assert page.evaluate(IN_PYTHON, loaded) == "[]", "start-up leaves the encoder alone"
    code = f"from web.remote.qr import qr_svg\nqr_svg({LINK!r}, label='Join <here>')"
    assert page.evaluate(IN_PYTHON, code) == qr_svg(LINK, label="Join <here>")


def test_the_film_is_a_y4m_of_the_code(tmp_path: Path) -> None:
    film = qr_y4m("x", tmp_path / "x.y4m", width=64, height=48, frames=2).read_bytes()
    header = b"YUV4MPEG2 W64 H48 F10:1 Ip A1:1 C420jpeg\n"
    frame = 6 + 64 * 48 * 3 // 2
    assert film.startswith(header) and len(film) == len(header) + 2 * frame
    body = film[len(header) :]
    assert body[:6] == b"FRAME\n" and body[frame : frame + 6] == b"FRAME\n"
    luma = body[6 : 6 + 64 * 48]
    assert set(luma) == {0, 255} and luma[0] == 255
    assert set(body[6 + 64 * 48 : frame]) == {128}
