"""A camera for Chromium that films a QR code: a Y4M file for its fake capture device.

Chromium plays it as the camera with ``--use-fake-device-for-media-stream
--use-fake-ui-for-media-stream --use-file-for-fake-video-capture=<file>`` (looped).
Y4M is a text header and per frame ``FRAME\\n`` and the Y plane, then the U and V planes
at half width and height each (4:2:0); ``C420jpeg`` is full-range, so black is Y 0 and
white Y 255, and U = V = 128 is grey (no colour).
"""

from __future__ import annotations

from pathlib import Path

from web.remote.qr import QUIET_ZONE, qr_matrix

#: How much of the frame's short side the code with its quiet zone covers, at most.
FILL = 0.9


def qr_luma(text: str, width: int, height: int) -> bytes:
    """The Y plane: ``text``'s QR code (the app's own matrix, with its quiet zone) black
    on white, each module a whole square of pixels, centred."""
    matrix = qr_matrix(text)
    side = len(matrix) + 2 * QUIET_ZONE
    scale = int(min(width, height) * FILL) // side
    if scale < 1:
        raise ValueError(f"a {side}-module code does not fit in {width}x{height}")
    left = (width - side * scale) // 2
    top = (height - side * scale) // 2
    white = b"\xff" * width
    rows = [white] * (top + QUIET_ZONE * scale)
    for modules in matrix:
        line = bytearray(white)
        for x, dark in enumerate(modules):
            if dark:
                start = left + (x + QUIET_ZONE) * scale
                line[start : start + scale] = b"\0" * scale
        rows += [bytes(line)] * scale
    rows += [white] * (height - len(rows))
    return b"".join(rows)


def qr_y4m(text: str, path: Path, *, width: int = 640, height: int = 480, frames: int = 10) -> Path:
    """Write ``frames`` frames of ``text``'s QR code as a Y4M file at ``path``; returns it."""
    if width % 2 or height % 2:
        raise ValueError("4:2:0 needs an even width and height")
    luma = qr_luma(text, width, height)
    chroma = b"\x80" * (width // 2) * (height // 2)
    frame = b"FRAME\n" + luma + chroma + chroma
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode("ascii")
    path.write_bytes(header + frame * frames)
    return path
