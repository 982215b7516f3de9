"""Moments stay until seen: the end of a round (a deal, a trick) is held on the table,
drawn from the state at that moment (the core's ``Pause``), until the person taps
Continue; a table of bots only moves on by itself after a pause. Driven through the
real controllers with a fake page (:mod:`tables`)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from tables import FakePage, act, at_table, controls, frame, moves, press, started

from pygame_core import get_game
from pygame_core.cards import rank
from pygame_core.registry import game_ids
from web.app import App
from web.frame import Frame
from web.i18n import Translator
from web.screens.cards import card_name
from web.session import GameSession
from web.table.art import GOLD
from web.table.cards import card_text, corner_label

EN = Translator("en")


def _start(app: App, page: FakePage, game: str, kinds: list[str]) -> None:
    press(app, page, "open-game", game=game)
    for seat, kind in enumerate(kinds):
        app.on_field("seat-kind", {"seat": str(seat), "value": kind})
    press(app, page, "start-game")


def _session(app: App) -> GameSession:
    session = app.play.session
    assert session is not None
    return session


def _act_enabled(page: FakePage) -> bool:
    return any(c.get("data-action") == "act" and "disabled" not in c for c in controls(page.markup))


#: The person's move in :func:`_until_moment`, by the action's kind: the smallest stake
#: or bet (the stepper starts there), then stand, then draw.
PREFERRED = ("Stake", "Bet", "Stand", "Draw")


def _until_moment(app: App, page: FakePage) -> None:
    """Play the person's turns (smallest stake or bet, stand) until a moment is held."""
    for _ in range(300):
        page.run_timers()
        session = app.play.session
        if "moment-seen" in page.markup or session is None or session.over:
            return
        enabled = moves(app, page)
        for kind in PREFERRED:
            chosen = [m for m in enabled if type(m).__name__ == kind]
            if chosen:
                act(app, page, chosen[0])
                break
    raise AssertionError("no moment was held")


def _make(app: App, page: FakePage, action: Any) -> None:
    """Make ``action`` as a person does: the stepper set to its amount, its cards picked
    in hand, then its button pressed."""
    amount = getattr(action, "amount", None)
    if amount is not None:
        for _ in range(200):
            now = frame(app).display.amount
            if now == amount:
                break
            press(app, page, "amount", delta="1" if amount > now else "-1")
    cards = getattr(action, "cards", None)
    if cards is None and hasattr(action, "card") and action not in moves(app, page):
        cards = (action.card,)
    for card in cards or ():
        press(app, page, "toggle-card", card=str(card))
    act(app, page, action)


def test_a_tjueett_round_against_bots_stays_on_the_felt_until_continue() -> None:
    app, page, _ = started(seed=5)
    _start(app, page, "tjueett", ["human", "medium", "medium"])
    _until_moment(app, page)
    session = _session(app)
    assert not session.over
    # The round is over and the next has begun in the state, but the felt shows the
    # round that ended: the players' cards face up in front of their seats.
    faces = re.findall(r'data-key="s([12])-c\d+"[^>]*data-face="up"', page.markup)
    assert faces, "the bots' cards are on the felt as cards"
    assert "Round 1 is over" in page.markup
    assert not _act_enabled(page), "nothing else to tap but Continue"
    events = len(session.events)
    page.run_timers()
    assert len(session.events) == events, "no bot moves while the moment is on the table"
    press(app, page, "moment-seen")
    assert "moment-seen" not in page.markup
    page.run_timers(limit=1)
    assert len(session.events) > events or _act_enabled(page), "the match goes on"


@pytest.mark.parametrize("game", game_ids())
def test_a_moment_on_a_table_of_bots_passes_by_itself(game: str) -> None:
    app, page, _ = started(seed=9)
    _start(app, page, game, ["medium", "easy", "medium"])
    held = 0
    for _ in range(6000):
        if not page.timers:
            break
        held += "moment-skip" in page.markup
        assert "moment-seen" not in page.markup, "nobody is here to tap Continue"
        page.timers.pop(0)()
    assert app.play.session is not None and app.play.session.over
    assert held, "the rounds' ends were shown as moments that go on by themselves"


