"""The UI's pure parts: safe markup, translations, language choice, home screen."""

from __future__ import annotations

import html
import json
import re
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pygame_core.registry import game_ids
from web.games import all_uis
from web.i18n import LANGUAGES, LOCALES, Translator, genitive, pick_language
from web.markup import Markup, escape, h
from web.screens.home import render_home

HOSTILE = "<img src=x onerror=alert(1)>"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    tables = {lang: json.loads((LOCALES / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES}
    keys = set(tables["en"])
    for lang, table in tables.items():
        assert set(table) == keys, f"{lang}: {sorted(set(table) ^ keys)}"
        for key in keys:
            assert table[key].strip(), f"{lang}:{key} is empty"
            assert placeholders(table[key]) == placeholders(tables["en"][key]), f"{lang}:{key}"


def test_text_is_escaped_and_markup_is_kept() -> None:
    out = h("p", {"title": HOSTILE}, HOSTILE, Markup("<b>ok</b>"))
    assert "<img" not in out
    assert "&lt;img src=x onerror=alert(1)&gt;" in out
    assert "<b>ok</b>" in out


@pytest.mark.parametrize(
    ("requested", "remembered", "browser", "expected"),
    [
        ("sv", "da", ["nb-NO"], "sv"),
        (None, "da", ["nb-NO"], "da"),
        (None, None, ["nn-NO", "en"], "nb"),
        (None, None, ["no"], "nb"),
        ("xx", None, ["da-DK"], "da"),
        (None, None, ["fr-FR"], "en"),
    ],
)
def test_language_choice(
    requested: str | None, remembered: str | None, browser: list[str], expected: str
) -> None:
    assert pick_language(requested, remembered, browser) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_lists_every_game_with_its_name_as_accessible_name(lang: str) -> None:
    tr = Translator(lang)
    html = render_home(tr, all_uis())
    labels = re.findall(r'<button class="tile-name"[^>]*>([^<]+)</button>', html)
    assert labels == [tr.t(f"game.{g}.name") for g in game_ids()]
    assert labels[:5] == ["21", "41", "Tjueett", "Tjugoett", "Twenty One"]
    assert f'lang="{lang}"' in html


def test_numbers_use_each_language_decimal_point() -> None:
    from fractions import Fraction

    from web.i18n import decimal, percent

    assert percent(Fraction(6, 7), "en") == "85.7 %"
    assert percent(Fraction(6, 7), "nb") == "85,7 %"
    assert decimal(Fraction(1716, 100), "da", 2) == "17,16"
    assert decimal(Fraction(-7, 50), "sv", 1) == "-0,1"
    assert percent(Fraction(1), "en") == "100.0 %"


@given(st.text())
def test_markup_escape_matches_the_standard_library(text: str) -> None:
    assert escape(text, quote=True) == html.escape(text, quote=True)
    assert escape(text, quote=False) == html.escape(text, quote=False)


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("nb", ["Annas", "Jonas'", "Max'", "Robot 1s"]),
        ("sv", ["Annas", "Jonas", "Max", "Robot 1:s"]),
        ("da", ["Annas", "Jonas'", "Max'", "Robot 1's"]),
        ("en", ["Anna's", "Jonas's", "Max's", "Robot 1's"]),
    ],
)
def test_a_names_genitive_is_written_as_the_language_writes_it(lang: str, forms: list[str]) -> None:
    """Many Nordic names end in s ("Jonas", "Lars", "Nils"): "Jonass kort" is no word
    in any of the languages. Swedish joins an ending to a number with a colon
    ("Robot 1:s"), Danish with an apostrophe."""
    assert [genitive(n, lang) for n in ("Anna", "Jonas", "Max", "Robot 1")] == forms
    tr = Translator(lang)
    assert tr.t("banker.hand_of", name="Jonas").startswith(forms[1] + " ")
    # a name is text: its braces or a "gen" of its own are not formatting
    assert tr.t("play.total_of", name="{x:gen}").startswith("{x:gen}")


#: An ending written by hand onto a placeholder that holds a person ("{name}s").
PERSON_GENITIVE = r"\{(name|seat|banker|dealer|leader|next|start_seat|from_seat)\}'?s\b"


def test_every_genitive_in_the_tables_is_a_placeholders() -> None:
    """No table writes a genitive ending onto a placeholder by hand ("{name}s", "{name}'s"):
    ``{name:gen}`` does, for names ending in s as well."""
    for lang in LANGUAGES:
        for key, text in json.loads((LOCALES / f"{lang}.json").read_text("utf-8")).items():
            assert not re.search(PERSON_GENITIVE, text), f"{lang}:{key}: {text}"


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Pot: 1 chip", "Pot: 2 chips"),
        ("nb", "Pott: 1 sjetong", "Pott: 2 sjetonger"),
        ("sv", "Pott: 1 marker", "Pott: 2 marker"),
        ("da", "Pulje: 1 jeton", "Pulje: 2 jetoner"),
    ],
)
def test_a_count_of_one_takes_the_singular(lang: str, one: str, two: str) -> None:
    """``{n:# chip|# chips}``: "Pot: 1 chips" and "1 sjetonger" read as mistakes."""
    tr = Translator(lang)
    assert tr.t("play.pot", chips=1) == one
    assert tr.t("play.pot", chips=2) == two
    assert tr.t("play.pot", chips="1") == one, "a number already written out"
    assert "1 card." in Translator("en").t("event.twentyone.swapped", seat="Ann", count=1)
    assert tr.t("time.days_ago", n=1) != tr.t("time.days_ago", n=2).replace("2", "1")
    summary = Translator("en").t("review.summary", accuracy="0 %", best=0, rated=1)
    assert summary.endswith("0 of 1 choice was the best")
