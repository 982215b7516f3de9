"""The error types of the rules core.

Every error the core raises on bad input is a :class:`Nordic21Error`, so the UI can
catch one type and show its message in words. The subclasses say what was wrong.
"""

from __future__ import annotations


class Nordic21Error(ValueError):
    """Base of every error the rules core raises on bad input."""


class ConfigError(Nordic21Error):
    """A game configuration is invalid. ``field`` names the offending option."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message


class IllegalActionError(Nordic21Error):
    """An action was applied that is not legal in the given state."""


class SaveError(Nordic21Error):
    """A saved document cannot be read: garbled, foreign, too new, or against the rules."""


class UnknownGameError(Nordic21Error):
    """No game is registered under the requested id."""
