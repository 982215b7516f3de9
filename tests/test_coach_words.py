"""The coach in plain words: one sentence on what to do and why, the exact figures one
tap away behind a native <details>, and 41's running score of the set-aside dice."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

import pytest
from tables import FakePage, act, at_table, frame, moves, press

from pygame_core import get_game
from pygame_core.dice21.advice import Dice21Advice
from pygame_core.dice41 import GAME as DICE41
from pygame_core.dice41 import points_so_far
from pygame_core.dice41.advice import Dice41Advice, dice41_advice
from pygame_core.dice41.positions import position
from pygame_core.review import Decision, Option, Reason
from pygame_core.twentyone import Discard, OpenExchange, Play, Swap
from pygame_core.twentyone.advice import TwentyOneAdvice
from web.app import App
from web.games.dice21 import dice21_coach, dice21_sentence
from web.games.dice41 import dice41_coach, dice41_sentence, running_score, seat_note41
from web.games.twentyone import coach_move, coach_rows, coach_sentence
from web.i18n import LANGUAGES, Translator
from web.screens.dice import sentence_percents

EN = Translator("en")
NBSP = "\u00a0"


def text(markup: str) -> str:
    """The visible words of ``markup``, spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).replace(NBSP, " ").strip()


def placeholders_filled(sentence: str) -> bool:
    return "{" not in sentence and "}" not in sentence


# -- 21 ----------------------------------------------------------------------------------


def test_21_roll_on_says_both_chances_in_whole_percent() -> None:
    advice = Dice21Advice(Fraction(1, 6), Fraction(2, 5), Fraction(31, 50), False)
    assert dice21_sentence(EN, advice).replace(NBSP, " ") == (
        "Roll on: rolling wins 62 % of the time, stopping 40 %."
    )


def test_21_stop_says_the_win_and_the_bust_chance() -> None:
    advice = Dice21Advice(Fraction(7, 12), Fraction(71, 100), Fraction(1, 5), True)
    assert dice21_sentence(EN, advice).replace(NBSP, " ") == (
        "Stop: you win 71 % of the time by stopping; one more throw busts 58 % of the time."
    )


def test_21_stop_without_a_bust_risk_and_before_the_first_throw() -> None:
    safe = Dice21Advice(Fraction(0), Fraction(1), Fraction(1), True)
    assert "rolling on cannot do better" in dice21_sentence(EN, safe)
    first = Dice21Advice(Fraction(0), None, Fraction(1, 3), False)
    assert dice21_sentence(EN, first).replace(NBSP, " ") == (
        "Roll: every turn starts with a throw, and from here you win 33 % of the time."
    )


def test_sentence_percents_keep_a_decimal_where_whole_ones_would_read_the_same() -> None:
    assert sentence_percents("en", Fraction(1, 2), Fraction(249, 500)) == ["50.0 %", "49.8 %"]
    assert sentence_percents("nb", Fraction(1, 2), Fraction(1, 3)) == [
        f"50{NBSP}%",
        f"33{NBSP}%",
    ]
    # equal chances are equal words: no decimals needed
    assert sentence_percents("en", Fraction(1, 2), Fraction(1, 2)) == [f"50{NBSP}%"] * 2


def test_21_coach_puts_the_sentence_first_and_the_exact_figures_behind_a_summary() -> None:
    advice = Dice21Advice(Fraction(1, 6), Fraction(2, 5), Fraction(31, 50), False)
    html = str(dice21_coach(EN, advice))
    say = html.index('class="coach-say"')
    details = html.index('<details class="coach-more"')
    assert say < details
    assert "<summary" in html[details:] and "Show the figures" in html[details:]
    figures = text(html[details:])
    # one decimal behind the tap: 16.7 % bust, 40.0 % stop, 62.0 % roll (marked best)
    assert "Bust on the next throw 16.7 %" in figures
    assert "Win if you stop now 40.0 %" in figures
    assert re.search(r'<div class="best"><dt>Win if you roll on</dt><dd>62\.0 %</dd>', html)


# -- 41 ----------------------------------------------------------------------------------


def view41(**kwargs: object) -> object:
    return DICE41.view(position(DICE41.config(players=2), **kwargs), None)  # type: ignore[arg-type]


def test_41_expected_sentence_names_the_die_and_a_whole_score() -> None:
    view = view41(kept={0: [4, 1]}, dice=[6, 5, 2, 2])
    advice = dice41_advice(view)
    assert advice is not None and advice.mode == "expected" and advice.best_value == 6
    sentence = dice41_sentence(EN, advice)
    score = round(advice.values[6])
    assert sentence == (f"Set aside the 6: it gives the best score you can expect, about {score}.")
    html = str(dice41_coach(EN, advice))
    figures = text(html[html.index("<details") :])
    # every die's expectation to one decimal, the best marked
    assert figures.startswith(
        f"Show the figures Die Score to expect 6 {float(advice.values[6]):.1f} 5 "
    )
    assert re.search(r'<tr class="best"><th scope="row">6</th>', html)
    assert html.count("<tr") == 1 + 3  # the head and the dice 6, 5, 2
    assert "playing on as well as possible" in figures


