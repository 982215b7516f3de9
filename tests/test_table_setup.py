"""The guided first round (offered once per game, skipped or seen to its end) and the
setup that gets out of the way (a bot holds the first bank, names remembered, a bot's
name dropped when a person takes the seat), through the controller with a fake page."""

from __future__ import annotations

import dataclasses
import html
import re
from typing import Any

from tables import FakePage, at_table, frame, press, started
from test_table_moments import _start, _to_round_end, _until_moment

from web.games import get_ui
from web.i18n import Translator
from web.screens.play import guide_panel

GUIDE_TEXT = re.compile(r'<p class="guide-(text|ghost)"([^>]*)>(.*?)</p>', re.S)


def guide_sentences(markup: str) -> tuple[str, list[str]]:
    """The guide's sentence on a screen, and the sentences laid unseen under it."""
    said: list[str] = []
    unseen: list[str] = []
    for kind, attrs, text in GUIDE_TEXT.findall(markup):
        if kind == "text":
            said.append(html.unescape(text))
        else:
            assert 'aria-hidden="true"' in attrs, "an unseen sentence is not read either"
            unseen.append(html.unescape(text))
    assert len(said) == 1, said
    return said[0], unseen


def recording(page: FakePage) -> list[str]:
    """Every screen the page is given from now on, in order."""
    screens: list[str] = []
    mount = page.mount

    def recorded(markup: Any, new_screen: bool) -> None:
        screens.append(str(markup))
        mount(markup, new_screen)

    page.mount = recorded  # type: ignore[method-assign]
    return screens


#: One person and bots at each game's table, for its guided first round.
GUIDED = {
    "dice21": ["human", "medium", "medium"],
    "dice41": ["human", "medium"],
    "tjueett": ["medium", "human", "medium"],
    "tjugoett": ["human", "medium", "medium"],
    "twentyone": ["human", "medium", "medium"],
}


def test_the_guide_keeps_one_height_from_its_first_turn_to_its_last() -> None:
    """Every sentence the guide says in a game's first round is one of the game's guide
    sentences, and on every screen of the round the guide holds all of them (the one
    said, the others unseen in the same place): its box is as tall as the longest from
    the first turn to the round's end, so the felt under it does not move. In Twenty
    One the sentences were one to seven lines long, and the felt moved by up to 118 px
    between two turns."""
    tr = Translator("en")
    for game_id, kinds in GUIDED.items():
        app, page, _ = started(seed=5)
        screens = recording(page)
        _start(app, page, game_id, kinds)
        _to_round_end(app, page)
        every = {tr.t(key) for key in get_ui(game_id).guide_sentences()}
        said = set()
        for markup in screens:
            if 'class="panel guide"' not in markup:
                continue
            sentence, unseen = guide_sentences(markup)
            said.add(sentence)
            assert sentence in every, (game_id, sentence)
            assert {sentence, *unseen} == every, (game_id, every - {sentence, *unseen})
        assert len(said) >= 3, (game_id, said)  # a step, a wait, the round's end


def test_the_guide_is_offered_once_and_can_be_skipped() -> None:
    app, page, store = started()
    _start(app, page, "dice41", ["human", "medium"])
    assert "guide-skip" in page.markup and "Your first round" in page.markup
    press(app, page, "guide-skip")
    assert "guide-skip" not in page.markup
    assert store.get("nordic21.guide.dice41") == "skipped" or any(
        "guide.dice41" in k for k in store.data
    )
    press(app, page, "go-home")
    _start(app, page, "dice41", ["human", "medium"])
    assert "guide-skip" not in page.markup, "offered once"
    press(app, page, "go-home")
    _start(app, page, "tjueett", ["human", "medium", "medium"])
    assert "guide-skip" in page.markup, "each game has its own first round"


def test_the_guide_follows_the_round_and_ends_with_its_moment() -> None:
    app, page, store = started(seed=5)
    _start(app, page, "tjueett", ["human", "medium", "medium"])
    assert "Your first round" in page.markup
    _until_moment(app, page)
    assert "what everyone got lies on the table" in page.markup
    press(app, page, "moment-seen")
    assert "guide-skip" not in page.markup
    assert [v for k, v in store.data.items() if k.endswith("guide.tjueett")] == ["done"]


