"""Issue 48: the banker games' setup chooses who holds the bank first (before, a family
had to swap a person and a bot between the first two seats). The table's bank marker
sits on the person chosen."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.helpers import button, open_setup
from e2e.server import SiteServer


def test_the_person_chosen_in_the_setup_holds_the_bank(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "Tjueett", "?lang=en")
    rows = page.locator(".seat-row")
    # a newcomer sits in the second seat; the first seat's bot holds the bank by default
    name = rows.nth(1).get_by_role("textbox")
    name.fill("")
    name.press_sequentially("Kari")
    choice = page.get_by_label("Who holds the bank first")
    expect(choice).to_have_value("0")
    # the choice lists the names as they are typed
    expect(choice.locator("option").nth(1)).to_have_text("Kari")
    choice.select_option(label="Kari")
    note = page.locator(".setup-note").first
    expect(note).to_contain_text("Kari holds the bank first")
    button(page, "Start").click()
    bank = page.locator(".seat-line.banker")
    expect(bank).to_have_count(1)
    expect(bank.locator(".seat-name")).to_have_text("Kari")
    expect(bank.locator(".badge.bank")).to_be_visible()
