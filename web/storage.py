"""One small adapter around ``window.localStorage``; everything else goes through it."""

from __future__ import annotations

from typing import Any

from web.persist import Status

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


async def ask_to_persist() -> Status:
    """Ask the browser to keep this site's storage under pressure (and, in Safari, past
    seven days without a visit). "persisted", "best-effort" (refused, or not granted
    yet: Firefox asks the player) or "unsupported" (no ``navigator.storage.persist``,
    as in WebKitGTK and Safari before 15.2)."""
    import js

    storage = getattr(js.navigator, "storage", None)
    if storage is None or not hasattr(storage, "persist"):
        return "unsupported"
    try:
        granted = await storage.persisted() or await storage.persist()
    except Exception:  # a JsException: the browser refused to answer
        return "best-effort"
    return "persisted" if granted else "best-effort"


def device_facts() -> tuple[str, int, bool]:
    """The user agent, the touch points and whether the page runs from the home screen
    (Safari's ``navigator.standalone``, or an installed web app's display mode): what
    web/persist.py needs to give Safari's advice."""
    import js

    navigator = js.navigator
    standalone = getattr(navigator, "standalone", None) is True or bool(
        js.matchMedia("(display-mode: standalone)").matches
    )
    return str(navigator.userAgent), int(getattr(navigator, "maxTouchPoints", 0) or 0), standalone
