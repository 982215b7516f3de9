"""The review in the UI (#19): sentences in every language, the screen's markup, the
background job, saves that keep their moves, and the controller's buttons."""

from __future__ import annotations

import ast
import asyncio
import json
import random
import re
import string
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from test_controller import FakePage, press, started
from test_saves import DictStore

import pygame_core.review as engine
from pygame_core import SaveError, get_game
from pygame_core.review import Decision, Reason, ReviewProgress, replay_frames, review_match
from web.app import App
from web.i18n import LANGUAGES, Translator, table
from web.review import ReviewState, drive, new_state
from web.reviewtext import FAMILY, REASON_KINDS, option_label, reason_key, sentence
from web.saves import GAME_PREFIX, HISTORY_PREFIX, SaveBook
from web.screens.cards import card_name
from web.screens.review import read_only, render_review, replace_elements
from web.session import GameSession, Seat

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
RATERS = {
    "dice21": "dice21.py",
    "dice41": "dice41.py",
    "banker": "banker.py",
    "twentyone": "twentyone.py",
}


# -- every reason kind the engine makes has a sentence -----------------------------------


def _strings(node: ast.AST, names: dict[str, set[str]]) -> set[str]:
    """The strings an expression can be: constants, ``a if c else b``, names assigned
    constants in the function, and f-strings over those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body, names) | _strings(node.orelse, names)
    if isinstance(node, ast.Name):
        return names.get(node.id, set())
    if isinstance(node, ast.JoinedStr):
        out = {""}
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                options = _strings(part.value, names)
            else:
                options = _strings(part, names)
            out = {a + b for a in out for b in options}
        return out
    return set()


def engine_kinds(module: str) -> set[str]:
    """Every first argument of ``Reason.make`` in a rater module, read from its code."""
    source = (Path(engine.__file__).parent / module).read_text("utf-8")
    kinds: set[str] = set()
    for func in ast.walk(ast.parse(source)):
        if not isinstance(func, ast.FunctionDef):
            continue
        names: dict[str, set[str]] = {}
        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, set()).update(_strings(node.value, names))
        for node in ast.walk(func):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "make"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "Reason"
                and node.args
            ):
                found = _strings(node.args[0], names)
                assert found, f"{module}: a Reason.make kind this test cannot read"
                kinds |= found
    return kinds


@pytest.mark.parametrize("family", list(RATERS))
def test_the_ui_knows_every_reason_kind_the_engine_makes(family: str) -> None:
    assert set(REASON_KINDS[family]) == engine_kinds(RATERS[family])


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


#: Sentence variants per family, beside the plain key.
VARIANTS = {
    "dice21": {"stood_too_soon": ("", ".last"), "stood_right": ("", ".last")},
    "dice41": dict.fromkeys(REASON_KINDS["dice41"], ("", ".chips")),
    "banker": dict.fromkeys(
        ("stood_right", "stood_too_soon", "drew_right", "drew_too_far"), ("", ".bank")
    ),
    "twentyone": {"played_right": ("", ".lead"), "played_other": ("", ".lead")},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_has_a_sentence_in_every_language_with_the_same_numbers(lang: str) -> None:
    for family, kinds in REASON_KINDS.items():
        for kind in kinds:
            for suffix in VARIANTS[family].get(kind, ("",)):
                key = f"review.reason.{family}.{kind}{suffix}"
                assert key in table(lang), f"{lang} has no {key}"
                assert _placeholders(table(lang)[key]) == _placeholders(table("en")[key]), key


def _decision(game: str, kind: str, unit: Any = "round_win", **params: Any) -> Decision:
    return Decision(
        index=3,
        seat=0,
        round=1,
        kind="k",
        chosen=params.pop("chosen_key", "stop"),
        best=params.pop("best_key", "roll"),
        options=(),
        chosen_value=Fraction(1, 4),
        best_value=Fraction(1, 2),
        cost=Fraction(1, 4),
        margin=None,
        unit=unit,
        method="exact_odds",
        against="none",
        rated=True,
        is_best=False,
        reason=Reason.make(kind, **params),
    )


DICE21 = {
    "total": 15,
    "best_total": 0,
    "best_holders": 0,
    "after": 1,
    "next_seat": 1,
    "stop": Fraction(1, 6),
    "roll": Fraction(19, 50),
    "bust": Fraction(0),
    "target": 21,
}
DICE41 = {
    "throw": 2,
    "dice": (1, 4, 6),
    "kept": (),
    "chosen": 6,
    "best": 4,
    "best_score": None,
    "later": 1,
    "chosen_value": Fraction(1, 3),
    "best_value": Fraction(1, 2),
    "ticket": True,
}
BANKER = {"total": 14, "cards": 2, "bust": Fraction(5, 13), "stand": -0.4, "draw": 0.1}
BETS = {"amount": 5, "best_amount": 1, "per_chip": -0.25, "low": 1, "high": 5}
TWENTYONE = {"hand": (3, 11, 14), "chosen_value": 0.2, "best_value": 0.3, "margin": 0.04}


def every_decision() -> Iterator[tuple[str, Decision]]:
    """One decision of every kind and sentence variant."""
    for kind in REASON_KINDS["dice21"]:
        yield "dice21", _decision("dice21", kind, **DICE21)
        yield "dice21", _decision("dice21", kind, **{**DICE21, "next_seat": None})
    for kind in REASON_KINDS["dice41"]:
        yield "dice41", _decision("dice41", kind, **DICE41)
        yield "dice41", _decision("dice41", kind, "chips", **DICE41)
    for kind in ("stood_right", "stood_too_soon", "drew_right", "drew_too_far"):
        yield "tjueett", _decision("tjueett", kind, "chips", role="player", bet=2, **BANKER)
        yield "tjugoett", _decision("tjugoett", kind, "chips", role="banker", stakes=6, **BANKER)
    for kind in ("bet_right", "bet_too_much", "bet_too_little"):
        yield "tjueett", _decision("tjueett", kind, "chips", **BETS)
    yield "tjugoett", _decision("tjugoett", "stake", "chips", amount=4)
    for kind in ("played_right", "played_other"):
        for to_beat in (None, 12):
            for chosen, best in (((1, 14), (2, 3)), ((0, 0), (1, 1))):
                yield (
                    "twentyone",
                    _decision(
                        "twentyone",
                        kind,
                        "match_win",
                        chosen=chosen,
                        best=best,
                        to_beat=to_beat,
                        **TWENTYONE,
                    ),
                )
    for kind in ("exchange_right", "exchange_other"):
        for chosen, best in (
            ("refuse", "open"),
            ("swap_2_as_played", "swap_3"),
            ("swap_0", "swap_1"),
        ):
            yield (
                "twentyone",
                _decision("twentyone", kind, "match_win", chosen=chosen, best=best, **TWENTYONE),
            )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_renders_with_its_numbers_rounded(lang: str) -> None:
    tr = Translator(lang)
    seen = set()
    for game, decision in every_decision():
        key = reason_key(game, decision)
        seen.add(key)
        text = sentence(tr, game, decision, ("Ann", "Bo"))
        assert "{" not in text and "}" not in text, (key, text)
        assert text[-1] == "." or text.endswith(")."), (key, text)
        assert "Fraction" not in text and "/" not in text, (key, text)
    every = {k for k in table("en") if k.startswith("review.reason.")}
    assert seen == every, sorted(seen ^ every)


def test_option_labels() -> None:
    tr = Translator("en")
    assert option_label(tr, "swap_0") == "keep all your cards"
    assert option_label(tr, "swap_2") == "swap your 2 lowest cards"
    assert option_label(tr, "play_2_11") == "play two jacks"
    assert option_label(tr, "play_1_1") == "play one ace"
    assert option_label(tr, "keep_4") == "set aside the 4"


def test_the_sentence_of_the_issue() -> None:
    decision = _decision("dice21", "stood_too_soon", **DICE21)
    text = sentence(Translator("en"), "dice21", decision, ("Ann", "Bot"))
    assert text == (
        "You stopped on 15 with Bot needing only to beat 15: rolling on won 38\u00a0% of the "
        "time, stopping 17\u00a0%."
    )
    nb = sentence(Translator("nb"), "dice21", decision, ("Ann", "Bot"))
    assert nb.startswith("Du stoppet på 15 mens Bot bare trengte å slå 15") and "38\u00a0%" in nb


def _random_match(game_id: str, players: int, seed: int) -> GameSession:
    game = get_game(game_id)
    config = game.preset(next(iter(game.presets)), players)
    seats = tuple(
        Seat(n, "human" if i < 2 else "medium") for i, n in enumerate(("Ann", "Bo", "Cy")[:players])
    )
    session = GameSession.start(game_id, config, seats, seed)
    rng = random.Random(seed)
    while not session.over:
        session.act(rng.choice(session.legal()))
    return session


@pytest.mark.parametrize("game_id", list(FAMILY))
def test_real_reviews_of_every_game_read_in_every_language(game_id: str) -> None:
    players = 3 if game_id == "tjugoett" else 2
    for seed in (1, 2):
        session = _random_match(game_id, players, seed)
        review = review_match(
            (game_id, session.state.config, seed, session.state.history), seats=(0, 1), playouts=12
        )
        for seat in review.seats:
            for decision in seat.decisions:
                assert decision.reason.kind in REASON_KINDS[FAMILY[game_id]]
                for lang in LANGUAGES:
                    text = sentence(Translator(lang), game_id, decision, session.names())
                    assert "{" not in text, text


# -- the screen ---------------------------------------------------------------------------


def finished_state(game_id: str = "dice21", seed: int = 3, **kw: Any) -> ReviewState:
    players = 3 if game_id == "tjugoett" else 2
    session = _random_match(game_id, players, seed)
    for name, value in kw.items():
        setattr(session, name, value)
    state = new_state("g-1", session)
    for step in engine.iter_review(state.match(), seats=state.people, playouts=12):
        state.progress(step)
    return state


def test_the_screen_shows_each_persons_summary_moments_and_exact_figures() -> None:
    state = finished_state("dice21")
    html = render_review(Translator("en"), state)
    assert html.count('class="panel person"') == 2
    review = state.review
    assert review is not None
    for seat in review.seats:
        for decision in seat.costliest:
            assert f'data-index="{decision.index}"' in html
    assert "Decisions rated:" in html and "<details" in html
    assert re.search(r"\d+/\d+", html), "an exact fraction behind the details"
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "ids are unique on the page"
    for label in re.findall(r'aria-labelledby="([^"]+)"', html):
        assert label in ids


def test_show_in_the_replay_steps_there_and_brings_the_replay_into_view_once() -> None:
    app, page, _ = started()
    app.review_spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    session = app.session
    assert session is not None
    while not session.over:
        # The person stops as soon as they may: a costly habit.
        legal = session.legal()
        app.perform(session.bot_action() if session.is_bot_turn() else legal[-1])
    app.render()
    press(app, page, "open-review")
    run_review(app)
    state = app.review
    assert state is not None and state.review is not None
    costly = [d for s in state.review.seats for d in s.costliest]
    assert costly, [d.reason for s in state.review.seats for d in s.decisions]
    press(app, page, "review-step", to=str(costly[0].index), jump="1")
    assert state.frame == costly[0].index and "data-scroll-to" in page.markup
    press(app, page, "review-step", delta="1")
    assert state.frame == costly[0].index + 1 and "data-scroll-to" not in page.markup


def test_progress_shows_done_of_total_until_the_review_is_ready() -> None:
    session = _random_match("dice21", 2, 4)
    state = new_state("g-1", session)
    assert "Replaying the match" in render_review(Translator("en"), state)
    state.progress(ReviewProgress(2, 5))
    html = render_review(Translator("en"), state)
    assert "Rating the moves: 2/5" in html and 'value="2"' in html
    assert 'class="panel person"' in html and "moment-sentence" not in html


def test_the_replay_is_the_games_own_table_read_only() -> None:
    for game_id in FAMILY:
        state = finished_state(game_id, seed=5)
        for index in range(0, len(state.states), max(1, len(state.states) // 4)):
            state.frame = index
            html = render_review(Translator("en"), state)
            frame = html[html.index('<div class="replay-frame"') :]
            assert f'data-frame="{index}"' in frame
            assert "data-action" not in frame and "data-autofocus" not in frame
            assert re.search(r"<button(?![^>]* disabled)", frame) is None
            assert "<main" not in frame and 'id="main"' not in frame


#: What the live play screen says to the person whose turn it is, by locale key.
ASKING_KEYS = (
    "play.tap_to_set_aside",
    "t21.pick_hint",
    "t21.reason.not_now",
    "t21.reason.discard_lowest",
    "t21.reason.pairs",
    "t21.reason.too_low",
    "banker.stake_label",
    "banker.bet_label",
)


def _frame(html: str) -> str:
    return html[html.index('<div class="replay-frame"') :]


@pytest.mark.parametrize("game_id", list(FAMILY))
def test_the_replayed_table_says_whose_move_it_was_and_never_invites_to_act(
    game_id: str,
) -> None:
    state = finished_state(game_id, seed=5)
    moves = len(state.states) - 1
    for lang in LANGUAGES:
        tr = Translator(lang)
        names = state.session.names()
        asking = {tr.t(key) for key in ASKING_KEYS}
        asking |= {tr.t(k, name=n) for n in names for k in ("play.your_turn", "play.bot_turn")}
        frames = range(moves + 1) if lang == "en" else (0, moves // 2, moves)
        for index in frames:
            state.frame = index
            frame = _frame(render_review(tr, state))
            text = re.sub(r"<[^>]+>", "\n", frame).replace("&#x27;", "'").replace("&amp;", "&")
            for words in asking:
                assert words not in text, (lang, index, words)
            for css in ("controls", "stepper"):
                assert re.search(rf'class="(?:[^"]* )?{css}[ "]', frame) is None, (index, css)
            assert 'id="replay-card-reason"' not in frame
            assert re.search(r"<button[^>]* (?:title|aria-describedby)=", frame) is None
            assert re.search(r"<button(?![^>]* disabled)", frame) is None
            banners = re.findall(r'<p class="turn-banner replay-banner">([^<]*)</p>', frame)
            seat = state.session.game.current_player(state.states[index])
            if seat is None:
                assert banners == [] and index == moves
            else:
                banner = tr.t("review.banner", n=index + 1, total=moves, name=names[seat])
                assert banners == [banner.replace("'", "&#x27;")], (lang, index)
                assert frame.count("turn-banner") == 1


def test_the_banner_counts_moves_as_the_moment_titles_do() -> None:
    state = finished_state("dice21")
    assert state.review is not None
    tr = Translator("en")
    decision = next(d for s in state.review.seats for d in s.decisions)
    state.frame = decision.index
    html = render_review(tr, state)
    name = state.session.seats[decision.seat].name
    move = f"Move {decision.index + 1} of {len(state.states) - 1} · {name} to act"
    assert move in _frame(html)
    title = tr.t("review.moment", round=decision.round, move=decision.index + 1, cost="x")
    assert f"move {decision.index + 1}:" in title


def test_replace_elements_keeps_nesting_and_leaves_the_rest() -> None:
    body = (
        '<div class="a"><div class="controls"><div><p>x</p></div>'
        '<svg><path d="M0 0"/></svg><br></div><p class="turn-banner bot">Ann</p>'
        '<div class="b">keep</div></div>'
    )

    def drop(tag: str) -> Callable[[str], str | None] | None:
        if 'class="controls"' in tag:
            return lambda inner: ""
        if "turn-banner" in tag:
            return lambda inner: f"<p>[{inner}]</p>"
        if 'class="b"' in tag:
            return lambda inner: None  # looked at, kept after all
        return None

    assert (
        replace_elements(body, drop) == '<div class="a"><p>[Ann]</p><div class="b">keep</div></div>'
    )


def test_read_only_keeps_text_as_text() -> None:
    name = '<img src=x onerror=alert(1)> id="x" data-action="go-home"'
    session = _random_match("dice21", 2, 6)
    session.seats = (Seat(name, "human"), session.seats[1])
    state = new_state("g-1", session)
    html = render_review(Translator("en"), state)
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    frame = read_only(get_game_ui_markup(state))
    assert "<img" not in frame


def get_game_ui_markup(state: ReviewState) -> Any:
    from web.games import get_ui
    from web.screens.play import PlayOptions
    from web.screens.review import frame_session

    return get_ui(state.session.game_id).render_play(
        Translator("en"), frame_session(state, 0), PlayOptions(viewer=state.viewer)
    )


def _hidden(viewer_view: Any, owner_view: Any, owner: int) -> set[int]:
    if hasattr(owner_view, "bank_hand"):
        own = set(owner_view.hands[owner])
        if owner_view.banker == owner:
            own |= set(owner_view.bank_hand)
        seen = set(viewer_view.hands[owner]) | set(viewer_view.bank_hand)
    else:
        own = set(owner_view.hand)
        tricks = [*viewer_view.tricks, *([viewer_view.trick] if viewer_view.trick else [])]
        seen = {c for t in tricks for play in t.plays for c in play.cards}
        if viewer_view.last_deal is not None:
            seen |= set(viewer_view.last_deal.last_cards)
    return {c for c in own - seen if c >= 0}


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett", "twentyone"])
def test_a_private_review_never_holds_another_persons_hidden_card(game_id: str) -> None:
    tr = Translator("en")
    state = finished_state(game_id, seed=8, reveal_after=False)
    assert state.private and state.shown is None
    cover = render_review(tr, state)
    assert 'class="card' not in cover and "Pass to Ann" in cover
    checked = 0
    for person in (0, 1):
        state.shown = state.viewer = person
        other = 1 - person
        mine = replay_frames(state.match(), person)
        theirs = replay_frames(state.match(), other)
        for index in range(len(mine)):
            state.frame = index
            html = render_review(tr, state)
            assert html.count('class="panel person"') == 1
            for card in _hidden(mine.at(index).view, theirs.at(index).view, other):
                assert f'card-{card}"' not in html and card_name(tr, card) not in html
                checked += 1
    assert checked


def test_reveal_after_the_match_shows_every_hand_in_every_frame() -> None:
    state = finished_state("twentyone", seed=8)
    assert state.reveal_all and not state.private
    html = render_review(Translator("en"), state)
    assert "Everyone's cards" in html
    assert 'class="choices viewer-choice"' in html


# -- the background job --------------------------------------------------------------------


def test_drive_reports_a_slice_at_a_time_and_yields_between() -> None:
    ticks = iter(range(1000))
    yields: list[int] = []
    reports: list[int] = []
    review = object()

    def steps() -> Iterator[ReviewProgress]:
        for done in range(10):
            yields.append(done)
            yield ReviewProgress(done, 10)
        yield ReviewProgress(10, 10, review)  # type: ignore[arg-type]

    async def main() -> None:
        # Each clock reading is 1 ms later: a 3 ms slice holds about three steps.
        await drive(steps(), lambda p: reports.append(p.done), 3.0, lambda: next(ticks) / 1000)

    asyncio.run(main())
    assert reports[-1] == 10 and 2 <= len(reports) < 11
    assert reports == sorted(reports)


def test_drive_yields_every_slice_but_draws_the_progress_a_few_times_a_second() -> None:
    clock = iter(range(100_000))
    yielded: list[int] = []
    reports: list[int] = []

    def steps() -> Iterator[ReviewProgress]:
        for done in range(1000):
            yield ReviewProgress(done, 1000)
        yield ReviewProgress(1000, 1000, object())  # type: ignore[arg-type]

    async def counter() -> None:
        while True:
            yielded.append(len(reports))
            await asyncio.sleep(0)

    async def main() -> None:
        ticker = asyncio.ensure_future(counter())
        # Each clock reading is 1 ms later, one a step: a 12 ms slice holds ~12 steps.
        await drive(steps(), lambda p: reports.append(p.done), 12.0, lambda: next(clock) / 1000)
        ticker.cancel()

    asyncio.run(main())
    # About a second of steps: some 80 slices, each handing the loop back ...
    assert len(yielded) >= 60
    # ... and the progress drawn at the first slice, every 250 ms, and at the end.
    assert reports[-1] == 1000 and 4 <= len(reports) <= 6, reports


def test_leaving_the_review_cancels_its_task() -> None:
    async def main() -> None:
        app, page, _ = started()
        app.review_spawn = asyncio.ensure_future
        press(app, page, "open-game", game="dice21")
        press(app, page, "start-game")
        while app.session is not None and not app.session.over:
            action = app.session.legal()[-1]
            if app.session.is_bot_turn():
                action = app.session.bot_action()
            app.perform(action)
        app.render()
        press(app, page, "open-review")
        assert app.screen == "review" and page.address.startswith("#/review/")
        state = app.review
        assert state is not None and state.task is not None
        press(app, page, "go-home")
        await asyncio.sleep(0)
        assert state.task is None and app.review is None

    asyncio.run(main())


# -- saves that keep their moves -------------------------------------------------------------


def _finish(app: App, page: FakePage) -> str:
    """Play the match on screen to its end; the id it was saved under."""
    saved_id = app.save_id
    assert app.session is not None and saved_id is not None
    while not app.session.over:
        action = app.session.bot_action() if app.session.is_bot_turn() else app.session.legal()[0]
        app.perform(action)
    app.render()
    return saved_id


def run_review(app: App) -> None:
    state = app.review
    assert state is not None
    for step in engine.iter_review(state.match(), seats=state.people, playouts=12):
        state.progress(step)
    app.render()


def test_a_finished_match_is_reviewed_from_the_history_and_by_its_address() -> None:
    app, page, store = started()
    app.review_spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    saved_id = _finish(app, page)
    entry = json.loads(store.get(HISTORY_PREFIX + saved_id) or "")
    assert entry["game"]["actions"] and entry["reveal_after"] is True
    press(app, page, "go-home")
    press(app, page, "open-review", save=saved_id)
    assert app.screen == "review"
    run_review(app)
    assert "moment" in page.markup or "Decisions rated" in page.markup
    # A reload of the review's address: the same review from the stored moves.
    again, _, _ = started(store=store)
    again.review_spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    again.on_address(f"#/review/{saved_id}")
    assert again.screen == "review" and again.review is not None
    assert again.review.session.state.history == app.review.session.state.history  # type: ignore[union-attr]


def test_an_old_save_of_a_finished_match_gets_a_review() -> None:
    store = DictStore()
    text = (FIXTURES / "dice21_finished.json").read_text("utf-8")
    store.set(GAME_PREFIX + "g4d", text)
    app, page, _ = started(store=store)
    app.review_spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    assert 'data-action="open-review"' in page.markup
    press(app, page, "open-review", save="g4d")
    assert app.screen == "review"
    run_review(app)
    assert 'class="panel person"' in page.markup and "Gus" in page.markup


def test_a_history_entry_without_moves_has_no_review_button() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    saved_id = _finish(app, page)
    entry = json.loads(store.get(HISTORY_PREFIX + saved_id) or "")
    for key in ("game", "seats", "reveal_after"):
        del entry[key]
    store.set(HISTORY_PREFIX + saved_id, json.dumps(entry))
    book = SaveBook(store)
    assert book.history()[0][0].replayable is False
    press(app, page, "go-home")
    assert 'data-action="open-review"' not in page.markup
    app.on_address(f"#/review/{saved_id}")
    assert app.screen == "home" and "cannot be reviewed" in (app.notice or "")
    assert "before the app kept the moves" in (app.notice or "")


def test_a_match_in_progress_cannot_be_reviewed() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    assert 'data-action="open-review"' not in page.markup
    saved_id = app.save_id
    app.on_address(f"#/review/{saved_id}")
    assert app.screen == "home" and "not finished" in (app.notice or "")


def test_the_reveal_choice_is_asked_at_setup_and_kept_with_the_match() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="tjueett")
    assert 'data-field="reveal-after"' in page.markup and " checked" in page.markup
    app.on_field("reveal-after", {"value": "0"})
    assert app.draft is not None and app.draft.reveal_after is False
    press(app, page, "start-game")
    assert app.session is not None and app.session.reveal_after is False
    saved_id = app.save_id
    entry = json.loads(store.get(GAME_PREFIX + f"{saved_id}") or "")
    assert entry["reveal_after"] is False
    again, _, _ = started(store=store)
    assert again.session is not None and again.session.reveal_after is False
    # Dice have no hidden cards: no such question.
    app2, page2, _ = started()
    press(app2, page2, "open-game", game="dice21")
    assert 'data-field="reveal-after"' not in page2.markup


def test_export_and_import_keep_a_finished_matchs_moves() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    saved_id = _finish(app, page)
    bundle = SaveBook(store).export_all()
    other = DictStore()
    result = SaveBook(other).import_bundle(bundle)
    assert result.history == (saved_id,)
    entry = json.loads(other.get(HISTORY_PREFIX + saved_id) or "")
    assert entry == json.loads(store.get(HISTORY_PREFIX + saved_id) or "")
    saved = SaveBook(other).load_finished(saved_id)
    assert saved.session.state == app.session.state  # type: ignore[union-attr]
    # Moves that do not reach the stored result are refused, not imported.
    entry["game"]["actions"] = entry["game"]["actions"][:-1]
    entry["id"] = "other"
    tampered = json.dumps(
        {"format": "nordic21-export", "schema": 1, "games": [], "history": [entry]}
    )
    with pytest.raises(SaveError):
        SaveBook(DictStore()).import_bundle(tampered)


# -- the bench's stored match ---------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["dice21", "twentyone"])
def test_the_bench_stores_a_finished_ten_round_match_the_site_reviews(game_id: str) -> None:
    import importlib.util
    import sys

    bench_dir = Path(__file__).resolve().parent.parent / "bench"
    sys.path.insert(0, str(bench_dir))
    try:
        spec = importlib.util.spec_from_file_location("bench_main", bench_dir / "bench.py")
        assert spec is not None and spec.loader is not None
        bench = importlib.util.module_from_spec(spec)
        sys.modules["bench_main"] = bench  # its dataclasses look themselves up there
        spec.loader.exec_module(bench)
    finally:
        sys.path.remove(str(bench_dir))
        sys.modules.pop("bench_main", None)
    match = bench.review_entry(game_id)
    assert match["key"] == "nordic21." + HISTORY_PREFIX + match["id"]
    store = DictStore()
    store.set(match["key"].removeprefix("nordic21."), match["entry"])
    saved = SaveBook(store).load_finished(match["id"])
    assert saved.session.over and saved.session.view(None).round == 10
    assert saved.session.humans() == (0,) and len(saved.session.state.history) == match["moves"]
    state = new_state(saved.id, saved.session)
    assert state.people == (0,) and match["people_moves"] > 0
