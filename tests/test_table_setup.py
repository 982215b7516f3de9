"""The guided first round (offered once per game, skipped or seen to its end) and the
setup that gets out of the way (a bot holds the first bank, names remembered, a bot's
name dropped when a person takes the seat), through the controller with a fake page."""

from __future__ import annotations

from tables import press, started
from test_table_moments import _start, _until_moment


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
    assert app.setup.draft.seats[0].name == "Player 2"
    press(app, page, "start-game")
    press(app, page, "go-home")
    press(app, page, "open-game", game="dice21")
    assert app.setup.draft is not None and app.setup.draft.seats[0].name == "Ann"