def test_41_last_player_sentence_says_the_chance_to_beat_the_best() -> None:
    view = view41(actor=1, kept={0: [4, 1, 6, 6, 6, 1], 1: [4]}, dice=[6, 5, 1, 3, 2])
    advice = dice41_advice(view)
    assert advice is not None and advice.mode == "beat" and advice.target == 19
    chance = advice.values[advice.best_value]
    sentence = dice41_sentence(EN, advice).replace(NBSP, " ")
    assert sentence == (
        f"Set aside the {advice.best_value}: it beats 19 most often, "
        f"{round(chance * 100)} % of the time."
    )
    html = str(dice41_coach(EN, advice))
    figures = text(html[html.index("<details") :])
    win, tie = advice.values[6], advice.ties[6]
    assert f"Die Beat 19 Tie 6 {float(win * 100):.1f} % {float(tie * 100):.1f} %" in figures


def test_41_sentences_when_nothing_can_win() -> None:
    lost = Dice41Advice("expected", {3: Fraction(0), 5: Fraction(0)}, {}, 5, None)
    assert dice41_sentence(EN, lost).startswith("This turn can no longer score")
    tie = Dice41Advice(
        "beat", {6: Fraction(0), 2: Fraction(0)}, {6: Fraction(1, 6), 2: Fraction(0)}, 6, 24
    )
    assert "ties most often, 17" in dice41_sentence(EN, tie).replace(NBSP, " ")
    hopeless = Dice41Advice("beat", {6: Fraction(0)}, {6: Fraction(0)}, 6, 24)
    assert dice41_sentence(EN, hopeless) == (
        "Whichever die you set aside, you can no longer reach 24."
    )


def test_41_a_small_expectation_is_not_rounded_to_zero() -> None:
    advice = Dice41Advice("expected", {6: Fraction(2, 5)}, {}, 6, None)
    assert dice41_sentence(EN, advice).endswith("about 0.4.")


def test_41_running_score_counts_past_one_4_and_one_1() -> None:
    assert text(str(running_score(EN, (6, 4, 4)))) == "Points so far: 10."
    assert text(str(running_score(EN, (4, 1, 6)))) == "Points so far: 6."


def test_41_the_throwers_note_on_the_felt_is_its_running_score() -> None:
    view = view41(actor=1, kept={0: [4, 1, 6, 6, 6, 1], 1: [6, 1]}, dice=[6, 5, 1, 3])
    assert seat_note41(EN, view, 1) == "6 points so far"
    assert seat_note41(EN, view, 0) == "Scored 19"
    fresh = view41(kept={0: [5, 5]}, dice=[6, 5, 1, 3])
    assert seat_note41(EN, fresh, 0) == "10 points so far"
    nothing_yet = view41(dice=[6, 5, 1, 3, 2, 2])
    assert seat_note41(EN, nothing_yet, 0) == "Throwing"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_41_table_with_the_coach_speaks_every_language(lang: str) -> None:
    """A whole 41 turn on screen, with the coach on: the sentence, the figures behind a
    summary, the running score in the stage and on the felt, no key left unfilled."""
    tr = Translator(lang)
    game = get_game("dice41")
    app, page = at_table("dice41", ["human", "human"], seed=3, names=["Ann", "Bo"], lang=lang)
    press(app, page, "toggle-coach")
    expert = game.make_bot("expert")
    for step in range(4):
        html = page.markup
        assert html.count('class="coach-say"') == 1
        assert tr.t("coach.show_figures") in html
        view = frame(app).view
        kept = view.kept[view.actor]
        if kept:
            points = points_so_far(kept)
            assert tr.t("play.points_so_far", points=points) in html
            assert tr.t("play.note_points", points=points) in html
        assert placeholders_filled(text(html))
        act(app, page, expert.choose(view, tuple(moves(app, page)), step))


# -- Twenty One --------------------------------------------------------------------------


def decision(
    options: list[tuple[str, float, float]], chosen: str, best: str, **kw: object
) -> Decision:
    values = {k: v for k, v, _ in options}
    return Decision(
        index=0,
        seat=0,
        round=1,
        kind="play",
        chosen=chosen,
        best=best,
        options=tuple(Option(k, v, m) for k, v, m in options),
        chosen_value=values[chosen],
        best_value=values[best],
        cost=values[best] - values[chosen],
        margin=kw.get("margin", 0.0),  # type: ignore[arg-type]
        unit="match_win",
        method="expert_search",
        against="others_play_policy",
        rated=True,
        is_best=kw.get("is_best", True),  # type: ignore[arg-type]
        reason=Reason.make("played_right"),
    )


