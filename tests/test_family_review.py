"""The review as a family reads it (issue 48): the summary's two figures say what each
measures, the replay's caption tells the step on show (never the round before), and a
moment practised from the review leads back to it, at the following costly moment.
Through the real app on a fake page (tests/tables.py) and the review's own screens."""

from __future__ import annotations

import html
import re

import pytest
from tables import DictStore, FakePage, act, at_table, controls, press
from test_review_screen import _panels, bot_state, finished_state

import pygame_core.review as engine
from web.app import App
from web.i18n import LANGUAGES, Translator
from web.reviewing import ReviewState, replay_frame
from web.screens.review import frame_caption, render_review


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def hasty_review() -> tuple[App, FakePage, DictStore]:
    """A 21 match of three rounds where the person stops as soon as they may, finished
    and reviewed (several costly moments)."""
    app, page = at_table("dice21", ["human", "medium"], seed=5, match="rounds", rounds=3)
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    app.play.autosave()
    session = app.play.session
    assert session is not None
    while not session.over:
        page.run_timers()
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
        elif not session.over:
            act(app, page, session.legal()[-1])
    page.run_timers()
    press(app, page, "open-review")
    state = app.reviewing.state
    assert state is not None
    for step in engine.iter_review(state.match, seats=state.people):
        state.progress(step)
    app.render()
    store = app.ctx.store
    assert isinstance(store, DictStore)
    return app, page, store


# -- (a) the summary's two figures ------------------------------------------------------------


def test_the_summary_says_what_accuracy_and_the_count_of_best_choices_measure() -> None:
    app, page, _ = hasty_review()
    state = app.reviewing.state
    assert state is not None and state.review is not None
    mine = state.review.for_seat(0)
    assert mine.rated and mine.best < mine.rated, "a person who missed some best choices"
    for lang in LANGUAGES:
        app.on_action("set-lang", {"lang": lang})
        tr = Translator(lang)
        note = tr.t("review.summary_note")
        assert note != "review.summary_note" and (
            lang == "en" or note != Translator("en").t("review.summary_note")
        )
        words = re.search(r'<div class="person-words">(.*?)<details', page.markup, re.S)
        assert words is not None
        # the note is right under the figures it explains, before the exact figures
        assert html.escape(note, quote=False) in words.group(1), lang


@pytest.mark.parametrize("game_id", ["dice21", "dice41", "tjueett", "twentyone"])
def test_the_note_is_under_a_summary_whose_figures_differ_only(game_id: str) -> None:
    """Every choice the best (100 % and n of n) needs no note; a miss does."""
    state = finished_state(game_id, seed=5)
    assert state.review is not None
    tr = Translator("nb")
    panels = _panels(render_review(tr, state, replay_frame(state)))
    for panel, mine in zip(panels, state.review.seats, strict=True):
        has_note = html.escape(tr.t("review.summary_note"), quote=False) in panel
        assert has_note == (mine.rated > 0 and mine.best < mine.rated), (mine.best, mine.rated)


# -- (b) the replay's caption -------------------------------------------------------------------


def _captions(state: ReviewState, lang: str) -> list[tuple[tuple[int, int | None], int, str]]:
    """Every stop of the replay, the round its table is in, and its caption."""
    tr = Translator(lang)
    out = []
    for stop in range(len(state.stops)):
        state.stop = stop
        frame = replay_frame(state, tr)
        caption = _text(str(frame_caption(tr, frame, state.ui.round_word)))
        out.append((state.stops[stop], frame.view.round, caption))
    return out


