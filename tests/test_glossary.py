"""Native wording: every nb, sv and da string uses its language's one word for each game
term, and none of the calques, football words or second names the review found.

The glossaries are ``web/locales/glossary.<lang>.json`` (see their ``_about``).
The rules pages of 21, 41 and Twenty One are held to the same forbidden list.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("nb", "sv", "da")
#: Rules pages checked here (the banker games' pages belong to their own issue's work).
RULES_GAMES = ("dice21", "dice41", "twentyone")
PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")


def _load(name: str) -> dict[str, object]:
    data = json.loads((WEB / "locales" / name).read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def _strings(lang: str) -> dict[str, str]:
    return {k: str(v) for k, v in _load(f"{lang}.json").items()}


def _glossary(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    data = _load(f"glossary.{lang}.json")
    terms, forbidden = data["terms"], data["forbidden"]
    assert isinstance(terms, dict) and isinstance(forbidden, dict)
    return terms, forbidden


def _term(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGS)
def test_no_string_uses_a_forbidden_word(lang: str) -> None:
    _, forbidden = _glossary(lang)
    found = [
        f"{key}: {text!r} has {pattern!r} ({why})"
        for key, text in _strings(lang).items()
        for pattern, why in forbidden.items()
        if re.search(pattern, PLACEHOLDER.sub("", text), re.IGNORECASE)
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_term_has_its_one_translation(lang: str) -> None:
    """Where the English string names a term, the translation uses that term's word."""
    terms, _ = _glossary(lang)
    english = _strings("en")
    strings = _strings(lang)
    wrong = []
    for key, text in english.items():
        plain = PLACEHOLDER.sub("", text)
        for term, stems in terms.items():
            if _term(term).search(plain):
                translated = strings[key].lower()
                if not any(stem in translated for stem in stems.split("|")):
                    wrong.append(f"{key}: {term!r} -> {stems!r} missing in {strings[key]!r}")
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_glossary_entry_is_used(lang: str) -> None:
    """A term no English string names, or a stem no string has, is a glossary gone stale."""
    terms, _ = _glossary(lang)
    english = " ".join(PLACEHOLDER.sub("", t) for t in _strings("en").values())
    translated = " ".join(_strings(lang).values()).lower()
    for term, stems in terms.items():
        assert _term(term).search(english), f"no English string names {term!r}"
        assert any(s in translated for s in stems.split("|")), f"{stems!r} unused"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", RULES_GAMES)
def test_rules_pages_use_no_forbidden_word(lang: str, game: str) -> None:
    _, forbidden = _glossary(lang)
    text = (WEB / "rules" / f"{game}.{lang}.md").read_text("utf-8")
    found = [
        f"{pattern!r} in {line!r} ({why})"
        for line in text.splitlines()
        for pattern, why in forbidden.items()
        if re.search(pattern, line, re.IGNORECASE)
    ]
    assert found == []


def test_the_issue_examples_are_caught() -> None:
    """The forbidden lists really catch the wording the review quoted."""
    examples = {
        "nb": [
            "Press lykken mot 21",
            "Hånden er hånden",
            "Gi enheten til Ola",
            "Kaster, står på 0",
        ],
        "sv": ["Omslag mellan Ann och Bo", "Matchen är slut."],
        "da": ["Bytningen er slut.", "Kampen er slut."],
    }
    examples["nb"] += ["Kampen er over.", "kastehaugen"]
    for lang, texts in examples.items():
        _, forbidden = _glossary(lang)
        for text in texts:
            assert any(re.search(p, text, re.IGNORECASE) for p in forbidden), (lang, text)
