"""The banker table's words (issue #16): the plain sentence beside the totals, the
coach's sentence with its figures a tap away, and the round's end showing every hand
settled in it with the bank hand it met.

Scripted rounds (``pygame_core.banker.positions``): Ann (seat 0) holds the bank against
Bo and Cy. Bo's face-down card is the 10 of hearts, Cy's the 5 of clubs.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from pygame_core import get_game
from pygame_core.banker.bots import player_values
from pygame_core.banker.positions import position
from pygame_core.banker.table import Bet, Draw, Stake, Stand
from pygame_core.cards import parse_card
from web.coach import banker_advice
from web.games import get_ui
from web.i18n import LANGUAGES, Translator, percent
from web.screens.banker import need_text, round_duels
from web.screens.cards import card_name
from web.screens.play import PlayOptions
from web.session import GameSession, Seat

SEATS = (Seat("Ann", "human"), Seat("Bo", "human"), Seat("Cy", "human"))
EN = Translator("en")

#: Tjueett: Bo gets 9D face up (19), the bank 10S 7S (17): Bo wins; Cy gets KD (18),
#: the bank 9H 9C (18): a tie, the bank's.
TJUEETT_CARDS = "10H 5C 9D 10S 7S KD 9H 9C"
#: Tjugoett: Bo's second card 8D (18), the bank's fresh hand 10S 7S (17): Bo wins; Cy's
#: second card KD (18), the bank's next fresh hand 9H 9C (18): a tie, the bank's. The
#: banker deals on at once (three deals a bank): 2S and 3S lie face down for the next.
TJUGOETT_CARDS = "10H 5C 8D 10S 7S KD 9H 9C 2S 3S"


def session_at(game_id: str, cards: str, **config: Any) -> GameSession:
    game = get_game(game_id)
    state = position(game, game.config(players=3, **config), next_cards=cards)
    return GameSession(game, state, SEATS)


def act(session: GameSession, *actions: Any) -> None:
    for action in actions:
        session.act(action)


def stage_text(html: str) -> str:
    """The words of the stage section (what to do now, the totals and their sentence)."""
    found = re.search(r'<section class="stage".*?</section>', html, re.S)
    assert found, "the table has a stage"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0)))


def render(session: GameSession, viewer: int | None, tr: Translator = EN, **opts: Any) -> str:
    ui = get_ui(session.game_id)
    return str(ui.render_play(tr, session, PlayOptions(viewer=viewer, **opts)))


# -- the plain sentence beside the totals ----------------------------------------------
def test_tjueett_player_who_stood_hears_what_the_bank_needs_ties_included() -> None:
    session = session_at("tjueett", TJUEETT_CARDS)
    act(session, Stake(10), Bet(3), Bet(2), Stand())  # Bo stands on 19
    view = session.view(1)
    assert view.phase == "bank" and view.own_total == 19
    assert "The bank needs 19 or more to win." in stage_text(render(session, 1))


def test_tjueett_banker_and_table_hear_only_the_face_up_part_of_the_hand() -> None:
    session = session_at("tjueett", TJUEETT_CARDS)
    act(session, Stake(10), Bet(3), Bet(2), Stand())
    banker = stage_text(render(session, 0))
    assert "You have 17 against Bo (9 showing, one card face down). A tie is yours." in banker
    for viewer in (2, None):
        text = stage_text(render(session, viewer))
        assert "The bank has 17 against Bo (9 showing, one card face down)." in text
        assert "A tie goes to the bank." in text
    for viewer in (0, 2, None):
        text = stage_text(render(session, viewer))
        assert "19" not in text, "Bo's total is his own until the hand is settled"
        assert card_name(EN, parse_card("10H")) not in render(session, viewer)


def test_tjugoett_banker_words_never_name_the_hidden_hand() -> None:
    session = session_at("tjugoett", TJUGOETT_CARDS)
    act(session, Stake(10), Bet(2), Stand())  # Bo stands on 18, all his cards face down
    assert session.view(0).phase == "bank" and session.view(1).own_total == 18
    assert "The bank needs 18 or more to win." in stage_text(render(session, 1))
    banker = stage_text(render(session, 0))
    assert "You have 17 against Bo (2 cards face down). A tie is yours." in banker
    for viewer in (0, 2, None):
        text = stage_text(render(session, viewer))
        assert "18" not in text, "Bo's hidden total is named"
        html = render(session, viewer)
        for name in ("10H", "8D"):
            assert card_name(EN, parse_card(name)) not in html


def test_a_stand_on_21_needs_the_banks_own_21() -> None:
    session = session_at("tjueett", "7H 5C AD 10S 7S KD 9H 9C")
    act(session, Stake(10), Bet(3), Bet(2), Stand())  # Bo: 7 + ace (14) = 21
    assert session.view(1).own_total == 21
    assert need_text(EN, session.view(1), session.names()) == "The bank needs 21 to win."


def test_no_sentence_when_nobody_meets_the_bank() -> None:
    session = session_at("tjueett", TJUEETT_CARDS)
    act(session, Stake(10), Bet(3))
    for viewer in (0, 1, 2, None):
        assert need_text(EN, session.view(viewer), session.names()) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sentences_are_written_in_every_language(lang: str) -> None:
    tr = Translator(lang)
    session = session_at("tjueett", TJUEETT_CARDS)
    act(session, Stake(10), Bet(3), Bet(2), Stand())
    names = session.names()
    player, banker, table = (need_text(tr, session.view(s), names) for s in (1, 0, None))
    assert player and banker and table and len({player, banker, table}) == 3
    assert "19" in player and "17" in banker and "Bo" in banker
    assert "{" not in player + banker + table
    if lang != "en":
        english = {need_text(EN, session.view(s), names) for s in (1, 0, None)}
        assert not {player, banker, table} & english


# -- the coach ---------------------------------------------------------------------------
def test_coach_says_what_to_do_first_and_keeps_the_exact_figures_a_tap_away() -> None:
    session = session_at("tjueett", TJUEETT_CARDS)
    act(session, Stake(10), Bet(3))  # Cy bets next: Bo has not played
    act(session, Bet(2))
    view = session.view(1)  # Bo plays: 10H down, 9D up
    advice = banker_advice(view)
    assert advice is not None and advice.bust is not None
    assert all(isinstance(p, Fraction) for p in [advice.bust, *advice.bank_reach.values()])
    stand, draw = player_values(view)
    assert advice.best == ("draw" if draw > stand else "stand")
    html = render(session, 1, coach=True)
    coach = re.search(r'<aside class="panel coach".*?</aside>', html, re.S)
    assert coach
    panel = coach.group(0)
    sentence = re.search(r'<p class="coach-say">(.*?)</p>', panel)
    assert sentence and sentence.group(1).startswith(("Stand: ", "Draw: "))
    assert panel.index("coach-say") < panel.index("<details")
    details = panel[panel.index("<details") :]
    assert ">Show the figures</summary>" in details
    # every figure is behind the summary, formatted only there
    assert percent(advice.bust, "en") in details
    assert '<dl class="coach-figures">' in details and "<dl" not in panel[: panel.index("<details")]


def test_coach_stands_on_19_and_says_why_in_a_sentence() -> None:
    session = session_at("tjueett", TJUEETT_CARDS)
    act(session, Stake(10), Bet(3), Bet(2))
    advice = banker_advice(session.view(1))
    assert advice is not None and advice.best == "stand" and advice.total == 19
    html = render(session, 1, coach=True)
    chance = percent(advice.bust or Fraction(0), "en")
    assert f"Stand: one more card takes you over 21 {chance} of the time." in html


def test_banker_coach_weighs_the_hand_it_meets_and_says_so() -> None:
    session = session_at("tjueett", TJUEETT_CARDS)
    act(session, Stake(10), Bet(3), Bet(2), Stand())
    advice = banker_advice(session.view(0))
    assert advice is not None and advice.total == 17 and set(advice.beats) == {1}
    assert all(isinstance(p, Fraction) for p in advice.beats.values())
    html = render(session, 0, coach=True)
    sentence = re.search(r'<p class="coach-say">(.*?)</p>', html)
    assert sentence and sentence.group(1).startswith(("Stand: ", "Draw: "))
    assert card_name(EN, parse_card("10H")) not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_coach_sentence_in_every_language(lang: str) -> None:
    tr = Translator(lang)
    session = session_at("tjugoett", TJUGOETT_CARDS)
    act(session, Stake(10), Bet(2))
    html = render(session, 1, tr, coach=True)
    assert tr.t("coach.show_figures") in html
    sentence = re.search(r'<p class="coach-say">(.*?)</p>', html)
    assert sentence and "{" not in sentence.group(1)
    verbs = (tr.t("banker.stand"), tr.t("banker.draw"))
    assert sentence.group(1).startswith(verbs)


# -- the round's end ----------------------------------------------------------------------
def finished_round(game_id: str, cards: str, **config: Any) -> GameSession:
    session = session_at(game_id, cards, **config)
    if game_id == "tjueett":
        act(session, Stake(10), Bet(3), Bet(2), Stand(), Stand(), Stand(), Stand())
    else:
        act(session, Stake(10), Bet(2), Stand(), Stand(), Bet(2), Stand(), Stand())
    assert any(e.kind == "round_over" for e in session.events)
    return session


def moment_of(session: GameSession) -> tuple[Any, ...]:
    end = max(i for i, e in enumerate(session.events) if e.kind == "round_over")
    return tuple(session.events[: end + 1])


@pytest.mark.parametrize(
    ("game_id", "cards", "bo"),
    [("tjueett", TJUEETT_CARDS, "10H 9D"), ("tjugoett", TJUGOETT_CARDS, "10H 8D")],
    ids=["tjueett", "tjugoett"],
)
@pytest.mark.parametrize("viewer", [None, 1])
def test_each_settled_hand_keeps_the_bank_hand_it_met(
    game_id: str, cards: str, bo: str, viewer: int | None
) -> None:
    session = finished_round(game_id, cards)
    duels = round_duels(moment_of(session), viewer)
    hand = [parse_card(c) for c in bo.split()]
    assert [(d.seat, d.outcome, d.reason) for d in duels] == [
        (1, "won", "higher"),
        (2, "lost", "tie"),
    ]
    assert duels[0].cards == tuple(hand) and duels[0].total == 18 + (game_id == "tjueett")
    assert duels[0].bank == tuple(parse_card(c) for c in ("10S", "7S"))
    assert duels[1].cards == tuple(parse_card(c) for c in ("5C", "KD"))
    assert duels[1].bank == tuple(parse_card(c) for c in ("9H", "9C"))
    assert (duels[0].paid, duels[1].bet) == (3 if game_id == "tjueett" else 2, 2)


def test_a_shared_bank_hand_belongs_to_every_hand_it_met() -> None:
    # after_all: every player plays, then the bank draws one hand against all who stood
    session = session_at("tjugoett", "10H 5C 8D KD 10S 7S 2S 3S", banker_plays="after_all")
    act(session, Stake(10), Bet(2), Stand(), Bet(2), Stand(), Stand())
    duels = round_duels(moment_of(session), None)
    assert [d.seat for d in duels] == [1, 2]
    assert duels[0].bank == duels[1].bank == tuple(parse_card(c) for c in ("10S", "7S"))


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett"])
def test_the_round_moment_shows_every_hand_and_the_chips_moved(game_id: str) -> None:
    cards = TJUEETT_CARDS if game_id == "tjueett" else TJUGOETT_CARDS
    session = finished_round(game_id, cards)
    html = render(session, None, moment=moment_of(session))
    panel = re.search(r'<section class="stage moment-panel".*?</section>', html, re.S)
    assert panel
    moment = panel.group(0)
    paid = 3 if game_id == "tjueett" else 2
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", moment))
    assert f"Bo wins {paid} · higher than the bank" in text
    assert "Cy loses 2 · a tie goes to the bank" in text
    assert f"The bank (Ann): {2 - paid:+d} this round" in text
    hands = [
        "10H",
        "9D" if game_id == "tjueett" else "8D",
        "10S",
        "7S",
        "5C",
        "KD",
        "9H",
        "9C",
    ]
    for name in hands:
        assert f'aria-label="{card_name(EN, parse_card(name))}"' in moment, name
    assert moment.index('data-action="moment-seen"') < moment.index('class="revealed-hands duels"')
    # on the felt: every player's hand face up at its seat, the chips it moved in words
    assert re.search(r'data-key="s1-c1"[^>]*data-face="up"', html)
    assert f"Won +{paid} · " in html and "Lost -2 · 18" in html


def test_the_moment_never_shows_a_card_that_was_not_turned_up() -> None:
    """A hand thrown in when the bank broke is shown by the rules; a viewer's view of the
    events is all the moment reads, so no event private to another seat is drawn."""
    session = finished_round("tjugoett", TJUGOETT_CARDS)
    moment = moment_of(session)
    private = [e for e in moment if e.kind == "hidden_card"]
    assert private, "the round dealt face-down cards"
    for viewer in (None, 0):
        drawn = {c for d in round_duels(moment, viewer) for c in d.cards}
        shown = {c for e in moment if e.kind == "shown" for c in e.get("hand", ())}
        assert drawn <= shown | {None} | {
            e.get("card") for e in moment if e.kind == "dealt" and e.visible_for(viewer)
        }


def test_a_bust_needs_no_bank_hand() -> None:
    session = session_at("tjueett", "10H 5C 9D KS 10S 7S 9H 9C")
    act(session, Stake(10), Bet(3), Bet(2), Draw())  # Bo: 10 + 9 + 13 = 32
    duels = round_duels(tuple(session.events), None)
    assert [(d.seat, d.reason, d.bank) for d in duels] == [(1, "bust", ())]


def test_the_bar_names_the_round_that_ended_while_its_end_is_held() -> None:
    session = finished_round("tjugoett", TJUGOETT_CARDS)
    assert session.view(None).round == 2
    html = render(session, None, moment=moment_of(session))
    assert "Tjugoett · Round 1 · deal 1 of 3" in html
    assert "Round 2" not in html.split("</header>")[0]
    assert "Tjugoett · Round 2 · deal 2 of 3" in render(session, None)
