"""Saved games in the browser's storage (being split by concern; see formats.py)."""

from web.saves.formats import *  # noqa: F403
