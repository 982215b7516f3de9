"""QR codes as crisp SVG, drawn in pure Python (segno's encoder, vendored in
``web.remote.segno``), for the host's join link.

Error correction level M (about 15 % of the symbol can be lost), with segno's
``boost_error`` raising it for free when the same version holds more: the code is read
off a tablet's screen at arm's length, where the risks are glare on glass, a phone's
focus and moiré from the screen's pixels rather than a torn or dirty print. Every step
up in level makes a long link a bigger version (more, smaller modules on the same
screen), which hurts reading at a distance more than the extra redundancy helps; L
(7 %) leaves no margin for a reflection across one corner. Never Micro QR (phones' camera
apps do not read it); segno picks the smallest version that holds the text.

The encoder is imported inside the functions: the app's start-up never loads it.
"""

from __future__ import annotations

from typing import Any

from web.markup import Markup, h

#: The level the code is made at (segno may raise it within the same version).
ERROR_LEVEL = "M"
#: Light modules around the symbol, as ISO/IEC 18004 asks for a QR code.
QUIET_ZONE = 4


def _encode(text: str) -> Any:
    """segno's code (matrix, version, ...) for ``text``."""
    from web.remote.segno import encoder

    return encoder.encode(text, error=ERROR_LEVEL, micro=False, boost_error=True)


def qr_matrix(text: str) -> list[list[bool]]:
    """The symbol's modules, row by row (True: dark), without the quiet zone."""
    return [[bool(bit) for bit in row] for row in _encode(text).matrix]


def qr_version(text: str) -> int:
    """The QR version (1-40) ``text`` is encoded in: the symbol is 17 + 4 x version
    modules wide."""
    return int(_encode(text).version)


def dark_path(matrix: list[list[bool]], offset: int = QUIET_ZONE) -> str:
    """An SVG path of the dark modules: one rectangle per horizontal run, in modules."""
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        width = len(row)
        while x < width:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < width and row[x]:
                x += 1
            parts.append(f"M{start + offset} {y + offset}h{x - start}v1h-{x - start}z")
    return "".join(parts)


def qr_svg(text: str, *, label: str) -> Markup:
    """``text`` as a QR code: an SVG whose ``viewBox`` counts modules (the quiet zone of
    4 included, white so a dark page cannot eat it), the dark modules one ``<path>``,
    ``shape-rendering="crispEdges"`` so no module edge is blurred, and ``label`` (escaped)
    as what a screen reader says. Its size on screen is the stylesheet's (class ``qr``).
    """
    matrix = qr_matrix(text)
    side = len(matrix) + 2 * QUIET_ZONE
    return h(
        "svg",
        {
            "class": "qr",
            "viewBox": f"0 0 {side} {side}",
            "shape-rendering": "crispEdges",
            "role": "img",
            "aria-label": label,
        },
        h("rect", {"width": side, "height": side, "fill": "#fff"}),
        h("path", {"d": dark_path(matrix), "fill": "#000"}),
    )
