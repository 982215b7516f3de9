"""PyScript entry point: start the Nordic 21 UI (the code lives in the web package)."""

from web.app import start

app = start()
