"""Screenshots of the review screen for people to look at (a script, not a test).

    python3 scripts/build_site.py --out _site && .venv/bin/python e2e/review_shots.py

Puts a finished match of each game below in the built site's history (the app's own
``history.<id>`` entry: Ann, a person who plays like the easy bot, against medium
bots), opens ``#/review/<id>`` in Chromium at 1024x768, 768x1024 and 390x844 in
English and Norwegian, waits until every summary is shown and saves the whole page as
``e2e/artifacts/review-shots/review-<game>-<lang>-<size>.png``, with a shot of the
top of the first person's panel (``...-head.png``: the summary and the chart) and of
that panel with its disclosures open (``...-head-open.png``, ``...-open.png``).

``--games dice21,twentyone`` and ``--langs en`` pick fewer.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the packages importable
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402
from e2e.server import SiteServer  # noqa: E402

SITE = ROOT / "_site"
ARTIFACTS = ROOT / "e2e" / "artifacts" / "review-shots"
SIZES = [(1024, 768), (768, 1024), (390, 844)]
LANGS = ("en", "nb")
#: Each game's match: its preset and the options changed from it.
MATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "dice21": ("classic", {"match": "rounds", "rounds": 6, "chips": True}),
    "dice41": ("family", {}),
    "tjueett": ("fixed_bank", {"rounds": 5}),
    "twentyone": ("classic", {}),
}
STORE = """
(([key, entry]) => { try { localStorage.setItem(key, entry); } catch (e) {} })(%s);
"""
READY = """() => !document.querySelector('.review-progress') &&
    document.querySelectorAll('.review .person .review-summary').length > 0"""


def entry(game_id: str, seed: int = 7) -> tuple[str, str]:
    """The history key and entry of a finished match of ``game_id``."""
    from pygame_core import get_game
    from web.saves import SaveInfo, history_data, summarize
    from web.saves.formats import dump
    from web.seats import Seat
    from web.session import GameSession

    game = get_game(game_id)
    preset, options = MATCHES[game_id]
    if preset not in game.presets:
        preset = next(iter(game.presets))
    config = game.preset(preset, 3)
    values = {**game.config_to_dict(config), **options}
    config = game.config(**values)
    seats = (Seat("Ann", "human"), Seat("Bo", "medium"), Seat("Cy", "medium"))
    bots = [game.make_bot(level) for level in ("easy", "medium", "medium")]
    session = GameSession.start(game_id, config, seats, seed)
    while (seat := session.current) is not None:
        view = session.view(seat)
        step = len(session.state.history)
        session.act(bots[seat].choose(view, session.legal(), seed * 7919 + step))
    saved_id = f"shots-{game_id}"
    info = SaveInfo(saved_id, summarize(session), len(session.state.history), 0, 0)
    return "nordic21.history." + saved_id, dump(history_data(info, session))


def shoot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def head(page: Page, person: Any, name: str) -> None:
    """The top of a person's panel, to its first moment: the summary and the chart."""
    scrolled = page.evaluate("scrollY")
    top = person.bounding_box()
    moment = person.locator(".moment").first
    end = moment.bounding_box() if moment.count() else None
    if top is None:
        return
    bottom = (end["y"] + 120) if end is not None else top["y"] + top["height"]
    page.screenshot(
        path=str(ARTIFACTS / f"{name}.png"),
        full_page=True,
        clip={
            "x": top["x"],
            "y": top["y"] + scrolled,
            "width": top["width"],
            "height": bottom - top["y"],
        },
    )


def main() -> int:
    if not (SITE / "index.html").is_file():
        print("build the site first: python3 scripts/build_site.py --out _site", file=sys.stderr)
        return 2
    args = sys.argv[1:]
    games = list(MATCHES)
    langs = list(LANGS)
    for flag, chosen in (("--games", games), ("--langs", langs)):
        if flag in args:
            chosen[:] = args[args.index(flag) + 1].split(",")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    server = SiteServer(SITE).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=system_chromium(), args=CHROMIUM_ARGS)
            for game_id in games:
                key, data = entry(game_id)
                for width, height in SIZES:
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, service_workers="block"
                    )
                    context.add_init_script(STORE % json.dumps([key, data]))
                    page = context.new_page()
                    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
                    page.on(
                        "console",
                        lambda m: (
                            problems.append(f"console: {m.text}") if m.type == "error" else None
                        ),
                    )
                    for lang in langs:
                        saved = key.removeprefix("nordic21.history.")
                        page.goto(f"{server.url}?lang={lang}#/review/{saved}")
                        page.wait_for_selector("html[data-ready='1']", timeout=90_000)
                        page.wait_for_function(READY, timeout=180_000)
                        name = f"review-{game_id}-{lang}-{width}x{height}"
                        shoot(page, name)
                        person = page.locator(".review .person").first
                        head(page, person, f"{name}-head")
                        for details in person.locator("details").all():
                            details.locator("summary").click()
                        head(page, person, f"{name}-head-open")
                        person.scroll_into_view_if_needed()
                        person.screenshot(path=str(ARTIFACTS / f"{name}-open.png"))
                        wide = page.evaluate("document.documentElement.scrollWidth > innerWidth")
                        if wide:
                            problems.append(f"{name} scrolls sideways")
                    context.close()
            browser.close()
    finally:
        server.stop()
    for problem in problems:
        print("PROBLEM:", problem, file=sys.stderr)
    print(f"screenshots in {ARTIFACTS}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
