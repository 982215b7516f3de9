"""The join link's QR code (web.remote.qr): the vendored encoder is segno's pinned
release, the SVG draws exactly its dark modules, and a QR reader reads the text back."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import segno

from web.remote import qr

ROOT = Path(__file__).resolve().parent.parent
VENDORED = ROOT / "web" / "remote" / "segno"
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
#: A join link as the host shows it: the site's address and 150 base64url characters.
LINK = "http://127.0.0.1:8000/nordic21/#join=" + (
    "eyJ2IjoxLCJ0eXBlIjoib2ZmZXIiLCJzZHAiOiJ2PTBcclxubz0tIDQ2MTE3MzE0IDIgSU4gSVA0IDEyNy4w"
    "LjAuMVxyXG5zPS1cclxudD0wIDBcclxuYT1ncm91cDpCVU5ETEUgMFxyXG5hPWV4dG1h"
)
RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z")


def link_of(length: int) -> str:
    """A join link exactly ``length`` characters long."""
    base = "http://127.0.0.1:8000/nordic21/#join="
    body = (LINK[len(base) :] * 2)[: length - len(base)]
    return base + body


def test_the_vendored_encoder_is_the_pinned_segno_byte_for_byte() -> None:
    """segno's own files, but for the scheme of the web addresses in their comments
    (cut: no file the browser loads names an outside address)."""
    pins = (ROOT / "requirements-dev.txt").read_text("utf-8").splitlines()
    assert f"segno=={segno.__version__}" in pins, "the venv's segno is not the pinned one"
    installed = Path(segno.__file__).parent
    for name in ("encoder.py", "consts.py"):
        theirs = re.sub(rb"https?://", b"", (installed / name).read_bytes())
        assert (VENDORED / name).read_bytes() == theirs, name
        assert b"://" not in (VENDORED / name).read_bytes(), name
    licence = next(installed.parent.glob(f"segno-{segno.__version__}.dist-info/licenses/LICENSE"))
    assert (VENDORED / "LICENSE").read_bytes() == licence.read_bytes()


def test_the_matrix_and_version_are_segnos_own() -> None:
    for text in (LINK, link_of(160), link_of(200), "x"):
        code = segno.make(text, error="m", micro=False)
        assert qr.qr_matrix(text) == [[bool(b) for b in row] for row in code.matrix]
        assert qr.qr_version(text) == code.version
        assert not code.is_micro


@pytest.mark.parametrize(("length", "version"), [(160, 9), (200, 10)])
def test_a_long_join_link_fits_a_small_version(length: int, version: int) -> None:
    """Level M: 53 modules for a 160-character link, 57 for 200 (L would save one
    version, Q costs two, H four or five)."""
    assert qr.qr_version(link_of(length)) == version
    assert len(qr.qr_matrix(link_of(length))) == 17 + 4 * version


def test_the_path_covers_exactly_the_dark_modules() -> None:
    matrix = qr.qr_matrix(LINK)
    svg = qr.qr_svg(LINK, label="Join")
    (d,) = re.findall(r' d="([^"]*)"', svg)
    assert RUN.sub("", d) == "", "the path has only run rectangles"
    cells: list[tuple[int, int]] = []
    for x, y, width, back in RUN.findall(d):
        assert width == back
        cells += [(int(x) + i, int(y)) for i in range(int(width))]
    dark = {(x + 4, y + 4) for y, row in enumerate(matrix) for x, bit in enumerate(row) if bit}
    assert len(cells) == len(set(cells)), "no module is drawn twice"
    assert set(cells) == dark


def test_the_svg_is_crisp_with_a_quiet_zone_and_small() -> None:
    text = link_of(200)
    svg = qr.qr_svg(text, label="Scan to join")
    side = 17 + 4 * qr.qr_version(text) + 8
    # inline in the page, like the table's own pictures: no namespace address to name
    assert svg.startswith('<svg class="qr"')
    assert f'viewBox="0 0 {side} {side}"' in svg
    assert 'shape-rendering="crispEdges"' in svg and 'role="img"' in svg
    assert 'aria-label="Scan to join"' in svg
    assert svg.count("<path") == 1 and svg.count("<rect") == 1
    assert f'<rect width="{side}" height="{side}" fill="#fff"/>' in svg
    assert " width=" not in svg.split(">")[0], "its size on screen is the stylesheet's"
    assert len(svg) < 16_000, len(svg)


def test_the_label_is_escaped() -> None:
    svg = qr.qr_svg("x", label='<b onclick="no">A&B</b>')
    assert 'aria-label="&lt;b onclick=&quot;no&quot;&gt;A&amp;B&lt;/b&gt;"' in svg
    assert "<b" not in svg


def test_start_up_does_not_import_the_encoder() -> None:
    code = "import sys, web.app; print([m for m in sys.modules if 'segno' in m])"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def pixels(matrix: list[list[bool]], scale: int = 3) -> tuple[bytes, int]:
    """The symbol with its quiet zone as RGBA pixels (black on white); and the side."""
    side = (len(matrix) + 8) * scale
    out = bytearray(b"\xff" * side * side * 4)
    for y, row in enumerate(matrix):
        for x, bit in enumerate(row):
            if not bit:
                continue
            for dy in range(scale):
                top = ((y + 4) * scale + dy) * side
                for dx in range(scale):
                    i = (top + (x + 4) * scale + dx) * 4
                    out[i : i + 3] = b"\0\0\0"
    return bytes(out), side


DECODE = """
const jsQR = require(process.argv[1]);
const data = require("fs").readFileSync(process.argv[2]);
const side = Number(process.argv[3]);
const found = jsQR(new Uint8ClampedArray(data), side, side);
console.log(JSON.stringify(found && found.data));
"""


@pytest.mark.skipif(not JSQR.is_file() or not shutil.which("node"), reason="needs `npm ci`")
@pytest.mark.parametrize("length", [60, 160, 200])
def test_a_qr_reader_reads_the_link_back(tmp_path: Path, length: int) -> None:
    """jsQR (the decoder web/remote/scan.mjs falls back to) under Node."""
    text = link_of(length)
    data, side = pixels(qr.qr_matrix(text))
    image = tmp_path / "qr.rgba"
    image.write_bytes(data)
    out = subprocess.run(
        ["node", "-e", DECODE, str(JSQR), str(image), str(side)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout) == text
