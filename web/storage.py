"""One small adapter around ``window.localStorage``; everything else goes through it."""

from __future__ import annotations

import js

PREFIX = "nordic21."


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded)."""


class LocalStore:
    """Namespaced string storage in localStorage."""

    def get(self, key: str) -> str | None:
        """The stored text, or None (localStorage answers jsnull, not None)."""
        value = js.localStorage.getItem(PREFIX + key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value``; :class:`StorageFull` if the quota is exhausted."""
        try:
            js.localStorage.setItem(PREFIX + key, value)
        except Exception as exc:  # a JsException: QuotaExceededError
            raise StorageFull(str(exc)) from exc

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        js.localStorage.removeItem(PREFIX + key)

    def keys(self) -> list[str]:
        """Every key of ours, without the prefix."""
        out = []
        for i in range(js.localStorage.length):
            key = js.localStorage.key(i)
            if isinstance(key, str) and key.startswith(PREFIX):
                out.append(key[len(PREFIX) :])
        return out
