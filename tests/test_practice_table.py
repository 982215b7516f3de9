"""Practising a costly moment at the table: from the review's moment to the home's list,
rated in one sentence, kept in storage, carried by export and import (the app driven
through the fake page, as tests/test_controller.py does)."""

from __future__ import annotations

import json
from typing import Any

from tables import DictStore, FakePage, act, controls, moves, press, started

import pygame_core.review as engine
from web.app import App
from web.saves.practice import PRACTICE_PREFIX


def hasty_review(store: DictStore | None = None) -> tuple[App, FakePage, DictStore]:
    """A 21 match where the person stops as soon as they may, finished and reviewed."""
    app, page, store = started(seed=5, store=store)
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    session = app.play.session
    assert session is not None
    while True:
        page.run_timers()
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
        elif session.over:
            break
        else:
            act(app, page, session.legal()[-1])
    press(app, page, "open-review")
    state = app.reviewing.state
    assert state is not None
    for step in engine.iter_review(state.match, seats=state.people):
        state.progress(step)
    app.render()
    return app, page, store


def practise_buttons(markup: str) -> list[dict[str, str]]:
    return [a for a in controls(markup) if a.get("data-action") == "practise"]


def test_a_costly_moment_is_practised_from_the_review_and_solved() -> None:
    app, page, store = hasty_review()
    state = app.reviewing.state
    assert state is not None and state.review is not None
    costly = state.review.for_seat(0).costliest
    assert costly and len(practise_buttons(page.markup)) == len(costly)
    first = costly[0]
    press(app, page, "practise", index=str(first.index), seat="0")
    assert app.screen == "practise"
    item = app.practice.item
    assert item is not None and page.address == f"#/practise/{item.id}"
    assert store.get(PRACTICE_PREFIX + item.id) is not None
    assert "In the match, Player 1 chose to stop here. What is best?" in page.markup
    # the first choice again: the review's own sentence and figures
    original = state.match.actions[first.index]
    assert original in moves(app, page)
    act(app, page, original)
    assert app.practice.answer == first
    assert "Not the best choice here." in page.markup
    assert 'data-action="practice-again"' in page.markup
    assert moves(app, page) == [], "no move after the answer, until Try again"
    assert not app.ctx.book.practice.load(item.id).solved
    # the best choice solves it
    press(app, page, "practice-again")
    best = next(a for a in moves(app, page) if engine_key(app, a) == first.best)
    act(app, page, best)
    assert "Right: that is the best choice." in page.markup
    assert app.ctx.book.practice.load(item.id).solved
    assert page.announced[-1] == "Right: that is the best choice."


def engine_key(app: App, action: Any) -> str:
    """The review's option key of ``action`` at the practice moment."""
    from pygame_core.practice import answer

    item = app.practice.item
    assert item is not None
    return answer(item.puzzle, action).chosen


def test_the_home_lists_the_unsolved_moments_and_a_reload_opens_one() -> None:
    app, page, store = hasty_review()
    state = app.reviewing.state
    assert state is not None and state.review is not None
    first = state.review.for_seat(0).costliest[0]
    press(app, page, "practise", index=str(first.index), seat="0")
    item = app.practice.item
    assert item is not None
    # the same moment twice is kept once
    book = app.ctx.book.practice
    assert book.add(item.puzzle, item.seats, item.match, 99) == item.id
    assert book.ids() == [item.id]
    press(app, page, "go-home")
    assert "Practise my mistakes" in page.markup
    assert [
        a["data-item"] for a in controls(page.markup) if a["data-action"] == "open-practice"
    ] == [item.id]
    # a reload of the practice address (a new app on the same storage)
    again, page2, _ = started(seed=5, store=store)
    again.on_address(f"#/practise/{item.id}")
    assert again.screen == "practise" and "What is best?" in page2.markup
    press(again, page2, "go-home")
    press(again, page2, "remove-practice", item=item.id)
    assert "Practise my mistakes" not in page2.markup
    assert store.get(PRACTICE_PREFIX + item.id) is None


def test_a_damaged_practice_moment_says_so_and_changes_nothing() -> None:
    store = DictStore()
    store.set(PRACTICE_PREFIX + "p1", '{"format": "nordic21-practice", "schema": 1}')
    app, page, _ = started(store=store)
    app.on_address("#/practise/p1")
    assert app.screen == "home"
    assert "That practice moment cannot be opened" in page.markup
    assert store.get(PRACTICE_PREFIX + "p1") == '{"format": "nordic21-practice", "schema": 1}'


def test_export_and_import_carry_the_practice_moments() -> None:
    app, page, store = hasty_review()
    state = app.reviewing.state
    assert state is not None and state.review is not None
    first = state.review.for_seat(0).costliest[0]
    press(app, page, "practise", index=str(first.index), seat="0")
    item = app.practice.item
    assert item is not None
    bundle = app.ctx.book.export_all()
    assert len(json.loads(bundle)["practice"]) == 1
    fresh, _, other = started()
    result = fresh.ctx.book.import_bundle(bundle)
    assert result.practice == (item.id,)
    assert fresh.ctx.book.practice.load(item.id) == app.ctx.book.practice.load(item.id)
    # once more: nothing new
    assert fresh.ctx.book.import_bundle(bundle).practice == ()
    assert other.get(PRACTICE_PREFIX + item.id) == store.get(PRACTICE_PREFIX + item.id)
