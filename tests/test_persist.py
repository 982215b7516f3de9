"""Saves that survive Safari (web/persist.py): who gets the home-screen advice, once;
lost saves noticed; what the home screen says, in every language."""

from __future__ import annotations

import pytest

from web.i18n import LANGUAGES, Translator, table
from web.persist import (
    ADVICE_KEY,
    SEEN_KEY,
    Protection,
    apple_platform,
    first_look,
    note_saves,
    protection_alert,
    protection_note,
)

IPAD = (
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)
IPAD_DESKTOP = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Safari/605.1.15"
)
MAC_CHROME = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
)
IPHONE_FIREFOX = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15"
)
LINUX_WEBKIT = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/60.5 Safari/605.1.15"
)
ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
)


class Store(dict[str, str]):
    def set(self, key: str, value: str) -> None:
        self[key] = value

    def remove(self, key: str) -> None:
        self.pop(key, None)


@pytest.mark.parametrize(
    ("agent", "touch", "platform"),
    [
        (IPAD, 5, "ios"),
        (IPAD_DESKTOP, 5, "ios"),  # iPadOS asks for desktop pages as a Mac
        (IPAD_DESKTOP, 0, "mac"),
        (IPHONE_FIREFOX, 5, "ios"),  # every iOS browser is Safari's engine
        (MAC_CHROME, 0, None),
        (LINUX_WEBKIT, 0, None),
        (ANDROID, 5, None),
    ],
)
def test_who_gets_the_home_screen_advice(agent: str, touch: int, platform: str | None) -> None:
    assert apple_platform(agent, touch) == platform


def test_the_advice_comes_once_and_never_from_the_home_screen() -> None:
    store = Store()
    assert first_look(store, False, IPAD, 5, standalone=True).advice is False
    assert ADVICE_KEY not in store
    first = first_look(store, False, IPAD, 5, standalone=False)
    assert first.advice and first.platform == "ios"
    again = first_look(store, False, IPAD, 5, standalone=False)
    assert not again.advice and again.platform == "ios"
    assert first_look(Store(), True, ANDROID, 5, standalone=False) == Protection()


def test_saves_gone_since_the_last_visit_are_noticed_once() -> None:
    store = Store()
    assert not first_look(store, False, ANDROID, 0, False).lost
    note_saves(store, True)
    assert not first_look(store, True, ANDROID, 0, False).lost
    assert first_look(store, False, ANDROID, 0, False).lost
    assert SEEN_KEY not in store
    assert not first_look(store, False, ANDROID, 0, False).lost


def test_deleting_every_save_yourself_is_not_a_loss() -> None:
    store = Store()
    note_saves(store, True)
    note_saves(store, False)
    assert not first_look(store, False, ANDROID, 0, False).lost


def test_after_a_loss_safari_players_are_told_again_how_to_keep_saves() -> None:
    store = Store()
    first_look(store, True, IPAD, 5, False)
    note_saves(store, True)
    after = first_look(store, False, IPAD, 5, False)
    assert after.lost and after.advice


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_the_home_screen_says_in_every_language(lang: str) -> None:
    tr = Translator(lang)
    texts = table(lang)
    alert = protection_alert(tr, Protection(platform="ios", advice=True, lost=True))
    assert alert is not None
    assert texts["persist.lost"] in alert
    assert texts["persist.advice.ios"] in alert
    assert protection_alert(tr, Protection(platform="ios")) is None
    assert protection_note(tr, Protection()) is None
    for status, key in [
        ("persisted", "persist.protected"),
        ("best-effort", "persist.at_risk"),
        ("unsupported", "persist.unsupported"),
    ]:
        note = protection_note(tr, Protection(status=status))  # type: ignore[arg-type]
        assert note is not None and texts[key] in note
    safari = protection_note(tr, Protection(status="best-effort", platform="mac"))
    assert safari is not None and texts["persist.safari_at_risk"] in safari
