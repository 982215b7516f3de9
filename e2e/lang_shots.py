"""Screenshots of every game in every language, for people to look at (a script, not a test).

    python3 scripts/build_site.py --out _site && .venv/bin/python e2e/lang_shots.py

For nb, sv, da and en, at 1024x768, 768x1024 and 390x844, every game's default setup
(one person, bots) is started from a fixed seed, and two PNGs are saved to
``e2e/artifacts/shots/lang/``: ``<lang>-<game>-<size>-turn.png`` at the person's first
turn, and ``<lang>-<game>-<size>-moment.png`` at the first moment the table holds (the
person plays the first move offered each turn). Only language-free markers are used
(``data-action``, ``data-moment``), so the same script reads every language.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the packages importable
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402
from e2e.conftest import open_app  # noqa: E402
from e2e.helpers import MATCH_TIMEOUT_MS, settle, tap  # noqa: E402
from e2e.server import SiteServer  # noqa: E402
from pygame_core import game_ids  # noqa: E402

OUT = ROOT / "e2e" / "artifacts" / "shots" / "lang"
LANGS = ("nb", "sv", "da", "en")
SIZES = ((1024, 768), (768, 1024), (390, 844))
#: A person's turn, the hand-off cover, or a held moment.
WAITING = """() => document.querySelector('.match-over') ||
    document.querySelector('[data-moment]') ||
    document.querySelector('[data-action="show-cards"]') ||
    document.querySelector('[data-action="act"]:not([disabled])') ||
    document.querySelector('.card-button:not([disabled])')"""


def first_move(page: Page) -> None:
    """The first move offered (Twenty One: a card first, then the first move button)."""
    cards = page.locator(".card-button:not([disabled])")
    moves = page.locator('[data-action="act"]:not([disabled])')
    if not moves.count() and cards.count():
        tap(page, cards.first)
    tap(page, page.locator('[data-action="act"]:not([disabled])').first)


def shots(page: Page, url: str, lang: str, game: str, size: tuple[int, int]) -> None:
    name = f"{lang}-{game}-{size[0]}x{size[1]}"
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, url, f"?lang={lang}&seed=4")
    # no match in progress from the last shot: the home screen, its tiles
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => /^nordic21[.](game|history)[.]/.test(k))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    open_app(page, url, f"?lang={lang}&seed=4")
    page.locator(f'[data-action="open-game"][data-game="{game}"]').click()
    page.locator('[data-action="start-game"]').click()
    turn_shot = False
    for _ in range(300):
        page.wait_for_function(WAITING, timeout=MATCH_TIMEOUT_MS)
        if page.locator("[data-moment], .match-over").count():
            settle(page)
            page.screenshot(path=str(OUT / f"{name}-moment.png"))
            return
        if page.locator('[data-action="show-cards"]').count():
            tap(page, page.locator('[data-action="show-cards"]'))
            continue
        if not turn_shot:
            settle(page)
            page.screenshot(path=str(OUT / f"{name}-turn.png"))
            turn_shot = True
        first_move(page)
    raise AssertionError(f"{name}: no moment")


def main() -> int:
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        print("build the site first: python3 scripts/build_site.py --out _site", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    server = SiteServer(site).start()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=system_chromium(), args=CHROMIUM_ARGS)
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        # the guided first round already seen, the fast bots
        page.add_init_script(
            "try { localStorage.setItem('nordic21.speed', 'fast');"
            + "".join(f"localStorage.setItem('nordic21.guide.{g}', 'skipped');" for g in game_ids())
            + "} catch (e) {}"
        )
        for lang in LANGS:
            for game in game_ids():
                for size in SIZES:
                    shots(page, server.url, lang, game, size)
                    print(f"{lang} {game} {size[0]}x{size[1]}", flush=True)
        browser.close()
    server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
