"""Every play screen renders, in every language, at every step of bot-played matches,
and a covered or other player's table never holds a hidden card."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from pygame_core import get_game
from pygame_core.registry import game_ids
from pygame_core.twentyone import OpenExchange
from web.games import get_ui
from web.handoff import table_eyes
from web.i18n import LANGUAGES, Translator
from web.screens.play import PlayOptions
from web.screens.setup import render_setup
from web.session import GameSession, Seat
from web.setup import new_draft
from web.table.cards import card_text

HOSTILE = "<img src=x onerror=alert(1)>"


def seats_for(game_id: str, kinds: list[str]) -> tuple[Seat, ...]:
    names = [HOSTILE, "Bo", "Cy", "Di", "Ed"]
    return tuple(Seat(names[i], kind) for i, kind in enumerate(kinds))  # type: ignore[arg-type]


def hidden_cards_of_others(session: GameSession, viewer: int | None) -> set[int]:
    """Cards the viewer may not see: other hands' hidden cards, from the full state."""
    state = session.state
    secret: set[int] = set()
    if session.game_id in ("tjueett", "tjugoett"):
        mine = session.view(viewer)
        for seat, hand in enumerate(state.hands):
            if seat != viewer:
                secret.update(
                    c for c, seen in zip(hand, mine.hands[seat], strict=True) if seen == -1
                )
    elif session.game_id == "twentyone":
        public = session.view(None)
        shown = {c for trick in public.tricks for play in trick.plays for c in play.cards}
        if public.trick is not None:
            shown |= {c for play in public.trick.plays for c in play.cards}
        if public.last_deal is not None:
            shown |= set(public.last_deal.last_cards)
        for seat, hand in enumerate(state.hands):
            if seat != viewer:
                secret.update(c for c in hand if c not in shown)
    return secret


def card_labels(tr: Translator, cards: set[int]) -> list[str]:
    from web.screens.cards import card_name

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
    game = get_game(game_id)
    render = get_ui(game_id).render_play
    players = max(game.min_players, 3)
    kinds = ["human", "human"] + ["medium"] * (players - 2)
    config = game.preset(next(iter(game.presets)), players)
    session = GameSession.start(game_id, config, seats_for(game_id, kinds), seed=11)
    human_bot = game.make_bot("medium")
    steps = 0
    while not session.over and steps < 400:
        tr = Translator(LANGUAGES[steps % len(LANGUAGES)])
        for revealed in (None, session.current):
            eyes = table_eyes(session, revealed)
            opts = replace(PlayOptions(coach=steps % 3 == 0), viewer=eyes.viewer, cover=eyes.cover)
            html = render(tr, session, opts)
            assert "<img" not in html
            if get_game(game_id).hides_information:
                # The log tells of cards played in earlier deals (Twenty One deals every
                # card again), so only the rest of the table is searched.
                table = re.sub(r'<section class="log".*?</section>', "", html, flags=re.S)
                text = re.sub(r"<[^>]+>", " ", table)
                for label in card_labels(tr, hidden_cards_of_others(session, eyes.viewer)):
                    assert label not in table and label not in text, f"{label} leaked"
            if eyes.cover is not None:
                assert tr.t("handoff.show") in html
        seat = session.current
        assert seat is not None
        action = human_bot.choose(session.view(seat), session.legal(), steps)
        session.act(action)
        steps += 1
    tr = Translator("en")
    html = render(tr, session, PlayOptions())
    if session.over:
        assert "match-over" in html


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett", "twentyone"])
def test_patch_keys_are_unique_on_every_screen(game_id: str) -> None:
    """The patcher matches elements by id and data-key: a key twice on one screen would
    move one element into two places."""
    game = get_game(game_id)
    players = max(game.min_players, 3)
    seats = seats_for(game_id, ["human"] + ["medium"] * (players - 1))
    session = GameSession.start(game_id, game.preset(next(iter(game.presets)), players), seats, 5)
    bot = game.make_bot("medium")
    render = get_ui(game_id).render_play
    for step in range(300):
        html = render(Translator("en"), session, PlayOptions(viewer=0, coach=True))
        keys = re.findall(r'\b(?:id|data-key)="([^"]+)"', html)
        assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
        if session.over:
            break
        session.act(bot.choose(session.view(session.current), session.legal(), step))


def test_twentyone_says_the_exchange_is_over_once_tricks_start_and_caps_the_swap() -> None:
    game = get_game("twentyone")
    session = GameSession.start(
        "twentyone", game.config(players=2), (Seat("Ann", "human"), Seat("Bo", "human")), 2
    )
    tr = Translator("en")
    render = get_ui("twentyone").render_play
    seen_swap = False
    for _ in range(60):
        view = session.view(session.current)
        html = render(tr, session, PlayOptions(viewer=session.current))
        if view.phase == "play":
            assert tr.t("t21.exchange.open") not in html
        if view.phase == "exchange":
            most = min(len(view.hand), view.pile_count)
            assert tr.t("t21.swap_limit", n=most) in html
            seen_swap = True
        legal = session.legal()
        session.act(OpenExchange() if OpenExchange() in legal else legal[0])
        if session.over:
            break
    assert seen_swap


def test_tjugoett_subtitle_counts_deals_from_one() -> None:
    game = get_game("tjugoett")
    seats = (Seat("Ann", "human"), Seat("Bo", "medium"), Seat("Cy", "medium"))
    session = GameSession.start("tjugoett", game.config(players=3), seats, 1)
    tr = Translator("en")
    html = get_ui("tjugoett").render_play(tr, session, PlayOptions(viewer=0))
    deal_of = tr.t("banker.deal_of", n=1, total=3)
    assert deal_of in html and tr.t("banker.deal_of", n=0, total=3) not in html
