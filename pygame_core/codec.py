"""Strict conversion between frozen dataclasses and JSON-safe data.

Configs and actions are frozen dataclasses whose fields are ``int``, ``bool``,
``str``, ``None``, ``Literal[...]``, ``tuple[X, ...]``, ``X | None`` or another such
dataclass. :func:`from_data` checks every value against the declared type (``True`` is
not an ``int`` here, and unknown or missing keys are refused), so a hostile document
cannot smuggle in anything else. Errors are ``ValueError`` with the path of the bad
value; callers wrap them in their own error type.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, Literal, TypeVar, Union

T = TypeVar("T")

#: Integers in saved documents must stay inside this range (JavaScript's safe ints).
MAX_SAFE_INT = 2**53 - 1


def to_data(obj: Any) -> Any:
    """A JSON-safe copy of a dataclass, tuple or scalar (tuples become lists)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (tuple, list)):
        return [to_data(x) for x in obj]
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    raise TypeError(f"cannot serialise {type(obj).__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_data(cls: type[T], data: Any, path: str = "") -> T:
    """Build ``cls`` (a dataclass) from ``data``, checking every field's type.

    >>> from pygame_core.dice41 import Keep
    >>> from_data(Keep, to_data(Keep(4)))
    Keep(value=4)
    >>> from_data(Keep, {"value": True})
    Traceback (most recent call last):
    ValueError: Keep.value: expected a whole number
    """
    value = _convert(cls, data, path or cls.__name__)
    return typing.cast(T, value)


def _convert(tp: Any, data: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    if tp is type(None):
        if data is not None:
            raise ValueError(f"{path}: expected null")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            raise ValueError(f"{path}: expected true or false")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ValueError(f"{path}: expected a whole number")
        if abs(data) > MAX_SAFE_INT:
            raise ValueError(f"{path}: number out of range")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise ValueError(f"{path}: expected text")
        return data
    if origin is Literal:
        allowed = typing.get_args(tp)
        if data not in allowed or type(data) is not type(allowed[0]):
            raise ValueError(f"{path}: expected one of {', '.join(map(repr, allowed))}")
        return data
    if origin in (Union, types.UnionType):
        errors = []
        for option in typing.get_args(tp):
            try:
                return _convert(option, data, path)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(errors[-1])
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise ValueError(f"{path}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], x, f"{path}[{i}]") for i, x in enumerate(data))
        if len(args) != len(data):
            raise ValueError(f"{path}: expected {len(args)} items")
        return tuple(
            _convert(a, x, f"{path}[{i}]") for i, (a, x) in enumerate(zip(args, data, strict=False))
        )
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected an object")
        hints = _hints(tp)
        names = {f.name for f in dataclasses.fields(tp) if f.init}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"{path}: unknown field {sorted(unknown)[0]!r}")
        kwargs = {}
        for f in dataclasses.fields(tp):
            if not f.init:
                continue
            if f.name in data:
                kwargs[f.name] = _convert(hints[f.name], data[f.name], f"{path}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ValueError(f"{path}: missing field {f.name!r}")
        return tp(**kwargs)
    raise TypeError(f"{path}: unsupported type {tp!r}")
