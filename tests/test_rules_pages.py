"""The in-app rules pages: one per game and language, in the Markdown subset the UI
renders, with every number filled in from the odds modules, a picture of each key rule
(:mod:`web.rulespictures`), and in our own words."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from functools import cache
from itertools import accumulate, pairwise
from pathlib import Path

import pytest
from registered import site_games

from pygame_core import UnknownGameError, get_game
from web.games import get_ui
from web.i18n import LANGUAGES, Translator, table
from web.markup import h
from web.rulesfigures import exact_figures, figures
from web.rulespictures import PICTURES, description, render
from web.screens.rules import render_markdown, render_rules
from web.table.cards import corner_label

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "web" / "rules"
#: The original rule texts live beside the repository, never in it.
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"

TITLES = {
    "dice21": "21",
    "dice41": "41",
    "tjueett": "Tjueett",
    "tjugoett": "Tjugoett",
    "twentyone": "Twenty One",
}
STRATEGY = {"nb": "Strategi", "sv": "Strategi", "da": "Strategi", "en": "Strategy"}
PLACEHOLDER = re.compile(r"\{([a-z0-9_]+)\}")
#: A picture's line in a page's source (a line of its own).
PICTURE_SOURCE = re.compile(r"\{\{picture:([a-z0-9_]+)\}\}")
#: Markup the UI does not render: bold, italics, code, links, HTML, quotes, tables.
UNSUPPORTED = ("**", "__", "*", "`", "<", ">", "](", "|")
#: No run of this many words of a seed text may appear in a page.
RUN = 8
MIN_WORDS, MAX_WORDS = 250, 500

#: The games with a rules page: every registered game the site ships (the tests' toy
#: game is not built into the site, so it has none).
GAMES = site_games()
PAGES = [(game_id, lang) for game_id in GAMES for lang in LANGUAGES]


def page_path(game_id: str, lang: str) -> Path:
    return RULES / f"{game_id}.{lang}.md"


@cache
def source(game_id: str, lang: str) -> str:
    return page_path(game_id, lang).read_text("utf-8")


def rendered(game_id: str, lang: str) -> str:
    """The page as the reader sees it, figures filled in."""
    return source(game_id, lang).format_map(figures(get_ui(game_id), lang))


def pictures_of(game_id: str, lang: str) -> list[str]:
    """The pictures a page asks for, in order."""
    return [
        found.group(1)
        for line in source(game_id, lang).split("\n")
        if (found := PICTURE_SOURCE.fullmatch(line))
    ]


def without_pictures(text: str) -> str:
    """``text`` without its picture lines (they are pictures, not words)."""
    return "\n".join(
        line for line in text.split("\n") if not re.fullmatch(r"\{+picture:[a-z0-9_]+\}+", line)
    )


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def words(text: str) -> list[str]:
    """Lower-case words with punctuation stripped."""
    return re.findall(r"\w+", text.lower())


def shown_percent(text: str) -> Fraction:
    """``"85,7 %"`` or ``"85.7 %"`` as an exact fraction of one."""
    assert re.fullmatch(r"\d{1,3}[.,]\d %", text), text
    return Fraction(text.removesuffix(" %").replace(",", ".")) / 100


def assert_percent(text: str, exact: Fraction, lang: str) -> None:
    """``text`` is ``exact`` rounded to a tenth of a percent, with the language's comma."""
    assert ("," in text) == (lang != "en"), text
    assert abs(shown_percent(text) - exact) <= Fraction(1, 2000), (text, float(exact))


# -- presence and format -------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "lang"), PAGES)
def test_every_page_exists_and_is_not_empty(game_id: str, lang: str) -> None:
    assert page_path(game_id, lang).is_file(), f"missing {page_path(game_id, lang).name}"
    assert source(game_id, lang).strip()


def test_no_stray_pages() -> None:
    expected = {page_path(g, lang).name for g, lang in PAGES}
    assert {p.name for p in RULES.iterdir()} == expected


