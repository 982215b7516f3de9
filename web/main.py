"""PyScript entry point: start the Nordic 21 UI (the code lives in the web package)."""

import js

js.performance.mark("nordic21:python-started")
from web.app import start  # noqa: E402  (the mark above times the imports below)

js.performance.mark("nordic21:imported")
app = start()