def test_twentyone_move_words() -> None:
    assert coach_move(EN, OpenExchange()) == "Open the exchange"
    assert coach_move(EN, Swap(())) == "Keep my hand"
    assert coach_move(EN, Play((0,))).startswith("Play ")
    assert coach_move(EN, Discard(0)).startswith("Discard ")


def test_twentyone_sentence_gives_the_estimate_against_the_next_best_choice() -> None:
    estimate = decision(
        [("play_1_9", 0.34, 0.03), ("play_1_13", 0.29, 0.04), ("play_2_5", 0.1, 0.02)],
        "play_1_9",
        "play_1_9",
    )
    advice = TwentyOneAdvice(Play((7,)), "play_1_9", estimate)
    sentence = coach_sentence(EN, advice).replace(NBSP, " ")
    assert sentence.endswith(
        ": by the expert's estimate you win the game 34 % of the time, "
        "against 29 % if you play one king instead."
    )
    rows = coach_rows(EN, advice)
    assert [r[0] for r in rows] == ["Play one 9", "Play one king", "Play two 5s"]
    assert rows[0][1].replace(NBSP, " ") == "34.0 % ± 3 %" and rows[0][2]


def test_twentyone_sentence_when_the_estimate_cannot_tell_them_apart() -> None:
    options = [("play_1_9", 0.30, 0.03), ("play_1_13", 0.33, 0.04)]
    close = TwentyOneAdvice(
        Play((7,)), "play_1_9", decision(options, "play_1_9", "play_1_13", margin=0.02)
    )
    assert "about as often as if you play one king instead (33 %, ± 2 %)" in coach_sentence(
        EN, close
    ).replace(NBSP, " ")
    only = TwentyOneAdvice(Discard(3), None, None)
    assert coach_sentence(EN, only).endswith(": there is nothing else to choose.")
    assert coach_rows(EN, only) == []


def test_twentyone_coach_follows_the_estimate_where_it_finds_the_expert_clearly_worse() -> None:
    """The coach never suggests a move its own figures do not call best: where the
    estimate puts another choice ahead, even within its margin, it suggests that one
    (the review rates by the same estimate and calls it best)."""
    game = get_game("twentyone")
    bot = game.make_bot("medium")
    seen = {"expert": 0, "estimate": 0}
    for seed in range(3):
        state = game.new_game(game.config(players=3), seed)
        for step in range(14):
            seat = game.current_player(state)
            if seat is None:
                break
            view, legal = game.view(state, seat), game.legal_actions(state)
            advice = game.advise(view, legal, step)
            assert advice is not None and advice.action in legal
            estimate = advice.estimate
            if estimate is not None:
                values = {o.key: o.value for o in estimate.options}
                assert advice.key == estimate.best
                assert values[advice.key] == max(values.values())
                seen["expert" if advice.key == estimate.chosen else "estimate"] += 1
            state, _ = game.apply(state, bot.choose(view, legal, step))
    assert seen["expert"] > 0


def make_move(app: App, page: FakePage, action: object) -> None:
    """Make ``action`` as a person does: pick its cards in hand, then press its button."""
    if isinstance(action, Play | Swap):
        picked: tuple[int, ...] = action.cards
    elif isinstance(action, Discard) and action not in moves(app, page):
        picked = (action.card,)
    else:
        picked = ()
    for card in picked:
        press(app, page, "toggle-card", card=str(card))
    act(app, page, action)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_twentyone_coach_on_a_real_table(lang: str) -> None:
    """The coach's move in a sentence (its cards named as the hand shows them), the
    estimate behind "Show the figures", in every language: a person against two bots,
    the coach tapped on, the person's moves made with the table's own buttons."""
    tr = Translator(lang)
    game = get_game("twentyone")
    app, page = at_table(
        "twentyone", ["human", "medium", "medium"], seed=4, names=["Ann", "Bo", "Cy"], lang=lang
    )
    press(app, page, "toggle-coach")
    session = app.play.session
    assert session is not None
    bot = game.make_bot("medium")
    said = 0
    for step in range(80):
        if session.over or said >= 4:
            break
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
            continue
        if session.current != 0:
            page.run_timers(limit=1)
            continue
        # the table is drawn first, the coach thinking; its advice comes in the next draw
        assert "coach-thinking" in page.markup and tr.t("coach.thinking") in unescape(page.markup)
        page.run_timers(limit=1)
        html = page.markup
        assert html.count('class="coach-say"') == 1
        now = frame(app)
        advice = now.game.advise(now.view, now.legal, now.step)  # the coach's own (cached)
        assert advice is not None
        say = re.search(r'<p class="coach-say">(.*?)</p>', html)
        assert say and unescape(say.group(1)) == coach_sentence(tr, advice)
        assert (tr.t("coach.show_figures") in html) == (advice.estimate is not None)
        assert placeholders_filled(text(html))
        said += 1
        make_move(app, page, bot.choose(session.view(0), session.legal(), step))
    assert said >= 3
