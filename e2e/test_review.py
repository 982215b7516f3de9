"""The review of a finished match in the real built site (#19).

A 21 match with a deliberate bad stop shows that stop as a costly moment with its
sentence, under Ann's summary in words ("87 % accuracy · 12 of 14 choices were the
best"); every disclosure has a marker and a touch target of 44 px or
more; the replay steps back and forward by button and arrow key, its position line
and its table's banner counting the same move ("Move 1 of 40", "Move 1 of 40 · Ann to
act", never "your turn") with no move control; the history reviews it again from the
saved moves (also after a reload of the review's address); the replay stops at
the match's last round's end as the table held it, without Continue;
a pass-and-play Tjueett review, with "show everyone's cards" switched off, shows each
person only their own hidden cards, checked against the rules core at every stop (the
held round ends included).
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from e2e.conftest import shoot
from e2e.helpers import (
    button,
    choose,
    open_setup,
    press,
    resize,
    set_seats,
    tap,
    wait_turn,
)
from e2e.server import SiteServer
from e2e.test_card_play import play_to_the_end
from e2e.test_ui_quality import axe_findings, layout_problems
from pygame_core.review import Match, load_match, replay_frames
from web.i18n import Translator
from web.screens.cards import card_name

#: The review is rated in the background: a 21 match takes well under a second.
REVIEW_TIMEOUT_MS = 30_000


def step_position(page: Page) -> tuple[int, int]:
    """The replay's position as ``(actions taken, total)``: "Move n of total" at the
    table move n is made at (n - 1 taken), "After move n of total" after it."""
    text = page.locator(".replay-position").inner_text().strip()
    found = re.fullmatch(r"(After move|Move) (\d+) of (\d+)", text)
    assert found, text
    n = int(found.group(2))
    return (n if found.group(1) == "After move" else n - 1), int(found.group(3))


def assert_disclosures_tappable(page: Page) -> None:
    """Every disclosure of the review shows a marker and is at least 44 px tall."""
    summaries = page.locator(".review details > summary")
    assert summaries.count() > 0
    for summary in summaries.all():
        if not summary.is_visible():
            continue
        box = summary.bounding_box()
        assert box is not None and box["height"] >= 44, box
        marker = summary.evaluate("(s) => getComputedStyle(s, '::before').content")
        assert marker not in ("none", "normal", '""'), marker


def play_21_with_early_stops(page: Page) -> list[int]:
    """Ann stops as soon as she may (after one throw): the totals she stopped on. A
    round's end held on the table (the match's last one too) is seen with Continue."""
    stops: list[int] = []
    for _ in range(200):
        if wait_turn(page, through_moments=True) == "over":
            return stops
        stop = button(page, "Stop")
        if stop.is_enabled():
            stops.append(int(page.locator(".total-value").inner_text()))
            tap(page, stop)
        else:
            tap(page, button(page, "Roll"))
    raise AssertionError("the match did not end")


def replay_stops(match: Match) -> list[tuple[int, int | None]]:
    """The replay's stops, as the review steps through them: ``(i, None)`` the table
    after ``i`` actions, and before it ``(i, k)`` the ``k``-th moment (a round's end
    ...) that action ``i - 1`` passed through, as the table held it."""
    stops: list[tuple[int, int | None]] = [(0, None)]
    for index, step in enumerate(match.steps, 1):
        stops += [(index, k) for k in range(len(step.pauses))]
        stops.append((index, None))
    return stops


def assert_a_picture(page: Page, name_to_act: str | None = None) -> None:
    """The replayed table asks nobody for a move: no live banner ("your turn", "is
    thinking"), no move control, no button that can be pressed (a held round's end has
    no Continue); its banner says which move it is and whose, or at a held moment,
    what the moment came to."""
    frame = page.locator(".replay-frame")
    assert frame.locator("[data-action]").count() == 0
    assert frame.locator("button:not([disabled])").count() == 0
    assert frame.locator(".controls, .stepper").count() == 0
    text = frame.inner_text()
    assert "your turn" not in text and "is thinking" not in text, text
    # (A moment the move passed through, a round's end, has its title instead.)
    banner = frame.locator(".replay-banner")
    if name_to_act is not None:
        expect(banner).to_have_count(1)
        assert re.fullmatch(rf"Move \d+ of \d+ · {name_to_act} to act", banner.inner_text())
    for words in banner.all_inner_texts():
        assert re.fullmatch(r"Move \d+ of \d+ · .+ to act", words), words
    if banner.count():
        # The position line counts the move the banner names.
        position = page.locator(".replay-position").inner_text().strip()
        assert banner.inner_text().startswith(position + " · "), (position, banner.inner_text())


def wait_review(page: Page) -> None:
    page.wait_for_selector(".review .person", timeout=REVIEW_TIMEOUT_MS)
    page.wait_for_function(
        "() => !document.querySelector('.review-progress')", timeout=REVIEW_TIMEOUT_MS
    )


def test_21_bad_stop_is_a_costly_moment_and_the_replay_steps(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "21", "?lang=en&seed=5")
    choose(page, "Classic")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    stops = play_21_with_early_stops(page)
    assert stops and min(stops) <= 6, f"no early stop was made: {stops}"
    assert button(page, "Review").count() == 1
    button(page, "Review").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Review")
    expect(page).to_have_url(re.compile(r"#/review/"))
    wait_review(page)
    moment = page.locator(".moment").first
    sentence = moment.locator(".moment-sentence").inner_text()
    assert re.match(rf"You stopped on {min(stops)}\b", sentence), sentence
    assert re.search(r"rolling on won \d+\s% of the time", sentence), sentence
    summary = page.locator(".review-summary").first.inner_text()
    found = re.fullmatch(
        r"(\d+)\s% accuracy · (\d+) of (\d+) (choices were|choice was) the best", summary
    )
    assert found and int(found.group(1)) < 100, summary
    assert (found.group(3) == "1") == (found.group(4) == "choice was"), summary
    assert "cost" not in summary and "±" not in summary
    # No chart of Ann's rounds won: over this single round its line from the start to
    # the end would say no more than the result (Twenty One's chart is checked below;
    # tests/test_review_screen.py draws 21's over three rounds).
    expect(page.locator(".person").first.locator(".review-chart")).to_have_count(0)
    assert_disclosures_tappable(page)
    # The exact figures are one tap away: the fraction behind the rounded percentage.
    figures = moment.locator("details.exact")
    assert not figures.locator("table").is_visible()
    figures.locator("summary").click()
    expect(figures.locator("table")).to_be_visible()
    assert re.search(r"\d+/\d+", figures.inner_text()), "no exact fraction"
    resize(page, 1024, 768)
    shoot(page, "review-21-tablet")
    assert axe_findings(page) == []
    assert layout_problems(page) == []

    # The replay: buttons and arrow keys, never outside the match; the position line
    # and the table's banner count the same move.
    first, total = step_position(page)
    assert first == 0 and total > 2
    expect(page.locator(".replay-position")).to_have_text(f"Move 1 of {total}")
    expect(button(page, "Back")).to_be_disabled()
    # The first move is Ann's: the table says so, in the past, and offers no Roll.
    expect(page.locator(".replay-frame .turn-banner")).to_have_text(
        f"Move 1 of {total} · Ann to act"
    )
    assert_a_picture(page, "Ann")
    button(page, "Forward").click()
    expect(page.locator(".replay-position")).to_have_text(f"Move 2 of {total}")
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-position")).to_have_text(f"Move 3 of {total}")
    expect(page.locator(".replay-frame")).to_have_attribute("data-frame", "2")
    expect(page.locator(".replay-frame .turn-banner")).to_contain_text(f"Move 3 of {total} · ")
    assert_a_picture(page)
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-position")).to_have_text(f"Move 2 of {total}")
    button(page, "Back").click()
    expect(page.locator(".replay-position")).to_have_text(f"Move 1 of {total}")
    button(page, "To the end").click()
    expect(page.locator(".replay-position")).to_have_text(f"After move {total} of {total}")
    expect(button(page, "Forward")).to_be_disabled()
    # The replay stops at the match's last round's end as the table held it: one step
    # back from the standings, the round's end (after the last move, as the end is), a
    # picture with no Continue; one more, the table of the last decision.
    replay = page.locator(".replay-frame")
    expect(replay.locator(".match-over")).to_have_count(1)
    tap(page, button(page, "Back"))
    expect(replay.locator(".moment-panel")).to_have_count(1)
    expect(replay.locator(".match-over")).to_have_count(0)
    expect(replay).to_have_attribute("data-frame", str(total))
    expect(page.locator(".replay-position")).to_have_text(f"After move {total} of {total}")
    expect(replay.locator(".moment-panel")).to_contain_text("round")
    assert_a_picture(page)
    tap(page, button(page, "Back"))
    expect(replay.locator(".moment-panel")).to_have_count(0)
    expect(replay).to_have_attribute("data-frame", str(total - 1))
    expect(page.locator(".replay-position")).to_have_text(f"Move {total} of {total}")
    assert_a_picture(page)
    # The costly moment's "Show in the replay" goes to the table just before it.
    index = int(moment.get_attribute("data-index") or "-1")
    moment.get_by_role("button", name="Show in the replay").click()
    expect(page.locator(".replay-frame")).to_have_attribute("data-frame", str(index))
    expect(page.locator(".replay-position")).to_be_in_viewport()
    # The replayed table is a picture: no control in it does anything, and its banner
    # names the move of the moment's title and its person.
    title = moment.locator(".moment-title").inner_text()
    move = re.fullmatch(r"Round \d+, move (\d+)", title)
    assert move and int(move.group(1)) == index + 1, title
    expect(page.locator(".replay-frame .turn-banner")).to_have_text(
        f"Move {index + 1} of {total} · Ann to act"
    )
    expect(page.locator(".replay-position")).to_have_text(f"Move {index + 1} of {total}")
    assert_a_picture(page, "Ann")
    resize(page, 390, 844)
    page.evaluate("() => window.scrollTo(0, 0)")
    moment.get_by_role("button", name="Show in the replay").click()
    expect(page.locator(".replay-position")).to_be_in_viewport()
    shoot(page, "review-21-phone")
    assert axe_findings(page) == []
    assert layout_problems(page) == []
    assert_disclosures_tappable(page)

    # From the history (the saved moves), and again after a reload of its address.
    button(page, "Home").click()
    history = page.locator(".history-item")
    expect(history).to_have_count(1)
    history.get_by_role("button", name="Review").click()
    wait_review(page)
    assert page.locator(".moment-sentence").first.inner_text() == sentence
    page.reload()
    page.wait_for_selector("html[data-ready='1']")
    wait_review(page)
    assert page.locator(".moment-sentence").first.inner_text() == sentence


def _hidden_from(viewer: Any, owners: Any, owner: int) -> set[int]:
    """The owner's cards (as the owner saw them: view ``owners``) that the viewer's view
    ``viewer`` does not show."""
    own = set(owners.hands[owner]) | (set(owners.bank_hand) if owners.banker == owner else set())
    seen = set(viewer.hands[owner]) | set(viewer.bank_hand)
    return {c for c in own - seen if c >= 0}


def test_pass_and_play_review_shows_no_hidden_card_of_another_person(
    page: Page, site: SiteServer
) -> None:
    open_setup(page, site.url, "Tjueett", "?lang=en&seed=11")
    choose(page, "Rotating bank")
    set_seats(page, [("Ann", "human"), ("Bo", "human")])
    reveal = page.get_by_role("checkbox", name=re.compile("review shows everyone"))
    expect(reveal).to_be_checked()
    reveal.uncheck()
    expect(reveal).not_to_be_checked()
    button(page, "Start").click()
    play_to_the_end(page, "Tjueett", limit=200)
    assert page.locator(".match-over").count() == 1
    entries = page.evaluate(
        """() => Object.keys(localStorage).filter(k => k.startsWith('nordic21.history.'))
                 .map(k => localStorage.getItem(k))"""
    )
    assert len(entries) == 1
    entry = json.loads(entries[0])
    assert entry["reveal_after"] is False
    document = entry["game"]
    names = [s["name"] for s in entry["seats"]]
    tr = Translator("en")
    match = load_match(document)
    stops = replay_stops(match)
    assert any(moment is not None for _, moment in stops), "no round's end to stop at"

    tap(page, button(page, "Review"))
    for person in (0, 1):
        other = 1 - person
        # First a hand-off cover with no card on it at all.
        expect(page.get_by_role("heading", level=2)).to_have_text(f"Pass to {names[person]}")
        assert page.locator(".review .card").count() == 0
        tap(page, button(page, f"Show {names[person]}'s review"))
        wait_review(page)
        assert page.locator(".person").count() == 1
        expect(page.locator(".person-name")).to_have_text(names[person])
        mine = replay_frames(document, viewer=person)
        theirs = replay_frames(document, viewer=other)
        _, total = step_position(page)
        assert total == len(mine) - 1
        checked = 0
        replay = page.locator(".replay-frame")
        # Every stop of the replay: each table a decision was taken at, and between two
        # of them each round's end held on the table, drawn from the state at that moment.
        for position, (index, moment) in enumerate(stops):
            expect(replay).to_have_attribute("data-frame", str(index))
            if moment is None:
                expect(replay.locator(".moment-panel")).to_have_count(0)
                seen, owned = mine.at(index).view, theirs.at(index).view
            else:
                expect(replay.locator(".moment-panel")).to_have_count(1)
                held = match.steps[index - 1].pauses[moment].state
                seen, owned = match.game.view(held, person), match.game.view(held, other)
            secret = _hidden_from(seen, owned, other)
            html = page.locator("#app").inner_html()
            tree = page.locator("#app").aria_snapshot()
            last = position == len(stops) - 1
            if not last:
                assert_a_picture(page)
            for value in secret:
                assert f'card-{value}"' not in html, f"{value} in the DOM at stop {position}"
                label = card_name(tr, value)
                assert label not in tree, f"{label!r} in the accessibility tree at {position}"
                checked += 1
            if not last:
                press(page, "ArrowRight")
        expect(button(page, "Forward")).to_be_disabled()
        assert checked > 0, "the other person never held a hidden card"
        if person == 0:
            shoot(page, "review-tjueett-private")
            tap(page, button(page, f"Pass to {names[1]}"))


def test_twenty_one_review_shows_progress_then_every_hand_after_the_match(
    page: Page, site: SiteServer
) -> None:
    open_setup(page, site.url, "Twenty One", "?lang=en&seed=3")
    choose(page, "Classic")
    set_seats(page, [("Ann", "human"), ("Bo", "easy"), ("Cy", "easy")])
    button(page, "Start").click()
    page.evaluate("() => window.scrollTo(0, 0)")
    play_to_the_end(page, "Twenty One")
    # The expert's estimates take a while: the screen says how far it got meanwhile,
    # and the replay already steps. What the progress line said is kept by the page as
    # it is drawn: on a busy machine the test's first look can come after the rating
    # is done (it did, at a load of 8 on 2 cores), and the line is then gone.
    page.evaluate(
        """() => {
          window.__progressSaid = [];
          new MutationObserver(() => {
            const line = document.querySelector(".progress-text");
            if (line) window.__progressSaid.push(line.textContent);
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        }"""
    )
    button(page, "Review").click()
    said = page.wait_for_function("() => window.__progressSaid.length > 0 && window.__progressSaid")
    assert any(
        re.fullmatch(r"Rating the moves: \d+/\d+|Replaying the match", text)
        for text in said.json_value()
    ), said.json_value()
    press(page, "ArrowRight")
    expect(page.locator(".replay-frame")).to_have_attribute("data-frame", "1")
    assert_a_picture(page)
    # Ann's hand in the replay is a picture of her cards, not the live hand's buttons.
    expect(page.locator(".replay-frame .own-hand .n21-hand-card").first).to_be_attached()
    assert page.locator(".replay-frame .card-button, .replay-frame .own-hand button").count() == 0
    resize(page, 1024, 768)
    wait_review(page)
    expect(page.locator(".revealed")).to_be_visible()
    assert page.locator(".revealed-hands li").count() == 3
    # The game's own words: deals, never rounds; a chart of Ann's estimated chances.
    titles = page.locator(".moment-title").all_inner_texts()
    assert titles and all(re.fullmatch(r"Deal \d+, move \d+", t) for t in titles), titles
    assert "Round" not in page.locator(".people").inner_text()
    chart = page.get_by_role("img", name=re.compile(r"^Ann's chance to win the match"))
    expect(chart).to_have_count(1)
    assert_disclosures_tappable(page)
    shoot(page, "review-twentyone-tablet")
    assert axe_findings(page) == []
    assert layout_problems(page) == []
    resize(page, 390, 844)
    shoot(page, "review-twentyone-phone")
    assert layout_problems(page) == []
