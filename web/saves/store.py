"""The storage the saves are kept in, as the save book and the practice list see it:
text by key (``localStorage`` in the browser, a dict in the tests)."""

from __future__ import annotations

from typing import Protocol


class KeyValueStore(Protocol):
    """What the save book needs from a storage: text by key.

    ``set`` may raise (``web.storage.StorageFull`` when the quota is exhausted); it
    must then leave the previous value of the key in place.
    """

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...
