"""Screenshots of the card table for people to look at (a script, not a test).

    python3 scripts/build_site.py --out _site && .venv/bin/python e2e/shots.py

Serves the built site together with preview pages made here from ``web.table`` (the
pages exist only for this script and are never part of ``_site``), opens them in
Chromium at 1024x768, 768x1024 and 390x844, and saves PNGs to ``e2e/artifacts/shots/``:

- ``play-<game>-<size>.png``: the real site, every game at its most seats (one person
  and bots), at the person's first turn; ``moment-<game>-<size>.png``: the banker
  games' first round's end held on the felt (every hand face up) until Continue;

- ``table-<game>-<size>.png``: tables at their most seats (ten banker seats with a
  moment, eight dice seats, seven Twenty One seats with the own hand);
- ``cards-<size>.png``: every rank in every language's corners, backs, dice, chips;
- ``deal-<size>.png``: a deal caught mid-flight (motion.js), with the frame rate of
  the whole deal measured from the animation frames and printed;
- ``home-<size>.png``: the real site's home screen;
- with ``--screens`` (only these, every one at every size): ``first-<game>-<size>.png``
  the default setup's first turn (one person, bots), ``menu-<size>.png`` the bar's
  menu open (a phone's; the bar itself wider), ``long-<game>-<size>.png`` the first
  turn of a person named with 32 W's, ``setup-<game>-<size>.png`` the setup with that
  name, ``over-<size>.png`` a 21 match's end, ``handoff-<size>.png`` the hand-off
  cover, ``rules-<size>.png``, and ``review-<game>-<size>.png`` a finished match's
  review scrolled to its replay, a few steps in.

The preview pages carry the site's own Content-Security-Policy, and the script fails
on any console error or CSP violation, so the table's scripts are checked as shipped.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the packages importable
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402
from e2e.server import SiteServer  # noqa: E402
from pygame_core.cards import make_card, rank, suit  # noqa: E402
from web.i18n import table  # noqa: E402
from web.markup import Markup, fragment, h  # noqa: E402
from web.table import art  # noqa: E402
from web.table.layout import table_layout  # noqa: E402

SITE = ROOT / "_site"
ARTIFACTS = ROOT / "e2e" / "artifacts" / "shots"
SIZES = [(1024, 768), (768, 1024), (390, 844)]
LANGS = ("nb", "sv", "da", "en")
CSP = (
    "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; "
    "style-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'"
)
NAMES = ["Kari", "Ola", "Bot Berit", "Nils", "Åse", "Bot Per", "Ingrid", "Sven", "Mette", "Jon"]
#: True once motion.js and sound.js have run (a function: the CSP forbids eval).
LOADED = "() => window.nordic21Motion && window.nordic21Sound"
#: Room the play screen keeps for its header and controls above and below the table.
CHROME = 120


def page_html(title: str, body: Markup, extra_script: str | None = None) -> str:
    scripts = ["../web/table/motion.js", "../web/table/sound.js"]
    if extra_script:
        scripts.append(extra_script)
    return (
        "<!doctype html><html lang='nb'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        f"<title>{title}</title>"
        "<link rel='icon' href='../web/icons/icon.svg' type='image/svg+xml'>"
        "<link rel='stylesheet' href='../web/style.css'>"
        "<link rel='stylesheet' href='../web/table/table.css'>"
        "<link rel='stylesheet' href='preview.css'>"
        + "".join(f"<script type='module' src='{s}'></script>" for s in scripts)
        + f"</head><body>{body}</body></html>"
    )


PREVIEW_CSS = """
body { margin: 0; overflow: hidden; }
.bar { height: 56px; display: flex; align-items: center; gap: 1rem; padding: 0 1rem;
       color: #fff; font: 600 1rem system-ui, sans-serif; background: #0b2a1e; }
.gallery { display: flex; flex-wrap: wrap; gap: 6px; padding: 8px; align-items: flex-end; }
.gallery h2 { width: 100%; margin: 4px 0 0; color: #fff; font: 600 .9rem system-ui; }
body.scroll { overflow: auto; }
"""

#: The deal demo: swap in the next state, let motion.js animate it, count frames.
PREVIEW_JS = """
const states = [...document.querySelectorAll("template[data-state]")];
let next = 0;
function show() {
  const target = document.querySelector("[data-stage]");
  window.nordic21Motion.capture();
  target.replaceChildren(states[next].content.cloneNode(true));
  next = (next + 1) % states.length;
  return window.nordic21Motion.play({ leave: { "s*": "deck" } });
}
window.preview = {
  show,
  async measure() {
    const frames = [];
    let going = true;
    const tick = (t) => { frames.push(t); if (going) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const summary = show();
    await new Promise((r) => setTimeout(r, 30));
    const started = window.nordic21Motion.running();
    await window.nordic21Motion.settled();
    going = false;
    const span = frames[frames.length - 1] - frames[0];
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    const worst = Math.max(...gaps);
    const sorted = [...gaps].sort((a, b) => a - b);
    return { summary, started, frames: frames.length, ms: span,
             fps: (frames.length - 1) / (span / 1000), worstGapMs: worst,
             worstGapAtMs: frames[gaps.indexOf(worst)] - frames[0],
             medianGapMs: sorted[Math.floor(sorted.length / 2)],
             over20ms: gaps.filter((g) => g > 20).length };
  },
};
show();
"""


def card_name(card: int, lang: str) -> str:
    """A card's accessible name as the app says it (``card.name`` of the locale)."""
    strings = table(lang)
    return strings["card.name"].format(
        rank=strings[f"card.rank.{rank(card)}"], suit=strings[f"card.suit.{suit(card)}"]
    )


def bar(text: str) -> Markup:
    return h("div", {"class": "bar"}, text)


def banker_table(width: int, height: int) -> Markup:
    """Tjueett at ten seats: the banker at the top, the own hand below, a 21 moment."""
    layout = table_layout(width, height - CHROME, 10, 0, 3)
    seats = []
    for i, name in enumerate(NAMES):
        if i == 0:
            seats.append(art.Seat(name, chips=8, cards=(None, None, None), active=True))
        elif i == 5:
            seats.append(
                art.Seat(
                    name + " (bank)",
                    chips=31,
                    cards=(make_card(13, 1), make_card(8, 3), make_card(14, 0)),
                    note="21",
                    mark="won",
                )
            )
        elif i % 3 == 1:
            seats.append(
                art.Seat(
                    name,
                    chips=i,
                    cards=(make_card(10, 2), make_card(7, 0), make_card(6, 1)),
                    note="Over 21",
                    mark="bust",
                )
            )
        else:
            seats.append(art.Seat(name, chips=10 - i, cards=(None, make_card(2 + i, i % 4))))
    assert layout.hand is not None
    hand_cards = [make_card(12, 1), make_card(5, 0), make_card(4, 2)]
    return fragment(
        bar("Tjueett · 10"),
        h(
            "div",
            {"class": "n21-table"},
            art.scene(layout, seats, "nb", "Bordet", pot=12, deck=30, moment=("twentyone", "21!")),
            art.hand(
                hand_cards,
                layout.hand,
                "nb",
                [card_name(c, "nb") for c in hand_cards],
                action="play",
                playable=frozenset(hand_cards),
            ),
        ),
    )


def dice_table(width: int, height: int) -> Markup:
    """41 at eight seats: six set-aside dice at some seats, the active seat throwing."""
    layout = table_layout(width, height - CHROME, 8, 2)
    seats = [
        art.Seat(
            name,
            chips=5 + i,
            dice=(4, 1, 6, 6, 5, 3)[: (i * 2) % 7] or (2, 5, 6),
            active=i == 2,
            note="18" if i % 2 else "",
        )
        for i, name in enumerate(NAMES[:8])
    ]
    return fragment(
        bar("41 · 8"),
        h("div", {"class": "n21-table"}, art.scene(layout, seats, "nb", "Bordet", pot=8)),
    )


def trick_table(width: int, height: int) -> Markup:
    """Twenty One at seven seats: a trick in the middle, discard pile, seven cards in hand."""
    layout = table_layout(width, height - CHROME, 7, 0, 7, trick=True)
    seats = [
        art.Seat(name, cards=(None,) * (7 - (i % 3)), note=f"{i * 3} p", active=i == 0)
        for i, name in enumerate(NAMES[:7])
    ]
    hand_cards = [
        make_card(r, s) for r, s in [(14, 0), (13, 1), (11, 2), (10, 3), (9, 1), (3, 0), (2, 2)]
    ]
    assert layout.hand is not None
    return fragment(
        bar("Twenty One · 7"),
        h(
            "div",
            {"class": "n21-table"},
            art.scene(
                layout,
                seats,
                "da",
                "Bordet",
                deck=14,
                discard=make_card(5, 2),
                centre=[("trick-3", make_card(12, 3)), ("trick-4", make_card(7, 3))],
            ),
            art.hand(
                hand_cards,
                layout.hand,
                "da",
                [card_name(c, "da") for c in hand_cards],
                action="play",
                playable=frozenset(hand_cards[:3]),
            ),
        ),
    )


def gallery(width: int) -> Markup:
    w = 72 if width > 500 else 52
    rows: list[Markup | list[Markup]] = []
    for lang in LANGS:
        rows.append(h("h2", None, lang))
        rows.append(
            [
                art.card_face(make_card(r, s), lang, w)
                for r, s in [(11, 1), (12, 0), (13, 2), (14, 3)]
            ]
        )
    rows.append(h("h2", None, "2-10"))
    rows.append([art.card_face(make_card(r, r % 4), "en", w) for r in range(2, 11)])
    rows.append(h("h2", None, "back, dice, chips"))
    rows.append(art.card_back(w))
    rows.append([art.die(v, w * 0.7) for v in range(1, 7)])
    rows.append(
        h(
            "svg",
            {"viewBox": f"0 0 {w * 4} {w * 1.6}", "width": w * 4, "height": w * 1.6},
            [art.chip_stack(n, w * 0.8, f"c{n}", k * w, 0) for k, n in enumerate((0, 1, 5, 40))],
        )
    )
    return fragment(bar("Cards"), h("div", {"class": "gallery"}, rows))


def deal_states(width: int, height: int) -> Markup:
    """Two states of a five-seat table: before and after a deal of two cards each."""
    layout = table_layout(width, height - CHROME, 5, 0, 2)
    assert layout.hand is not None
    empty = [art.Seat(n, chips=10) for n in NAMES[:5]]
    dealt = [
        art.Seat(n, chips=9, cards=(None, make_card(3 + i * 2, i % 4)), active=i == 1)
        for i, n in enumerate(NAMES[:5])
    ]
    before = art.scene(layout, empty, "nb", "Bordet", pot=0, deck=52)
    own = [make_card(14, 1), make_card(9, 0)]
    after = fragment(
        art.scene(layout, dealt, "nb", "Bordet", pot=5, deck=42),
        art.hand(own, layout.hand, "nb", [card_name(c, "nb") for c in own]),
    )
    return fragment(
        bar("Deal"),
        h("div", {"class": "n21-table", "data-stage": "1"}),
        h("template", {"data-state": "0"}, before),
        h("template", {"data-state": "1"}, after),
    )


def write_previews(root: Path, width: int, height: int) -> dict[str, str]:
    """The preview pages for one size; returns {name: relative URL}."""
    folder = root / "preview"
    folder.mkdir(exist_ok=True)
    (folder / "preview.css").write_text(PREVIEW_CSS, "utf-8")
    (folder / "preview.js").write_text(PREVIEW_JS, "utf-8")
    pages = {
        "table-tjueett": page_html("Tjueett", banker_table(width, height)),
        "table-dice41": page_html("41", dice_table(width, height)),
        "table-twentyone": page_html("Twenty One", trick_table(width, height)),
        "cards": page_html("Cards", gallery(width)),
        "deal": page_html("Deal", deal_states(width, height), "preview.js"),
    }
    urls = {}
    for name, html in pages.items():
        file = f"{name}-{width}x{height}.html"
        (folder / file).write_text(html, "utf-8")
        urls[name] = f"preview/{file}"
    return urls


def guard(page: Page, problems: list[str]) -> None:
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        "e => console.error('CSP ' + e.violatedDirective + ' ' + e.blockedURI));"
    )


#: Each game by its tile's name, with its most seats (play-<id>-<size>.png).
PLAY_GAMES = (
    ("dice21", "21", 8),
    ("dice41", "41", 8),
    ("tjueett", "Tjueett", 10),
    ("tjugoett", "Tjugoett", 10),
    ("twentyone", "Twenty One", 7),
)
#: Holds every animation of the page at ``ms`` into its run (a deal mid-flight).
HOLD_MID_FLIGHT = """ms => document.getAnimations()
  .forEach(a => { a.pause(); a.currentTime = ms; })"""


#: A person's turn on the real site (a move button or a card to pick is enabled).
HUMAN_TURN = """() => document.querySelector('[data-action="act"]:not([disabled])') ||
    document.querySelector('.card-button:not([disabled])')"""


def play_shots(browser: Any, server: SiteServer, problems: list[str]) -> None:
    """The real site's play screens, one person and bots at the most seats, at every size:
    the first turn of the person, after the bots before them have moved."""
    from e2e.helpers import button, open_setup, set_seats

    for game_id, tile, most in PLAY_GAMES:
        width, height = SIZES[0]
        context = browser.new_context(
            viewport={"width": width, "height": height}, service_workers="block"
        )
        page = context.new_page()
        guard(page, problems)
        open_setup(page, server.url, tile)
        set_seats(page, [("Ann", "human")] + [(f"Bot {n}", "medium") for n in range(2, most + 1)])
        button(page, "Start").click()
        page.wait_for_function(HUMAN_TURN, timeout=120_000)
        every_size(page, f"play-{game_id}", problems)
        if game_id in ("tjueett", "tjugoett"):
            for _ in range(80):
                page.wait_for_function(HUMAN_TURN_OR_MOMENT, timeout=120_000)
                if page.locator('[data-action="moment-seen"]').count():
                    break
                banker_move(page)
            every_size(page, f"moment-{game_id}", problems)
        context.close()


#: The plain banker moves (the core's action types), in order of preference: the
#: smallest stake or bet, stand when allowed, else draw.
BANKER_MOVES = ("Stake", "Bet", "Stand", "Draw")


def banker_move(page: Page) -> None:
    """Make the first of :data:`BANKER_MOVES` that is allowed, and wait for the page."""
    from e2e.helpers import move_css, tap

    for kind in BANKER_MOVES:
        target = page.locator(move_css(kind))
        if target.count():
            tap(page, target.first)
            return
    raise AssertionError("no banker move on screen")


HUMAN_TURN_OR_MOMENT = """() => document.querySelector('[data-action="moment-seen"]') ||
    document.querySelector('[data-action="act"]:not([disabled])')"""


def every_size(page: Page, name: str, problems: list[str]) -> None:
    """The screen as it is, at each size; a problem noted where it needs scrolling or
    its felt's text is under 12 CSS px."""
    from e2e.helpers import resize, settle

    for width, height in SIZES:
        resize(page, width, height)  # laid out again for the size (the page says so)
        settle(page)  # and nothing moves any more
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}x{height}.png"))
        over = page.evaluate(
            "document.documentElement.scrollHeight > innerHeight + 1"
            " || document.documentElement.scrollWidth > innerWidth + 1"
        )
        if over:
            problems.append(f"{name} at {width}x{height} needs scrolling")
        smallest = page.evaluate(SMALLEST_TEXT)
        if smallest is not None and smallest < 11.9:
            problems.append(f"{name} at {width}x{height}: felt text of {smallest:.1f} px")


#: The smallest font size on the felt in CSS px (its size times the scene's scale).
SMALLEST_TEXT = """() => { const svg = document.querySelector('.n21-scene');
  if (!svg) return null;
  const vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
  const scale = Math.min(r.width / vb.width, r.height / vb.height);
  const sizes = [...svg.querySelectorAll('.seat text')].filter(t => t.closest('svg') === svg)
    .map(t => parseFloat(t.getAttribute('font-size')) * scale);
  return sizes.length ? Math.min(...sizes) : null; }"""


#: The person's first turn, a move or a card to pick (TURN plus a moment to pass).
FIRST_TURN = """() => document.querySelector('[data-action="moment-seen"]') ||
    document.querySelector('[data-action="act"]:not([disabled])') ||
    document.querySelector('[data-action="toggle-card"]:not([disabled])')"""
LONG = "W" * 32


def first_turn(page: Page, server: SiteServer, tile: str, name: str | None = None) -> None:
    """The game's default setup (its person renamed ``name``) started, at the first turn."""
    from e2e.helpers import open_setup, patches, wait_patched

    open_setup(page, server.url, tile)
    if name is not None:
        rows = page.locator(".seat-row")
        for i in range(rows.count()):
            if rows.nth(i).get_by_role("combobox").input_value() == "human":
                before = patches(page)
                rows.nth(i).get_by_role("textbox").fill(name)
                rows.nth(i).get_by_role("textbox").press("Tab")
                wait_patched(page, before)
    page.locator(".setup-actions .button.primary").click()
    while True:
        page.wait_for_function(FIRST_TURN, timeout=120_000)
        moment = page.locator('[data-action="moment-seen"]')
        if not moment.count():
            return
        moment.click()


def screen_shots(browser: Any, server: SiteServer, problems: list[str]) -> None:
    """Every screen the phone work changed (see the module docstring), at every size."""
    from e2e.helpers import (
        button,
        finished_match,
        open_setup,
        patches,
        resize,
        set_seats,
        settle,
        tap,
        wait_patched,
    )

    def fresh(size: tuple[int, int] = SIZES[0], init: str | None = None) -> tuple[Any, Page]:
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, service_workers="block"
        )
        if init:
            context.add_init_script(init)
        page = context.new_page()
        guard(page, problems)
        return context, page

    for game_id, tile, _ in PLAY_GAMES:
        for name, shot in ((None, "first"), (LONG, "long")):
            context, page = fresh()
            first_turn(page, server, tile, name)
            every_size(page, f"{shot}-{game_id}", problems)
            if shot == "first" and game_id == "dice21":
                for width, height in SIZES:
                    resize(page, width, height)
                    menu = page.locator(".bar-menu > summary")
                    if menu.count():
                        menu.click()
                        page.wait_for_selector(".bar-menu[open]")
                    page.screenshot(path=str(ARTIFACTS / f"menu-{width}x{height}.png"))
                    if menu.count():
                        menu.click()
            context.close()
        context, page = fresh()
        open_setup(page, server.url, tile)
        row = page.locator(".seat-row").first
        before = patches(page)
        row.get_by_role("textbox").fill(LONG)
        row.get_by_role("textbox").press("Tab")
        wait_patched(page, before)
        for width, height in SIZES:
            resize(page, width, height)
            page.screenshot(path=str(ARTIFACTS / f"setup-{game_id}-{width}x{height}.png"))
        if game_id == "dice21":
            button(page, "Rules").click()
            page.wait_for_selector(".rules-text")
            for width, height in SIZES:
                resize(page, width, height)
                page.screenshot(path=str(ARTIFACTS / f"rules-{width}x{height}.png"))
        context.close()

    # a 21 match's end: roll once, stop
    context, page = fresh()
    open_setup(page, server.url, "21")
    button(page, "Start").click()
    while True:
        page.wait_for_function(
            """() => document.querySelector('.match-over') ||
                document.querySelector('[data-action="moment-seen"]') ||
                document.querySelector('[data-action="act"]:not([disabled])')""",
            timeout=120_000,
        )
        if page.locator(".match-over").count():
            break
        if page.locator('[data-action="moment-seen"]').count():
            page.locator('[data-action="moment-seen"]').click()
            continue
        stop = page.locator('[data-action="act"][data-move*="Stop"]:not([disabled])')
        tap(page, stop if stop.count() else button(page, "Roll"))
    every_size(page, "over", problems)
    context.close()

    # pass-and-play: the hand-off cover
    context, page = fresh()
    open_setup(page, server.url, "Tjueett")
    set_seats(page, [("Ann", "human"), ("Bo", "human")])
    button(page, "Start").click()
    page.wait_for_selector('[data-action="show-cards"]', timeout=60_000)
    every_size(page, "handoff", problems)
    context.close()

    # the review of a finished match, scrolled to its replay
    for game_id in ("dice21", "tjueett", "twentyone"):
        saved_id, key, entry = finished_match(game_id)
        init = (
            f"try {{ localStorage.setItem({json.dumps(key)}, {json.dumps(entry)}) }} catch (e) {{}}"
        )
        context, page = fresh(init=init)
        page.goto(f"{server.url}?lang=en#/review/{saved_id}")
        page.wait_for_selector(".replay-frame", timeout=60_000)
        page.wait_for_function("() => !document.querySelector('.review-progress')")
        for _ in range(2):
            forward = button(page, "Forward")
            if forward.is_enabled():
                tap(page, forward)
        for width, height in SIZES:
            resize(page, width, height)
            page.locator(".replay").evaluate("el => el.scrollIntoView({block: 'start'})")
            settle(page)
            page.screenshot(path=str(ARTIFACTS / f"review-{game_id}-{width}x{height}.png"))
            if page.evaluate("document.documentElement.scrollWidth > innerWidth + 1"):
                problems.append(f"review-{game_id} at {width}x{height} scrolls sideways")
        context.close()