def test_the_replay_caption_tells_the_round_on_show_never_the_one_before() -> None:
    state = bot_state("dice21", seed=6, match="rounds", rounds=3)
    captions = _captions(state, "en")
    rounds = {r for _, r, _ in captions}
    assert rounds == {1, 2, 3}
    previous: tuple[int, int | None] | None = None
    for (index, moment), round_no, caption in captions:
        if index == 0:
            previous = (index, moment)
            continue
        # the caption is in the round its table is in, and names no other
        assert f"Round {round_no}" in caption, caption
        for other in rounds - {round_no}:
            assert f"Round {other} " not in caption, (round_no, caption)
        if moment is not None:
            # a round's end: nothing yet of the round after it
            assert "begins" not in caption, caption
        elif previous is not None and previous[1] is not None and index < state.moves:
            # the table after a round's end: the new round, not the end again
            assert "wins the round" not in caption, caption
        previous = (index, moment)


def test_the_replay_caption_names_the_round_in_every_language() -> None:
    state = bot_state("dice21", seed=6, match="rounds", rounds=3)
    for lang in LANGUAGES:
        word = Translator(lang).t("review.caption.round", round=2, text="").strip(" ·")
        in_round_two = [c for (i, _), r, c in _captions(state, lang) if i and r == 2]
        assert in_round_two and all(word in c for c in in_round_two), lang


# -- (c) from practice back to the review ----------------------------------------------------


def _practise_first_and_miss(app: App, page: FakePage) -> tuple[int, int]:
    """Practise the person's costliest moment from the review, answer it as they did
    then; the indices of that moment and of the following one."""
    state = app.reviewing.state
    assert state is not None and state.review is not None
    costly = state.review.for_seat(0).costliest
    assert len(costly) >= 2, "a second costly moment to come back to"
    first, second = costly[0], costly[1]
    press(app, page, "practise", index=str(first.index), seat="0")
    assert app.screen == "practise"
    act(app, page, state.match.actions[first.index])
    return first.index, second.index


def _at_the_following_moment(app: App, page: FakePage, index: int) -> None:
    assert app.screen == "review"
    state = app.reviewing.state
    assert state is not None
    # the following costly moment is brought into view, its "Practise this" focused,
    # and the replay shows it
    moment = re.search(rf'<li class="moment" data-index="{index}"[^>]*>', page.markup)
    assert moment is not None and "data-scroll-to" in moment.group(0), moment
    focused = [a for a in controls(page.markup) if "data-autofocus" in a]
    assert [(a["data-action"], a.get("data-index")) for a in focused] == [("practise", str(index))]
    assert state.stop == state.stop_of(index)


def test_practice_from_the_review_leads_back_to_the_following_costly_moment() -> None:
    app, page, _ = hasty_review()
    _, following = _practise_first_and_miss(app, page)
    back = [a for a in controls(page.markup) if a["data-action"] == "practice-back"]
    assert back, "the way on from a moment practised from the review"
    press(app, page, "practice-back")
    _at_the_following_moment(app, page, following)
    state = app.reviewing.state
    assert state is not None and page.address == f"#/review/{state.save_id}"
    # once: the next drawing leaves the page where the person has scrolled
    app.render()
    assert "data-scroll-to" not in re.sub(r'<section class="replay".*', "", page.markup, flags=re.S)


def test_the_browsers_back_from_practice_also_returns_to_the_following_moment() -> None:
    app, page, _ = hasty_review()
    _, following = _practise_first_and_miss(app, page)
    state = app.reviewing.state
    assert state is not None
    app.on_address(f"#/review/{state.save_id}")
    _at_the_following_moment(app, page, following)


def test_a_moment_opened_from_the_home_list_still_leads_on_or_home() -> None:
    app, page, _ = hasty_review()
    _practise_first_and_miss(app, page)
    press(app, page, "go-home")
    assert app.screen == "home" and app.reviewing.state is None
    item = next(a for a in controls(page.markup) if a["data-action"] == "open-practice")
    press(app, page, "open-practice", item=item["data-item"])
    assert app.practice.item is not None
    press(app, page, "act")
    actions = {a["data-action"] for a in controls(page.markup)}
    assert "practice-back" not in actions and actions & {"go-home", "open-practice"}
