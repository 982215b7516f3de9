"""The entry point: starts the Nordic 21 UI (the code lives in the web package).

index.html's ``<script type="py">`` runs ``import web.main`` once the app zip is
unpacked (so no separate request for this file).
"""

import js

js.performance.mark("nordic21:python-started")
from web.app import start  # noqa: E402  (the mark above times the imports below)

js.performance.mark("nordic21:imported")
app = start()
