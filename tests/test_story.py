"""The table tells the story: what just happened stays on the felt, every person sees
their own result, and the small things a family met (through the real controllers)."""

from __future__ import annotations

import json

from tables import DictStore, FakePage, at_table, frame, press, started

from pygame_core import get_game
from pygame_core.banker import Bet, Stake, Stand
from web.app import App
from web.games.banker import duel_text, met_by_bank
from web.i18n import Translator
from web.markup import escape
from web.screens.tablescene import bottom_seat

EN = Translator("en")


def _run_until(app: App, page: FakePage, done: object, limit: int = 400) -> None:
    """Let the bots and the moments that go on by themselves run until ``done()``."""
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        if not page.timers:
            raise AssertionError("nothing left to happen, and not done")
        page.timers.pop(0)()
    raise AssertionError("not done in time")


def test_a_person_sees_their_duel_with_the_bank_until_continue() -> None:
    """Tjueett alone against a bot bank: after the person stands, the bank plays them,
    and that duel's end (both hands face up, who won) waits for Continue."""
    app, page = at_table("tjueett", ["medium", "human", "medium"], seed=3)
    session = app.play.session
    assert session is not None

    def duel_held() -> bool:
        held = app.play.held
        return bool(held) and held[0].kind == "duel" and 1 in _met(app)

    for _ in range(200):
        if duel_held():
            break
        if page.timers:
            page.timers.pop(0)()
            continue
        view = session.view(1)
        legal = session.legal()
        if view.phase == "bet":
            app.play.perform(Bet(view.min_amount))
        elif Stand() in legal:
            app.play.perform(Stand())
        else:
            app.play.perform(legal[0])
        app.render()
    assert duel_held(), "the bank never played the person"
    shown = frame(app)
    assert shown.mode == "moment" and shown.view.phase == "duel_over"
    assert shown.moment is not None and shown.moment.waits
    assert 'data-action="moment-seen"' in page.markup
    assert "P1 " in page.markup.split('id="moment-title"')[1][:200]
    said = next(d for d in shown.view.duels if d.seat == 1)
    result = duel_text(EN, said, shown.names)
    assert page.markup.count(escape(result)) == 1, "its result, said once"
    page.timers.clear()  # nothing may take the moment away: it waits for Continue
    app.render()
    assert app.play.held and app.play.held[0].kind == "duel" and not page.timers


def _met(app: App) -> list[int]:
    shown = frame(app)
    return met_by_bank(shown.view) if shown.view.phase == "duel_over" else []


def test_a_tricks_end_goes_on_by_itself_and_a_deals_end_waits() -> None:
    app, page = at_table("twentyone", ["human", "medium", "medium"], seed=4)
    session = app.play.session
    assert session is not None
    kinds_gone_by_themselves = set()
    for _ in range(600):
        if app.play.held:
            held = app.play.held[0]
            if held.waits:
                assert held.kind == "deal"
                break
            assert held.kind == "trick"
            assert page.timers, "a trick's end is not held for good"
            page.timers.pop(0)()
            kinds_gone_by_themselves.add(held.kind)
            continue
        if page.timers:
            page.timers.pop(0)()
            continue
        app.play.perform(session.legal()[0])
        app.render()
    assert kinds_gone_by_themselves == {"trick"}
    assert app.play.held and app.play.held[0].kind == "deal"


def test_a_notice_follows_a_change_of_language() -> None:
    app, page, _ = started()
    app.import_text('{"format": "something else"}')
    english = app.ctx.notice_text()
    assert english and "Nordic 21" in english
    press(app, page, "set-lang", lang="nb")
    norwegian = app.ctx.notice_text()
    assert norwegian and norwegian != english
    assert Translator("nb").t("reason.foreign") in norwegian


def test_import_says_one_game_and_then_nothing_new() -> None:
    store = DictStore()
    app, _ = at_table("dice21", ["human", "medium"], seed=2)
    app.play.autosave()
    bundle = app.ctx.book.export_all()
    other, _, _ = started(store=store)
    other.import_text(bundle)
    assert other.ctx.notice_text() == Translator("en").t("import.done_one")
    other.import_text(bundle)
    assert other.ctx.notice_text() == Translator("en").t("import.nothing_new")


def test_the_coach_switch_is_remembered() -> None:
    store = DictStore()
    app, page, _ = started(store=store)
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    press(app, page, "toggle-coach")
    again = App(store, "en", FakePage())
    assert again.play.coach


def test_the_person_at_the_device_stays_at_the_bottom_while_bots_play() -> None:
    app, page = at_table("twentyone", ["human", "medium", "human"], seed=6)
    session = app.play.session
    assert session is not None
    bottoms = set()
    for _ in range(80):
        shown = frame(app)
        if shown.viewer is None and shown.cover is None and shown.is_bot_turn:
            bottoms.add(bottom_seat(shown))
        if app.play.held:
            app.play.do_moment_seen({})
        elif shown.cover is not None:
            press(app, page, "show-cards")
        elif session.is_bot_turn():
            page.timers.clear()
            app.play.perform(session.bot_action())
        else:
            app.play.perform(session.legal()[0])
        app.render()
    assert bottoms and bottoms <= {0, 2}, "a bot was drawn at the bottom"


def test_the_stake_starts_at_a_quarter_and_the_coach_says_why() -> None:
    app, page = at_table("tjueett", ["human", "medium", "medium"], seed=1)
    press(app, page, "toggle-coach")
    view = frame(app).view
    assert view.phase == "stake" and view.viewer == 0
    quarter = max(view.min_amount, view.max_amount // 4)
    assert f'<output class="amount" aria-live="polite" id="amount">{quarter}<' in page.markup
    move = json.dumps({"type": "Stake", "amount": quarter}, separators=(",", ":"))
    assert f'data-move="{escape(move)}"' in page.markup
    said = Translator("en").t("coach.banker_stake", stake=quarter)
    assert said.split(":")[0] in page.markup


def test_on_21_the_gold_button_is_stand() -> None:
    from pygame_core.banker.positions import position
    from web.seats import Seat
    from web.session import GameSession

    game = get_game("tjueett")
    # the person's face-down ace, then a face-up 7: 21 (the ace counts 14)
    state = position(game, game.config(players=2), next_cards="AH 7S 9D 8C 6H")
    session = GameSession(game, state, (Seat("Bot", "medium"), Seat("Ann", "human")))
    app, page = at_table("tjueett", ["medium", "human"], seed=1)
    app.play.enter(session, "g-21", 0, 0)
    app.play.perform(Stake(5))
    app.play.perform(Bet(1))
    app.render()
    view = frame(app).view
    assert view.phase == "play" and view.actor == 1 and view.own_total == 21

    def button_of(focus: str) -> str:
        at = page.markup.index(f'data-focus="{focus}"')
        return page.markup[page.markup.rindex("<button", 0, at) : at]

    assert "primary" in button_of("stand") and "primary" not in button_of("draw")


def test_a_banker_match_ends_with_its_last_round_on_the_felt() -> None:
    app, page = at_table("tjugoett", ["medium", "medium", "medium"], seed=5, rounds=1)
    session = app.play.session
    assert session is not None
    _run_until(app, page, lambda: session.over and not app.play.held)
    over = session.view(None)
    assert over.over and any(over.hands) and over.duels
    assert "match-over" in page.markup and 'data-face="up"' in page.markup
