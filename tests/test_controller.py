"""The app controller under pytest: its handlers driven through a fake page, with the
real SaveBook, Stats and screens on a dict store (no browser).

Every step presses a button that is on the rendered screen (found in the markup the
fake page was given), so a test cannot press what a player could not.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from test_saves import DictStore

from pygame_core import get_game
from web.app import ACTIONS, OPEN_KEY, Address, App
from web.i18n import Translator
from web.markup import Markup
from web.persist import Status
from web.saves import GAME_PREFIX
from web.storage import PREFIX

T0 = 1_750_000_000_000


class FakePage:
    """A :class:`web.app.PagePort` that records what the app did to the page."""

    def __init__(self, seed: int = 7) -> None:
        self.markup = Markup("")
        self.new_screens: list[bool] = []
        self.announced: list[str] = []
        self.history: list[str] = [""]
        self.at = 0
        self.timers: list[Callable[[], None]] = []
        self.downloads: list[tuple[str, str]] = []
        self.clock = T0
        self.seed = seed
        self.app: App | None = None

    def mount(self, markup: Markup, new_screen: bool) -> None:
        self.markup = markup
        self.new_screens.append(new_screen)

    def announce(self, text: str) -> None:
        self.announced.append(text)

    def set_language(self, lang: str, title: str) -> None:
        self.lang = lang

    def download(self, filename: str, text: str) -> None:
        self.downloads.append((filename, text))

    def show_address(self, address: str, push: bool) -> None:
        if push:
            del self.history[self.at + 1 :]
            self.history.append(address)
            self.at += 1
        else:
            self.history[self.at] = address

    def go_back(self) -> None:
        self.move(-1)

    def move(self, step: int) -> None:
        """The browser's Back (-1) or Forward (+1): the app hears of the new address."""
        self.at += step
        assert self.app is not None
        self.app.on_address(self.history[self.at])

    @property
    def address(self) -> str:
        return self.history[self.at]

    def call_later(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timers.append(callback)

    def run_timers(self, limit: int = 2000) -> int:
        """Let every scheduled bot move happen (each may schedule the next)."""
        ran = 0
        while self.timers and ran < limit:
            self.timers.pop(0)()
            ran += 1
        return ran

    def now_ms(self) -> int:
        self.clock += 1000
        return self.clock

    def device_facts(self) -> tuple[str, int, bool]:
        return ("Mozilla/5.0 (X11; Linux x86_64)", 0, False)

    def ask_to_persist(self, on_answer: Callable[[Status], None]) -> None:
        self.persist_asked = True
        on_answer("persisted")

    def new_seed(self) -> int:
        return self.seed


class _Controls(HTMLParser):
    """Every element with a data-action, as {attribute: value} (disabled included)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "data-action" in values:
            self.found.append(values)


def controls(markup: str) -> list[dict[str, str]]:
    parser = _Controls()
    parser.feed(markup)
    return parser.found


def press(app: App, page: FakePage, action: str, **data: str) -> None:
    """Press the enabled button of ``action`` whose data-* include ``data``."""
    for attrs in controls(page.markup):
        wanted = {"data-action": action, **{f"data-{k}": v for k, v in data.items()}}
        if all(attrs.get(k) == v for k, v in wanted.items()) and "disabled" not in attrs:
            dataset = {k[5:]: v for k, v in attrs.items() if k.startswith("data-")}
            app.on_action(action, dataset)
            return
    raise AssertionError(f"no enabled {action} {data} on screen")


def started(seed: int = 7, store: DictStore | None = None) -> tuple[App, FakePage, DictStore]:
    store = store if store is not None else DictStore()
    page = FakePage(seed)
    app = App(store, "en", page)
    page.app = app
    app.open_address("")
    return app, page, store


def test_home_first_then_a_game_setup_as_a_new_address() -> None:
    app, page, _ = started()
    assert app.screen == "home" and page.address == "" and page.new_screens == [True]
    press(app, page, "open-game", game="dice21")
    assert app.screen == "setup" and page.history == ["", "#/setup/dice21"]
    assert page.new_screens[-1] is True
    press(app, page, "set-preset", preset=list(get_game("dice21").presets)[1])
    assert page.new_screens[-1] is False, "a change on the same screen is patched in"


def test_a_match_starts_saves_and_bots_play_it_to_the_end() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="dice21")
    app.on_field("seat-kind", {"seat": "0", "value": "easy"})
    press(app, page, "start-game")
    assert app.screen == "play" and app.save_id is not None
    assert page.address == Address("play", app.save_id).text
    assert store.get(OPEN_KEY) == app.save_id
    page.run_timers()
    assert app.session is not None and app.session.over
    assert "match-over" in page.markup and OPEN_KEY not in store.data
    assert app.book.history()[0][0].summary.finished
    assert page.announced, "the bots' moves are announced"


def test_a_person_plays_through_the_act_buttons() -> None:
    app, page, _ = started(seed=3)
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    for _ in range(200):
        page.run_timers()
        if app.session is None or app.session.over:
            break
        press(app, page, "act", move="stop" if _total(page) >= 17 else "roll")
    assert app.session is not None and app.session.over


def _total(page: FakePage) -> int:
    found = re.search(r'class="total-value"[^>]*>(\d+)<', page.markup)
    return int(found.group(1)) if found else 0


def test_back_forward_and_reload_on_every_address() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="tjueett")
    press(app, page, "open-rules", game="tjueett")
    assert app.screen == "rules" and page.address == "#/rules/tjueett"
    press(app, page, "close-rules")  # the browser's Back
    assert app.screen == "setup" and page.address == "#/setup/tjueett"
    page.move(+1)
    assert app.screen == "rules"
    page.move(-1)
    press(app, page, "start-game")
    save_id = app.save_id
    assert save_id is not None and page.address == f"#/play/{save_id}"
    page.move(-1)
    assert app.screen == "setup"
    page.move(+1)
    assert app.screen == "play" and app.save_id == save_id
    page.move(-2)
    assert app.screen == "home"
    # A reload on each address comes back to that screen.
    for address, screen in [
        (f"#/play/{save_id}", "play"),
        ("#/setup/dice41", "setup"),
        ("#/rules/twentyone", "rules"),
        ("#/nonsense", "home"),
    ]:
        again = App(store, "en", FakePage())
        again.open_address(address)
        assert again.screen == screen, address
    assert again.page.history == [""]  # type: ignore[attr-defined]


def test_a_deleted_match_address_says_so_and_goes_home() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    save_id = app.save_id
    press(app, page, "go-home")
    press(app, page, "delete-save", save=save_id or "")
    press(app, page, "confirm-delete", save=save_id or "")
    page.move(-1)
    assert app.screen == "home" and page.address == ""
    assert app.notice is not None


def test_tjugoett_default_setup_starts() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="tjugoett")
    assert app.draft is not None and len(app.draft.seats) == 3
    press(app, page, "start-game")
    assert app.screen == "play"


def test_too_few_seats_says_why() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="tjugoett")
    assert app.draft is not None
    app.draft = app.draft.__class__(
        app.draft.game_id, app.draft.seats[:2], app.draft.preset, app.draft.options
    )
    press(app, page, "start-game")
    assert app.screen == "setup"
    assert Translator("en").t("setup.error.players", low=3, high=10) in page.markup


def test_a_field_is_checked_as_it_is_left_and_a_long_name_is_refused() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    long_name = "A" * 40
    app.on_field("seat-name", {"seat": "0", "value": long_name})
    tr = Translator("en")
    assert tr.t("setup.error.name_long") in page.markup
    assert f'value="{long_name}"' in page.markup, "the name is kept whole, not cut"
    press(app, page, "start-game")
    assert app.screen == "setup"
    app.on_field("option", {"name": "rounds", "value": "0"})
    app.on_field("option", {"name": "match", "value": "rounds"})
    press(app, page, "set-option", name="match", value="rounds")
    app.on_field("option", {"name": "rounds", "value": "0"})
    assert tr.t("setup.error.range", low=1, high=99) in page.markup


def test_two_people_hand_the_device_over_before_cards_show() -> None:
    app, page, _ = started(seed=5)
    press(app, page, "open-game", game="twentyone")
    app.on_field("seat-kind", {"seat": "1", "value": "human"})
    press(app, page, "start-game")
    assert 'data-action="show-cards"' in page.markup and "my-hand" not in page.markup
    press(app, page, "show-cards")
    assert "my-hand" in page.markup


def test_every_action_a_screen_renders_has_a_handler() -> None:
    app, page, _ = started()
    seen: set[str] = set()

    def collect() -> None:
        seen.update(c["data-action"] for c in controls(page.markup))

    collect()
    for game in ("dice21", "dice41", "tjueett", "tjugoett", "twentyone"):
        press(app, page, "open-game", game=game)
        collect()
        press(app, page, "start-game")
        collect()
        page.run_timers(50)
        collect()
        press(app, page, "go-home")
        collect()
    assert seen <= set(ACTIONS), sorted(seen - set(ACTIONS))
    app.on_action("no-such-action", {})  # ignored, never raises


def test_unknown_handler_names_are_not_looked_up_on_the_app() -> None:
    app, page, _ = started()
    before = page.markup
    app.on_action("__init__", {})
    app.on_action("render", {})
    assert app.screen == "home" and page.markup == before


@pytest.mark.parametrize("status", ["newer", "finished"])
def test_another_tab_moving_the_match_on_is_followed(status: str) -> None:
    store = DictStore()
    app, page, _ = started(store=store)
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    save_id = app.save_id
    assert save_id is not None
    other, _, _ = started(store=store)
    other.open_address(f"#/play/{save_id}")
    assert other.session is not None
    if status == "finished":
        while not other.session.over:
            other.perform(other.session.legal()[0])
    else:
        other.perform(other.session.legal()[0])
    app.on_storage(PREFIX + GAME_PREFIX + save_id)
    expected = "save.stale" if status == "newer" else "save.finished_elsewhere"
    assert app.notice == Translator("en").t(expected)
