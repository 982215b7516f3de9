"""The review in the UI (#19): sentences in every language, the screen's markup, the
background job, saves that keep their moves, and the controller's buttons."""

from __future__ import annotations

import ast
import asyncio
import html as html_text
import json
import random
import re
import string
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from registered import rated
from tables import T0, DictStore, FakePage, act, controls, frame, press, started
from test_review_engine import bot_match

import pygame_core.review as engine
from pygame_core import SaveError, get_game
from pygame_core.registry import game_ids
from pygame_core.review import Decision, Reason, ReviewProgress, replay_frames, review_match
from web.app import App
from web.controllers.review import drive
from web.frame import Frame
from web.games import all_uis, get_ui
from web.i18n import LANGUAGES, Translator, table
from web.markup import escape
from web.reviewing import ReviewState, new_state, replay_frame
from web.reviewtext import accuracy_exact, accuracy_percent, option_label, sentence, total_cost
from web.saves import GAME_PREFIX, HISTORY_PREFIX, SaveBook
from web.screens.cards import card_name
from web.screens.review import render_review, replay_table
from web.seats import Seat
from web.session import GameSession

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
ROOT = Path(__file__).parent.parent
#: Every review family's reason kinds, as the games' UIs word them.
REASON_KINDS = {ui.review_family: ui.reason_kinds for ui in all_uis().values() if ui.reason_kinds}
#: Each family's rater module (in its game's package), from its games.
RATERS = {
    get_ui(gid).review_family: str(get_game(gid).review_rater)
    for gid in game_ids()
    if get_game(gid).review_rater is not None
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
    source = (ROOT / (module.replace(".", "/") + ".py")).read_text("utf-8")
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
        key = get_ui(game).reason_key(decision)
        seen.add(key)
        text = sentence(tr, get_ui(game), decision, ("Ann", "Bo"))
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
    text = sentence(Translator("en"), get_ui("dice21"), decision, ("Ann", "Bot"))
    assert text == (
        "You stopped on 15 with Bot needing only to beat 15: rolling on won 38\u00a0% of the "
        "time, stopping 17\u00a0%."
    )
    nb = sentence(Translator("nb"), get_ui("dice21"), decision, ("Ann", "Bot"))
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


@pytest.mark.parametrize("game_id", game_ids())
def test_real_reviews_of_every_game_read_in_every_language(game_id: str) -> None:
    players = 3 if game_id == "tjugoett" else 2
    for seed in (1, 2):
        session = _random_match(game_id, players, seed)
        review = review_match(
            (game_id, session.state.config, seed, session.state.history), seats=(0, 1), playouts=12
        )
        for seat in review.seats:
            for decision in seat.decisions:
                assert decision.reason.kind in get_ui(game_id).reason_kinds
                for lang in LANGUAGES:
                    text = sentence(Translator(lang), get_ui(game_id), decision, session.names())
                    assert "{" not in text, text


# -- the screen ---------------------------------------------------------------------------


def finished_state(game_id: str = "dice21", seed: int = 3, **kw: Any) -> ReviewState:
    players = 3 if game_id == "tjugoett" else 2
    session = _random_match(game_id, players, seed)
    for name, value in kw.items():
        setattr(session, name, value)
    state = new_state("g-1", session, get_ui(session.game_id))
    for step in engine.iter_review(state.match, seats=state.people, playouts=12):
        state.progress(step)
    return state


def bot_state(game_id: str, seed: int = 6, **options: Any) -> ReviewState:
    """The review of a finished match of bots only (every seat reviewed, every hand
    shown once it is over), loaded as a save is: its moves replayed."""
    match = bot_match(game_id, LEVELS, seed, **options)
    seats = [Seat(f"Bot {seat}", level) for seat, level in enumerate(LEVELS)]
    session = GameSession.replay(match.game, match.states[-1], seats)
    return new_state("g-bots", session, get_ui(session.game_id))


LEVELS = ("medium", "easy", "expert")


def screen(tr: Translator, state: ReviewState) -> str:
    """The review screen as the controller draws it, with the replay at ``state.frame``."""
    return render_review(tr, state, replay_frame(state))


def test_the_screen_shows_each_persons_summary_moments_and_exact_figures() -> None:
    state = finished_state("dice21")
    html = screen(Translator("en"), state)
    assert html.count('class="panel person"') == 2
    review = state.review
    assert review is not None
    for seat in review.seats:
        for decision in seat.costliest:
            assert f'data-index="{decision.index}"' in html
    assert " accuracy · " in html and "choices were the best" in html and "<details" in html
    assert re.search(r"\d+/\d+", html), "an exact fraction behind the details"
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "ids are unique on the page"
    for label in re.findall(r'aria-labelledby="([^"]+)"', html):
        assert label in ids


def _play_to_the_end(app: App, page: FakePage, person: Callable[[GameSession], Any]) -> None:
    """Play the match on screen to its end through its buttons: ``person`` picks the
    person's moves, the bots move, every held moment is seen."""
    session = app.play.session
    assert session is not None
    while True:
        page.run_timers()
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
        elif session.over:
            break
        else:
            act(app, page, person(session))
    assert 'data-action="open-review"' in page.markup


def test_show_in_the_replay_steps_there_and_brings_the_replay_into_view_once() -> None:
    app, page, _ = started()
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    # The person stops as soon as they may: a costly habit.
    _play_to_the_end(app, page, lambda session: session.legal()[-1])
    press(app, page, "open-review")
    run_review(app)
    state = app.reviewing.state
    assert state is not None and state.review is not None
    costly = [d for s in state.review.seats for d in s.costliest]
    assert costly, [d.reason for s in state.review.seats for d in s.decisions]
    press(app, page, "review-step", to=str(costly[0].index), jump="1")
    assert state.frame == costly[0].index and "data-scroll-to" in page.markup
    press(app, page, "review-step", delta="1")
    assert state.frame == costly[0].index + 1 and "data-scroll-to" not in page.markup


def test_progress_shows_done_of_total_until_the_review_is_ready() -> None:
    session = _random_match("dice21", 2, 4)
    state = new_state("g-1", session, get_ui(session.game_id))
    assert "Replaying the match" in screen(Translator("en"), state)
    state.progress(ReviewProgress(2, 5))
    html = screen(Translator("en"), state)
    assert "Rating the moves: 2/5" in html and 'value="2"' in html
    assert 'class="panel person"' in html and "moment-sentence" not in html


def _frame(html: str) -> str:
    """The replay's table in a review screen (the last thing on it)."""
    return html[html.index('<div class="replay-frame"') :]


def _replay_section(html: str) -> str:
    return html[html.index('<section class="replay"') :]


def test_the_replay_is_the_games_own_table_read_only() -> None:
    for game_id in game_ids():
        state = finished_state(game_id, seed=5)
        states = len(state.match.states)
        for index in range(0, states, max(1, states // 4)):
            state.frame = index
            shown = replay_frame(state)
            assert shown.mode == "replay" and shown.legal == () and not shown.asks
            html = render_review(Translator("en"), state, shown)
            frame = _frame(html)
            assert frame.startswith(replay_table(Translator("en"), shown))
            assert f'data-frame="{index}"' in frame
            assert "data-action" not in frame and "data-autofocus" not in frame
            assert re.search(r"<button(?![^>]* disabled)", frame) is None
            assert "<main" not in frame and 'id="main"' not in frame


#: What the live play screen says to the person whose turn it is, by locale key.
ASKING_KEYS = (
    "play.tap_to_set_aside",
    "t21.pick_hint",
    "t21.reason.not_now",
    "t21.reason.exchange_first",
    "t21.reason.discard_lowest",
    "t21.reason.pairs",
    "t21.reason.too_low",
    "banker.stake_label",
    "banker.bet_label",
    "play.moment_continue",
    "play.play_again",
    "handoff.show",
)
#: The buttons the review screen has of its own (the replay's table has none).
REVIEW_ACTIONS = {"go-home", "review-step", "review-viewer", "review-person"}


def asking_words(tr: Translator, names: Sequence[str]) -> set[str]:
    """Everything the live table says to invite a person to move, in ``tr``'s language."""
    words = {tr.t(key) for key in ASKING_KEYS}
    return words | {tr.t(k, name=n) for n in names for k in ("play.your_turn", "play.bot_turn")}


def _text(markup: str) -> str:
    return html_text.unescape(re.sub(r"<[^>]+>", "\n", markup))


def _words(markup: str) -> str:
    """The words of ``markup`` as read (its elements' texts run together)."""
    return html_text.unescape(re.sub(r"<[^>]+>", "", markup))


def _banners(markup: str) -> list[str]:
    """The words of every replay banner in ``markup`` (the name is a span of its own)."""
    return [
        _words(b) for b in re.findall(r'<p class="turn-banner replay-banner">(.*?)</p>', markup)
    ]


@pytest.mark.parametrize("game_id", game_ids())
def test_the_replayed_table_says_whose_move_it_was_and_never_invites_to_act(
    game_id: str,
) -> None:
    state = finished_state(game_id, seed=5)
    moves = len(state.match.states) - 1
    for lang in LANGUAGES:
        tr = Translator(lang)
        names = state.session.names()
        asking = asking_words(tr, names)
        frames = range(moves + 1) if lang == "en" else (0, moves // 2, moves)
        for index in frames:
            state.frame = index
            shown = replay_frame(state)
            frame = _frame(render_review(tr, state, shown))
            text = _text(frame)
            for words in asking:
                assert words not in text, (lang, index, words)
            for css in ("controls", "stepper"):
                assert re.search(rf'class="(?:[^"]* )?{css}[ "]', frame) is None, (index, css)
            assert 'id="replay-card-reason"' not in frame and 'id="card-reason"' not in frame
            assert re.search(r"<button[^>]* (?:title|aria-describedby)=", frame) is None
            assert re.search(r"<button(?![^>]* disabled)", frame) is None
            banners = [
                re.sub(r"<[^>]+>", "", b)  # the name is a span of its own
                for b in re.findall(r'<p class="turn-banner replay-banner">(.*?)</p>', frame)
            ]
            seat = state.session.game.current_player(state.match.states[index])
            if shown.moment is not None:
                # A round's (trick's, deal's) end, as the table held it: its title is
                # the banner; nobody is to act in it.
                assert banners == [] and shown.actor is None, (lang, index)
                title = re.findall(r'<h2 id="replay-moment-title" class="turn-banner">', frame)
                assert title and frame.count("turn-banner") == 1, (lang, index)
            elif seat is None:
                assert banners == [] and index == moves
            else:
                banner = tr.t("review.banner", n=index + 1, total=moves, name=names[seat])
                assert banners == [escape(banner, quote=False)], (lang, index)
                assert frame.count("turn-banner") == 1


class _Attributes(HTMLParser):
    """Every element's attributes, in order, as an HTML parser reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append({k: v or "" for k, v in attrs})


def _attributes(markup: str) -> list[dict[str, str]]:
    parser = _Attributes()
    parser.feed(markup)
    return parser.found


def _ids(markup: str) -> list[str]:
    """The element ids of ``markup`` (an id-like piece of text is not one)."""
    return [a["id"] for a in _attributes(markup) if "id" in a]


@pytest.mark.parametrize("game_id", game_ids())
def test_no_step_of_a_replay_asks_for_anything_or_clashes_with_the_page(game_id: str) -> None:
    """What the old regex helpers (``read_only``, ``replace_elements``) made sure of,
    now drawn so: at every step of a finished bot match, the replay's table holds no
    control, no autofocus, no id of the live table and no turn invitation, and the
    screen around it has only the review's own buttons."""
    tr = Translator("en")
    state = bot_state(game_id)
    moves = len(state.match.states) - 1
    assert moves > 0 and state.session.over
    asking = asking_words(tr, state.session.names())
    moments = 0
    for stop, (index, _) in enumerate(state.stops):
        state.stop = stop
        shown = replay_frame(state)
        assert shown.mode == "replay" and shown.legal == () and not shown.asks
        assert shown.replay is not None and shown.replay.index == index
        assert shown.replay.total == moves
        html = render_review(tr, state, shown)
        table = replay_table(tr, shown)
        assert table in html, "the screen draws the replay's table as replay_table does"
        on_page, on_table = _attributes(html), _attributes(table)
        # No control: nothing on the table sends an action, is focused or can be used.
        assert [a for a in on_table if "data-action" in a] == [], index
        assert "autofocus" not in table
        assert re.search(r"<(?:input|select|textarea)\b", table) is None
        assert re.search(r"<button(?![^>]* disabled)", table) is None
        assert "<details" not in table, "no log drawer"
        assert "<header" not in table and "<main" not in table, "no play bar, no main"
        # The screen around it: only the review's own buttons; the replay's controls
        # only step the replay or change whose eyes it uses.
        assert {a["data-action"] for a in on_page if "data-action" in a} <= REVIEW_ACTIONS
        section = controls(_replay_section(html))
        assert {c["data-action"] for c in section} <= {"review-step", "review-viewer"}
        # Ids: unique on the page; the table's are its own ("replay-"), and everything
        # it refers to is in it.
        ids = [a["id"] for a in on_page if "id" in a]
        assert len(ids) == len(set(ids)), (index, sorted(i for i in ids if ids.count(i) > 1))
        own = [a["id"] for a in on_table if "id" in a]
        assert all(i.startswith("replay-") for i in own), (index, own)
        for attrs in on_table:
            for ref in ("aria-labelledby", "aria-describedby", "for"):
                assert set(attrs.get(ref, "").split()) <= set(own), (index, attrs)
        # No invitation to move.
        text = _text(table)
        for words in asking:
            assert words not in text, (index, words)
        moments += shown.moment is not None
    assert moments, "the match passed through at least one round's end"


@pytest.mark.parametrize("game_id", game_ids())
def test_the_replay_of_a_rounds_last_move_shows_that_rounds_end_as_the_table_held_it(
    game_id: str,
) -> None:
    tr = Translator("en")
    match = bot_match(game_id, LEVELS, 6)
    game, states = match.game, match.states
    ended = next(
        i
        for i in range(len(match.actions))
        if game.is_over(states[i + 1])
        or game.view(states[i + 1], None).round != game.view(states[i], None).round
    )
    first_round = game.view(states[ended], None).round
    pause = match.steps[ended].pauses[-1]
    # The same match played live, the person in seat 0: the round's end held on the
    # table after its last move.
    seats = [Seat("Ann", "human"), *(Seat(f"Bot {s}", LEVELS[s]) for s in (1, 2))]
    session = GameSession.start(game_id, match.config, seats, match.seed)
    app, page, _ = started()
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    app.play.enter(session, app.ctx.book.fresh_id(match.seed), 0, T0)
    app.show("play")
    for action in match.actions[: ended + 1]:
        _see_moments(app)
        app.play.perform(action)
    app.render()
    while len(app.play.held) > 1:  # a trick's end, then the deal's: the last is the round's
        press(app, page, "moment-skip" if "moment-skip" in page.markup else "moment-seen")
    live = frame(app)
    assert live.mode == "moment" and live.moment is not None and live.state == pause.state
    held_title = re.findall(r'<h2 id="moment-title" class="turn-banner">([^<]*)</h2>', page.markup)
    assert held_title and held_title[0]
    # ... the rest of the match, then its review, stepped on to that move.
    for action in match.actions[ended + 1 :]:
        _see_moments(app)
        app.play.perform(action)
    _see_moments(app)
    app.render()
    press(app, page, "open-review")
    state = app.reviewing.state
    assert app.screen == "review" and state is not None and state.viewer == 0
    app.on_action("review-step", {"to": str(ended)})  # the round's last move, as a moment's button
    for _ in state.match.steps[ended].pauses:  # then on, to the moments it passed through
        press(app, page, "review-step", delta="1")
    assert state.frame == ended + 1
    shown = replay_frame(state)
    assert shown.moment is not None and shown.moment.kind == pause.kind
    assert shown.state == pause.state and shown.view == game.view(pause.state, 0)
    # The round that ended, not the next one the rules had already begun.
    assert shown.view.round == first_round == live.view.round
    assert shown.ui.subtitle(tr, shown) == live.ui.subtitle(tr, live)
    heading = re.search(r'<h1 class="screen-title">(.*?)</h1>', _live_bar(live, tr), re.S)
    assert heading and _words(heading.group(1)).endswith(f"· {live.ui.subtitle(tr, live)}")
    drawn = _frame(page.markup)
    title = re.findall(r'<h2 id="replay-moment-title" class="turn-banner">([^<]*)</h2>', drawn)
    assert title == held_title, "the replay says what the table said at that moment"
    assert "replay-banner" not in drawn
    if game.view(states[ended + 1], None).round != first_round:
        assert shown.ui.subtitle(tr, shown) != _subtitle_at(state, states[ended + 1], tr)


def _see_moments(app: App) -> None:
    """Every moment held on the table seen (Continue, as often as it asks)."""
    while app.play.held:
        app.on_action("moment-seen", {})


def _live_bar(live: Frame, tr: Translator) -> str:
    """The play bar a live frame is drawn under."""
    markup = live.ui.render(tr, live)
    return markup[: markup.index("</header>")]


def _subtitle_at(state: ReviewState, at: Any, tr: Translator) -> str:
    """How far the match is in state ``at``, as the header says it."""
    session = state.session
    game = session.game
    ui = get_ui(game.id)
    shown = Frame("replay", game, ui, session.seats, at, 0, game.view(at, 0))
    return ui.subtitle(tr, shown)


def test_the_banner_counts_moves_as_the_moment_titles_do() -> None:
    state = finished_state("dice21")
    assert state.review is not None
    tr = Translator("en")
    decision = next(d for s in state.review.seats for d in s.decisions)
    state.frame = decision.index
    html = screen(tr, state)
    name = state.session.seats[decision.seat].name
    move = f"Move {decision.index + 1} of {len(state.match.states) - 1} · {name} to act"
    assert move in _words(_frame(html))
    title = tr.t("review.moment.round", round=decision.round, move=decision.index + 1)
    assert title.endswith(f"move {decision.index + 1}")
    # The replay's position line counts the same move.
    position = re.findall(r'<span class="replay-position"[^>]*>([^<]*)</span>', html)
    assert position == [f"Move {decision.index + 1} of {len(state.match.states) - 1}"]


@pytest.mark.parametrize("game_id", rated())
def test_every_decision_is_shown_at_the_table_it_was_taken_at(game_id: str) -> None:
    # A decision at action ``index`` sits between replay steps ``index`` and
    # ``index + 1`` (pygame_core/review/replay.py): "Show in the replay" goes to step
    # ``index``, which must show the table the seat decided at, with the banner that
    # counts its move as the moment's title does ("Round 2, move 7: ...").
    state = finished_state(game_id, seed=5)
    assert state.review is not None
    tr = Translator("en")
    moves = len(state.match.states) - 1
    names = state.session.names()
    decisions = [d for s in state.review.seats for d in s.decisions]
    assert decisions
    wrong = []
    for decision in decisions:
        state.frame = decision.index
        shown = replay_frame(state)
        banner = tr.t("review.banner", n=decision.index + 1, total=moves, name=names[decision.seat])
        drawn = replay_table(tr, shown)
        if (
            shown.state != state.match.states[decision.index]
            or shown.actor != decision.seat
            or banner not in _banners(drawn)
        ):
            wrong.append((decision.index, shown.moment.kind if shown.moment else None))
    assert wrong == [], f"{len(wrong)} of {len(decisions)} decisions shown elsewhere: {wrong}"


@pytest.mark.parametrize("game_id", game_ids())
def test_text_stays_text_in_the_replay(game_id: str) -> None:
    # What read_only had to keep: a name is text, never markup or a control, on the
    # review screen and in the replay's table.
    name = '<img src=x onerror=alert(1)> id="x" data-action="go-home"'
    players = 3 if game_id == "tjugoett" else 2
    session = _random_match(game_id, players, 6)
    session.seats = (Seat(name, "human"), *session.seats[1:])
    state = new_state("g-1", session, get_ui(session.game_id))
    tr = Translator("en")
    moves = len(state.match.states) - 1
    for index in (0, moves // 2, moves):
        state.frame = index
        shown = replay_frame(state)
        html = render_review(tr, state, shown)
        assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
        table = replay_table(tr, shown)
        assert "<img" not in table and name in _text(table)
        assert controls(table) == [] and "x" not in _ids(html)
        assert {c["data-action"] for c in controls(html)} <= REVIEW_ACTIONS


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


@pytest.mark.parametrize("game_id", [g for g in game_ids() if get_game(g).hides_information])
def test_a_private_review_never_holds_another_persons_hidden_card(game_id: str) -> None:
    tr = Translator("en")
    state = finished_state(game_id, seed=8, reveal_after=False)
    assert state.private and state.shown is None
    cover = screen(tr, state)
    assert 'class="card' not in cover and "Pass to Ann" in cover
    game = state.session.game
    checked = 0
    for person in (0, 1):
        state.shown = state.viewer = person
        other = 1 - person
        mine = replay_frames(state.match, person)
        theirs = replay_frames(state.match, other)
        for index in range(len(mine)):
            state.frame = index
            shown = replay_frame(state)
            html = render_review(tr, state, shown)
            assert html.count('class="panel person"') == 1
            # Every event the step shows (its caption, the moment's story) was one the
            # person saw.
            told = [*shown.fresh, *(shown.moment.events if shown.moment else ())]
            assert all(e.visible_for(person) for e in told), index
            hidden = _hidden(mine.at(index).view, theirs.at(index).view, other)
            if shown.moment is not None:
                # Drawn from the round's end: the other's hidden cards at that moment.
                hidden = _hidden(shown.view, game.view(shown.state, other), other)
            for card in hidden:
                assert f'card-{card}"' not in html and card_name(tr, card) not in html
                checked += 1
    assert checked


def test_reveal_after_the_match_shows_every_hand_in_every_frame() -> None:
    state = finished_state("twentyone", seed=8)
    assert state.reveal_all and not state.private
    html = screen(Translator("en"), state)
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
        app.reviewing.spawn = asyncio.ensure_future
        press(app, page, "open-game", game="dice21")
        press(app, page, "start-game")
        _play_to_the_end(app, page, lambda session: session.legal()[-1])
        press(app, page, "open-review")
        assert app.screen == "review" and page.address.startswith("#/review/")
        state = app.reviewing.state
        assert state is not None and state.task is not None
        press(app, page, "go-home")
        await asyncio.sleep(0)
        assert state.task is None and app.reviewing.state is None

    asyncio.run(main())


# -- saves that keep their moves -------------------------------------------------------------


def _finish(app: App, page: FakePage) -> str:
    """Play the match on screen to its end; the id it was saved under."""
    saved_id = app.play.save_id
    assert saved_id is not None
    _play_to_the_end(app, page, lambda session: session.legal()[0])
    return saved_id


def run_review(app: App) -> None:
    state = app.reviewing.state
    assert state is not None
    for step in engine.iter_review(state.match, seats=state.people, playouts=12):
        state.progress(step)
    app.render()


def test_a_finished_match_is_reviewed_from_the_history_and_by_its_address() -> None:
    app, page, store = started()
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    saved_id = _finish(app, page)
    entry = json.loads(store.get(HISTORY_PREFIX + saved_id) or "")
    assert entry["game"]["actions"] and entry["reveal_after"] is True
    press(app, page, "go-home")
    press(app, page, "open-review", save=saved_id)
    assert app.screen == "review"
    run_review(app)
    assert "moment" in page.markup or "choices were the best" in page.markup
    # A reload of the review's address: the same review from the stored moves.
    again, _, _ = started(store=store)
    again.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    again.on_address(f"#/review/{saved_id}")
    reviewed, first = again.reviewing.state, app.reviewing.state
    assert again.screen == "review" and reviewed is not None and first is not None
    assert reviewed.session.state.history == first.session.state.history


def test_an_old_save_of_a_finished_match_gets_a_review() -> None:
    store = DictStore()
    text = (FIXTURES / "dice21_finished.json").read_text("utf-8")
    store.set(GAME_PREFIX + "g4d", text)
    app, page, _ = started(store=store)
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
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
    assert app.screen == "home" and "cannot be reviewed" in (app.ctx.notice_text() or "")
    assert "before the app kept the moves" in (app.ctx.notice_text() or "")


def test_a_match_in_progress_cannot_be_reviewed() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    assert 'data-action="open-review"' not in page.markup
    saved_id = app.play.save_id
    app.on_address(f"#/review/{saved_id}")
    assert app.screen == "home" and "not finished" in (app.ctx.notice_text() or "")


def test_the_reveal_choice_is_asked_at_setup_and_kept_with_the_match() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="tjueett")
    assert 'data-field="reveal-after"' in page.markup and " checked" in page.markup
    app.on_field("reveal-after", {"value": "0"})
    assert app.setup.draft is not None and app.setup.draft.reveal_after is False
    press(app, page, "start-game")
    assert app.play.session is not None and app.play.session.reveal_after is False
    saved_id = app.play.save_id
    entry = json.loads(store.get(GAME_PREFIX + f"{saved_id}") or "")
    assert entry["reveal_after"] is False
    again, _, _ = started(store=store)
    assert again.play.session is not None and again.play.session.reveal_after is False
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
    assert app.play.session is not None and saved.session.state == app.play.session.state
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
    state = new_state(saved.id, saved.session, get_ui(saved.session.game_id))
    assert state.people == (0,) and match["people_moves"] > 0


# -- the review in words a family understands (#23) --------------------------------------


def reviewed(state: ReviewState) -> ReviewState:
    """``state`` with its review rated (as the background job does)."""
    for step in engine.iter_review(state.match, seats=state.people, playouts=12):
        state.progress(step)
    return state


def _panels(html: str) -> list[str]:
    """Each person's panel of a review screen."""
    return re.findall(r'<section class="panel person".*?</section>', html, re.S)


def _outside_details(markup: str) -> str:
    return re.sub(r"<details\b.*?</details>", "", markup, flags=re.S)


def test_accuracy_is_shown_as_a_whole_percentage_that_never_overstates() -> None:
    assert accuracy_percent(Fraction(87, 100), "en") == "87\u00a0%"
    assert accuracy_percent(Fraction(1), "nb") == "100\u00a0%"
    assert accuracy_percent(Fraction(996, 1000), "en") == "99\u00a0%", "100 only when all best"
    assert accuracy_percent(Fraction(0), "sv") == "0\u00a0%"
    assert accuracy_percent(Fraction(3, 1000), "da") == "1\u00a0%", "0 only when all worst"
    assert accuracy_percent(0.8749, "en") == "87\u00a0%"
    assert accuracy_exact(Fraction(13, 15), "nb") == "86,7\u00a0% = 13/15"
    assert accuracy_exact(Fraction(10**20 + 1, 10**20 + 7), "en") == "100.0\u00a0%"
    assert accuracy_exact(0.5, "en") == "50.0\u00a0%"


@pytest.mark.parametrize("game_id", ["dice21", "dice41", "tjueett", "twentyone"])
def test_each_persons_summary_is_plain_words_in_every_language(game_id: str) -> None:
    state = finished_state(game_id, seed=5)
    review = state.review
    assert review is not None
    for lang in LANGUAGES:
        tr = Translator(lang)
        panels = _panels(screen(tr, state))
        assert len(panels) == len(review.seats)
        for panel, mine in zip(panels, review.seats, strict=True):
            summary = re.findall(r'<p class="review-summary">([^<]*)</p>', panel)
            if not mine.rated:
                assert summary == [escape(tr.t("review.none_rated"), quote=False)]
                continue
            assert mine.accuracy is not None
            words = tr.t(
                "review.summary",
                accuracy=accuracy_percent(mine.accuracy, tr.lang),
                best=mine.best,
                rated=mine.rated,
            )
            assert summary == [escape(words, quote=False)], lang
            assert "{" not in words and "±" not in words
            # The costs and margins are a tap away, never in the summary's words (the
            # panel before its moments, whose sentences are each game's own).
            plain = _text(_outside_details(panel.split('<ol class="moments">')[0]))
            total = total_cost(tr, mine.total_cost, mine.total_margin, mine.unit)
            assert total not in plain and "±" not in plain, (lang, plain)
            assert re.search(r"-\d", plain) is None, (lang, plain)
            figures = re.search(
                r'<details class="exact summary-figures">.*?</details>', panel, re.S
            )
            assert figures is not None
            assert escape(tr.t("review.accuracy_how"), quote=False) in figures.group(0)
            if mine.costliest:
                assert escape(total, quote=False) in figures.group(0)
            for decision in mine.costliest:
                title = tr.t(
                    f"review.moment.{get_ui(game_id).round_word}",
                    round=decision.round,
                    move=decision.index + 1,
                )
                assert f'<h4 class="moment-title">{escape(title, quote=False)}</h4>' in panel


def test_the_summary_reads_as_the_issue_asks_in_all_four_languages() -> None:
    expected = {
        "en": "87\u00a0% accuracy · 12 of 14 choices were the best",
        "nb": "87\u00a0% nøyaktighet · 12 av 14 valg var best",
        "sv": "87\u00a0% träffsäkerhet · 12 av 14 val var bäst",
        "da": "87\u00a0% nøjagtighed · 12 af 14 valg var bedst",
    }
    for lang, words in expected.items():
        tr = Translator(lang)
        assert tr.t("review.summary", accuracy="87\u00a0%", best=12, rated=14) == words


def test_twenty_one_says_deal_everywhere_in_its_review() -> None:
    state = finished_state("twentyone", seed=5)
    review = state.review
    assert review is not None and any(s.costliest for s in review.seats)
    for lang in LANGUAGES:
        tr = Translator(lang)
        round_word = tr.t("play.round", n=0).removesuffix(" 0")
        deal_word = tr.t("save.deal", n=0).removesuffix(" 0")
        for index in (0, state.moves // 2, state.moves):
            state.frame = index
            text = _text(screen(tr, state))
            assert re.search(rf"\b{round_word}\b", text, re.IGNORECASE) is None, (lang, index)
        for seat in review.seats:
            for decision in seat.costliest:
                title = tr.t("review.moment.deal", round=decision.round, move=decision.index + 1)
                assert title.startswith(f"{deal_word} {decision.round},")
                assert escape(title, quote=False) in screen(tr, state)
    # ... and the dice and banker games keep their rounds.
    dice = finished_state("dice41", seed=5)
    assert dice.review is not None
    decision = next(d for s in dice.review.seats for d in s.costliest)
    assert f"Round {decision.round}, move {decision.index + 1}" in screen(Translator("en"), dice)


@pytest.mark.parametrize("game_id", ["dice21", "tjueett", "twentyone"])
def test_one_count_of_moves_the_position_line_and_the_banner_agree(game_id: str) -> None:
    state = bot_state(game_id)
    moves = state.moves
    for lang in ("en", "nb"):
        tr = Translator(lang)
        seen_after = 0
        for stop, (index, held) in enumerate(state.stops):
            state.stop = stop
            html = screen(tr, state)
            position = re.findall(r'<span class="replay-position"[^>]*>([^<]*)</span>', html)
            banners = [
                re.sub(r"<[^>]+>", "", b)  # the name is a span of its own
                for b in re.findall(r'<p class="turn-banner replay-banner">(.*?)</p>', html)
            ]
            if held is None and index < moves:
                line = tr.t("review.step_of", n=index + 1, total=moves)
                assert position == [escape(line, quote=False)], (lang, stop)
                assert len(banners) == 1 and banners[0].startswith(
                    escape(line, quote=False) + " · "
                ), (lang, stop, banners)
            else:
                line = tr.t("review.step_after", n=index, total=moves)
                assert position == [escape(line, quote=False)], (lang, stop)
                assert banners == []
                seen_after += 1
        assert seen_after >= 2, "the end and at least one round's end"


#: Options that give a match more than one round (21's default is a single round).
SEVERAL_ROUNDS: dict[str, dict[str, Any]] = {"dice21": {"match": "rounds", "rounds": 3}}


def test_a_match_of_one_round_draws_no_chart_of_rounds_won() -> None:
    """A line from the start to the end of a single round says no more than the result
    above it, so a one-round 21 match's review has none."""
    state = reviewed(bot_state("dice21"))
    review = state.review
    assert review is not None
    assert all(s.chart is not None and len(s.chart.points) == 2 for s in review.seats)
    drawn = screen(Translator("en"), state)
    assert 'class="review-chart"' not in drawn
    assert drawn.count('class="panel person"') == len(review.seats), "each summary is there"


@pytest.mark.parametrize("game_id", rated())
def test_each_persons_chart_is_svg_from_numbers_with_a_text_alternative(game_id: str) -> None:
    state = reviewed(bot_state(game_id, **SEVERAL_ROUNDS.get(game_id, {})))
    review = state.review
    assert review is not None
    ui = get_ui(game_id)
    for lang in LANGUAGES:
        tr = Translator(lang)
        panels = _panels(screen(tr, state))
        for panel, mine in zip(panels, review.seats, strict=True):
            chart = mine.chart
            assert chart is not None and len(chart.points) >= 2
            figures = re.findall(r'<figure class="review-chart".*?</figure>', panel, re.S)
            assert len(figures) == 1, (game_id, lang)
            drawn = figures[0]
            name = state.session.names()[mine.seat]
            caption = tr.t(f"review.chart.{chart.measure}", name=name)
            assert f'<figcaption class="chart-caption">{escape(caption, quote=False)}' in drawn
            # An image with a text alternative: the svg is labelled by its <title>.
            attrs = _attributes(drawn)
            svg = next(a for a in attrs if a.get("class") == "chart-svg")
            assert svg["role"] == "img" and svg["viewbox"] == "0 0 320 150"
            title = re.search(rf'<title id="{svg["aria-labelledby"]}">([^<]*)</title>', drawn)
            assert title is not None
            alt = html_text.unescape(title.group(1))
            assert alt.startswith(caption + ": ") and alt.endswith(".")
            assert "{" not in alt
            # Built from numbers only: shapes and text, no script, no style, no link.
            tags = set(re.findall(r"<([a-z]+)\b", drawn))
            assert tags <= {"figure", "figcaption", "svg", "title", "line", "text", "path"} | {
                "circle",
                "polygon",
            }, tags
            assert (
                "style=" not in drawn
                and "href" not in drawn
                and "on" not in {k[:2] for a in attrs for k in a}
            )
            path = next(a["d"] for a in attrs if a.get("class") == "chart-line")
            xy = [tuple(map(float, p[1:].split(","))) for p in path.split()]
            assert len(xy) == len(chart.points)
            assert all(36 <= x <= 278 and 12 <= y <= 126 for x, y in xy), xy
            # Higher figures are drawn higher.
            for (_, y1), (_, y2), a, b in zip(
                xy, xy[1:], chart.points, chart.points[1:], strict=False
            ):
                assert (y2 < y1) == (b.value > a.value) or (y1 == y2) == (a.value == b.value)
            # The figures said in words, in the reader's language: each of a short
            # series, the first, last, lowest and highest of a long one.
            assert alt == _said_chart(tr, chart, caption, ui.round_word), (lang, alt)
            if lang == "en" and chart.measure == "chips":
                assert alt.startswith(f"{caption}: {round(chart.points[0].value)} at the start, ")


def _said_chart(tr: Translator, chart: Any, caption: str, round_word: str) -> str:
    """A chart's text alternative, worded here from its points."""

    def value(figure: Any) -> str:
        if chart.measure == "match_win":
            return f"{round(Fraction(figure) * 100)}\u00a0%"
        return str(round(figure))

    def said(point: Any) -> str:
        if chart.measure == "match_win":
            return tr.t("review.chart.after.move", value=value(point.value), n=point.index)
        if point.round == 0:
            return tr.t("review.chart.start", value=value(point.value))
        return tr.t(f"review.chart.after.{round_word}", value=value(point.value), n=point.round)

    points = chart.points
    if len(points) <= 12:
        return f"{caption}: {', '.join(said(p) for p in points)}."
    figures = [p.value for p in points]
    span = tr.t(
        "review.chart.span",
        first=said(points[0]),
        last=said(points[-1]),
        low=value(min(figures)),
        high=value(max(figures)),
    )
    return f"{caption}: {span}."


def test_every_disclosure_of_the_review_looks_tappable() -> None:
    state = finished_state("dice21")
    html = screen(Translator("en"), state)
    details = re.findall(r"<details\b[^>]*>(.{0,40})", html, re.S)
    assert details and all(d.startswith("<summary>") for d in details), details
    css = (Path(__file__).parent.parent / "web" / "style.css").read_text("utf-8")
    block = css[css.index("/* Review (#23)") :]
    # the practice's figures and the devices' typed codes look the same
    review = r":is\(\.review details, \.practice details, details\.device-typed\)"
    rule = re.search(review + r" > summary \{([^}]*)\}", block)
    assert rule is not None and "min-height: var(--touch)" in rule.group(1)
    assert re.search(review + r" > summary::before \{ content: \"\\25B8\"; \}", block)
    assert re.search(review + r"\[open\] > summary::before \{ content: \"\\25BE\"; \}", block)
    touch = re.search(r"--touch: (\d+)px", css)
    assert touch is not None and int(touch.group(1)) >= 44
