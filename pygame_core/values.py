"""A base for frozen dataclasses made only of immutable values."""

from __future__ import annotations

from typing import Any, Self


class Value:
    """Base of frozen dataclasses made only of immutable values (configs, actions).

    Copying such a value gives the value itself, as for a tuple of ints: states carry
    long histories of actions, and deep copies of them would cost more than the rules.
    """

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self
