"""Safe-by-default HTML building: text is always escaped, markup must be asked for.

Screens are pure functions that return :class:`Markup`; they run the same under pytest
and in the browser. Any ``str`` child or attribute value is escaped, so a player's
name such as ``<img src=x onerror=alert(1)>`` can only ever show up as text.

>>> str(h("p", {"class": "name"}, "<b>Ann</b>"))
'<p class="name">&lt;b&gt;Ann&lt;/b&gt;</p>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Union

#: Elements written without a closing tag: HTML voids, and SVG shapes closed with "/>".
HTML_VOID = frozenset({"br", "hr", "img", "input", "meta", "link"})
VOID = HTML_VOID | {"circle", "rect", "path", "line", "ellipse", "polygon", "use"}


class Markup(str):
    """A string that is already safe HTML (built by :func:`h` or from constants)."""

    __slots__ = ()


def escape(text: str, quote: bool = True) -> str:
    """``text`` with ``&``, ``<``, ``>`` (and with ``quote``, both quotes) as entities.

    The same as :func:`html.escape`, written here because importing :mod:`html` pulls in
    its 2,000-entry entity table, which costs ~40 ms of start-up in Pyodide.
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text


Child = Union[Markup, str, int, None, Iterable["Child"]]  # noqa: UP007 (recursive alias)


def render_children(children: Iterable[Child]) -> str:
    """Children as HTML: strings escaped, markup kept, iterables flattened, None skipped."""
    parts: list[str] = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, Markup):
            parts.append(child)
        elif isinstance(child, (str, int)):
            parts.append(escape(str(child), quote=False))
        else:
            parts.append(render_children(child))
    return "".join(parts)


def attrs_html(attrs: Mapping[str, object] | None) -> str:
    """Attributes as HTML: ``True`` writes a bare attribute, ``None``/``False`` omits it."""
    if not attrs:
        return ""
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def h(tag: str, attrs: Mapping[str, object] | None = None, *children: Child) -> Markup:
    """An element: ``h("button", {"data-action": "roll"}, "Roll")``."""
    opening = f"<{tag}{attrs_html(attrs)}"
    if tag in VOID and not children:
        return Markup(opening + (">" if tag in HTML_VOID else "/>"))
    return Markup(f"{opening}>{render_children(children)}</{tag}>")


def fragment(*children: Child) -> Markup:
    """Several children as one piece of markup."""
    return Markup(render_children(children))


def classes(*names: str | bool | None) -> str:
    """A class attribute from the names that are truthy strings."""
    return " ".join(n for n in names if isinstance(n, str) and n)