@pytest.mark.parametrize("game", ["tjueett", "tjugoett"])
def test_a_moment_between_two_people_shows_no_card_that_was_not_shown(game: str) -> None:
    """Pass-and-play: the moment is drawn for no one in particular, so a face-down card
    that was never turned up stays a back (its name is nowhere outside the log)."""
    app, page, _ = started(seed=8)
    _start(app, page, game, ["human", "human", "medium"])
    session = _session(app)
    bot = get_game(game).make_bot("medium")
    moments = 0
    for step in range(400):
        page.run_timers()
        if session.over:
            break
        if "moment-seen" in page.markup:
            moments += 1
            held = frame(app)
            assert held.mode == "moment" and held.viewer is None and held.cover is None
            story = app.play.held[0].story
            hidden = {e.get("card") for e in story if e.kind == "hidden_card"}
            shown = {c for e in story if e.kind == "shown" for c in e.get("hand", ())}
            unseen = held.game.unseen_cards(held.state, None)
            table = re.sub(r'<section class="log".*?</section>', "", page.markup, flags=re.S)
            drawn = {c for d in held.view.duels for c in d.cards}
            assert not (hidden - shown) & drawn, "a card never turned up is drawn face up"
            for card in (hidden - shown) | unseen:
                for label in (card_name(app.tr, card), card_text(card, app.tr.lang)):
                    assert label not in table, f"{label} leaked in a moment"
            press(app, page, "moment-seen")
            continue
        if 'data-action="show-cards"' in page.markup:
            press(app, page, "show-cards")
        seat = session.current
        if seat is not None and not session.seats[seat].is_bot:
            _make(app, page, bot.choose(session.view(seat), session.legal(), step))
    assert moments, "some round ended on the table"


# -- a held round's end shows that round --------------------------------------------------
#: Options that give each game more than one round, so the first round's end is not the
#: match's (21's default is a single round).
MANY_ROUNDS: dict[str, dict[str, Any]] = {"dice21": {"match": "rounds", "rounds": 3}}


def _to_round_end(app: App, page: FakePage, played: list[str] | None = None) -> Frame:
    """Play (the person's moves as the medium bot would make them, through the
    buttons) until a round's or a deal's end is held; its frame. ``played`` gets the
    screen of each of the person's moves, before it is made."""
    session = _session(app)
    bot = session.game.make_bot("medium")
    for step in range(600):
        page.run_timers()
        if 'data-action="moment-seen"' in page.markup:
            held = frame(app)
            assert held.moment is not None
            if held.moment.kind in ("round", "deal"):
                return held
            press(app, page, "moment-seen")  # a trick's end
            continue
        assert not session.over, "the match ended without a round's end held"
        if played is not None:
            played.append(page.markup)
        _make(app, page, bot.choose(frame(app).view, session.legal(), step))
    raise AssertionError("no round's end was held")


def _felt(markup: str) -> str:
    """The felt: the scene's picture (it holds the seats' cards and dice as pictures of
    their own, so it ends where its wrapper does)."""
    start = markup.index('class="n21-scene"')
    return markup[start : markup.index("</div>", start)]


def _seat_svg(markup: str, seat: int) -> str:
    """What the felt draws at ``seat``: its plate, notes, cards and dice."""
    felt = _felt(markup)
    start = felt.index(f'data-key="seat-{seat}"')
    end = felt.find('data-key="seat-', start + 1)
    return felt[start : end if end > 0 else len(felt)]


def _svg_texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def _dice(svg: str, seat: int) -> list[int]:
    return [int(v) for v in re.findall(rf'data-key="s{seat}-d\d+"[^>]*data-value="(\d)"', svg)]


def _faces(svg: str, seat: int) -> list[str]:
    return re.findall(rf'data-key="s{seat}-c\d+"[^>]*data-face="(\w+)"', svg)


def _seat_words(markup: str) -> list[str]:
    """The seat list's status line of every seat (what a screen reader hears)."""
    return re.findall(r'class="seat-status">([^<]*)<', markup)


def _round_winners(story: tuple[Any, ...]) -> set[int]:
    """The seats a round's story says won it (``round_won`` or ``round_shared``)."""
    won: set[int] = set()
    for e in story:
        if e.kind == "round_won":
            won.add(e.get("seat"))
        elif e.kind == "round_shared":
            won.update(e.get("seats"))
    return won


