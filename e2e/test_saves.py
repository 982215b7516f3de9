"""Saves in real localStorage: resume after reload, corrupt entries, import, two tabs."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import BrowserContext, FilePayload, Page, expect

from e2e.conftest import open_app
from e2e.helpers import button, choose, move_css, open_setup, set_seats, tap
from e2e.server import SiteServer

SEED = 777


def payload(name: str, text: str) -> FilePayload:
    """A file for an <input type=file>."""
    return {"name": name, "mimeType": "application/json", "buffer": text.encode()}


def log_texts(page: Page) -> list[str]:
    # textContent: the log lies in the closed History drawer (innerText is empty there)
    return page.locator(".log-list li").all_text_contents()


def start_21(page: Page, url: str, name: str = "Ann") -> None:
    """A series of 21, one person against a bot, with a fixed seed."""
    open_setup(page, url, "21", f"?lang=en&seed={SEED}")
    choose(page, "Series (everyone starts once)")
    set_seats(page, [(name, "human"), ("Bo", "expert")])
    button(page, "Start").click()


def roll_when_allowed(page: Page) -> None:
    """Wait until Roll may be pressed, press it, and wait for the table to answer (the
    move is saved before the page patches)."""
    roll = page.locator(move_css("Roll"))
    expect(roll).to_have_text("Roll", timeout=60_000)
    tap(page, roll)


def stored_games(page: Page) -> dict[str, dict]:  # type: ignore[type-arg]
    raw = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage)"
        ".filter(k => k.startsWith('nordic21.game.')).map(k => [k, localStorage.getItem(k)]))"
    )
    return {k: json.loads(v) for k, v in raw.items()}


def test_reload_comes_back_with_the_same_next_roll(
    context: BrowserContext, site: SiteServer
) -> None:
    first = context.new_page()
    start_21(first, site.url)
    roll_when_allowed(first)
    first.reload()
    first.wait_for_selector("html[data-ready='1']", timeout=60_000)
    expect(first.locator(".stage")).to_be_visible()
    roll_when_allowed(first)
    with_reload = log_texts(first)

    first.evaluate("() => localStorage.clear()")
    second = context.new_page()
    start_21(second, site.url)
    roll_when_allowed(second)
    roll_when_allowed(second)
    assert log_texts(second) == with_reload


def test_close_and_open_again_then_continue(context: BrowserContext, site: SiteServer) -> None:
    page = context.new_page()
    start_21(page, site.url)
    roll_when_allowed(page)
    before = log_texts(page)
    page.close()
    again = context.new_page()
    open_app(again, site.url, "?lang=en")
    expect(again.locator(".stage")).to_be_visible()
    assert log_texts(again) == before
    button(again, "Home").click()
    button(again, "Continue").click()
    assert log_texts(again) == before


def test_a_corrupt_entry_is_listed_as_unreadable_and_others_load(
    page: Page, site: SiteServer
) -> None:
    start_21(page, site.url, "Ann")
    roll_when_allowed(page)
    button(page, "Home").click()
    button(page, "21").click()
    set_seats(page, [("Cleo", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    roll_when_allowed(page)
    button(page, "Home").click()
    keys = sorted(stored_games(page))
    assert len(keys) == 2
    page.evaluate(f"() => localStorage.setItem({json.dumps(keys[0])}, '{{not json')")
    page.reload()
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    expect(page.locator(".saved.unreadable")).to_have_count(1)
    # in words, not the core's English for developers ("... is not valid JSON")
    expect(page.locator(".saved.unreadable .saved-reason")).to_have_text("It is damaged.")
    expect(page.locator(".saved:not(.unreadable)")).to_have_count(1)
    button(page, "Continue").click()
    expect(page.locator(".stage")).to_be_visible()
    button(page, "Home").click()
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(keys[0])})") == "{not json"


def test_hostile_import_is_refused_and_nothing_is_written(page: Page, site: SiteServer) -> None:
    open_app(page, site.url, "?lang=en")
    hostile = {
        "format": "nordic21-export",
        "schema": 1,
        "games": [
            {
                "format": "nordic21-save",
                "schema": 2,
                "id": "<script>x</script>",
                "revision": 10**30,
                "created": "yesterday",
                "updated": -1,
                "seats": [
                    {"name": "<img src=x onerror=alert(1)>", "kind": "human"},
                    {"name": 7, "kind": "god"},
                ],
                "summary": {
                    "game": "dice21",
                    "players": ["a"],
                    "round": 1.5,
                    "finished": "no",
                    "result": None,
                },
                "game": {
                    "format": "nordic21-game",
                    "schema": 1,
                    "game": "dice21",
                    "config": {"players": True},
                },
            }
        ],
        "history": [],
    }
    before = page.evaluate("() => Object.keys(localStorage).length")
    page.locator("input[type=file]").set_input_files(
        files=[payload("hostile.json", json.dumps(hostile))]
    )
    expect(page.locator(".notice")).to_contain_text("Nothing was imported: game 1 ")
    assert page.evaluate("() => Object.keys(localStorage).length") == before
    assert page.locator("#app img").count() == 0


def test_export_is_a_real_download_and_imports_back(page: Page, site: SiteServer) -> None:
    hostile_name = "<b>Ann</b>"
    start_21(page, site.url, hostile_name)
    roll_when_allowed(page)
    button(page, "Home").click()
    with page.expect_download() as info:
        button(page, "Export all games").click()
    text = Path(info.value.path()).read_text(encoding="utf-8")
    bundle = json.loads(text)
    assert bundle["format"] == "nordic21-export"
    assert len(bundle["games"]) == 1
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    page.locator("input[type=file]").set_input_files(files=[payload("games.json", text)])
    expect(page.locator(".notice")).to_contain_text("Imported one game")
    expect(page.locator(".saved-players")).to_have_text(f"{hostile_name}, Bo")


def test_two_tabs_on_one_game_lose_no_update(context: BrowserContext, site: SiteServer) -> None:
    older = context.new_page()
    start_21(older, site.url)
    roll_when_allowed(older)
    newer = context.new_page()
    open_app(newer, site.url, "?lang=en")
    expect(newer.locator(".stage")).to_be_visible()
    roll_when_allowed(newer)
    after_newer = log_texts(newer)
    (saved_by_newer,) = stored_games(newer).values()
    # The older tab heard the storage event and now shows the newer state ...
    expect(older.locator(".log-list li").first).to_have_text(after_newer[0])
    # ... so whatever it does next builds on the newer save instead of replacing it.
    roll_when_allowed(older)
    (entry,) = stored_games(older).values()
    newer_actions = saved_by_newer["game"]["actions"]
    assert entry["game"]["actions"][: len(newer_actions)] == newer_actions
    assert len(entry["game"]["actions"]) > len(newer_actions)
    assert entry["revision"] > saved_by_newer["revision"]
