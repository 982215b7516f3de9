"""The guided first round (offered once per game, skipped or seen to its end) and the
setup that gets out of the way (a bot holds the first bank, names remembered, a bot's
name dropped when a person takes the seat), through the controller with a fake page."""

from __future__ import annotations

import dataclasses

from tables import at_table, frame, press, started
from test_table_moments import _start, _until_moment

from web.games import get_ui
from web.i18n import Translator
from web.screens.play import guide_panel


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
        panel = guide_panel(Translator("en"), waiting, None, ui.guide_wait(waiting))
        assert panel is not None and words in str(panel), (game_id, phase, str(panel))


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
        panel = str(guide_panel(tr, on_phone, "guide.banker.bet", "guide.wait.cards"))
        assert tr.t("guide.phone", name="Bo") in panel, (lang, panel)
        assert tr.t("guide.turn") not in panel and tr.t("guide.banker.bet") not in panel