@pytest.mark.parametrize(("game_id", "lang"), PAGES)
def test_page_uses_only_the_supported_markdown(game_id: str, lang: str) -> None:
    text = source(game_id, lang)
    lines = text.split("\n")
    assert lines[0] == f"# {TITLES[game_id]}", "the first line is the game's name"
    assert text.endswith("\n") and not text.endswith("\n\n")
    headings = [line[3:] for line in lines if line.startswith("## ")]
    assert len(headings) >= 4
    assert headings[-1] == STRATEGY[lang], "the page ends with the strategy section"
    for number, line in enumerate(lines[1:], start=2):
        where = f"{page_path(game_id, lang).name}:{number}"
        assert line == line.strip(), f"{where}: stray whitespace"
        if PICTURE_SOURCE.fullmatch(line):
            continue
        assert not line.startswith("# "), f"{where}: only one title"
        if line.startswith(("## ", "- ")):
            assert line[2:].strip(), f"{where}: empty heading or item"
        else:
            assert not line.startswith(("#", "-", "+", ">", "=")), f"{where}: unsupported line"
            assert not re.match(r"\d+[.)] ", line), f"{where}: numbered lists are not rendered"
        for mark in UNSUPPORTED:
            assert mark not in line, f"{where}: {mark!r} is not rendered"
        assert "{" not in PLACEHOLDER.sub("", line), f"{where}: a literal brace"
        assert "}" not in PLACEHOLDER.sub("", line), f"{where}: a literal brace"
    assert "\n\n\n" not in text, "paragraphs are separated by one blank line"
    for before, line in pairwise(lines):
        if line.startswith("## "):
            assert before == "", f"a blank line before {line!r}"


@pytest.mark.parametrize(("game_id", "lang"), PAGES)
def test_page_length(game_id: str, lang: str) -> None:
    text = without_pictures(rendered(game_id, lang))
    count = len([w for w in text.split() if re.search(r"\w", w)])
    assert MIN_WORDS <= count <= MAX_WORDS, count


# -- figures -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_placeholder_is_a_figure_and_every_figure_is_used(game_id: str) -> None:
    for lang in LANGUAGES:
        provided = figures(get_ui(game_id), lang)
        used = placeholders(source(game_id, lang))
        assert used <= set(provided), f"{lang}: no figure for {sorted(used - set(provided))}"
        # Every odds figure is quoted; the preset figures are there for pages to quote.
        odds = set(get_ui(game_id).figures())
        assert odds <= used, f"{lang}: figures unused: {sorted(odds - used)}"
        assert all(value.strip() for value in provided.values())


def test_presets_are_figures_from_code() -> None:
    """A page quoting a preset takes its numbers from the preset itself."""
    from web.rulesfigures import preset_figures

    quoted = preset_figures("tjueett")
    game = get_game("tjueett")
    for name, options in game.presets.items():
        for option, value in options.items():
            if isinstance(value, int) and not isinstance(value, bool) and option != "players":
                assert quoted[f"preset_{name}_{option}"].value == value
    assert figures(get_ui("tjueett"), "nb").keys() >= quoted.keys()


def test_figures_are_the_same_numbers_in_every_language() -> None:
    for game_id in GAMES:
        english = figures(get_ui(game_id), "en")
        for lang in LANGUAGES:
            local = figures(get_ui(game_id), lang)
            assert local.keys() == english.keys()
            for name, text in local.items():
                digits = re.sub(r"\D", "", text)
                assert digits == re.sub(r"\D", "", english[name]), (game_id, lang, name)


def test_dice21_figures_match_the_exact_odds() -> None:
    from pygame_core.dice21.odds import (
        bust_chance,
        chance_to_pass,
        first_mover_win_chance,
        turn_odds,
    )

    for lang in LANGUAGES:
        shown = figures(get_ui("dice21"), lang)
        assert_percent(shown["pass_17"], chance_to_pass(17, 1, 21), lang)
        assert_percent(shown["first_2p"], first_mover_win_chance(2, 1, 21), lang)
        assert_percent(shown["first_5p"], first_mover_win_chance(5, 1, 21), lang)
        for total in range(16, 21):
            faces = int(shown[f"bust_{total}"].split()[0])
            assert Fraction(faces, 6) == bust_chance(total, 1, 21)
            assert shown[f"bust_{total}"].endswith(" 6")
    # The rule text's "86 in 100" for passing a 17 holds.
    assert round(chance_to_pass(17, 1, 21) * 100) == 86
    stop_from = int(figures(get_ui("dice21"), "en")["first_stop_2p"])
    assert turn_odds(stop_from, 0, 0, 1, 2, 1, 21).should_stop
    assert not turn_odds(stop_from - 1, 0, 0, 1, 2, 1, 21).should_stop
    assert first_mover_win_chance(2, 1, 21) < Fraction(1, 2), "the page says going last helps"
    assert first_mover_win_chance(5, 1, 21) < Fraction(1, 5)


