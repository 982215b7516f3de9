#!/usr/bin/env python3
"""Draw the app icons as PNG files: a die on the felt, with no image tools needed.

The shapes are drawn with signed distance functions and one pixel of anti-aliasing,
and written with zlib: standard library only, so every machine builds the same icons.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

RGB = tuple[int, int, int]

FELT: RGB = (0x1D, 0x4A, 0x38)
PAPER: RGB = (0xFB, 0xF7, 0xEE)
INK: RGB = (0x1D, 0x2B, 0x24)
RED: RGB = (0xB3, 0x41, 0x2F)
#: Pips of a five, as fractions of the die's side, and their colours.
PIPS = ((0.28, 0.28, INK), (0.72, 0.28, INK), (0.5, 0.5, RED), (0.28, 0.72, INK), (0.72, 0.72, INK))


def _rounded_box(x: float, y: float, cx: float, cy: float, half: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded square (negative inside)."""
    qx = abs(x - cx) - (half - radius)
    qy = abs(y - cy) - (half - radius)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def _blend(
    base: tuple[int, int, int], top: tuple[int, int, int], alpha: float
) -> tuple[int, int, int]:
    return (
        round(base[0] + (top[0] - base[0]) * alpha),
        round(base[1] + (top[1] - base[1]) * alpha),
        round(base[2] + (top[2] - base[2]) * alpha),
    )


def draw(size: int, maskable: bool) -> bytes:
    """RGBA pixels of the icon. A maskable icon keeps the die inside the 80 % safe zone
    and fills the whole square with felt; a plain one has rounded felt corners."""
    centre = size / 2
    die_half = size * (0.27 if maskable else 0.33)
    die_radius = die_half * 0.22
    bg_radius = 0.0 if maskable else size * 0.2
    pip_r = die_half * 0.17
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # PNG filter type "none"
        y = j + 0.5
        for i in range(size):
            x = i + 0.5
            bg = _rounded_box(x, y, centre, centre, size / 2, bg_radius) if bg_radius else -1.0
            alpha_bg = min(max(0.5 - bg, 0.0), 1.0)
            colour = FELT
            d = _rounded_box(x, y, centre, centre, die_half, die_radius)
            a = min(max(0.5 - d, 0.0), 1.0)
            if a > 0:
                colour = _blend(colour, PAPER, a)
                for px, py, pip_colour in PIPS:
                    cx = centre - die_half + 2 * die_half * px
                    cy = centre - die_half + 2 * die_half * py
                    dp = math.hypot(x - cx, y - cy) - pip_r
                    ap = min(max(0.5 - dp, 0.0), 1.0)
                    if ap > 0:
                        colour = _blend(colour, pip_colour, ap)
            rows += bytes((*colour, round(255 * alpha_bg)))
    return bytes(rows)


def png(size: int, maskable: bool = False) -> bytes:
    """The icon as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return (
            struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    raw = draw(size, maskable)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


#: File name -> (size, maskable): what browsers and home screens ask for.
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def write_icons(folder: Path) -> list[Path]:
    """Write every icon into ``folder`` (skipping ones already drawn by this script)."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = folder / ".drawn-by"
    version = (
        str(Path(__file__).stat().st_size) + ":" + str(zlib.crc32(Path(__file__).read_bytes()))
    )
    fresh = stamp.is_file() and stamp.read_text() == version
    out = []
    for name, (size, maskable) in ICONS.items():
        path = folder / name
        if not (fresh and path.is_file()):
            path.write_bytes(png(size, maskable))
        out.append(path)
    stamp.write_text(version)
    return out


if __name__ == "__main__":
    for written in write_icons(Path("build/icons")):
        print(written)