def _lit_up(markup: str, seats: int) -> set[int]:
    """The seats whose plate the felt draws in gold with a thick edge (the round's
    winners; nobody acts while a moment is held, so no plate is lit for a turn)."""
    lit = set()
    for seat in range(seats):
        plate = re.search(r"<rect[^>]*seat-box[^>]*>", _seat_svg(markup, seat))
        assert plate is not None
        if f'stroke="{GOLD}"' in plate.group(0) and 'stroke-width="3"' in plate.group(0):
            lit.add(seat)
    return lit


def _shows_winners(held: Frame, markup: str) -> None:
    story = held.moment.events if held.moment else ()
    won = _round_winners(story)
    assert won, "the round has a winner"
    assert _lit_up(markup, len(held.seats)) == won, "the winners' plates, and only theirs"


def _shows_dice21(held: Frame, markup: str) -> None:
    _shows_winners(held, markup)
    story = held.moment.events if held.moment else ()
    last = [e for e in story if e.kind == "rolled"][-1]
    seat = last.get("seat")
    assert _dice(_seat_svg(markup, seat), seat) == list(last.get("dice")), "the last throw"
    words = _seat_words(markup)
    for e in story:
        if e.kind == "stood":
            said = EN.t("status.stood", total=e.get("total"))
        elif e.kind == "bust":
            said = EN.t("status.bust", total=e.get("total"))
        else:
            continue
        seat = e.get("seat")
        assert said in _svg_texts(_seat_svg(markup, seat)) and words[seat] == said, said


def _shows_dice41(held: Frame, markup: str) -> None:
    _shows_winners(held, markup)
    story = held.moment.events if held.moment else ()
    for seat in range(len(held.seats)):
        kept = [e.get("kept") for e in story if e.kind == "kept" and e.get("seat") == seat]
        scored = [
            e.get("score") for e in story if e.kind == "turn_scored" and e.get("seat") == seat
        ]
        svg = _seat_svg(markup, seat)
        assert kept and _dice(svg, seat) == list(kept[-1]), "the dice it set aside"
        if scored:
            said = EN.t("status.scored", score=scored[-1])
            assert said in _svg_texts(svg) and _seat_words(markup)[seat] == said


def _shows_twentyone(held: Frame, markup: str) -> None:
    story = held.moment.events if held.moment else ()
    last = [e.get("cards") for e in story if e.kind == "deal_revealed"][-1]
    points = [e.get("points") for e in story if e.kind == "deal_scored"][-1]
    for seat in range(len(held.seats)):
        svg = _seat_svg(markup, seat)
        assert _faces(svg, seat) == ["up"], "every last card face up, no new hand"
        assert f">{corner_label(rank(last[seat]), 'en')}<" in svg
        assert EN.t("t21.points", n=points[seat]) in _svg_texts(svg)
    # under the felt, the viewer's last card (the one that scored), not a new hand
    assert 'class="my-hand"' not in markup, "no hand to pick from"
    band = markup.split('class="own-hand"')[1].split("</ul>")[0]
    assert re.findall(r'data-key="card-(\d+)"', band) == [str(last[held.view.viewer])]


def _shows_banker(held: Frame, markup: str) -> None:
    story = held.moment.events if held.moment else ()
    cards: dict[int, int] = {}
    for e in story:
        if e.kind in ("dealt", "dealt_down"):
            cards[e.get("seat")] = cards.get(e.get("seat"), 0) + 1
    settled = [e for e in story if e.kind == "settled"]
    assert settled
    for e in settled:
        seat = e.get("seat")
        svg = _seat_svg(markup, seat)
        assert _faces(svg, seat) == ["up"] * min(cards[seat], 8), "its hand, face up"
        outcome = e.get("outcome")
        moved = e.get("paid") if outcome == "won" else -e.get("bet") if outcome == "lost" else 0
        said = f"{EN.t(f'banker.status.{outcome}')} {moved:+d} · {e.get('total')}"
        assert said in _svg_texts(svg), said
    over = [e for e in story if e.kind == "round_over"][-1]
    banker = over.get("banker")
    bank = f"{EN.t('banker.bank_badge')} {over.get('results')[banker]:+d}"
    assert bank in _svg_texts(_seat_svg(markup, banker)), bank
    assert 'data-face="down"' not in markup, "no card of the next round's deal"
    assert 'class="stepper"' not in markup, "no stake or bet asked for"


