"""Steps the browser tests share: open a game's setup, fill seats, play by clicking.

The tests wait for what the page says, never for time: ``<html data-patched="N">``
counts the patches of the screen (:func:`tap`, :func:`press`, :func:`resize` wait for
the next one), and :func:`settle` waits until the felt's pieces stop moving. A move
button carries the core's action codec (``data-move='{"type":"Bet","amount":3}'``):
:func:`move_css` is the one place that spells it.
"""

from __future__ import annotations

import json

from playwright.sync_api import Locator, Page, expect

from e2e.conftest import open_app
from pygame_core.review import Match, load_match

#: Generous: a whole match of bots moving at the fast speed.
MATCH_TIMEOUT_MS = 180_000
#: A patch after a tap or a resize (a busy machine's Python render included).
PATCH_TIMEOUT_MS = 30_000
#: The page's patch counter.
PATCHES_JS = "() => Number(document.documentElement.dataset.patched || 0)"
#: True once no animation of the page is running (motion.js's FLIPs, CSS fades).
SETTLED_JS = """() => document.getAnimations().every(a => a.playState !== 'running'
    || a.effect?.getComputedTiming().iterations === Infinity)"""
#: Resolves once no animation of the page is running, by their play state each frame
#: (as :data:`SETTLED_JS`), not by their ``finished`` promises: Chromium never settles
#: the promise of a transition hidden mid-way by a closed <details> (a menu item's
#: press, the menu closing on it), though its play state says it has finished.
AT_REST_JS = """async () => {
  const moving = () => document.getAnimations().some(a => a.playState === 'running'
    && a.effect?.getComputedTiming().iterations !== Infinity);
  while (moving()) await new Promise(r => requestAnimationFrame(r));
}"""


def move_css(kind: str, *, enabled: bool = True, **fields: object) -> str:
    """The CSS selector of the move buttons of the core's action ``kind`` (its type
    name in ``Game.action_to_dict``: "Roll", "Keep", "Stake" ...). With ``fields``
    (in the action's field order), that one action exactly, as the codec writes it
    (``move_css("Keep", value=4)``); without, every action of that type, whatever its
    fields (``move_css("Bet")`` matches ``{"type":"Bet","amount":3}``). Only enabled
    buttons unless ``enabled=False``."""
    state = ":not([disabled])" if enabled else ""
    if fields:
        code = json.dumps({"type": kind, **fields}, separators=(",", ":"))
        return f"[data-action=\"act\"][data-move='{code}']{state}"
    bare = json.dumps({"type": kind}, separators=(",", ":"))
    return ", ".join(
        (
            f"[data-action=\"act\"][data-move='{bare}']{state}",
            f"[data-action=\"act\"][data-move^='{bare[:-1]},']{state}",
        )
    )


def patches(page: Page) -> int:
    """How many times the page has patched its screen so far."""
    return int(page.evaluate(PATCHES_JS))


def wait_patched(page: Page, before: int, timeout: float = PATCH_TIMEOUT_MS) -> None:
    """Wait until the page has patched its screen since it had made ``before`` patches."""
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.patched || 0) > n",
        arg=before,
        timeout=timeout,
    )


def tap(page: Page, target: Locator | str) -> None:
    """Click ``target`` (a locator or a CSS selector) and wait for the page's answer: a
    patch (every click on a ``data-action`` control redraws the screen)."""
    before = patches(page)
    (page.locator(target).first if isinstance(target, str) else target).click()
    wait_patched(page, before)


def press(page: Page, key: str) -> None:
    """Press ``key`` on the focused control and wait for the page's answer (a patch)."""
    before = patches(page)
    page.keyboard.press(key)
    wait_patched(page, before)


def settle(page: Page, timeout: float = PATCH_TIMEOUT_MS) -> None:
    """Wait until nothing on the page moves (the felt's pieces are in their places)."""
    page.wait_for_function(SETTLED_JS, timeout=timeout)


def resize(page: Page, width: int, height: int) -> None:
    """Set the window's size; on a play screen wait until the felt is laid out again
    for it (the page patches once a burst of resize events is over) and its pieces
    have slid to their new places."""
    if page.viewport_size == {"width": width, "height": height}:
        return
    # the play screen, the review and a practice moment lay their table out again (one
    # patch); the others only reflow
    playing = any(f"#/{screen}/" in page.url for screen in ("play", "review", "practise"))
    before = patches(page)
    page.set_viewport_size({"width": width, "height": height})
    if playing:
        wait_patched(page, before)
    settle(page)


def button(page: Page, name: str):  # type: ignore[no-untyped-def]
    """The button with exactly this accessible name."""
    return page.get_by_role("button", name=name, exact=True)


def open_setup(page: Page, url: str, game: str, query: str = "?lang=en") -> None:
    """Load the app with the bots at full speed and open ``game``'s setup."""
    page.add_init_script("try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}")
    open_app(page, url, query)
    button(page, game).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(game)


def set_seats(page: Page, seats: list[tuple[str, str]]) -> None:
    """Seats as (name, kind) with kind one of human, easy, medium, expert."""
    rows = page.locator(".seat-row")
    while rows.count() < len(seats):
        button(page, "Add a player").click()
    while rows.count() > len(seats):
        rows.last.get_by_role("button", name="Remove").click()
    for index, (name, kind) in enumerate(seats):
        row = page.locator(".seat-row").nth(index)
        row.get_by_role("textbox").fill(name)
        row.get_by_role("combobox").select_option(kind)
    expect(page.locator(".seat-row")).to_have_count(len(seats))


