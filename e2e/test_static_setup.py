"""A game's setup answers at once: a tap on its tile before Python is ready shows the
build's prerendered setup (web/boot.js), where a name typed, a variant picked and the
options changed are kept and made again in Python's setup once it is ready; a Start
tapped then is started as soon as it is. Python's setup is the very same markup."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import READY, READY_TIMEOUT_MS, HeldZip, open_app, shoot
from e2e.helpers import saved_match
from e2e.server import SiteServer
from pygame_core import game_ids
from web.setup import variants

LANGS = ("nb", "sv", "da", "en")

#: The person's seat's name field (the seat whose menu says a person plays it).
PERSON_NAME_JS = """() => {
  const kind = [...document.querySelectorAll('#app [data-field="seat-kind"]')]
    .find((s) => s.value === 'human');
  return kind.dataset.seat;
}"""

#: ``canon(node)``: the node's markup with each element's attributes in name order (a
#: patch that adds ``hidden`` to an element puts it last: the same element).
CANON_JS = """const canon = (n) => n.nodeType === 3 ? n.data
  : n.nodeType !== 1 && n.nodeType !== 11 ? ''
  : n.nodeType === 11 ? [...n.childNodes].map(canon).join('')
  : `<${n.localName}${[...n.attributes].map((a) => ` ${a.name}="${a.value}"`).sort().join('')}>`
    + [...n.childNodes].map(canon).join('') + `</${n.localName}>`;
"""


def tile(page: Page, game: str):  # type: ignore[no-untyped-def]
    return page.locator(f'#app [data-action="open-game"][data-game="{game}"]')


def preset(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.locator(f'#app [data-action="set-preset"][data-preset="{name}"]')


def not_ready(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.dataset.ready !== '1'"))


@pytest.mark.parametrize("lang", LANGS)
def test_prerendered_setups_are_what_python_draws(page: Page, site: SiteServer, lang: str) -> None:
    """Every game's setup and each of its variants' panels, built against Python's."""
    open_app(page, site.url, f"?lang={lang}")
    for game in game_ids():
        tile(page, game).click()
        expect(page.locator("#app .setup")).to_be_visible()
        python, built = page.evaluate(
            "(id) => {"
            + CANON_JS
            + """return [[...document.getElementById('app').childNodes].map(canon).join(''),
                         canon(document.getElementById(id).content)]; }""",
            f"setup-{game}-{lang}",
        )
        assert python == built, f"{game}: Python's setup must equal the prerendered one"
        for name in variants(game):
            preset(page, name).click()
            expect(preset(page, name)).to_have_attribute("aria-pressed", "true")
            python, built = page.evaluate(
                "(id) => {"
                + CANON_JS
                + """return [canon(document.querySelector('#app [data-panel="variant"]')),
                             canon(document.getElementById(id).content)]; }""",
                f"setup-{game}-{lang}-{name}",
            )
            assert python == built, f"{game} {name}: the variant's panel must be Python's"
        page.locator('#app [data-action="go-home"]').click()
        expect(tile(page, game)).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_and_a_variant_chosen_before_python_are_kept(
    page: Page, site: SiteServer, held: HeldZip, lang: str
) -> None:
    page.add_init_script("try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}")
    page.goto(site.url + f"?lang={lang}")
    tile(page, "dice21").click()
    expect(page.locator("#app .setup")).to_be_visible()
    assert page.locator("#app h1").get_attribute("elementtiming") == "setup-screen"
    seat = page.evaluate(PERSON_NAME_JS)
    name = page.locator(f'#app [data-field="seat-name"][data-seat="{seat}"]')
    name.fill("Åse Ødegård")
    preset(page, "two_dice").click()
    expect(preset(page, "two_dice")).to_have_attribute("aria-pressed", "true")
    expect(preset(page, "classic")).to_have_attribute("aria-pressed", "false")
    # an option that shows another: chips bring their starting stack
    chips = page.locator('#app [data-field="option"][data-name="chips"]')
    stack = page.locator('#app [data-field="option"][data-name="starting_chips"]')
    expect(stack).to_be_hidden()
    chips.check()
    expect(stack).to_be_visible()
    stack.fill("25")
    shoot(page, f"setup-before-python-{lang}")
    assert not_ready(page), "the test must have done all this before Python was ready"

    held.release()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(name).to_have_value("Åse Ødegård")
    expect(preset(page, "two_dice")).to_have_attribute("aria-pressed", "true")
    expect(chips).to_be_checked()
    expect(stack).to_have_value("25")
    # Python holds them: the match starts with them
    page.locator('#app [data-action="start-game"]').click()
    expect(page.locator("main.table")).to_be_visible()
    match = saved_match(page)
    assert match.config.dice == 2
    assert match.config.starting_chips == 25
    names = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('nordic21.game.'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).seats.map(s => s.name))"
    )
    assert "Åse Ødegård" in names[0]


def test_start_tapped_before_python_starts_once_it_is_ready(
    page: Page, site: SiteServer, held: HeldZip
) -> None:
    page.goto(site.url + "?lang=da")
    tile(page, "twentyone").click()
    start = page.locator('#app [data-action="start-game"]')
    start.click()
    expect(start).to_have_attribute("aria-busy", "true")
    expect(page.locator("#boot-status")).to_have_text(
        json.loads(page.locator("#boot-strings").text_content() or "{}")["da"]["boot.setting_up"]
    )
    # the form holds still until Python has started the match
    assert page.evaluate("document.querySelector('#app main').inert") is True
    shoot(page, "setup-start-before-python")
    assert not_ready(page)
    held.release()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(page.locator("main.table")).to_be_visible()
    assert saved_match(page).game.id == "twentyone"


def test_a_remembered_name_is_in_the_prerendered_setup(
    page: Page, site: SiteServer, held: HeldZip
) -> None:
    page.add_init_script("localStorage.setItem('nordic21.names', JSON.stringify(['Kari']))")
    page.goto(site.url + "?lang=nb")
    tile(page, "tjueett").click()
    seat = page.evaluate(PERSON_NAME_JS)
    name = page.locator(f'#app [data-field="seat-name"][data-seat="{seat}"]')
    expect(name).to_have_value("Kari")
    held.release()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(name).to_have_value("Kari")


def test_back_home_before_python_and_another_game(
    page: Page, site: SiteServer, held: HeldZip
) -> None:
    page.goto(site.url + "?lang=sv")
    tile(page, "tjueett").click()
    page.locator('#app [data-action="go-home"]').click()
    tile(page, "tjugoett").click()
    preset(page, "after_all").click()
    held.release()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(page.locator("#app h1")).to_contain_text("Tjugoett")
    expect(preset(page, "after_all")).to_have_attribute("aria-pressed", "true")
