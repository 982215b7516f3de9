"""Saves, the two-tab protocol and offline play behave the same on a snapshot start.

The tests are the save and offline suites' own, collected here again with contexts
that hold a device snapshot before the test's first load (a first visit made it), and
a check after each test that every start in it did restore the snapshot. A subset, to
keep CI time reasonable: each priming boots Python twice.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage

from e2e import test_offline, test_saves
from e2e.conftest import Guard, check_guard, guard_context
from e2e.server import SiteServer
from e2e.test_offline import own_site  # noqa: F401  (a fixture the offline tests need)
from e2e.test_snapshot import prime

test_offline_new_tab = test_offline.test_new_tab_with_the_server_stopped
test_offline_reload = test_offline.test_reload_offline_plays_and_continues
test_offline_update = test_offline.test_update_is_offered_and_keeps_the_save
test_saves_corrupt_entry = test_saves.test_a_corrupt_entry_is_listed_as_unreadable_and_others_load
test_saves_reload = test_saves.test_reload_comes_back_with_the_same_next_roll
test_saves_two_tabs = test_saves.test_two_tabs_on_one_game_lose_no_update

#: Every document reports how its runtime started (web/runtime.mjs sets the attribute).
REPORT = """new MutationObserver((_, observer) => {
  const how = document.documentElement && document.documentElement.dataset.snapshot;
  if (how) { observer.disconnect(); console.debug('nordic21-start:' + how); }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-snapshot']});"""


class Starts:
    """How each page load of a context started."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def watch(self, context: BrowserContext) -> None:
        context.add_init_script(REPORT)
        context.on("console", self.console)

    def console(self, message: ConsoleMessage) -> None:
        if message.text.startswith("nordic21-start:"):
            self.seen.append(message.text.split(":", 1)[1])


def primed(context: BrowserContext, url: str, starts: Starts) -> None:
    """Make the snapshot with a first visit; later starts must restore it."""
    starts.watch(context)
    page = context.new_page()
    prime(page, url)
    page.close()
    starts.seen.clear()


def all_restored(starts: Starts) -> None:
    assert starts.seen, "the test started no page"
    assert set(starts.seen) == {"restored"}, starts.seen


@pytest.fixture
def context(context: BrowserContext, site: SiteServer) -> Iterator[BrowserContext]:
    """The suites' context, holding a snapshot of the site before the test."""
    starts = Starts()
    primed(context, site.url, starts)
    yield context
    all_restored(starts)


@pytest.fixture
def sw_context(
    browser: Browser,
    guard: Guard,
    own_site: SiteServer,  # noqa: F811  (the offline suite's fixture, imported above)
) -> Iterator[BrowserContext]:
    """The offline suite's context (service workers run), holding a snapshot."""
    context = guard_context(browser.new_context(service_workers="allow"), guard)
    starts = Starts()
    primed(context, own_site.url, starts)
    yield context
    check_guard(context, guard)
    context.close()
    all_restored(starts)
