"""Versioned JSON documents: the one check of a document's format and schema version.

Everything Nordic 21 stores or carries is a JSON object that names what it is and which
version of its layout it follows, at the top level::

    {"format": "nordic21-game", "schema": 1, ...}

A :class:`Format` describes one kind of document: its ``format`` name, the schema
versions this version of Nordic 21 reads, and how to speak of it in a message.
:meth:`Format.check` reads those two fields of a parsed document and returns its schema
version, or raises :class:`DocumentError` (and nothing else) with a message a person
understands, and with :attr:`DocumentError.problem` saying which of four things is wrong:

- ``"foreign"``: it is not this kind of document (another program's file, or another
  Nordic 21 document);
- ``"newer"``: a newer version of Nordic 21 wrote it (a schema above the newest read);
- ``"older"``: an older version wrote it, in a schema this version no longer reads;
- ``"damaged"``: it is not valid JSON, not text, too large, or its version is missing
  or not a version at all.

:meth:`Format.parse` turns stored text into data with the same error, and
:meth:`Format.load` does both. The fields after ``format`` and ``schema`` are each
document's own to check; every caller raises :class:`~pygame_core.errors.SaveError` for
those, of which :class:`DocumentError` is a kind, so one ``except SaveError`` catches
both.

>>> SAVE = Format("nordic21-game", newest=2, kind="a Nordic 21 save", subject="the save")
>>> SAVE.check({"format": "nordic21-game", "schema": 2, "game": "dice21"})
2
>>> SAVE.check({"format": "nordic21-game", "schema": 3})  # doctest: +ELLIPSIS
Traceback (most recent call last):
pygame_core.documents.DocumentError: the save was made by a newer version ... schemas 1-2)
>>> SAVE.load('{"format": "chess"}')
Traceback (most recent call last):
pygame_core.documents.DocumentError: this is not a Nordic 21 save
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from .codec import MAX_SAFE_INT
from .errors import SaveError

Problem = Literal["foreign", "newer", "older", "damaged"]


class DocumentError(SaveError):
    """A document cannot be read: foreign, too new, too old or damaged.

    ``problem`` says which (see the module doc); ``schema`` is the document's schema
    version when it has one (``"newer"`` and ``"older"``), else ``None``.
    """

    def __init__(self, message: str, problem: Problem, schema: int | None = None) -> None:
        super().__init__(message)
        self.problem: Problem = problem
        self.schema = schema


@dataclass(frozen=True)
class Format:
    """One kind of versioned document, and the schema versions this version reads.

    ``kind`` names it after "this is not": ``"a Nordic 21 saved game"``; ``subject``
    is how a sentence starts about it: ``"the save"``, ``"the file"``; ``plural`` when
    that subject is plural (``"the statistics are"``).
    """

    name: str
    newest: int
    kind: str
    subject: str
    oldest: int = 1
    plural: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.oldest <= self.newest:
            raise ValueError(f"{self.name}: schemas {self.oldest} to {self.newest}")

    @property
    def versions(self) -> range:
        """The schema versions read, oldest first."""
        return range(self.oldest, self.newest + 1)

    def _is(self, singular: str, plural: str) -> str:
        return plural if self.plural else singular

    def _reads(self) -> str:
        if self.oldest == self.newest:
            return f"this version reads schema {self.newest}"
        return f"this version reads schemas {self.oldest}-{self.newest}"

    def damaged(self, detail: str) -> DocumentError:
        """The error for a document of this kind damaged as ``detail`` says
        (``"its schema version is out of range"``)."""
        return DocumentError(f"{self.subject} {self._is('is', 'are')} damaged: {detail}", "damaged")

    def check(self, data: Any) -> int:
        """The schema version of parsed document ``data``, if it is of this kind and
        a version this one reads; :class:`DocumentError` otherwise, never another error.

        Only ``format`` and ``schema`` are read: the rest is the caller's to check.
        """
        if not isinstance(data, dict) or data.get("format") != self.name:
            raise DocumentError(f"{self._is('this is', 'these are')} not {self.kind}", "foreign")
        its = self._is("its", "their")
        if "schema" not in data:
            raise self.damaged(f"{self._is('it has', 'they have')} no schema version")
        schema = data["schema"]
        if isinstance(schema, bool) or not isinstance(schema, int):
            raise self.damaged(f"{its} schema version is not a whole number")
        if not 1 <= schema <= MAX_SAFE_INT:
            raise self.damaged(f"{its} schema version is out of range")
        if schema > self.newest:
            raise self._other_version("a newer", "newer", schema)
        if schema < self.oldest:
            raise self._other_version("an older", "older", schema)
        return schema

    def _other_version(self, when: str, problem: Problem, schema: int) -> DocumentError:
        return DocumentError(
            f"{self.subject} {self._is('was', 'were')} made by {when} version of Nordic 21 "
            f"(schema {schema}; {self._reads()})",
            problem,
            schema,
        )

    def parse(self, text: Any, max_chars: int | None = None) -> Any:
        """The parsed JSON of ``text`` (``str`` or ``bytes``, at most ``max_chars``
        long); :class:`DocumentError` (``"damaged"``) if it is not."""
        is_ = self._is("is", "are")
        if not isinstance(text, (str, bytes, bytearray)):
            raise DocumentError(f"{self.subject} {is_} not text", "damaged")
        if max_chars is not None and len(text) > max_chars:
            raise DocumentError(
                f"{self.subject} {is_} too large ({len(text):,} characters; at most {max_chars:,})",
                "damaged",
            )
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise DocumentError(f"{self.subject} {is_} not valid JSON", "damaged") from exc

    def load(self, text: Any, max_chars: int | None = None) -> tuple[dict[str, Any], int]:
        """``(data, schema)`` of stored ``text``: :meth:`parse`, then :meth:`check`."""
        data = self.parse(text, max_chars)
        schema = self.check(data)
        return data, schema