def _shows_toypig(held: Frame, markup: str) -> None:
    """The toy game (tests/toygame.py): every seat's total of the round that ended."""
    for seat, total in enumerate(held.view.totals):
        assert str(total) in _svg_texts(_seat_svg(markup, seat)), (seat, total)


SHOWS = {
    "toypig": _shows_toypig,
    "dice21": _shows_dice21,
    "dice41": _shows_dice41,
    "tjueett": _shows_banker,
    "tjugoett": _shows_banker,
    "twentyone": _shows_twentyone,
}
#: The words that start the next round on the felt: everyone waiting for their turn.
NEXT_ROUND_WORDS = {
    "dice21": EN.t("status.waiting"),
    "dice41": EN.t("status41.waiting"),
    "tjueett": EN.t("banker.status.waiting"),
    "tjugoett": EN.t("banker.status.waiting"),
}


def _header_rounds(markup: str) -> set[int]:
    header = markup.split("</header>")[0]
    return {int(n) for n in re.findall(r"\b(?:Round|Deal) (\d+)\b", header)}


def _header_deal(markup: str) -> set[int]:
    """Tjugoett's bar: its round is the bank's time round the table, the deal that ended
    (or is dealt) is the banker's "deal n of 3"."""
    header = markup.split("</header>")[0]
    return {int(n) for n in re.findall(r"\bdeal (\d+) of\b", header)}


@pytest.mark.parametrize("game_id", game_ids())
def test_a_held_round_end_shows_that_round_not_the_next(game_id: str) -> None:
    """While Continue is shown, the table is the round that ended: its dice or cards
    face up, what each seat came to, and the bar names that round; the rules have
    already begun the next (its "Waiting", antes, new hands), which shows after
    Continue."""
    assert game_id in SHOWS, "a new game needs its round's end described here"
    app, page = at_table(
        game_id, ["human", "medium", "medium"], seed=5, **MANY_ROUNDS.get(game_id, {})
    )
    held = _to_round_end(app, page)
    markup = page.markup
    ended = held.view.round
    upcoming = _session(app).view(None).round
    assert upcoming == ended + 1, "the rules have begun the next round"
    assert 'data-action="moment-seen"' in markup and held.mode == "moment"
    if game_id == "tjugoett":
        # the bar names the banker's deal that ended; the next deal is the banker's next
        ended = held.view.bank_deals + 1
        upcoming = _session(app).view(None).bank_deals + 1
        assert upcoming == ended + 1
        header_rounds = _header_deal
    else:
        header_rounds = _header_rounds
    assert header_rounds(markup) == {ended}, "the bar names the round that ended"
    SHOWS[game_id](held, markup)
    waiting = NEXT_ROUND_WORDS.get(game_id)
    felt = _felt(markup)
    if waiting is not None:
        assert waiting not in _svg_texts(felt) and waiting not in _seat_words(markup)
    # Continue: the next round is on the table
    press(app, page, "moment-seen")
    if "moment-seen" not in page.markup:
        assert header_rounds(page.markup) == {upcoming}


def _hand_band(markup: str) -> bool:
    """Whether the band under the felt holds cards: the own hand's picture, or Twenty
    One's hand to pick from."""
    return 'class="own-hand"' in markup or 'class="my-hand"' in markup


