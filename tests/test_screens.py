"""Every play screen renders, in every language, at every step of bot-played matches,
and a covered or other player's table never holds a hidden card."""

from __future__ import annotations

import re

import pytest
from tables import at_table, frame

from pygame_core import get_game
from pygame_core.contract import Outcome
from pygame_core.registry import game_ids
from pygame_core.twentyone import OpenExchange
from web.i18n import LANGUAGES, Translator
from web.screens.cards import card_name
from web.screens.play import match_over_panel
from web.screens.setup import render_setup
from web.seats import Seat
from web.setup import new_draft
from web.table.cards import card_text

HOSTILE = "<img src=x onerror=alert(1)>"
#: What a table shows of the past (the log, the last deal's cards): a card named there
#: may lie hidden in another hand now, dealt again.
PAST = re.compile(r'<(section|details) class="(?:log|history|panel reveal-panel)".*?</\1>', re.S)


def seats_for(game_id: str, kinds: list[str]) -> tuple[Seat, ...]:
    names = [HOSTILE, "Bo", "Cy", "Di", "Ed"]
    return tuple(Seat(names[i], kind) for i, kind in enumerate(kinds))  # type: ignore[arg-type]


def card_labels(tr: Translator, cards: frozenset[int]) -> list[str]:
    return [card_name(tr, c) for c in cards] + [card_text(c, tr.lang) for c in cards]


@pytest.mark.parametrize("game_id", game_ids())
def test_setup_screen_renders_in_every_language(game_id: str) -> None:
    for lang in LANGUAGES:
        tr = Translator(lang)
        html = render_setup(
            tr, new_draft(game_id, seats_for(game_id, ["human", "medium", "medium"]))
        )
        assert "Start" in html or tr.t("setup.start") in html
        assert "<img" not in html


@pytest.mark.parametrize("game_id", game_ids())
def test_play_screens_render_at_every_step_and_keep_secrets(game_id: str) -> None:
    """Two people and bots at one device, each table drawn before and after "Show my
    cards", in every language: no other seat's unseen card is named anywhere on it."""
    game = get_game(game_id)
    players = max(game.min_players, 3)
    kinds = ["human", "human"] + ["medium"] * (players - 2)
    names = [HOSTILE, "Bo", "Cy", "Di", "Ed"][:players]
    app, page = at_table(game_id, kinds, seed=11, names=names)
    session = app.play.session
    assert session is not None
    human_bot = game.make_bot("medium")
    steps = 0
    #: How many drawn tables had some card hidden from their viewer.
    secret = 0
    while not session.over and steps < 400:
        app.ctx.tr = tr = Translator(LANGUAGES[steps % len(LANGUAGES)])
        app.play.coach = steps % 3 == 0
        for revealed in (None, session.current):
            app.play.revealed = revealed
            app.render()
            html = page.markup
            assert "<img" not in html
            shown = frame(app)
            unseen = game.unseen_cards(shown.state, shown.viewer)
            secret += bool(unseen)
            table = PAST.sub("", html)
            text = re.sub(r"<[^>]+>", " ", table)
            for label in card_labels(tr, unseen):
                assert label not in table and label not in text, f"{label} leaked"
            if shown.cover is not None:
                assert tr.t("handoff.show") in html
        if app.play.held:
            app.play.do_moment_seen({})
            continue
        seat = session.current
        assert seat is not None
        app.play.perform(human_bot.choose(session.view(seat), session.legal(), steps))
        steps += 1
    while app.play.held:
        app.play.do_moment_seen({})
    app.ctx.tr = Translator("en")
    app.render()
    if session.over:
        assert "match-over" in page.markup
    # a game that hides information but names no unseen card was checked for nothing
    assert secret or not game.hides_information, "no table had a card to keep secret"


@pytest.mark.parametrize("game_id", game_ids())
def test_patch_keys_are_unique_on_every_screen(game_id: str) -> None:
    """The patcher matches elements by id and data-key: a key twice on one screen would
    move one element into two places."""
    game = get_game(game_id)
    players = max(game.min_players, 3)
    app, page = at_table(game_id, ["human"] + ["medium"] * (players - 1), seed=5)
    app.play.coach = True
    session = app.play.session
    assert session is not None
    bot = game.make_bot("medium")
    for step in range(300):
        app.render()
        keys = re.findall(r'\b(?:id|data-key)="([^"]+)"', page.markup)
        assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
        if app.play.held:
            app.play.do_moment_seen({})
        elif session.over:
            break
        else:
            app.play.perform(bot.choose(session.view(session.current), session.legal(), step))


def test_twentyone_says_the_exchange_is_over_once_tricks_start_and_caps_the_swap() -> None:
    app, page = at_table("twentyone", ["human", "human"], seed=2, names=["Ann", "Bo"])
    session = app.play.session
    assert session is not None
    tr = Translator("en")
    seen_swap = False
    for _ in range(60):
        if app.play.held:
            app.play.do_moment_seen({})
            continue
        app.play.revealed = session.current
        app.render()
        html = page.markup
        view = session.view(session.current)
        if view.phase == "play":
            assert tr.t("t21.exchange.open") not in html
        if view.phase == "exchange":
            most = min(len(view.hand), view.pile_count)
            assert tr.t("t21.swap_limit", n=most) in html
            seen_swap = True
        legal = session.legal()
        app.play.perform(OpenExchange() if OpenExchange() in legal else legal[0])
        if session.over:
            break
    assert seen_swap


@pytest.mark.parametrize("lang", ["en", "nb", "sv", "da"])
def test_twentyone_says_why_the_cards_wait_and_who_deals(lang: str) -> None:
    """At the exchange's choice the greyed hand said only "Not now."; it says the
    exchange comes first. The dealer's plate said "deals · 0 points", a verb beside
    the other plates' nouns ("Bank"): it says "Dealer"."""
    tr = Translator(lang)
    app, page = at_table("twentyone", ["medium", "human"], seed=2, names=["Bo", "Ann"], lang=lang)
    session = app.play.session
    assert session is not None and session.current == 1, "Ann, left of the dealer, leads"
    assert session.view(1).phase == "exchange_choice"
    assert tr.t("t21.reason.exchange_first") in page.markup
    assert tr.t("t21.reason.not_now") not in page.markup
    plate = f"{tr.t('t21.dealer_badge')} · {tr.t('t21.points', n=0)}"
    assert session.view(1).dealer == 0 and plate in page.markup, plate


def test_tjugoett_subtitle_counts_deals_from_one() -> None:
    _, page = at_table("tjugoett", ["human", "medium", "medium"], seed=1)
    tr = Translator("en")
    deal_of = tr.t("banker.deal_of", n=1, total=3)
    assert deal_of in page.markup and tr.t("banker.deal_of", n=0, total=3) not in page.markup


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Shared win: Ann, Bo and Cy"), ("nb", "Delt seier: Ann, Bo og Cy")],
)
def test_a_shared_win_names_its_winners_as_a_sentence_does(lang: str, title: str) -> None:
    """ "Delt seier: Spiller 2, Åse" read as a list; the winners are joined with "og"."""
    app, _ = at_table("twentyone", ["medium"] * 4, names=["Ann", "Bo", "Cy", "Di"], lang=lang)
    shown = frame(app)
    shown.__dict__["outcome"] = Outcome(
        winners=(0, 1, 2), scores=(21, 21, 21, 3), score_kind="points"
    )
    panel = match_over_panel(Translator(lang), shown, [])
    assert f">{title}</h2>" in panel
