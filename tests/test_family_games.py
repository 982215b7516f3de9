"""What a family still tripped over in the games (issue 48), through the real app on a
fake page (:mod:`tables`) or the core: 41 says which ticket is missing, Tjugoett's setup
numbers mean what they say, the match's end gives every figure its unit, the banker
tables' middle card says what it is, the Twenty One coach says something when two
choices show the same percentage, and the 21 rules page says what its 85.7 % means."""

from __future__ import annotations

import dataclasses
import html
import json
import re
from types import SimpleNamespace
from typing import Any, cast

import pytest
from tables import FakePage, act, at_table, frame, title_text

from pygame_core import from_json, get_game, to_json
from pygame_core.dice41 import Keep
from pygame_core.errors import ConfigError
from pygame_core.positions import with_chance
from web.app import App
from web.i18n import Translator

EN = Translator("en")
LANGS = ("nb", "sv", "da", "en")


def _session(app: App) -> Any:
    session = app.play.session
    assert session is not None
    return session


def _run_to_the_end(app: App, page: FakePage, limit: int = 20_000) -> None:
    """Let a table of bots play its match out (its moments go on by themselves)."""
    for _ in range(limit):
        if _session(app).over and not page.timers:
            app.render()
            return
        assert page.timers, "nothing left to happen, and the match is not over"
        page.timers.pop(0)()
    raise AssertionError("the match did not end")


def _standings(markup: str) -> list[str]:
    """The figure of every row of the match's end, as shown."""
    block = re.search(r'<ol class="standings">(.*?)</ol>', markup, re.S)
    assert block, "the match's end lists the standings"
    rows = re.findall(r"<li[^>]*><span>[^<]*</span><span>([^<]*)</span></li>", block.group(1))
    return [html.unescape(r) for r in rows]


# -- 41: what is missing -------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "status", "line"),
    [
        ("en", "No 1: scored 0", "P0 has no 1 and scores 0."),
        ("sv", "Saknar ettan: fick 0", "P0 saknar ettan och får 0."),
        ("nb", "Mangler eneren: fikk 0", "P0 mangler eneren og får 0."),
        ("da", "Mangler eneren: fik 0", "P0 mangler eneren og får 0."),
    ],
)
def test_41_names_the_missing_1_after_three_4s(lang: str, status: str, line: str) -> None:
    """Three 4s and no 1: the seat and the log say the 1 is missing, not "the 4 and 1"."""
    app, page = at_table("dice41", ["human", "medium"], seed=3, lang=lang, chips=False)
    session = _session(app)
    assert session.game.current_player(session.state) == 0
    # the person's six throws (the first lies on the table): 4s in the first three,
    # no 1 anywhere
    session.state = with_chance(
        dataclasses.replace(session.state, dice=(4, 4, 4, 6, 6, 6)),
        *(4, 6, 6, 6, 6),
        *(4, 6, 6, 6),
        *(6, 6, 6),
        *(6, 6),
        6,
        then=session.state.rng,
    )
    app.render()
    for value in (4, 4, 4, 6, 6):  # the sixth throw's one die is set aside by itself
        act(app, page, Keep(value))
    assert frame(app).view.statuses[0] == "not_qualified"
    markup = html.unescape(page.markup)
    assert status in markup, "the seat says what is missing"
    assert line in markup, "the log says what is missing"
    for wrong in ("4 and 1", "4 och 1", "4 og 1"):
        assert wrong not in markup


def test_41_without_a_4_or_a_1_says_neither() -> None:
    game = get_game("dice41")
    state = game.new_game(game.config(players=2, chips=False), 1)
    assert game.current_player(state) == 0
    state = with_chance(
        dataclasses.replace(state, dice=(6,) * 6), *(6,) * 5, *(6,) * 4, *(6,) * 6, then=state.rng
    )
    events: list[Any] = []
    for _ in range(5):
        state, new = game.apply(state, Keep(6))
        events.extend(new)
    from web.eventtext import describe

    said = [describe(e, ("dice41",), ["Ann", "Bo"], EN) for e in events]
    assert "Ann has neither a 4 nor a 1 and scores 0." in said


# -- Tjugoett: deals per banker, rounds of the bank ------------------------------------


def _bankers_by_deal(config: Any, seed: int = 4) -> list[int]:
    game = get_game("tjugoett")
    state = game.new_game(config, seed)
    bot = game.make_bot("medium")
    # who dealt each deal (the round's number is the deal's)
    bankers = {state.round: state.banker}
    while (seat := game.current_player(state)) is not None:
        action = bot.choose(game.view(state, seat), game.legal_actions(state), len(state.history))
        state, _ = game.apply(state, action)
        bankers.setdefault(state.round, state.banker)
    assert state.phase == "over"
    return [bankers[r] for r in sorted(bankers)]