def _scene_box(markup: str) -> str:
    """The size of the felt's picture (its ``viewBox``)."""
    box = re.search(r'<svg class="n21-scene" viewBox="([^"]*)"', markup)
    assert box is not None
    return box.group(1)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_felt_keeps_still_from_the_last_move_to_the_round_end(game_id: str) -> None:
    """The round's end is the table the person just played on: the felt keeps its size
    and place (the own hand's band under it stays), so nothing jumps when it is held.
    The person sits second: in a banker game the bank (the first seat) has no own hand
    to show while it stakes."""
    app, page = at_table(
        game_id, ["medium", "human", "medium"], seed=5, **MANY_ROUNDS.get(game_id, {})
    )
    played: list[str] = []
    _to_round_end(app, page, played)
    assert played, "the person made a move in the round"
    assert _hand_band(played[-1]) == _hand_band(page.markup), "the band under the felt stays"
    assert _scene_box(page.markup) == _scene_box(played[-1]), "the felt is drawn at one size"


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_deals_end_counts_each_seats_tricks_in_one_line(lang: str) -> None:
    """Twenty One's deal end says how many tricks each seat took, in one line, as many
    as the deal's tricks; it listed "Bo wins the trick." once a trick (six lines at a
    two-player table, each trick's end already held as it happened), which pushed
    Continue and the last cards down."""
    tr = Translator(lang)
    app, page = at_table("twentyone", ["human", "medium", "medium"], seed=5, lang=lang)
    held = _to_round_end(app, page)
    assert held.moment is not None and held.moment.kind == "deal"
    names = held.names
    won = [e.get("seat") for e in held.moment.events if e.kind == "trick_won"]
    listed = page.markup.split('class="moment-lines"')[1].split("</ul>")[0]
    counted = " · ".join(
        tr.t("t21.tricks_of", name=names[s], n=won.count(s)) for s in range(len(names))
    )
    assert re.findall(r"<li>(.*?)</li>", listed) == [html.escape(counted)], listed


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_between_tricks_the_felt_says_who_took_the_last_one_and_who_leads(lang: str) -> None:
    """Once a trick's moment is over, the empty trick area still tells what happened:
    who took the trick, with which cards, and who leads the next one (the taker, or the
    next seat with cards when the taker is down to the one that scores)."""
    tr = Translator(lang)
    seen = {"took_and_leads": 0, "took_then_leads": 0}
    for seed in range(1, 30):
        app, page = at_table("twentyone", ["human", "medium", "medium"], seed=seed, lang=lang)
        for _ in range(3000):
            session = app.play.session
            if session is None or session.over:
                break
            if "moment-seen" in page.markup:
                press(app, page, "moment-seen")
                continue
            shown = frame(app)
            view = shown.view
            if view.trick is None and view.tricks and view.actor is not None:
                # what the core said of the trick's end, not the table's own reading of it
                won = [e for e in session.events if e.kind == "trick_won"][-1]
                assert won.get("next_leader") == view.actor
                cards = " ".join(card_text(c, lang) for c in won.get("cards"))
                taker, leader = shown.names[won.get("seat")], shown.names[view.actor]
                if won.get("seat") == view.actor:
                    key = "took_and_leads"
                    said = tr.t("t21.took_and_leads", name=leader, cards=cards)
                else:
                    key = "took_then_leads"
                    said = tr.t("t21.took_then_leads", winner=taker, cards=cards, name=leader)
                area = re.search(r'<section class="trick empty">(.*?)</section>', page.markup, re.S)
                assert area and said in html.unescape(area.group(1)), (said, area)
                seen[key] += 1
            if 'data-action="play-on"' in page.markup:
                press(app, page, "play-on")  # the bots wait for the person's take-back
            elif session.current == 0 and not page.timers:
                _make(app, page, session.legal()[0])
            elif page.timers:
                page.timers.pop(0)()
            else:
                raise AssertionError("the match is stuck")
        if all(seen.values()):
            return
    raise AssertionError(f"both cases not seen: {seen}")


@pytest.mark.parametrize(("game_id", "options"), [("dice21", {}), ("dice41", {"rounds": 1})])
def test_a_finished_match_keeps_its_last_rounds_winners_lit(
    game_id: str, options: dict[str, Any]
) -> None:
    """After the last round's Continue the standings come, over that round's table: its
    winners' plates stay lit (the match is over, so nobody's turn lights a plate)."""
    app, page = at_table(game_id, ["human", "medium", "medium"], seed=5, **options)
    held = _to_round_end(app, page)
    won = _round_winners(held.moment.events if held.moment else ())
    press(app, page, "moment-seen")
    assert _session(app).over and "moment-seen" not in page.markup
    assert won and _lit_up(page.markup, len(held.seats)) == won
