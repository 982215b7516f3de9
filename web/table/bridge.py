"""How the Python UI reaches the table's scripts (browser only: imports ``js``).

The play screens call :func:`load` once when a table first shows (the scripts and the
stylesheet are not part of the home screen's start-up), then, around every DOM patch::

    bridge.capture()
    page.patch(markup)       # the patching renderer
    bridge.play(leave={"trick-*": "seat-2"})

Both calls do nothing until the scripts have arrived, so the first render is simply
not animated. Sound follows the motion events by itself; the mute toggle's state is
:func:`muted` / :func:`set_muted` (the same localStorage entry sound.js reads).
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import to_js

from web.storage import LocalStore

SCRIPTS = ("web/table/motion.js", "web/table/sound.js")
STYLESHEET = "web/table/table.css"
#: sound.js reads and writes the same entry, with the prefix (``"off"`` when muted).
SOUND_KEY = "sound"


def load() -> None:
    """Add the stylesheet and the two module scripts to the page, once."""
    head = js.document.head
    if head.querySelector("[data-n21-table]"):
        return
    link = js.document.createElement("link")
    link.rel = "stylesheet"
    link.href = f"./{STYLESHEET}"
    link.setAttribute("data-n21-table", "1")
    head.appendChild(link)
    for src in SCRIPTS:
        script = js.document.createElement("script")
        script.type = "module"
        script.src = f"./{src}"
        script.setAttribute("data-n21-table", "1")
        head.appendChild(script)


def _motion() -> Any:
    return getattr(js.window, "nordic21Motion", None)


def capture() -> None:
    """Remember where every keyed piece is (just before the DOM patch)."""
    motion = _motion()
    if motion is not None:
        motion.capture()


def play(**hints: object) -> None:
    """Animate to the new render (just after the patch); ``leave``, ``instant`` hints."""
    motion = _motion()
    if motion is not None:
        motion.play(to_js(hints, dict_converter=js.Object.fromEntries))


def muted() -> bool:
    """Whether sound and vibration are off."""
    return LocalStore().get(SOUND_KEY) == "off"


def set_muted(value: bool) -> None:
    """Turn sound and vibration off (True) or on, remembered across visits."""
    sound = getattr(js.window, "nordic21Sound", None)
    if sound is not None:
        sound.setMuted(value)
    else:
        LocalStore().set(SOUND_KEY, "off" if value else "on")
