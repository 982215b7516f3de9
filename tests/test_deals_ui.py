"""A shared deal in the app (web/): shown in the review of a finished match, opened by
its link or its code on another device's home screen, it deals the same match to the
same seats; a code that cannot be played is answered in words and changes nothing."""

from __future__ import annotations

import html
import re

import pytest
from tables import DictStore, press, started
from test_review_screen import _play_to_the_end

from pygame_core.deals import deal_code, read_deal
from web.i18n import Translator
from web.setup import apply_preset, deal_draft, set_option


def finished_review(game: str = "tjueett", seed: int = 11) -> tuple[str, object]:
    """A finished match of ``game`` (a person and bots), its review open: the code."""
    app, page, _ = started(seed=seed)
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    press(app, page, "open-game", game=game)
    press(app, page, "start-game")
    session = app.play.session
    assert session is not None
    _play_to_the_end(app, page, lambda s: s.legal()[0])
    press(app, page, "open-review")
    found = re.search(r'id="share-code"[^>]*value="([^"]+)"', page.markup) or re.search(
        r'value="([^"]+)"[^>]*id="share-code"', page.markup
    )
    assert found, "the review shows the match's deal code"
    code = html.unescape(found.group(1))
    assert f'href="#deal={code}"' in page.markup
    return code, session


def test_a_shared_deal_deals_the_same_cards_to_the_same_seats_on_another_device() -> None:
    code, session = finished_review()
    deal = read_deal(code)
    assert (deal.config, deal.seed) == (session.state.config, session.state.seed)
    # another device: another store, another seed of its own
    app, page, _ = started(seed=999, store=DictStore())
    app.on_address(f"#deal={code}")
    assert app.screen == "setup" and page.address == "#/setup/tjueett"
    draft = app.setup.draft
    assert draft is not None and draft.is_deal
    assert [s.kind for s in draft.seats] == [s.kind for s in session.seats]
    assert "A shared deal" in page.markup
    press(app, page, "start-game")
    other = app.play.session
    assert other is not None
    first = session.game.new_game(session.state.config, session.state.seed)
    assert other.state.seed == session.state.seed
    assert other.game.new_game(other.state.config, other.state.seed) == first


def test_a_code_typed_on_the_home_screen_opens_its_deal() -> None:
    code, _ = finished_review("dice21", seed=5)
    app, page, _ = started(seed=1)
    press(app, page, "open-deal", take="deal-input")  # nothing typed: refused in words
    assert app.screen == "home" and "That is not a Nordic 21 deal code" in page.markup
    app.on_action("open-deal", {"take": "deal-input", "value": f" {code} "})
    assert app.screen == "setup" and app.setup.draft is not None and app.setup.draft.is_deal


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("N21-1-dice21-garbage", "That is not a Nordic 21 deal code"),
        ("N21-7-dice21-WzEsNywiaG0iLHt9XQ-abcd", "another version of Nordic 21"),
    ],
)
def test_a_deal_link_that_cannot_be_played_says_so_and_changes_nothing(
    code: str, words: str
) -> None:
    app, page, store = started()
    before = dict(store.data)
    app.on_address(f"#deal={code}")
    assert app.screen == "home" and words in page.markup
    assert page.announced and words in page.announced[-1]
    assert store.data == before


def test_a_deals_rules_and_seat_count_stay_as_the_deal_has_them() -> None:
    tr = Translator("en")
    code = deal_code(*_tjugoett_deal())
    draft = deal_draft(read_deal(code), tr.t("setup.default_name"), tr.t("setup.default_bot"))
    assert draft.preset == "after_all"
    assert apply_preset(draft, "classic") is draft
    assert set_option(draft, "chips", "50") is draft
    app, page, _ = started()
    app.on_address(f"#deal={code}")
    for action in ("set-preset", "add-seat", "remove-seat"):
        buttons = re.findall(rf'<button[^>]*data-action="{action}"[^>]*>', page.markup)
        assert buttons, action
        for attrs in buttons:
            assert " disabled" in attrs, attrs
    numbers = re.findall(r'<input type="number"[^>]*>', page.markup)
    assert numbers and all(" disabled" in attrs for attrs in numbers), numbers
    assert [s.name for s in app.setup.draft.seats] == ["Bot 1", "Player 1", "Player 2"]


def _tjugoett_deal() -> tuple[object, object, int, str]:
    from pygame_core import get_game

    game = get_game("tjugoett")
    return game, game.preset("after_all", 3), 42, "mhh"


def test_every_language_words_every_refusal() -> None:
    for lang in ("nb", "sv", "da", "en"):
        tr = Translator(lang)
        for reason in ("malformed", "version", "game", "rules", "mistyped", "config"):
            assert tr.has(f"deal.error.{reason}"), (lang, reason)