def test_tjugoett_every_banker_deals_the_deals_per_banker_in_every_round() -> None:
    """3 deals per banker, 2 rounds, 4 players with deep stacks (a blown bank is
    always reopened): every seat holds the bank twice, 3 deals each time."""
    game = get_game("tjugoett")
    config = game.config(players=4, chips=1000, deals_per_bank=3, laps=2)
    bankers = _bankers_by_deal(config)
    assert bankers == [seat for _ in range(2) for seat in range(4) for _ in range(3)]


def test_tjugoett_one_round_is_everyone_holding_the_bank_once() -> None:
    game = get_game("tjugoett")
    config = game.preset("classic", 3)
    assert config.laps == 1 and config.rounds is None
    bankers = _bankers_by_deal(game.config(**{**game.config_to_dict(config), "chips": 1000}))
    assert bankers == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_tjugoett_setup_offers_deals_per_banker_and_rounds_not_deals_in_all() -> None:
    from web.games import get_ui

    names = [f.name for f in get_ui("tjugoett").form]
    assert "deals_per_bank" in names and "laps" in names and "rounds" not in names
    for lang in LANGS:
        tr = Translator(lang)
        assert tr.has("option.tjugoett.laps")


@pytest.mark.parametrize(
    ("lang", "first", "later"),
    [
        ("en", "Round 1 of 2 · deal 1 of 3", "Round 1 of 2 · deal 2 of 3"),
        ("nb", "Runde 1 av 2 · giv 1 av 3", "Runde 1 av 2 · giv 2 av 3"),
        ("sv", "Runda 1 av 2 · giv 1 av 3", "Runda 1 av 2 · giv 2 av 3"),
        ("da", "Runde 1 af 2 · givning 1 af 3", "Runde 1 af 2 · givning 2 af 3"),
    ],
)
def test_tjugoett_header_counts_rounds_of_the_bank_and_its_deals(
    lang: str, first: str, later: str
) -> None:
    """A round is the bank once round the table: the header's round stays 1 while the
    first banker deals, and the deal counts the banker's deals (not "Round 3 of 4 ·
    deal 3 of 3")."""
    app, page = at_table(
        "tjugoett", ["medium"] * 4, seed=2, lang=lang, deals_per_bank=3, laps=2, chips=1000
    )
    assert first in title_text(page.markup)
    session = _session(app)
    for _ in range(2000):
        if session.state.round == 2 and frame(app).mode == "live":
            break
        assert page.timers
        page.timers.pop(0)()
    app.render()
    assert later in title_text(page.markup)


@pytest.mark.parametrize(
    ("lang", "started", "over"),
    [
        ("en", "Deal 2: Bo holds the bank.", "The deal is over."),
        ("nb", "Giv 2: Bo har banken.", "Given er over."),
        ("sv", "Giv 2: Bo har banken.", "Given är slut."),
        ("da", "Givning 2: Bo har banken.", "Givningen er slut."),
    ],
)
def test_tjugoett_logs_a_deal_as_a_deal(lang: str, started: str, over: str) -> None:
    """The log counts the banker's deals as the header does, and calls them deals."""
    from pygame_core import Event
    from web.eventtext import describe

    tr = Translator(lang)
    names = ["Ann", "Bo", "Cy"]
    families = ("tjugoett", "banker")
    start = Event.make("round_started", round=5, banker=1, deal=2)
    end = Event.make("round_over", round=5, banker=1, results=(0, 0, 0))
    assert describe(start, families, names, tr) == started
    assert describe(end, families, names, tr) == over


def test_tjugoett_config_refuses_rounds_with_laps_in_words() -> None:
    game = get_game("tjugoett")
    with pytest.raises(ConfigError, match="laps"):
        game.config(players=3, rounds=4, laps=2)
    with pytest.raises(ConfigError, match="laps"):
        game.config(players=3, laps=0)


def test_tjugoett_save_from_before_the_rounds_of_the_bank_loads_as_it_was() -> None:
    """A save made when ``rounds`` counted deals (no ``laps`` in its config) replays
    exactly: the match still ends after its 4 deals, the header counts deals."""
    game = get_game("tjugoett")
    config = game.config(players=3, rounds=4)
    state = game.new_game(config, 9)
    bot = game.make_bot("medium")
    while (seat := game.current_player(state)) is not None:
        action = bot.choose(game.view(state, seat), game.legal_actions(state), len(state.history))
        state, _ = game.apply(state, action)
    assert state.round == 4
    data = json.loads(to_json(game, state))
    assert "laps" not in data["config"], "a one-lap config is written as it always was"
    again = from_json(json.dumps(data))[1]
    assert again == state


# -- the match's end: every figure with its unit ----------------------------------------