def choose(page: Page, label: str) -> None:
    """Press a choice button (preset or option) by its visible label."""
    page.get_by_role("button", name=label).first.click()


#: A person's move on the table: an enabled move button, or a card to pick (Twenty One).
TURN_MOVES = '[data-action="act"]:not([disabled]), .card-button:not([disabled])'
#: The first of ``[state, selector]`` pairs whose selector the page shows, else false.
SHOWS_JS = """(marks) => {
  for (const [state, selector] of marks) if (document.querySelector(selector)) return state;
  return false;
}"""


def wait_turn(
    page: Page,
    *,
    through_moments: bool = False,
    turn: str = TURN_MOVES,
    timeout: float = MATCH_TIMEOUT_MS,
    play_on: bool = True,
) -> str:
    """Wait until the table waits for a person, as the page shows it, and say how:
    "over" (the match's end), "cover" (the pass-and-play hand-off screen), "moment" (a
    round's end held on the felt until Continue), "turn" (what ``turn`` selects: a
    move, or a card to pick) or, with ``play_on`` false, "hold" (the bots wait for the
    person to take their move back or play on). ``through_moments``: tap Continue on
    every moment on the way (never "moment"); ``play_on``: tap "Play on" whenever the
    bots wait for it (never "hold"), as a person who keeps their move does."""
    marks = [
        ["over", ".match-over"],
        ["cover", '[data-action="show-cards"]'],
        ["moment", '[data-action="moment-seen"]'],
        ["hold", '[data-action="play-on"]'],
        ["turn", turn],
    ]
    while True:
        state = str(page.wait_for_function(SHOWS_JS, arg=marks, timeout=timeout).json_value())
        if state == "hold" and play_on:
            tap(page, '[data-action="play-on"]')
            continue
        if state != "moment" or not through_moments:
            return state
        tap(page, '[data-action="moment-seen"]')


def total_on_screen(page: Page) -> int:
    """The running total of the player to act (21)."""
    return int(page.locator(".total-value").inner_text())


def finished_match(
    game_id: str, names: tuple[str, ...] = ("Ann", "Bot 2"), seed: int = 7
) -> tuple[str, str, str]:
    """A short finished match of ``game_id`` (its first preset at the fewest rounds,
    the first name a person at the game's seat for a newcomer, the others medium bots;
    the bots choose the person's moves too), as the site keeps it in its history:
    ``(id, storage key, entry's JSON)``. Stored before the app starts (an init
    script), ``#/review/<id>`` opens its review."""
    from pygame_core import get_game
    from web.games import get_ui
    from web.saves import SaveInfo, history_data, summarize
    from web.saves.formats import dump
    from web.seats import Seat
    from web.session import GameSession, bot_seed

    game = get_game(game_id)
    players = max(game.min_players, min(len(names), game.max_players))
    values = game.config_to_dict(game.preset(next(iter(game.presets)), players))
    if "rounds" in values and isinstance(values["rounds"], int):
        values["rounds"] = 1
    config = game.config(**values)
    bots = [Seat(n, "medium") for n in names[1:players]]
    bots += [Seat(f"Bot {n}", "medium") for n in range(len(bots) + 2, players + 1)]
    at = min(get_ui(game_id).person_seat, len(bots))
    seats = [*bots[:at], Seat(names[0], "human"), *bots[at:]]
    session = GameSession.start(game_id, config, seats, seed)
    bot = game.make_bot("medium")
    while (seat := session.current) is not None:
        step = len(session.state.history)
        session.act(bot.choose(session.view(seat), session.legal(), bot_seed(seed, step)))
    saved_id = f"test-{game_id}-{seed}"
    info = SaveInfo(saved_id, summarize(session), len(session.state.history), 0, 0)
    return saved_id, f"nordic21.history.{saved_id}", dump(history_data(info, session))


def quiet(page: Page, timeout: float = PATCH_TIMEOUT_MS) -> None:
    """Wait until the app has nothing scheduled to run by itself (no bot's move, no
    moment going on by itself: ``<html data-later="0">``) and the pieces lie still:
    from then on nothing on the page changes unless someone taps."""
    page.wait_for_function(
        "() => (document.documentElement.dataset.later || '0') === '0'", timeout=timeout
    )
    settle(page, timeout)


def bar_button(page: Page, name: str):  # type: ignore[no-untyped-def]
    """A button of the bar by its name; on a phone, where the bar keeps its actions
    behind "Menu", the menu opened first."""
    target = button(page, name)
    menu = page.locator(".topbar details.bar-menu")
    if menu.count() and not target.is_visible() and menu.get_attribute("open") is None:
        menu.locator("> summary").click()
    return target


def saved_match(page: Page) -> Match:
    """The match on the table, read back through the core from the page's own save: in
    progress (``game.*``) or, once the rules have ended it, in the history."""
    raw = page.evaluate(
        "() => Object.keys(localStorage).filter(k => /^nordic21[.](game|history)[.]/.test(k))"
        ".map(k => localStorage.getItem(k))"
    )
    assert len(raw) == 1, raw
    return load_match(json.loads(raw[0])["game"])