def main() -> int:
    from e2e.helpers import settle

    if not (SITE / "index.html").is_file():
        print("build the site first: python3 scripts/build_site.py --out _site", file=sys.stderr)
        return 2
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="nordic21-shots-") as tmp:
        root = Path(tmp)
        for entry in SITE.iterdir():
            (root / entry.name).symlink_to(entry)
        server = SiteServer(root).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=system_chromium(), args=CHROMIUM_ARGS)
                if "--screens" in sys.argv:
                    screen_shots(browser, server, problems)
                else:
                    play_shots(browser, server, problems)
                only = "--play-only" in sys.argv or "--screens" in sys.argv
                for width, height in SIZES if not only else ():
                    urls = write_previews(root, width, height)
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, service_workers="block"
                    )
                    page = context.new_page()
                    guard(page, problems)
                    size = f"{width}x{height}"
                    for name, url in urls.items():
                        page.goto(server.url + url)
                        page.wait_for_function(
                            "() => window.nordic21Motion && window.nordic21Sound"
                        )
                        if name == "deal":
                            page.evaluate("window.preview.show()")
                            # caught mid-flight: every animation held 250 ms into its run
                            page.evaluate(HOLD_MID_FLIGHT, 250)
                            page.screenshot(path=str(ARTIFACTS / f"deal-{size}.png"))
                            page.evaluate("() => document.getAnimations().forEach(a => a.play())")
                            page.evaluate("window.nordic21Motion.settled()")
                            page.evaluate("window.preview.show()")  # back to the empty table
                            result = page.evaluate("window.preview.measure()")
                            print(f"deal at {size}: {json.dumps(result)}")
                            page.screenshot(path=str(ARTIFACTS / f"dealt-{size}.png"))
                            continue
                        settle(page)  # the pieces (and the tjueett's 21!) at rest
                        full = name == "cards"
                        page.screenshot(path=str(ARTIFACTS / f"{name}-{size}.png"), full_page=full)
                        over = page.evaluate(
                            "document.documentElement.scrollHeight > innerHeight"
                            " || document.documentElement.scrollWidth > innerWidth"
                        )
                        if over and not full:
                            problems.append(f"{name} at {size} needs scrolling")
                    page.goto(server.url)
                    page.wait_for_selector("html[data-ready='1']", timeout=60000)
                    page.screenshot(path=str(ARTIFACTS / f"home-{size}.png"))
                    context.close()
                browser.close()
        finally:
            server.stop()
    for problem in problems:
        print("PROBLEM:", problem, file=sys.stderr)
    print(f"screenshots in {ARTIFACTS}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
