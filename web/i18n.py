"""Translations: every visible string goes through :func:`Translator.t`.

The tables are JSON files in ``web/locales/`` (one per language, the same keys in
each); the build also reads them to fill the loading shell before Python runs.
``{name}`` placeholders are filled with :meth:`str.format_map`; ``{name:gen}`` is the
name's genitive as the language writes it (:func:`genitive`), and ``{n:# chip|# chips}``
a number with its noun in the form for one or for more.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # fractions costs ~30 ms to import in Pyodide: only odds screens need it
    from fractions import Fraction

LANGUAGES = ("nb", "sv", "da", "en")
DEFAULT_LANGUAGE = "en"
#: Browser language tags that map to our languages (Norwegian has three tags).
_ALIASES = {"nb": "nb", "no": "nb", "nn": "nb", "sv": "sv", "da": "da", "en": "en"}
LOCALES = Path(__file__).parent / "locales"
#: The decimal separator people write in each language.
DECIMAL_POINT = {"nb": ",", "sv": ",", "da": ",", "en": "."}


def decimal(value: Fraction | int, lang: str, places: int = 1) -> str:
    """An exact number rounded for people: ``decimal(Fraction(171, 10), "nb")`` -> ``"17,1"``."""
    from fractions import Fraction

    scale = 10**places
    scaled = round(Fraction(value) * scale)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), scale)
    return f"{sign}{whole}{DECIMAL_POINT[lang]}{part:0{places}d}" if places else f"{sign}{whole}"


def percent(value: Fraction, lang: str) -> str:
    """A chance as a percentage with one decimal: ``"85.7 %"`` (en), ``"85,7 %"`` (nb)."""
    return f"{decimal(value * 100, lang)} %"


#: The genitive ending after a number, where it is not a plain s.
_AFTER_A_NUMBER = {"sv": ":s", "da": "'s"}


def genitive(name: str, lang: str) -> str:
    """``name``'s genitive as ``lang`` writes it: a name ending in s, x or z takes no
    further s (Swedish "Jonas kort"; Norwegian and Danish "Jonas' kort"), a number
    takes a colon in Swedish and an apostrophe in Danish ("Robot 1:s", "Robot 1's";
    Norwegian "Robot 1s"), any other name an s; English "Jonas's", "Anna's"."""
    if lang == "en":
        return f"{name}'s"
    last = name[-1:].lower()
    if last in ("s", "x", "z"):
        return name if lang == "sv" else f"{name}'"
    if last.isdigit():
        return name + _AFTER_A_NUMBER.get(lang, "s")
    return f"{name}s"


class _Name(str):
    """A placeholder's text that ``{name:gen}`` formats as its genitive in ``lang``."""

    lang = DEFAULT_LANGUAGE

    def __format__(self, spec: str) -> str:
        if spec == "gen":
            return genitive(str(self), self.lang)
        if "|" in spec:  # a number already written out ("1", "2,5")
            return _number(spec, str(self), str(self) == "1")
        return super().__format__(spec)


class _Count(int):
    """A placeholder's number that ``{n:# card|# cards}`` writes in the form for one or
    the form for any other number, ``#`` standing for the number ("1 sjetong",
    "2 sjetonger")."""

    def __format__(self, spec: str) -> str:
        return _number(spec, str(int(self)), self == 1) if "|" in spec else super().__format__(spec)


def _number(spec: str, number: str, one: bool) -> str:
    """``spec`` ("# card|# cards") in the form for one or for more, ``#`` the number."""
    singular, plural = spec.split("|", 1)
    return (singular if one else plural).replace("#", number)


@cache
def table(lang: str) -> dict[str, str]:
    """The translation table of ``lang``."""
    data = json.loads((LOCALES / f"{lang}.json").read_text("utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"locale {lang} is not a table")
    return data


def add_texts(texts: Mapping[str, Mapping[str, str]]) -> None:
    """Add a game's own words (``{lang: {key: text}}``, :attr:`web.games.GameUI.texts`)
    to the tables; a language it leaves out falls back to English, as any key does. A
    key the tables give another text raises ``ValueError`` (a game's words add to the
    shared ones, they do not change them)."""
    for lang, words in texts.items():
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language {lang!r}")
        words_of = table(lang)
        clash = sorted(k for k, v in words.items() if words_of.get(k, v) != v)
        if clash:
            raise ValueError(f"texts already worded otherwise in {lang}: {', '.join(clash)}")
        words_of.update(words)


def pick_language(requested: str | None, remembered: str | None, browser: Iterable[str]) -> str:
    """The language to use: ``?lang=`` first, then the remembered choice, then the browser."""
    for candidate in (requested, remembered):
        if candidate in LANGUAGES:
            return candidate
    for tag in browser:
        base = tag.lower().split("-")[0]
        if base in _ALIASES:
            return _ALIASES[base]
    return DEFAULT_LANGUAGE


class Translator:
    """Looks up strings of one language, falling back to English."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language {lang!r}")
        self.lang = lang

    def t(self, key: str, **params: object) -> str:
        """The string for ``key`` with its placeholders filled."""
        text = table(self.lang).get(key)
        if text is None:
            text = table(DEFAULT_LANGUAGE).get(key, key)
        if not params:
            return text
        if ":gen}" in text or "|" in text:
            params = {k: self._wrap(v) for k, v in params.items()}
        return text.format_map(params)

    def _wrap(self, value: object) -> object:
        """``value`` able to take the tables' own formats: a name ``{name:gen}``, a
        number ``{n:# card|# cards}``."""
        if isinstance(value, str):
            name = _Name(value)
            name.lang = self.lang
            return name
        if isinstance(value, int) and not isinstance(value, bool):
            return _Count(value)
        return value

    def join(self, items: Iterable[str]) -> str:
        """``a, b and c`` in this language (names in a sentence: "Ann, Bo og Cy")."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.t('word.and')} {items[-1]}"

    def has(self, key: str) -> bool:
        """Whether ``key`` is translated."""
        return key in table(DEFAULT_LANGUAGE)
