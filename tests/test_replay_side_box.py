"""Issue 48: in a 21 or 41 replay, once the next round has begun, the side panel no
longer shows the previous round's result ("Round 1: Bo wins with 19" over round 2's
table). The live table keeps it: there it is what just happened."""

from __future__ import annotations

import pytest
from test_review_screen import bot_state

from web.games import get_ui
from web.i18n import Translator
from web.reviewing import replay_frame

RESULT_BOX = '<p class="result">'


@pytest.mark.parametrize("game_id", ["dice21", "dice41"])
def test_a_later_rounds_replay_shows_no_earlier_rounds_result(game_id: str) -> None:
    options = {"match": "rounds", "rounds": 3} if game_id == "dice21" else {}
    state = bot_state(game_id, **options)
    tr = Translator("en")
    later = 0
    for stop, (_, moment) in enumerate(state.stops):
        state.stop = stop
        frame = replay_frame(state, tr)
        view = frame.view
        result = view.last_result
        if moment is not None or view.over or result is None:
            continue
        html = str(get_ui(game_id).render(tr, frame))
        if result.round_no < view.round:
            later += 1
            assert RESULT_BOX not in html, (stop, view.round, result.round_no)
    assert later  # the match has rounds after its first