def test_dice41_figures_match_the_exact_odds() -> None:
    from pygame_core.dice41.odds import expected_score, safe_play_distribution, seed_claims

    claims = seed_claims()
    safe = safe_play_distribution()
    for lang in LANGUAGES:
        shown = figures(get_ui("dice41"), lang)
        assert_percent(shown["qualify"], 1 - safe[0], lang)
        assert_percent(shown["band_16_21"], claims.safe_16_to_21_given_qualified, lang)
        one_in = int(shown["safe_24"].split()[-1])
        assert abs(1 / claims.safe_24 - one_in) <= Fraction(1, 2)
        assert shown["last_die"].split()[-1] == "6" and claims.last_die_one == Fraction(1, 6)
        expected = Fraction(shown["expected"].replace(",", "."))
        assert abs(expected - expected_score()) <= Fraction(1, 20)
    # The page says the simple rule reaches the best possible average: check it exactly.
    assert sum((score * p for score, p in safe.items()), Fraction(0)) == expected_score()
    assert 60 <= round(1 / claims.safe_24) <= 80, "the rule text's 'about one in seventy'"


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett"])
def test_banker_figures_match_the_exact_odds(game_id: str) -> None:
    from pygame_core.banker.odds import bust_chance, pool_of
    from pygame_core.cards import FULL_DECK, make_card

    for lang in LANGUAGES:
        shown = figures(get_ui(game_id), lang)
        for total in (14, 16, 18):
            ranks = [int(part) for part in shown[f"hand_{total}"].split(" + ")]
            assert sum(ranks) == total
            hand = [make_card(r, suit) for suit, r in enumerate(ranks)]
            pool = pool_of(card for card in FULL_DECK if card not in hand)
            assert_percent(shown[f"bust_{total}"], bust_chance(pool, hand), lang)


def test_exact_values_stay_exact() -> None:
    for game_id in GAMES:
        for figure in exact_figures(get_ui(game_id)).values():
            assert isinstance(figure.value, Fraction) or figure.style == "text"


def test_unknown_game_or_language_is_refused() -> None:
    with pytest.raises(UnknownGameError):
        figures(get_ui("chess"), "en")
    with pytest.raises(ValueError, match="language"):
        figures(get_ui("dice21"), "de")


def test_figures_can_be_changed_by_the_caller_without_harm() -> None:
    first = figures(get_ui("dice41"), "en")
    first["qualify"] = "?"
    assert figures(get_ui("dice41"), "en")["qualify"] != "?"


# -- pictures ----------------------------------------------------------------------------

#: What a picture's own labels may say: numbers and the signs between them.
NUMBERS_ONLY = re.compile(r"[0-9 +=\u2192]+")


def texts_in(markup: str) -> list[str]:
    """The text of every SVG ``<text>`` in ``markup``."""
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", markup)]


@pytest.mark.parametrize(("game_id", "lang"), PAGES)
def test_every_picture_a_page_names_exists_for_its_game(game_id: str, lang: str) -> None:
    names = pictures_of(game_id, lang)
    assert names, "every page shows its key rule in a picture"
    for name in names:
        assert name in PICTURES, f"no picture {name!r}"
        assert game_id in PICTURES[name].games, f"{name} is not a picture of {game_id}"
    rest = without_pictures(source(game_id, lang))
    assert "picture:" not in rest, "a picture is asked for on a line of its own"


def test_every_picture_is_on_its_games_pages_the_same_in_every_language() -> None:
    for game_id in GAMES:
        orders = {tuple(pictures_of(game_id, lang)) for lang in LANGUAGES}
        assert len(orders) == 1, f"{game_id}: {orders}"
    for name, picture in PICTURES.items():
        for game_id in picture.games:
            assert name in pictures_of(game_id, "en"), f"{name} is on no {game_id} page"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_picture_renders_with_its_description_and_caption(name: str, lang: str) -> None:
    """The caption and the description are the language's own (no English fallback), the
    drawing is one SVG described for screen readers, and the description says every
    number the picture shows."""
    tr = Translator(lang)
    for key in (f"picture.{name}.caption", f"picture.{name}.alt"):
        assert table(lang).get(key, "").strip(), f"{lang} has no {key}"
    markup = render(tr, name)
    found = re.fullmatch(
        r'<figure class="rules-picture" data-picture="([a-z0-9_]+)">'
        r'(<svg class="rules-picture-art" [^>]*>.*</svg>)'
        r"<figcaption>([^<]+)</figcaption></figure>",
        markup,
        re.DOTALL,
    )
    assert found, markup[:300]
    assert found.group(1) == name
    art = found.group(2)
    outer = re.match(r"<svg [^>]*>", art)
    assert outer and 'role="img"' in outer.group(0)
    label = re.search(r'aria-label="([^"]*)"', outer.group(0))
    assert label, "the drawing has a text description"
    said = html.unescape(label.group(1))
    assert said == description(tr, name) and said.strip()
    assert "{" not in said and "}" not in said, said
    assert html.unescape(found.group(3)) == tr.t(f"picture.{name}.caption")
    assert art.count("<svg") > 1, "the drawing is made of the table's own pieces"
    shown = [t for t in texts_in(art) if NUMBERS_ONLY.fullmatch(t)]
    for number in re.findall(r"\d+", " ".join(shown)):
        assert number in re.findall(r"\d+", said), f"{number} is shown but not said"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_pictures_are_drawn_from_numbers_only(name: str, lang: str) -> None:
    """Nothing a person typed, and no words: a picture's texts are its numbers and the
    letters the table's cards print in their corners."""
    corners = {corner_label(r, lang) for r in range(2, 15)}
    drawing = PICTURES[name].drawing()
    assert all(isinstance(p.value, int) and not isinstance(p.value, bool) for p in drawing.pieces)
    for text in texts_in(render(Translator(lang), name)):
        assert NUMBERS_ONLY.fullmatch(text) or text in corners, text


