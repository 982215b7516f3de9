"""Practising a costly moment again in the real built site (#26).

Ann stops as soon as she may in a 21 match; the review lists those stops as costly
moments. "Practise this" on the costliest opens that position, as she saw it, with
her choices: her first choice again is rated as the review rated it (the same
sentence), Try again, the best choice is right and the moment leaves the home's
"Practise my mistakes" list, which a reload still finds until then. Looked at at
1024x768, 768x1024 and 390x844.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.conftest import shoot
from e2e.helpers import button, choose, open_setup, resize, set_seats, tap
from e2e.server import SiteServer
from e2e.test_review import play_21_with_early_stops, wait_review
from e2e.test_ui_quality import axe_findings, layout_problems


def test_a_costly_moment_of_a_21_match_is_played_again_and_rated(
    page: Page, site: SiteServer
) -> None:
    open_setup(page, site.url, "21", "?lang=en&seed=5")
    choose(page, "Classic")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    stops = play_21_with_early_stops(page)
    assert stops, "Ann stopped early"
    button(page, "Review").click()
    wait_review(page)
    moment = page.locator(".person").first.locator(".moment").first
    reviewed = moment.locator(".moment-sentence").inner_text()
    where = moment.locator(".moment-title").inner_text()
    assert reviewed.startswith("You stopped on"), reviewed
    tap(page, moment.get_by_role("button", name="Practise this"))
    expect(page).to_have_url(re.compile(r"#/practise/p"))
    panel = page.locator(".practice")
    expect(panel.locator(".panel-title")).to_have_text(where)
    expect(panel.locator(".practice-question")).to_have_text(
        "In the match, Ann chose to stop here. What is best?"
    )
    resize(page, 390, 844)
    shoot(page, "practice-21-phone")
    assert layout_problems(page) == []
    resize(page, 768, 1024)
    shoot(page, "practice-21-portrait")
    resize(page, 1024, 768)
    shoot(page, "practice-21-tablet")
    assert axe_findings(page) == []

    # her first choice again: rated as the review rated it
    tap(page, button(page, "Stop"))
    expect(panel.locator(".practice-verdict")).to_have_text("Not the best choice here.")
    expect(panel.locator(".practice-sentence")).to_have_text(reviewed)
    expect(button(page, "Roll")).to_be_disabled()
    # the figures are a tap away behind a button-like summary with its marker, as in
    # the review (it looked like a heading here)
    summary = panel.locator("details.exact > summary")
    looks = summary.evaluate(
        "s => [getComputedStyle(s).borderTopWidth, getComputedStyle(s, '::before').content]"
    )
    assert looks == ["2px", '"\u25b8"'], looks
    shoot(page, "practice-21-answered")
    # the home still lists it, also after a reload
    page.reload()
    expect(page.locator(".practice-question")).to_be_visible()
    tap(page, page.locator(".home-button"))
    listed = page.locator(".practice-list .practice-item")
    expect(listed).to_have_count(1)
    tap(page, listed.first.get_by_role("button", name="Practise", exact=True))
    expect(page.locator(".practice-question")).to_be_visible()
    tap(page, button(page, "Roll"))
    verdict = page.locator(".practice-verdict")
    expect(verdict).to_have_text("Right: that is the best choice.")
    expect(page.locator(".practice-sentence")).to_contain_text("You rolled on from")
    shoot(page, "practice-21-right")
    # solved: it leaves the list
    tap(page, button(page, "Done"))
    expect(page.locator(".practice-list")).to_have_count(0)
