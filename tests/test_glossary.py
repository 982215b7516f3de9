"""Native wording: every nb, sv and da string uses its language's one word for each game
term and concept, and none of the calques, football words or second names the reviews
found.

The glossaries are ``web/locales/glossary.<lang>.json`` (see their ``_about``):

- ``terms``: an English term -> the stems its translation must contain, in every string;
- ``concepts``: the same, for one concept in the strings of one part of the app
  (``keys``), e.g. standing in the Swedish banker games is always "nöjd";
- ``forbidden``: a phrasing no string may have, each with why and what to write instead,
  and the examples it must catch; an entry with ``keys`` holds only for those strings
  (and for the rules pages ``pages`` names), one without for every string and page.

English has no glossary file, only ``ENGLISH_FORBIDDEN`` below: calques of the Swedish
rule text that crept into the English strings.

A forbidden pattern is tried on the string as written (``{name}`` and all) and with its
placeholders filled in (a name for a name, ``7`` for the rest), so that "Summen til
{name}" is read as "Summen til Anna".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from pygame_core.registry import ALL_GAME_IDS

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("nb", "sv", "da")
#: ``{name}``, ``{name:gen}`` (a genitive) or ``{n:# chip|# chips}`` (a number and noun).
PLACEHOLDER = re.compile(r"\{([a-z_0-9]+)(?::([^{}]*))?\}")
#: Placeholders that hold a person's name (or several): filled with ``SAMPLE_NAME``.
NAME_PLACEHOLDERS = frozenset(
    {"name", "names", "seat", "seats", "from_seat", "banker", "start_seat", "payers"}
    | {"dealer", "leader", "next"}
)
SAMPLE_NAME = "Anna"


@dataclass(frozen=True)
class Forbidden:
    pattern: str
    why: str
    write: str
    examples: tuple[str, ...]
    keys: str | None
    pages: str | None

    def holds_for_key(self, key: str) -> bool:
        return self.keys is None or re.search(self.keys, key) is not None

    def holds_for_page(self, game: str) -> bool:
        if self.pages is not None:
            return re.search(self.pages, game) is not None
        return self.keys is None

    def found_in(self, text: str) -> bool:
        return any(
            re.search(self.pattern, version, re.IGNORECASE) for version in (text, filled(text))
        )


@dataclass(frozen=True)
class Concept:
    concept: str
    english: str
    word: str
    keys: str | None

    def holds_for(self, key: str, english: str) -> bool:
        in_scope = self.keys is None or re.search(self.keys, key) is not None
        return in_scope and re.search(self.english, plain(english), re.IGNORECASE) is not None

    def used_in(self, text: str) -> bool:
        lowered = text.lower()
        return any(stem in lowered for stem in self.word.split("|"))


@dataclass(frozen=True)
class Glossary:
    terms: dict[str, str]
    concepts: tuple[Concept, ...]
    forbidden: tuple[Forbidden, ...]


def _load(name: str) -> dict[str, object]:
    data = json.loads((WEB / "locales" / name).read_text("utf-8"))
    assert isinstance(data, dict)
    return data


@cache
def strings(lang: str) -> dict[str, str]:
    return {k: str(v) for k, v in _load(f"{lang}.json").items()}


@cache
def glossary(lang: str) -> Glossary:
    data = _load(f"glossary.{lang}.json")
    terms, concepts, forbidden = data["terms"], data["concepts"], data["forbidden"]
    assert isinstance(terms, dict) and isinstance(concepts, list)
    assert isinstance(forbidden, dict)
    return Glossary(
        terms={str(k): str(v) for k, v in terms.items()},
        concepts=tuple(
            Concept(c["concept"], c["english"], c["word"], c.get("keys")) for c in concepts
        ),
        forbidden=tuple(
            Forbidden(
                pattern,
                entry["why"],
                entry["write"],
                tuple(entry["examples"]),
                entry.get("keys"),
                entry.get("pages"),
            )
            for pattern, entry in forbidden.items()
        ),
    )


def plain(text: str) -> str:
    """``text`` without its placeholders."""
    return PLACEHOLDER.sub("", text)


def filled(text: str) -> str:
    """``text`` as a reader sees it: a name for a name placeholder, ``7`` for the rest."""

    def fill(m: re.Match[str]) -> str:
        spec = m.group(2) or ""
        if m.group(1) in NAME_PLACEHOLDERS:
            return SAMPLE_NAME + ("s" if spec == "gen" else "")
        return spec.split("|")[-1].replace("#", "7") if "|" in spec else "7"

    return PLACEHOLDER.sub(fill, text)


def _term(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)


def problems(lang: str, key: str, text: str) -> list[str]:
    """What the glossary of ``lang`` finds wrong with ``text`` as the string ``key``."""
    found: list[str] = []
    entries = glossary(lang)
    for entry in entries.forbidden:
        if entry.holds_for_key(key) and entry.found_in(text):
            found.append(f"has {entry.pattern!r} ({entry.why}; write: {entry.write})")
    english = strings("en")[key]
    for term, stems in entries.terms.items():
        if _term(term).search(plain(english)) and not any(
            stem in text.lower() for stem in stems.split("|")
        ):
            found.append(f"the term {term!r} is {stems!r} here")
    for concept in entries.concepts:
        if concept.holds_for(key, english) and not concept.used_in(text):
            found.append(f"{concept.concept} is {concept.word!r} here")
    return found


# -- the glossaries themselves --------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_forbidden_entry_says_why_and_what_to_write(lang: str) -> None:
    """Each entry gives its reason and the preferred form, catches its own examples, and
    the preferred form is not itself forbidden."""
    keys = strings(lang).keys()
    for entry in glossary(lang).forbidden:
        where = f"{lang}: {entry.pattern!r}"
        assert entry.why.strip() and entry.write.strip(), where
        assert entry.examples, f"{where} has no example"
        for example in entry.examples:
            assert entry.found_in(example), f"{where} misses its example {example!r}"
        assert not entry.found_in(entry.write), f"{where} forbids its own preferred form"
        if entry.keys is not None:
            assert any(re.search(entry.keys, k) for k in keys), f"{where}: keys match none"


@pytest.mark.parametrize("lang", LANGS)
def test_every_concept_names_strings_that_exist(lang: str) -> None:
    """A concept no English string in its part of the app names is a glossary gone stale."""
    english = strings("en")
    for concept in glossary(lang).concepts:
        assert any(concept.holds_for(k, text) for k, text in english.items()), concept.concept


@pytest.mark.parametrize("lang", LANGS)
def test_every_glossary_term_is_used(lang: str) -> None:
    """A term no English string names, or a stem no string has, is a glossary gone stale."""
    english = " ".join(plain(t) for t in strings("en").values())
    translated = " ".join(strings(lang).values()).lower()
    for term, stems in glossary(lang).terms.items():
        assert _term(term).search(english), f"no English string names {term!r}"
        assert any(s in translated for s in stems.split("|")), f"{stems!r} unused"


# -- the strings ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_no_string_uses_a_forbidden_phrasing(lang: str) -> None:
    found = [
        f"{key}: {text!r} {problem}"
        for key, text in strings(lang).items()
        for problem in problems(lang, key, text)
        if problem.startswith("has ")
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_term_has_its_one_translation(lang: str) -> None:
    """Where the English string names a term, the translation uses that term's word."""
    found = [
        f"{key}: {text!r}: {problem}"
        for key, text in strings(lang).items()
        for problem in problems(lang, key, text)
        if problem.startswith("the term ")
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_concept_has_its_one_word(lang: str) -> None:
    """Within its part of the app a concept is always the same word."""
    found = [
        f"{key}: {text!r}: {problem}"
        for key, text in strings(lang).items()
        for problem in problems(lang, key, text)
        if not problem.startswith(("has ", "the term "))
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ALL_GAME_IDS)
def test_rules_pages_use_no_forbidden_phrasing(lang: str, game: str) -> None:
    text = (WEB / "rules" / f"{game}.{lang}.md").read_text("utf-8")
    found = [
        f"{entry.pattern!r} in {line!r} ({entry.why}; write: {entry.write})"
        for line in text.splitlines()
        for entry in glossary(lang).forbidden
        if entry.holds_for_page(game) and entry.found_in(line)
    ]
    assert found == []


#: English phrasings no English string or rules page may have (English has no glossary file).
ENGLISH_FORBIDDEN = (
    Forbidden(
        r"\bbank after all\b",
        "a calque of the Swedish 'efter alla': in English 'after all' means 'nevertheless'",
        "Bank plays last",
        ("Bank after all", "Bank after all, one by one"),
        None,
        None,
    ),
    Forbidden(
        r"\bsatisfied players?\b",
        "a calque of the Swedish 'nöjd spelare': in English a player stands",
        "each player as soon as they stand",
        ("Against each satisfied player at once", "The banker plays each satisfied player"),
        None,
        None,
    ),
)


def test_every_english_forbidden_entry_catches_its_examples() -> None:
    for entry in ENGLISH_FORBIDDEN:
        assert entry.why.strip() and entry.write.strip(), entry.pattern
        for example in entry.examples:
            assert entry.found_in(example), f"{entry.pattern!r} misses {example!r}"
        assert not entry.found_in(entry.write), f"{entry.pattern!r} forbids its own form"


def test_no_english_string_or_rules_page_uses_a_forbidden_phrasing() -> None:
    texts = dict(strings("en"))
    for game in ALL_GAME_IDS:
        page = (WEB / "rules" / f"{game}.en.md").read_text("utf-8")
        texts |= {f"rules/{game}.en.md:{n}": line for n, line in enumerate(page.splitlines(), 1)}
    found = [
        f"{where}: {text!r} has {entry.pattern!r} ({entry.why}; write: {entry.write})"
        for where, text in texts.items()
        for entry in ENGLISH_FORBIDDEN
        if entry.found_in(text)
    ]
    assert found == []


#: The wording the reviews quoted, each as the string it was found in: every one of them
#: must be caught (so the checks above failed on it, and will again if it comes back).
ISSUE_EXAMPLES = {
    "nb": [
        ("game.dice21.blurb", "Én terning. Press lykken mot 21 uten å gå over."),
        ("preset.twentyone.no_exchange.hint", "Hånden er hånden"),
        ("handoff.explain", "Gi enheten til {name}. Kortene er skjult til {name} trykker."),
        ("status.rolling", "Kaster, står på {total}"),
        ("play.match_over", "Kampen er over."),
        ("banker.deck_info", "Kortstokk: {deck} kort · kastehaugen: {discard}"),
        ("play.total_of", "Summen til {name}"),
        ("play.last_throw", "Siste kast fra {name}"),
        ("play.best_so_far", "Poengsum å slå: {score}."),
        ("play.coach", "Oddstrener"),
        ("banker.bet_min", "Minst {min}, den minste innsatsen."),
        # issue 48
        ("option.tie", "Likt på toppen"),
        ("event.dice21.hit_target", "{seat} treffer {total} på flekken!"),
        ("review.costliest", "De dyreste øyeblikkene"),
        ("play.no_best_yet", "Ingen har fått noen sum ennå."),
        ("app.tagline", "De skandinaviske 21-spillene, rundt ett bord"),
        ("event.twentyone.deal_scored", "Givet er talt opp."),
        ("t21.exchange.refused", "Ikke noe bytte i dette givet"),
        ("import.nothing_new", "Ingenting nytt: alle spillene i fila finnes her fra før."),
        ("reason.damaged", "fila er skadet"),
    ],
    "sv": [
        ("event.dice21.tie_rolloff", "Omslag mellan {seats}: {rolls}."),
        ("play.match_over", "Matchen är slut."),
        ("banker.draw", "Dra"),
        ("banker.stand", "Stanna"),
        ("guide.skip", "Hoppa över genomgången"),
        ("guide.moment", "Rundan är slut. Tryck på Fortsätt för att avsluta genomgången."),
        ("option.tie", "Lika i toppen"),
        ("play.coach", "Oddstränare"),
        ("preset.dice41.evening", "Kväll"),
        # issue 48
        ("review.costliest", "De dyraste ögonblicken"),
        (
            "coach.d41.expected",
            "Lägg undan {value}:an: då kan du räkna med den bästa summan, runt {score}.",
        ),
        ("home.join", "Gå med vid ett bord"),
        ("app.tagline", "De skandinaviska 21-spelen, runt ett bord"),
    ],
    "da": [
        ("event.twentyone.exchange_ended", "Bytningen er slut."),
        ("play.match_over", "Kampen er slut."),
        ("play.coach", "Oddstræner"),
        ("t21.swap_limit", "Vælg de kort, du vil bytte (højst {n}: hvad trækbunken har)."),
        ("option.cannot_beat", "Når du ikke kan slå"),
        ("setup.reveal_after_hint", "Fra: hver persons gennemgang viser kun egne kort."),
        # issue 48
        (
            "home.deal_help",
            "Sæt en kode til en givning ind, som du har fået, så spiller du de samme kort.",
        ),
        ("app.tagline", "De skandinaviske 21-spil, omkring ét bord"),
    ],
}


@pytest.mark.parametrize(
    ("lang", "key", "text"),
    [(lang, key, text) for lang, pairs in ISSUE_EXAMPLES.items() for key, text in pairs],
)
def test_the_issue_examples_are_caught(lang: str, key: str, text: str) -> None:
    assert key in strings(lang), key
    assert problems(lang, key, text), f"{lang} {key}: {text!r} passes the glossary"


#: The issue's quotes from the rules pages, each as the line it was found in (issue 48).
RULES_EXAMPLES = {
    "nb": [
        ("tjueett", "Med en fersk kortstokk er sjansen for å sprekke på neste kort:"),
        ("tjugoett", "Fire små kort er verdt et femte: passer det, teller det som 21."),
        (
            "twentyone",
            "Er hånda di allerede sterk, hold det stengt, så de andre ikke får reparert sine.",
        ),
        (
            "twentyone",
            "Har du ingenting som holder, må du kvitte deg med det laveste kortet på hånda.",
        ),
        ("tjugoett", "## Et giv"),
        ("tjugoett", "Ferdige hender blir liggende åpne til givet er over."),
        ("dice41", "- Kveld: sjetonger, 10 hver, 10 runder."),
    ],
    "sv": [
        ("dice41", "- Ta bort en fyra och en etta och lägg ihop de fyra andra. Det är din poäng."),
        ("dice41", "- Kväll: marker, 10 var, 10 rundor."),
    ],
    "da": [
        ("tjueett", "Med en frisk kortstok er chancen for at gå over på næste kort:"),
        ("tjugoett", "Fire små kort er et femte værd: passer det, tæller det som 21."),
        (
            "twentyone",
            "Er din hånd allerede stærk, så hold det lukket, så de andre ikke kan reparere deres.",
        ),
        ("dice41", "- Aften: jetoner, 10 hver, 10 runder."),
    ],
}


@pytest.mark.parametrize(
    ("lang", "game", "line"),
    [(lang, game, line) for lang, lines in RULES_EXAMPLES.items() for game, line in lines],
)
def test_the_issue_examples_on_the_rules_pages_are_caught(lang: str, game: str, line: str) -> None:
    assert any(e.holds_for_page(game) and e.found_in(line) for e in glossary(lang).forbidden), line


@pytest.mark.parametrize(
    "text",
    ["Bank after all", "Against each satisfied player at once", "plays each satisfied player"],
)
def test_the_english_issue_examples_are_caught(text: str) -> None:
    assert any(entry.found_in(text) for entry in ENGLISH_FORBIDDEN), text
