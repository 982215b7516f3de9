"""The entry point: starts the Nordic 21 UI (the code lives in the web package).

index.html's ``<script type="py">`` runs ``import web.main`` once the app zip is
unpacked (so no separate request for this file). Importing the app is the longest
piece of Python's start-up that is ours (70 modules, 250-360 ms on a slow desktop):
done in one go it holds the page's main thread for all of it, and a tap on a game's
tile in that time (the prerendered setup, web/boot.js) waits for it. So on a first
visit the modules are imported in the order their imports finish (``web/startup.json``,
written by the build), about :data:`SLICE_MS` at a time, the page getting a turn
between slices. A start from the device snapshot (web/runtime.mjs) has them imported
already and starts at once.
"""

import asyncio
import importlib
import json
import sys
import time
from pathlib import Path

import js

#: How long one slice of imports may hold the main thread before the page gets a turn
#: (a module is never cut in two: one that takes longer is a slice of its own). Each
#: turn costs the start a little (the browser may draw a frame); 100 ms keeps a tap in
#: that time well inside its 300 ms with a few turns.
SLICE_MS = 100.0
#: The start-up modules in the order their imports finish (scripts/build_site.py).
ORDER = Path(__file__).with_name("startup.json")


def startup_modules() -> list[str]:
    """The start-up modules in import order, ``web.app`` last; none where no build
    listed them (the app is then imported in one go when it starts)."""
    try:
        names = json.loads(ORDER.read_text("utf-8"))
    except (OSError, ValueError):
        return []
    return [str(name) for name in names]


async def boot() -> None:
    """Import the app slice by slice, then start it."""
    try:
        began = time.perf_counter()
        for name in startup_modules():
            importlib.import_module(name)
            if (time.perf_counter() - began) * 1000 >= SLICE_MS:
                await asyncio.sleep(0)
                began = time.perf_counter()
        start_now()
    except BaseException:
        # the loading shell says so in words (web/boot.js); the traceback goes on to
        # the console
        js.dispatchEvent(js.CustomEvent.new("py:error"))
        raise


def start_now() -> None:
    """Start the app: its modules are imported (by the slices, or in a restored snapshot)."""
    from web.app import start

    js.performance.mark("nordic21:imported")
    global app
    app = start()


js.performance.mark("nordic21:python-started")
app = None
#: The start on a first visit, kept so that it is not collected while it runs.
starting = None
if "web.app" in sys.modules:
    start_now()
else:
    starting = asyncio.get_event_loop().create_task(boot())
