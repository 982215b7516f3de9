"""The banker table's words (issue #16): the plain sentence beside the totals, the
coach's sentence with its figures a tap away, and the round's end showing every hand
settled in it with the bank hand it met.

Scripted rounds (``pygame_core.banker.positions``) put on the table through the real
controllers (:mod:`tables`): Ann (seat 0) holds the bank against Bo and Cy. Bo's
face-down card is the 10 of hearts, Cy's the 5 of clubs. Whose eyes the table is drawn
for is what the device decides (:mod:`web.handoff`): the only person at a table of
bots, or nobody in particular when several people share it and a bot is to act.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from tables import T0, DictStore, FakePage, frame, press, title_text

from pygame_core import get_game
from pygame_core.banker.bots import player_values
from pygame_core.banker.positions import position
from pygame_core.banker.table import Bet, Draw, Stake, Stand
from pygame_core.cards import parse_card
from web.app import App
from web.games.banker import need_text
from web.i18n import LANGUAGES, Translator, percent
from web.screens.cards import card_name
from web.seats import Seat
from web.session import GameSession
from web.table.cards import card_text

NAMES = ("Ann", "Bo", "Cy")
EN = Translator("en")
#: Everyone at one device (pass-and-play).
PEOPLE = ("human", "human", "human")
#: Who sits where so that the table is drawn for that seat's eyes: the only person at a
#: table of bots sees as that seat; two people sharing the device while Ann's bot holds
#: the bank see what everyone sees (``None``).
EYES: dict[int | None, tuple[str, ...]] = {
    0: ("human", "medium", "medium"),
    1: ("medium", "human", "medium"),
    2: ("medium", "medium", "human"),
    None: ("medium", "human", "human"),
}

#: Tjueett: Bo gets 9D face up (19), the bank 10S 7S (17): Bo wins; Cy gets KD (18),
#: the bank 9H 9C (18): a tie, the bank's.
TJUEETT_CARDS = "10H 5C 9D 10S 7S KD 9H 9C"
#: Tjugoett: Bo's second card 8D (18), the bank's fresh hand 10S 7S (17): Bo wins; Cy's
#: second card KD (18), the bank's next fresh hand 9H 9C (18): a tie, the bank's. The
#: banker deals on at once (three deals a bank): 2S and 3S lie face down for the next.
TJUGOETT_CARDS = "10H 5C 8D 10S 7S KD 9H 9C 2S 3S"


def table(
    game_id: str,
    cards: str,
    kinds: Sequence[str] = PEOPLE,
    *actions: Any,
    lang: str = "en",
    coach: bool = False,
    **config: Any,
) -> tuple[App, FakePage]:
    """The scripted round on the play screen with seats of ``kinds``, after
    ``actions``: each made through the play controller (``perform``, the path of a
    move button and of a bot's move), the table drawn after each as the player sees it.
    ``coach``: the person has tapped the coach on."""
    game = get_game(game_id)
    state = position(game, game.config(players=3, **config), next_cards=cards)
    seats = tuple(Seat(n, k) for n, k in zip(NAMES, kinds, strict=True))  # type: ignore[arg-type]
    session = GameSession(game, state, seats)
    page = FakePage()
    app = App(DictStore(), lang, page)
    page.app = app
    app.play.enter(session, app.ctx.book.fresh_id(0), 0, T0)
    app.show("play")
    app.render()
    if coach:
        press(app, page, "toggle-coach")
    play(app, *actions)
    return app, page


def play(app: App, *actions: Any) -> None:
    """Make ``actions`` through the play controller, drawing the table after each."""
    for action in actions:
        app.play.perform(action)
        app.render()


def session_of(app: App) -> GameSession:
    session = app.play.session
    assert session is not None
    return session


def stage_text(html: str) -> str:
    """The words of the stage section (what to do now, the totals and their sentence)."""
    found = re.search(r'<section class="stage".*?</section>', html, re.S)
    assert found, "the table has a stage"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0)))


def seen_by(viewer: int | None, game_id: str, cards: str, *actions: Any, **kw: Any) -> str:
    """The table after ``actions`` as drawn for ``viewer``'s eyes."""
    app, page = table(game_id, cards, EYES[viewer], *actions, **kw)
    assert frame(app).viewer == viewer and frame(app).cover is None
    return str(page.markup)


# -- the plain sentence beside the totals ----------------------------------------------
def test_tjueett_player_who_stood_hears_what_the_bank_needs_ties_included() -> None:
    bo_stands = (Stake(10), Bet(3), Bet(2), Stand())  # Bo stands on 19
    app, page = table("tjueett", TJUEETT_CARDS, EYES[1], *bo_stands)
    view = frame(app).view
    assert view.viewer == 1 and view.phase == "bank" and view.own_total == 19
    assert "The bank needs 19 or more to win." in stage_text(page.markup)


def test_tjueett_banker_and_table_hear_only_the_face_up_part_of_the_hand() -> None:
    bo_stands = (Stake(10), Bet(3), Bet(2), Stand())
    banker = stage_text(seen_by(0, "tjueett", TJUEETT_CARDS, *bo_stands))
    assert "You have 17 against Bo (9 showing, one card face down). A tie is yours." in banker
    for viewer in (2, None):
        text = stage_text(seen_by(viewer, "tjueett", TJUEETT_CARDS, *bo_stands))
        assert "The bank has 17 against Bo (9 showing, one card face down)." in text
        assert "A tie goes to the bank." in text
    for viewer in (0, 2, None):
        html = seen_by(viewer, "tjueett", TJUEETT_CARDS, *bo_stands)
        assert "19" not in stage_text(html), "Bo's total is his own until the hand is settled"
        assert card_name(EN, parse_card("10H")) not in html


def test_tjugoett_banker_words_never_name_the_hidden_hand() -> None:
    bo_stands = (Stake(10), Bet(2), Stand())  # Bo stands on 18, all his cards face down
    app, page = table("tjugoett", TJUGOETT_CARDS, EYES[1], *bo_stands)
    assert frame(app).view.phase == "bank" and frame(app).view.own_total == 18
    assert "The bank needs 18 or more to win." in stage_text(page.markup)
    banker = stage_text(seen_by(0, "tjugoett", TJUGOETT_CARDS, *bo_stands))
    assert "You have 17 against Bo (2 cards face down). A tie is yours." in banker
    for viewer in (0, 2, None):
        html = seen_by(viewer, "tjugoett", TJUGOETT_CARDS, *bo_stands)
        assert "18" not in stage_text(html), "Bo's hidden total is named"
        for name in ("10H", "8D"):
            assert card_name(EN, parse_card(name)) not in html


def test_a_stand_on_21_needs_the_banks_own_21() -> None:
    bo_stands = (Stake(10), Bet(3), Bet(2), Stand())  # Bo: 7 + ace (14) = 21
    app, page = table("tjueett", "7H 5C AD 10S 7S KD 9H 9C", EYES[1], *bo_stands)
    view = frame(app).view
    assert view.own_total == 21
    assert need_text(EN, view, frame(app).names) == "The bank needs 21 to win."
    assert "The bank needs 21 to win." in stage_text(page.markup)


def test_no_sentence_when_nobody_meets_the_bank() -> None:
    app, page = table("tjueett", TJUEETT_CARDS, PEOPLE, Stake(10), Bet(3))
    session = session_of(app)
    for viewer in (0, 1, 2, None):
        assert need_text(EN, session.view(viewer), session.names()) is None
    assert 'class="bank-need"' not in page.markup


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sentences_are_written_in_every_language(lang: str) -> None:
    tr = Translator(lang)
    app, _ = table("tjueett", TJUEETT_CARDS, PEOPLE, Stake(10), Bet(3), Bet(2), Stand())
    session = session_of(app)
    names = session.names()
    player, banker, everyone = (need_text(tr, session.view(s), names) for s in (1, 0, None))
    assert player and banker and everyone and len({player, banker, everyone}) == 3
    assert "19" in player and "17" in banker and "Bo" in banker
    assert "{" not in player + banker + everyone
    if lang != "en":
        english = {need_text(EN, session.view(s), names) for s in (1, 0, None)}
        assert not {player, banker, everyone} & english


# -- the coach ---------------------------------------------------------------------------
def test_coach_says_what_to_do_first_and_keeps_the_exact_figures_a_tap_away() -> None:
    # Cy bets after Bo: Bo has not played; then Bo plays (10H down, 9D up)
    app, page = table("tjueett", TJUEETT_CARDS, EYES[1], Stake(10), Bet(3), Bet(2), coach=True)
    now = frame(app)
    assert now.viewer == 1 and now.actor == 1
    advice = now.game.advise(now.view, now.legal, now.step)
    assert advice is not None and advice.bust is not None
    assert all(isinstance(p, Fraction) for p in [advice.bust, *advice.bank_reach.values()])
    stand, draw = player_values(now.view)
    assert advice.best == ("draw" if draw > stand else "stand")
    coach = re.search(r'<aside class="panel coach".*?</aside>', page.markup, re.S)
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
    app, page = table("tjueett", TJUEETT_CARDS, EYES[1], Stake(10), Bet(3), Bet(2), coach=True)
    now = frame(app)
    advice = now.game.advise(now.view, now.legal, now.step)
    assert advice is not None and advice.best == "stand" and advice.total == 19
    chance = percent(advice.bust or Fraction(0), "en")
    assert f"Stand: one more card takes you over 21 {chance} of the time." in page.markup


def test_banker_coach_weighs_the_hand_it_meets_and_says_so() -> None:
    app, page = table(
        "tjueett", TJUEETT_CARDS, EYES[0], Stake(10), Bet(3), Bet(2), Stand(), coach=True
    )
    now = frame(app)
    assert now.viewer == 0 and now.view.phase == "bank"
    advice = now.game.advise(now.view, now.legal, now.step)
    assert advice is not None and advice.total == 17 and set(advice.beats) == {1}
    assert all(isinstance(p, Fraction) for p in advice.beats.values())
    sentence = re.search(r'<p class="coach-say">(.*?)</p>', page.markup)
    assert sentence and sentence.group(1).startswith(("Stand: ", "Draw: "))
    assert card_name(EN, parse_card("10H")) not in page.markup


@pytest.mark.parametrize("lang", LANGUAGES)
def test_coach_sentence_in_every_language(lang: str) -> None:
    tr = Translator(lang)
    _, page = table("tjugoett", TJUGOETT_CARDS, EYES[1], Stake(10), Bet(2), lang=lang, coach=True)
    html = page.markup
    assert tr.t("coach.show_figures") in html
    sentence = re.search(r'<p class="coach-say">(.*?)</p>', html)
    assert sentence and "{" not in sentence.group(1)
    verbs = (tr.t("banker.stand"), tr.t("banker.draw"))
    assert sentence.group(1).startswith(verbs)


# -- the round's end ----------------------------------------------------------------------
def round_moves(game_id: str) -> tuple[Any, ...]:
    """The scripted round to its end: every hand stands."""
    if game_id == "tjueett":
        return (Stake(10), Bet(3), Bet(2), Stand(), Stand(), Stand(), Stand())
    return (Stake(10), Bet(2), Stand(), Stand(), Bet(2), Stand(), Stand())


def finished_round(
    game_id: str, cards: str, kinds: Sequence[str] = PEOPLE, **config: Any
) -> tuple[App, FakePage]:
    """The table held at the scripted round's end (Continue not yet tapped)."""
    app, page = table(game_id, cards, kinds, *round_moves(game_id), **config)
    assert any(e.kind == "round_over" for e in session_of(app).events)
    held = frame(app)
    assert held.mode == "moment" and held.moment is not None
    assert held.view.phase == "round_over", "drawn from the state at the round's end"
    assert 'data-action="moment-seen"' in page.markup
    return app, page


@pytest.mark.parametrize(
    ("game_id", "cards", "bo"),
    [("tjueett", TJUEETT_CARDS, "10H 9D"), ("tjugoett", TJUGOETT_CARDS, "10H 8D")],
    ids=["tjueett", "tjugoett"],
)
@pytest.mark.parametrize("viewer", [None, 1])
def test_each_settled_hand_keeps_the_bank_hand_it_met(
    game_id: str, cards: str, bo: str, viewer: int | None
) -> None:
    app, _ = finished_round(game_id, cards, EYES[viewer])
    held = frame(app)
    assert held.viewer == viewer
    duels = held.view.duels
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
    app, _ = table(
        "tjugoett",
        "10H 5C 8D KD 10S 7S 2S 3S",
        PEOPLE,
        Stake(10),
        Bet(2),
        Stand(),
        Bet(2),
        Stand(),
        Stand(),
        banker_plays="after_all",
    )
    held = frame(app)
    assert held.mode == "moment" and held.viewer is None
    duels = held.view.duels
    assert [d.seat for d in duels] == [1, 2]
    assert duels[0].bank == duels[1].bank == tuple(parse_card(c) for c in ("10S", "7S"))


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett"])
def test_the_round_moment_shows_every_hand_and_the_chips_moved(game_id: str) -> None:
    cards = TJUEETT_CARDS if game_id == "tjueett" else TJUGOETT_CARDS
    _, page = finished_round(game_id, cards)
    html = page.markup
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


#: Rounds whose end is held: the scripted one, and one where Bo's win breaks the bank
#: and Cy's bet is refunded before Cy played (the rules turn that hand up).
ROUND_ENDS = {
    "tjugoett": ("tjugoett", TJUGOETT_CARDS, round_moves("tjugoett")),
    "tjueett-bank-broken": (
        "tjueett",
        TJUEETT_CARDS,
        (Stake(10), Bet(10), Bet(10), Stand(), Stand()),
    ),
}


@pytest.mark.parametrize("end", list(ROUND_ENDS))
@pytest.mark.parametrize("viewer", [None, 0])
def test_the_moment_never_shows_a_card_that_was_not_turned_up(end: str, viewer: int | None) -> None:
    """A hand thrown in when the bank broke is shown by the rules; the moment is drawn
    from the viewer's view of the round's end, so no card private to another seat is
    drawn."""
    game_id, cards, moves = ROUND_ENDS[end]
    app, page = table(game_id, cards, EYES[viewer], *moves)
    session_of(app)
    held = frame(app)
    assert held.mode == "moment" and held.moment is not None and held.viewer == viewer
    story = app.play.held[0].story
    private = [e for e in story if e.kind == "hidden_card"]
    assert private, "the round dealt face-down cards"
    seen = held.moment.events  # the round as this viewer saw it
    shown = {c for e in seen if e.kind == "shown" for c in e.get("hand", ())}
    dealt = {e.get("card") for e in seen if e.kind in ("dealt", "bank_dealt", "hidden_card")}
    drawn = {c for d in held.view.duels for c in d.cards}
    assert drawn <= shown | dealt
    if end == "tjueett-bank-broken":
        refunded = [d for d in held.view.duels if d.outcome == "refunded"]
        assert [(d.seat, d.cards) for d in refunded] == [(2, (parse_card("5C"),))]
    never_up = {e.get("card") for e in private} - shown - dealt
    unseen = held.game.unseen_cards(held.state, viewer)
    table_only = re.sub(r'<section class="log".*?</section>', "", page.markup, flags=re.S)
    for card in never_up | unseen:
        for label in (card_name(EN, card), card_text(card, "en")):
            assert label not in table_only, f"{label} drawn in the moment"


def test_a_bust_needs_no_bank_hand() -> None:
    # Bo: 10 + 9 + 13 = 32
    app, _ = table(
        "tjueett", "10H 5C 9D KS 10S 7S 9H 9C", PEOPLE, Stake(10), Bet(3), Bet(2), Draw()
    )
    duels = frame(app).view.duels
    assert [(d.seat, d.reason, d.bank) for d in duels] == [(1, "bust", ())]


def test_the_bar_names_the_round_that_ended_while_its_end_is_held() -> None:
    app, page = finished_round("tjugoett", TJUGOETT_CARDS)
    assert session_of(app).view(None).round == 2, "the rules have begun the next round"
    header = title_text(page.markup)
    # a round is the bank once round the table; the deal is the banker's
    assert header == "Tjugoett · Round 1 of 1 · deal 1 of 3", header
    press(app, page, "moment-seen")
    assert title_text(page.markup) == "Tjugoett · Round 1 of 1 · deal 2 of 3"