def test_a_bot_holds_the_first_bank_and_names_are_remembered() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="tjueett")
    assert app.setup.draft is not None
    kinds = [s.kind for s in app.setup.draft.seats]
    assert kinds[0] != "human" and kinds[1] == "human", "the newcomer plays as a player"
    app.on_field("seat-name", {"seat": "1", "value": "Ann"})
    # a bot's seat given to a person loses the bot's name
    app.on_field("seat-kind", {"seat": "0", "value": "human"})
    assert app.setup.draft.seats[0].name not in ("Bot 1", "Bot 2")
    assert app.setup.draft.seats[0].name == "Player 1", "the lowest default name free"
    press(app, page, "start-game")
    press(app, page, "go-home")
    press(app, page, "open-game", game="dice21")
    assert app.setup.draft is not None and app.setup.draft.seats[0].name == "Ann"


def test_the_guide_names_what_the_bots_put_on_the_table_while_a_person_waits() -> None:
    """While a bot plays, the guide says where to look: dice in the dice games, cards
    in front of the places at a banker table, the draw pile during Twenty One's exchange
    and the trick after it."""
    expected = {
        ("dice21", None): "their dice land",
        ("dice41", None): "their dice land",
        ("tjueett", None): "their cards land in front of their places",
        ("twentyone", "exchange"): "Watch the draw pile",
        ("twentyone", "play"): "on the trick",
    }
    for (game_id, phase), words in expected.items():
        kinds = ["human", "medium", "medium"] if game_id != "dice41" else ["human", "medium"]
        app, _ = at_table(game_id, kinds)
        shown = frame(app)
        bot = next(i for i, s in enumerate(shown.seats) if s.is_bot)
        view = dataclasses.replace(shown.view, actor=bot)
        if phase is not None:
            view = dataclasses.replace(view, phase=phase)
        waiting = dataclasses.replace(
            shown, moment=None, view=view, display=dataclasses.replace(shown.display, guide=True)
        )
        ui = get_ui(game_id)
        panel = guide_panel(
            Translator("en"), waiting, None, ui.guide_wait(waiting), ui.guide_sentences()
        )
        assert panel is not None and words in guide_sentences(str(panel))[0], (game_id, phase)


def test_the_guide_on_the_table_says_whose_phone_plays_now() -> None:
    """A seat played on its own phone is not "Your turn" on the table's screen: the
    person there is asked on the phone, and the table tells everyone where to look."""
    for lang in ("en", "nb", "sv", "da"):
        tr = Translator(lang)
        app, _ = at_table("tjueett", ["medium", "human", "medium"], names=["Cy", "Ann", "Bo"])
        shown = frame(app)
        seats = list(shown.seats)
        seats[2] = dataclasses.replace(seats[2], kind="device")
        on_phone = dataclasses.replace(
            shown,
            seats=tuple(seats),
            moment=None,
            view=dataclasses.replace(shown.view, actor=2),
            display=dataclasses.replace(shown.display, guide=True),
        )
        ui = get_ui("tjueett")
        panel = guide_panel(
            tr, on_phone, "guide.banker.bet", "guide.wait.cards", ui.guide_sentences()
        )
        assert panel is not None
        said, _unseen = guide_sentences(str(panel))
        assert said == tr.t("guide.phone", name="Bo"), (lang, panel)


def test_the_guide_says_the_bots_wait_while_a_take_back_is_open() -> None:
    """After a Stop that may still be taken back, the bots wait for the person (Take back
    or Play on): the first round's guide says so, not "The bots play now" over a table
    where nothing moves."""
    from tables import act

    from pygame_core.dice21 import Stop

    tr = Translator("en")
    app, page, _ = started(seed=5)
    _start(app, page, "dice21", ["human", "medium"])
    page.run_timers()
    session = app.play.session
    assert session is not None
    act(app, page, next(a for a in session.legal() if type(a).__name__ == "Roll"))
    act(app, page, Stop(), play_on=False)
    assert 'data-action="play-on"' in page.markup, "the bots wait for the person"
    sentence, unseen = guide_sentences(page.markup)
    assert sentence == tr.t("guide.hold")
    assert tr.t("guide.wait.dice") in unseen
    press(app, page, "play-on")
    sentence, _ = guide_sentences(page.markup)
    assert sentence != tr.t("guide.hold")