def test_the_pictures_show_what_the_rules_core_says() -> None:
    from pygame_core.banker.hand import best_total, effective_total
    from pygame_core.dice41.rules import missing_tickets, turn_score
    from pygame_core.twentyone.rules import card_value, play_rank, points_for
    from web import rulespictures as pics

    hit = list(accumulate(pics.DICE21_HIT))
    assert hit[-1] == pics.DICE21_TARGET and max(hit[:-1]) < pics.DICE21_TARGET
    bust = list(accumulate(pics.DICE21_BUST))
    assert bust[-1] > pics.DICE21_TARGET and max(bust[:-1]) < pics.DICE21_TARGET
    assert not missing_tickets(pics.DICE41_KEPT) and turn_score(pics.DICE41_KEPT) > 0
    assert (
        pics.PICTURES["dice41_qualify"]
        .drawing()
        .sum_line.endswith(f"= {turn_score(pics.DICE41_KEPT)}")
    )
    # the trick: higher, then equal (it takes the trick over), then a card that cannot beat
    lead, higher, equal, discard = (play_rank(c, False) for c in pics.TRICK)
    assert lead < higher == equal and discard < equal
    winner = [p.mark for p in pics.PICTURES["twentyone_trick"].drawing().pieces].index("key")
    assert winner == 2
    points = points_for([card_value(c, False) for c in pics.LAST_CARDS], False)
    marked = [p.mark == "key" for p in pics.PICTURES["twentyone_last_cards"].drawing().pieces]
    assert marked == [p > 0 for p in points] and sum(marked) >= 2, "a shared best card"
    assert len(pics.FIVE_CARDS) == 5 and best_total(pics.FIVE_CARDS) < 21
    assert effective_total(pics.FIVE_CARDS) == 21


@pytest.mark.parametrize(("game_id", "lang"), PAGES)
def test_a_rules_page_shows_its_pictures(game_id: str, lang: str) -> None:
    markup = render_rules(Translator(lang), get_ui(game_id))
    shown = re.findall(r'<figure class="rules-picture" data-picture="([a-z0-9_]+)">', markup)
    assert shown == pictures_of(game_id, lang)
    assert "{picture:" not in markup


def test_a_picture_line_needs_a_picture_and_a_known_name() -> None:
    with pytest.raises(ValueError, match="picture"):
        render_markdown("# T\n\n{picture:dice41_qualify}\n")
    with pytest.raises(ValueError, match="no rules picture"):
        render(Translator("en"), "no_such_picture")
    title, body = render_markdown(
        "# T\n\n{picture:dice41_qualify}\n\nSee {picture:x} here.\n", lambda n: h("hr", None)
    )
    assert title == "T"
    assert body == "<hr><p>See {picture:x} here.</p>", "only a line of its own is a picture"


# -- originality ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seed_runs() -> dict[tuple[str, ...], str]:
    """Every run of RUN words in the seed texts, with the seed it comes from."""
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not available at {SEEDS}")
    runs: dict[tuple[str, ...], str] = {}
    for seed in sorted(SEEDS.glob("*.txt")):
        seed_words = words(seed.read_text("utf-8"))
        for start in range(len(seed_words) - RUN + 1):
            runs.setdefault(tuple(seed_words[start : start + RUN]), seed.name)
    if not runs:
        pytest.skip(f"no seed texts in {SEEDS}")
    return runs


@pytest.mark.parametrize(("game_id", "lang"), PAGES)
def test_page_shares_no_run_of_eight_words_with_a_seed_text(
    game_id: str, lang: str, seed_runs: dict[tuple[str, ...], str]
) -> None:
    for text in (source(game_id, lang), rendered(game_id, lang)):
        page_words = words(text)
        copied = [
            (" ".join(run), seed_runs[run])
            for run in (tuple(page_words[i : i + RUN]) for i in range(len(page_words) - RUN + 1))
            if run in seed_runs
        ]
        assert not copied, f"copied from the seed texts: {copied}"
