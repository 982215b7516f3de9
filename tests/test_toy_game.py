"""A sixth game is one core package and one UI module: the toy game of
``tests/toygame.py`` and ``tests/toyui.py``, registered before collection
(``tests/conftest.py``: one call for the core, one for the UI and its texts), is set up,
played by tapping and by bots, held at each round's end, saved, reloaded, finished,
reviewed and replayed through the app's real code, with no edit of ``web/`` or of a
registry file."""

from __future__ import annotations

import contextlib
from collections.abc import Coroutine
from typing import Any

import toygame
from tables import DictStore, FakePage, act, moves, press, started, title_text

from pygame_core.registry import game_ids
from web.app import App


def test_the_toy_is_listed_beside_the_five_games() -> None:
    assert game_ids()[-1] == "toypig"
    _, page, _ = started()
    assert 'data-game="toypig"' in page.markup and "Pig" in page.markup


def test_a_whole_match_is_set_up_played_saved_reloaded_reviewed_and_replayed() -> None:
    store = DictStore()
    app, page, _ = started(seed=4, store=store)
    press(app, page, "open-game", game="toypig")
    assert app.screen == "setup" and "Rounds" in page.markup
    app.on_field("option", {"name": "rounds", "value": "2"})
    press(app, page, "start-game")
    assert app.screen == "play" and 'data-action="act"' in page.markup
    save_id = app.play.save_id
    assert save_id is not None
    # a move, then a reload of the page: the same match, from its save
    act(app, page, toygame.Roll())
    again = App(store, "en", FakePage(4))
    again.open_address(f"#/play/{save_id}")
    resumed, playing = again.play.session, app.play.session
    assert resumed is not None and playing is not None and resumed.state == playing.state
    # played to its end: every round's end held on the table, drawn from that moment
    held_rounds = []
    for _ in range(500):
        page.run_timers()
        session = app.play.session
        assert session is not None
        if app.play.held:
            shown = app.play.frame()
            assert shown.mode == "moment" and shown.view.phase == "round_over"
            held_rounds.append(shown.view.round)
            assert title_text(page.markup) == f"Pig · Round {shown.view.round}"
            press(app, page, "moment-seen")
        elif session.over:
            break
        else:
            offered = moves(app, page)
            if offered:
                hold = next((a for a in offered if isinstance(a, toygame.Hold)), None)
                turn = session.view(session.current).turn_total
                act(app, page, hold if hold and turn >= 8 else toygame.Roll())
    session = app.play.session
    assert session is not None and session.over and "match-over" in page.markup
    assert held_rounds == [1, 2]
    # the history lists the match, and its save replays to the same end
    finished = app.ctx.book.history()[0]
    assert [i.id for i in finished] == [save_id]
    assert app.ctx.book.load_finished(save_id).session.state == session.state
    # the review (nothing is rated: the toy has no rater) and its replay, step by step
    jobs: list[Coroutine[Any, Any, None]] = []
    app.reviewing.spawn = jobs.append  # type: ignore[assignment]
    press(app, page, "open-review")
    for job in jobs:  # the background rating, run to its end (there is no event loop)
        with contextlib.suppress(StopIteration):
            while True:
                job.send(None)
    state_ = app.reviewing.state
    assert app.screen == "review" and state_ is not None and state_.review is not None
    moments = 0
    for _ in range(len(state_.stops) - 1):
        press(app, page, "review-step", delta="1")
        assert 'class="replay-frame"' in page.markup
        moments += 'id="replay-moment-title"' in page.markup
    assert moments == 2 and state_.stop == len(state_.stops) - 1