@pytest.mark.parametrize(
    ("game_id", "options", "unit"),
    [
        ("dice21", {"match": "rounds", "rounds": 2, "chips": False}, r"rounds? won"),
        ("dice21", {"match": "rounds", "rounds": 2, "chips": True}, r"chips?"),
        ("dice41", {"rounds": 1, "chips": True}, r"chips?"),
        ("dice41", {"rounds": 1, "chips": False}, r"rounds? won"),
        ("tjugoett", {"deals_per_bank": 1}, r"chips?"),
        ("tjueett", {"preset": "rotating_bank", "rounds": 3}, r"chips?"),
        ("twentyone", {"target": 10}, r"points?"),
    ],
)
def test_the_match_end_says_what_each_figure_counts(
    game_id: str, options: dict[str, Any], unit: str
) -> None:
    app, page = at_table(game_id, ["easy"] * 3, seed=6, **options)
    _run_to_the_end(app, page)
    figures = _standings(page.markup)
    assert len(figures) == 3
    for figure in figures:
        assert re.fullmatch(rf"\d+ {unit}", figure), figure


def test_a_fixed_bank_keeps_its_gain_beside_the_chips() -> None:
    app, page = at_table("tjueett", ["easy"] * 3, seed=6)
    _run_to_the_end(app, page)
    for figure in _standings(page.markup):
        assert re.fullmatch(r"\d+ chips? \([+-]?\d+\)", figure), figure


# -- the banker tables' middle card ----------------------------------------------------


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett"])
@pytest.mark.parametrize(
    ("lang", "caption"),
    [("en", "Discard pile"), ("nb", "Kastebunken"), ("sv", "Slänghögen"), ("da", "Kasserede kort")],
)
def test_the_face_up_card_in_the_middle_says_it_is_the_discard_pile(
    game_id: str, lang: str, caption: str
) -> None:
    app, page = at_table(game_id, ["medium"] * 3, seed=4, lang=lang)
    session = _session(app)
    for _ in range(3000):
        shown = frame(app)
        if shown.mode == "live" and shown.view.discard and shown.view.phase in ("stake", "bet"):
            break
        assert page.timers
        page.timers.pop(0)()
    app.render()
    markup = html.unescape(page.markup)
    labels = re.findall(r'<text[^>]*class="discard-label"[^>]*>([^<]*)</text>', markup)
    assert labels == [caption], "the card has its caption under it"
    scene = re.search(r'<svg class="n21-scene"[^>]*aria-label="([^"]*)"', markup)
    assert scene and f"{caption}:" in scene.group(1), "and says so to a screen reader"
    assert session.view(None).discard


def test_no_caption_without_a_card_in_the_middle() -> None:
    app, page = at_table("tjugoett", ["medium"] * 3, seed=4)
    assert not frame(app).view.discard
    assert "discard-label" not in page.markup


# -- the Twenty One coach --------------------------------------------------------------


def _advice(values: dict[str, float], key: str) -> Any:
    from pygame_core.twentyone import Swap
    from pygame_core.twentyone.advice import TwentyOneAdvice

    options = tuple(SimpleNamespace(key=k, value=v, margin=0.02) for k, v in values.items())
    estimate = SimpleNamespace(options=options, margin=0.02)
    return TwentyOneAdvice(Swap(()), key, cast(Any, estimate))


@pytest.mark.parametrize("lang", LANGS)
def test_the_coach_never_says_33_against_33(lang: str) -> None:
    """Better by less than the shown precision: the sentence says it barely matters
    rather than "you win 33 % of the time, against 33 % if you swap your 6 lowest"."""
    from web.games.twentyone import coach_sentence
    from web.reviewtext import option_label

    tr = Translator(lang)
    said = coach_sentence(tr, _advice({"swap_0": 0.334, "swap_6": 0.331}, "swap_0"))
    assert re.findall(r"(\d+)\u00a0%", said) == ["33"], said
    assert said == tr.t(
        "t21.coach.why.as_often",
        move=tr.t("t21.keep_hand"),
        value="33\u00a0%",
        other=option_label(tr, "swap_6"),
    )


def test_the_coach_still_compares_when_the_percentages_differ() -> None:
    from web.games.twentyone import coach_sentence

    said = coach_sentence(EN, _advice({"swap_0": 0.40, "swap_6": 0.31}, "swap_0"))
    assert "40\u00a0%" in said and "against 31\u00a0%" in said


# -- 21's rules page: what the 85.7 % is ------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "ends"),
    [
        ("en", "ends on 18 to 21, without going over,"),
        ("nb", "ender på 18 til 21 uten å sprekke"),
        ("sv", "hamnar på 18 till 21 utan att spricka"),
        ("da", "ender du på 18 til 21 uden at gå over"),
    ],
)
def test_the_rules_page_says_what_passing_17_means(lang: str, ends: str) -> None:
    """The figure is chance_to_pass(17): ending above 17 and not over 21."""
    from fractions import Fraction

    from pygame_core.dice21.odds import chance_to_pass
    from web.games import get_ui
    from web.i18n import percent
    from web.screens.rules import page_text

    text = page_text(get_ui("dice21"), lang)
    shown = percent(chance_to_pass(17, 1, 21), lang)
    sentence = next(s for s in re.split(r"(?<=\.)\s+", text) if shown in s)
    assert ends in sentence, sentence
    assert chance_to_pass(17, 1, 21) == Fraction(21748746163405, 25389989167104)
