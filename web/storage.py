"""One small adapter around ``window.localStorage``; everything else goes through it."""

from __future__ import annotations

from typing import Any

PREFIX = "nordic21."


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded)."""


def _local_storage() -> Any:
    # Imported here, so the app (which names StorageFull and PREFIX) imports under pytest.
    import js

    return js.localStorage


class LocalStore:
    """Namespaced string storage in localStorage."""

    def get(self, key: str) -> str | None:
        """The stored text, or None (localStorage answers jsnull, not None)."""
        value = _local_storage().getItem(PREFIX + key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value``; :class:`StorageFull` if the quota is exhausted."""
        try:
            _local_storage().setItem(PREFIX + key, value)
        except Exception as exc:  # a JsException: QuotaExceededError
            raise StorageFull(str(exc)) from exc

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        _local_storage().removeItem(PREFIX + key)

    def keys(self) -> list[str]:
        """Every key of ours, without the prefix."""
        out = []
        for i in range(_local_storage().length):
            key = _local_storage().key(i)
            if isinstance(key, str) and key.startswith(PREFIX):
                out.append(key[len(PREFIX) :])
        return out
