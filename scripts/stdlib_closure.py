"""Exercise every code path of the app, to learn which standard-library modules it imports.

Run inside the vendored Pyodide by ``scripts/stdlib_closure.mjs`` (never by CPython: the
answer must be the browser's interpreter's), with the app's packages on ``sys.path``.
It imports every module of ``pygame_core`` and ``web`` (except ``web.main``, which starts
the UI), then does what a player can make the app do: every game x preset x bot level
played by bots with the play screen drawn at every step (every language at the first),
the coach asked at every step, the setup, rules and home screens, the rules pages'
exact figures, saving, loading, exporting and importing, the statistics, a join link's
QR code, and an asyncio sleep (the bots' pause). Whatever it imports lazily is thereby in
``sys.modules`` for the caller to read: a lazy import the trimmed standard library lacks
fails here, in the build and in CI, rather than in a player's browser.
"""

from __future__ import annotations

import asyncio
import importlib
import os
from typing import Any

from doubles import DictStore, FakePage

#: Actions per match, at most: enough to reach every phase (bust, stand, bank, the end)
#: in the short presets; the bots' and rules' code is all imported by the first moves.
MAX_ACTIONS = 400
#: Twenty One's expert searches for ~150 ms a move: a few of its moves import all of it.
SLOW_BOT_ACTIONS = 12


def import_everything() -> list[str]:
    """Import every module of the app's two packages (not the entry point)."""
    names = []
    for package in ("pygame_core", "web"):
        # Walked by hand: pkgutil would add modules the app itself never imports.
        (top,) = importlib.import_module(package).__path__
        base = os.path.dirname(top)
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for file in sorted(files):
                # A start-up module ships as bytecode only (web/app.pyc).
                if file.endswith((".py", ".pyc")):
                    rel = os.path.relpath(os.path.join(folder, file.rsplit(".", 1)[0]), base)
                    name = rel.replace(os.sep, ".").removesuffix(".__init__")
                    if name != "web.main":
                        importlib.import_module(name)
                        names.append(name)
    return names


def review_once(app: Any, session: Any, saved_id: str) -> None:
    """A finished match reviewed (every rating) and every step of its replay drawn."""
    from pygame_core.review import iter_review
    from web.games import get_ui
    from web.reviewing import new_state, replay_frame
    from web.screens.review import render_review

    state = new_state(saved_id, session, get_ui(session.game_id))
    for step in iter_review(state.match, seats=state.people, seed=1):
        state.progress(step)
    for index in range(len(state.match.states)):
        state.frame = index
        render_review(app.tr, state, replay_frame(state))


def play_everything(store: Any) -> int:
    """Every game x preset x bot level, played by bots at the app's own table (drawn
    and coached at every step, every held moment seen), saved and reloaded, reviewed.
    Returns how many actions were played."""
    from pygame_core import BOT_LEVELS, get_game
    from pygame_core.registry import game_ids
    from web.app import App
    from web.i18n import LANGUAGES, Translator
    from web.seats import Seat
    from web.session import GameSession

    app = App(store, "en", FakePage(seed=1))
    play = app.play
    play.coach = True
    translators = [Translator(lang) for lang in LANGUAGES]
    played = 0
    for game_id in game_ids():
        game = get_game(game_id)
        for preset in game.presets:
            for level in BOT_LEVELS:
                players = min(max(game.min_players, 3), game.max_players)
                config = game.preset(preset, players)
                # One person at the table, so the pass-and-play cover is drawn too.
                bots = [Seat(f"Bot {i}", level) for i in range(1, players)]  # type: ignore[arg-type]
                session = GameSession.start(
                    game_id, config, [Seat("Ada", "human"), *bots], played + 1
                )
                saved_id = app.ctx.book.fresh_id(session.state.seed)
                play.enter(session, saved_id, 0, 1_000)
                app.show("play")
                slow = (game_id, level) == ("twentyone", "expert")
                limit = SLOW_BOT_ACTIONS if slow else MAX_ACTIONS
                for step in range(limit):
                    for tr in translators if step == 0 else translators[step % 4 : step % 4 + 1]:
                        app.ctx.tr = tr
                        play.markup()
                    if play.held:
                        play.do_moment_seen({})
                        continue
                    if session.over:
                        break
                    if session.is_bot_turn():
                        action = session.bot_action()
                    else:
                        # The person's seat plays as the level's bot would.
                        seat = session.current
                        bot = game.make_bot(level)
                        action = bot.choose(session.view(seat), session.legal(), step)
                    play.perform(action)
                    played += 1
                    if step == 0:
                        # Loaded as a match in progress, as a reload does.
                        app.ctx.book.load(saved_id)
                if session.over:
                    review_once(app, session, saved_id)
    return played


def other_screens(book: Any, stats: Any) -> None:
    """Setup, rules and home screens in every language; the rules pages' figures."""
    from pygame_core.registry import game_ids
    from web.games import all_uis, get_ui
    from web.i18n import LANGUAGES, Translator
    from web.rulesfigures import figures
    from web.screens.home import HomeData, render_home
    from web.screens.rules import render_rules
    from web.screens.setup import render_setup
    from web.setup import default_names, new_draft, validate

    for lang in LANGUAGES:
        tr = Translator(lang)
        saved, unreadable = book.overview()
        history, bad = book.history()
        data = HomeData(
            saved,
            [*unreadable, *bad],
            history,
            stats.table(),
            notice="n",
            confirming=None,
            now_ms=10_000,
        )
        render_home(tr, all_uis(), data)
        for game_id in game_ids():
            draft = new_draft(game_id, default_names("Ada", "Bot {n}", 2))
            validate(draft)
            render_setup(tr, draft)
            render_rules(tr, get_ui(game_id))
            figures(get_ui(game_id), lang)


def saves_round_trip(book: Any) -> None:
    """Export everything, import it into an empty book, and refuse a broken file."""
    from web.saves import SaveBook, SaveImportError

    bundle = book.export_all()
    for saved_id in book.ids():
        book.export_one(saved_id)
    SaveBook(DictStore()).import_bundle(bundle)
    try:
        SaveBook(DictStore()).import_bundle("{not json")
    except SaveImportError:
        return
    raise AssertionError("a broken file was imported")


def browser_storage() -> None:
    """The localStorage adapter (the caller gives Node a localStorage)."""
    from web.storage import LocalStore

    store = LocalStore()
    store.set("closure", "1")
    store.keys()
    store.get("closure")
    store.remove("closure")


async def run() -> int:
    """Everything above; returns the number of actions played."""
    from web.saves import SaveBook
    from web.stats import Stats

    import_everything()
    store = DictStore()
    book, stats = SaveBook(store), Stats(store)
    played = play_everything(store)
    other_screens(book, stats)
    saves_round_trip(book)
    browser_storage()
    # The host's join link drawn as a QR code: segno's encoder runs only then.
    from web.remote.qr import qr_svg

    qr_svg("http://127.0.0.1:8000/nordic21/#join=" + "A" * 150, label="Join")
    # The bots' visible pause is an asyncio sleep on Pyodide's event loop.
    await asyncio.sleep(0.001)
    return played
