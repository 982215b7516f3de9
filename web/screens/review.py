"""The review screen: each person's summary and costliest moments, then the replay.

The replay draws each step with the game's own UI from a frame in ``replay`` mode
(:func:`web.controllers.review.replay_frame`): the same code as the live table, which
leaves out while it draws what asks for a move (the bar, the controls, the log, the
match's end buttons) and says which step it is instead of whose turn ("Move 7 of 42 ·
Ann to act"). Each step is drawn from the replay viewer's view only (see
:mod:`web.controllers.review` for who may see what).
"""

from __future__ import annotations

from collections.abc import Sequence

from pygame_core.deals import deal_code
from pygame_core.review import Decision, Number, SeatReview
from web.frame import Display, Frame
from web.i18n import Translator
from web.markup import Markup, classes, fragment, h
from web.reviewing import ReviewState
from web.reviewtext import (
    accuracy_exact,
    accuracy_percent,
    cost_text,
    exact,
    fraction_text,
    margin_text,
    option_label,
    sentence,
    total_cost,
)
from web.screens.cards import card
from web.screens.common import button, code_entry, top_bar
from web.screens.play import MENU_BELOW
from web.screens.reviewchart import person_chart
from web.screens.tablescene import SIDE_BY_SIDE
from web.seats import seat_letters

#: The review screen's box in CSS px, as style.css draws it (``.review``, ``.replay-frame``):
#: at most this wide, its side padding between these (2 % of the window between), the
#: frame's dashed border and the replayed table's padding, the stage's column beside a
#: wide felt and the gap before it.
REVIEW_MAX_W = 1200
REVIEW_PAD = (12.75, 25.5)
FRAME_BORDER = 2
TABLE_PAD = 8.5
SIDE_COLUMN = 320 + 17
#: What the replay shows above its table on a wide window (its title, whose eyes, the
#: step buttons in one line, the step's caption, the frame's edges), in CSS px.
WIDE_CHROME = 200
#: The share of a narrower window's height the replayed felt and hand take, the step
#: buttons, the caption and the stage under them in view with it (390x844: 388 px).
TALL_SHARE = 0.46
TABLET_SHARE = 0.48


def replay_room(size: tuple[int, int]) -> tuple[int, int]:
    """The room of the replay's felt and own hand in a window of ``size``: its width
    what the screen gives it (a few px to spare: the hand never runs past the frame),
    its height what leaves the step buttons and the stage in view with it.

    >>> replay_room((390, 844)), replay_room((768, 1024)), replay_room((1024, 768))
    ((339, 388), (712, 491), (621, 568))
    """
    width, height = size
    pad = min(max(REVIEW_PAD[0], 0.02 * width), REVIEW_PAD[1])
    inner = min(width, REVIEW_MAX_W) - 2 * pad - 2 * FRAME_BORDER - 2 * TABLE_PAD - 4
    if width >= SIDE_BY_SIDE and width > height:
        return int(inner - SIDE_COLUMN), max(240, int(height - WIDE_CHROME))
    share = TALL_SHARE if width < MENU_BELOW else TABLET_SHARE
    return int(inner), max(240, int(height * share))


def replay_display(size: tuple[int, int]) -> Display:
    """The replay's display: the window's size and the felt's room in it."""
    return Display(size=size, room=replay_room(size))


def replay_table(tr: Translator, frame: Frame) -> Markup:
    """The replay's step drawn by the game's own UI, as a picture of the table."""
    assert frame.replay is not None
    return h(
        "div",
        {"class": "replay-frame", "data-frame": frame.replay.index},
        frame.ui.render(tr, frame),
    )


def revealed_hands(tr: Translator, state: ReviewState) -> Markup | None:
    """Every hand at this frame, each as its owner saw it (only when all is shown)."""
    frame = state.replay().at(state.frame)
    if not frame.revealed:
        return None
    names = state.session.names()
    return h(
        "section",
        {"class": "panel revealed", "aria-labelledby": "revealed-title"},
        h("h3", {"id": "revealed-title", "class": "panel-title"}, tr.t("review.everyone")),
        h(
            "ul",
            {"class": "revealed-hands"},
            [
                h(
                    "li",
                    None,
                    h("span", {"class": "seat-name"}, names[seat]),
                    h(
                        "div",
                        {"class": "hand", "role": "group", "aria-label": names[seat]},
                        [card(tr, c, keyed=False) for c in cards],
                    ),
                )
                for seat, cards in frame.revealed
            ],
        ),
    )


def _fraction(value: Number) -> Markup | None:
    text = fraction_text(value)
    return h("span", {"class": "fraction"}, "= ", text) if text else None


def exact_figures(tr: Translator, decision: Decision) -> Markup:
    """The figures behind a sentence, one tap away."""
    rows = [
        h(
            "tr",
            {"class": classes(option.key == decision.best and "best") or None},
            h(
                "th",
                {"scope": "row"},
                option_label(tr, option.key),
                h(
                    "span",
                    {"class": "option-marks"},
                    ", ".join(
                        tr.t(mark)
                        for mark, hit in (
                            ("review.chosen", option.key == decision.chosen),
                            ("review.best", option.key == decision.best),
                        )
                        if hit
                    ),
                ),
            ),
            h(
                "td",
                None,
                exact(option.value, decision.unit, tr.lang),
                " " + margin_text(option.margin, decision.unit, tr.lang)
                if option.margin is not None
                else None,
                _fraction(option.value),
            ),
        )
        for option in decision.options
    ]
    against = tr.t(f"review.against.{decision.against}")
    cost = tr.t(
        "review.moment_cost", cost=cost_text(tr, decision.cost, decision.margin, decision.unit)
    )
    return h(
        "details",
        {"class": "exact"},
        h("summary", None, tr.t("review.exact")),
        h("p", {"class": "exact-cost"}, cost),
        h(
            "table",
            {"class": "exact-table"},
            h(
                "thead",
                None,
                h(
                    "tr",
                    None,
                    h("th", {"scope": "col"}, tr.t("review.col.choice")),
                    h("th", {"scope": "col"}, tr.t("review.col.value")),
                ),
            ),
            h("tbody", None, rows),
        ),
        h("p", None, tr.t("review.measures", unit=tr.t(f"review.unit.{decision.unit}"))),
        h("p", None, tr.t(f"review.method.{decision.method}")),
        h("p", None, against),
    )


def moment_title(tr: Translator, state: ReviewState, decision: Decision) -> str:
    """Where a decision was taken, in the game's words: "Deal 2, move 23" (Twenty One),
    "Round 2, move 23"; the move counted as the replay counts it."""
    word = state.ui.round_word
    return tr.t(f"review.moment.{word}", round=decision.round, move=decision.index + 1)


def moment(tr: Translator, state: ReviewState, decision: Decision) -> Markup:
    """One costly moment: where, the sentence, the figures (with what it cost), and
    the buttons to see it in the replay and to practise it again."""
    names = state.session.names()
    # back from practising the moment before it: this one in view, its button focused
    resume = state.resume_at == (decision.seat, decision.index) and not decision.taken_back
    practise = (
        button(
            tr.t("practice.button"),
            "practise",
            kind="small",
            focus=f"practise-{decision.index}",
            autofocus=resume,
            index=decision.index,
            seat=decision.seat,
        )
        if decision.rated and not decision.is_best and not decision.taken_back
        else None
    )
    return h(
        "li",
        {"class": "moment", "data-index": decision.index, "data-scroll-to": resume},
        h("h4", {"class": "moment-title"}, moment_title(tr, state, decision)),
        h("p", {"class": "moment-sentence"}, sentence(tr, state.ui, decision, names)),
        exact_figures(tr, decision),
        button(
            tr.t("review.show_moment"),
            "review-step",
            kind="quiet small",
            focus=f"moment-{'back-' if decision.taken_back else ''}{decision.index}",
            to=decision.index,
            seat=decision.seat,
            jump="1",
        ),
        practise,
    )


def summary_figures(tr: Translator, mine: SeatReview) -> Markup:
    """The figures behind a person's summary, one tap away: the accuracy to a decimal
    and how it is counted, and what the choices that were not the best cost."""
    assert mine.accuracy is not None
    return h(
        "details",
        {"class": "exact summary-figures"},
        h("summary", None, tr.t("review.exact")),
        h(
            "p",
            None,
            tr.t("review.accuracy_exact", accuracy=accuracy_exact(mine.accuracy, tr.lang)),
        ),
        h("p", None, tr.t("review.accuracy_how")),
        h("p", None, total_cost(tr, mine.total_cost, mine.total_margin, mine.unit))
        if mine.costliest
        else None,
        h("p", None, tr.t("review.measures", unit=tr.t(f"review.unit.{mine.unit}")))
        if mine.costliest
        else None,
    )


def person_panel(tr: Translator, state: ReviewState, seat: int) -> Markup:
    """One person's summary in words ("87 % accuracy · 12 of 14 choices were the best"),
    their chart over the match, and their costliest moments (or the progress until
    ready); the exact figures a tap away."""
    name = state.session.seats[seat].name
    body: list[Markup | None] = []
    review = state.review
    if review is not None:
        mine: SeatReview = review.for_seat(seat)
        words: list[Markup | None] = []
        if mine.rated and mine.accuracy is not None:
            words.append(
                h(
                    "p",
                    {"class": "review-summary"},
                    tr.t(
                        "review.summary",
                        accuracy=accuracy_percent(mine.accuracy, tr.lang),
                        best=mine.best,
                        rated=mine.rated,
                    ),
                )
            )
            if mine.best < mine.rated:
                # "93 % accuracy · 18 of 22": the two figures measure different things
                words.append(h("p", {"class": "hint review-note"}, tr.t("review.summary_note")))
            if not mine.costliest:
                words.append(h("p", {"class": "review-cost"}, tr.t("review.all_best")))
            words.append(summary_figures(tr, mine))
        else:
            words.append(h("p", {"class": "review-summary"}, tr.t("review.none_rated")))
        # The words, and beside them where there is room, the chart.
        body.append(
            h(
                "div",
                {"class": "person-top"},
                h("div", {"class": "person-words"}, words),
                person_chart(tr, mine.chart, name, seat, state.ui.round_word),
            )
        )
        if mine.costliest:
            body.append(h("h4", {"class": "panel-title"}, tr.t("review.costliest")))
            body.append(
                h("ol", {"class": "moments"}, [moment(tr, state, d) for d in mine.costliest])
            )
        if mine.taken_back:
            body.append(h("h4", {"class": "panel-title"}, tr.t("review.taken_back")))
            body.append(h("p", {"class": "hint"}, tr.t("review.taken_back_hint")))
            body.append(
                h(
                    "ol",
                    {"class": "moments taken-back"},
                    [moment(tr, state, d) for d in mine.taken_back],
                )
            )
    return h(
        "section",
        {"class": "panel person", "data-seat": seat, "aria-labelledby": f"person-{seat}"},
        h("h3", {"id": f"person-{seat}", "class": "person-name"}, name),
        body,
    )


def progress_line(tr: Translator, state: ReviewState) -> Markup | None:
    """ "Rating the moves: 3/12" with a bar, until the review is ready."""
    if state.review is not None:
        return None
    text = (
        tr.t("review.progress", done=state.done, total=state.total)
        if state.started
        else tr.t("review.progress_start")
    )
    return h(
        "div",
        {"class": "review-progress"},
        h("p", {"class": "progress-text"}, text),
        h(
            "progress",
            {"max": max(state.total, 1), "value": state.done, "aria-label": text},
        ),
    )


def replay_position(tr: Translator, state: ReviewState) -> str:
    """Where the replay is, counted in moves as the table's banner and the moments'
    titles count them: "Move 23 of 63" at the table move 23 was made at, "After move 23
    of 63" at a moment it passed through (a round's end) and at the end."""
    index, held = state.stops[state.stop]
    if held is None and index < state.moves:
        return tr.t("review.step_of", n=index + 1, total=state.moves)
    return tr.t("review.step_after", n=index, total=state.moves)


def replay_controls(tr: Translator, state: ReviewState) -> Markup:
    """Start, back, "Move n of total", forward, end (arrow keys step too)."""
    first, last = state.stop == 0, state.stop == len(state.stops) - 1
    return h(
        "div",
        {"class": "replay-controls", "role": "group", "aria-label": tr.t("review.replay")},
        button(
            tr.t("review.to_start"),
            "review-step",
            kind="quiet",
            focus="replay-start",
            disabled=first,
            to=0,
        ),
        _step_button(tr.t("review.step_back"), -1, "ArrowLeft", first),
        h(
            "span",
            {"class": "replay-position", "aria-live": "polite"},
            replay_position(tr, state),
        ),
        _step_button(tr.t("review.step_forward"), 1, "ArrowRight", last),
        button(
            tr.t("review.to_end"),
            "review-step",
            kind="quiet",
            focus="replay-end",
            disabled=last,
            to=-1,
        ),
    )


def _step_button(label: str, delta: int, key: str, disabled: bool) -> Markup:
    return h(
        "button",
        {
            "type": "button",
            "class": "button primary",
            "data-action": "review-step",
            "data-delta": delta,
            "data-focus": f"replay-step-{delta}",
            "data-shortcut": key,
            "aria-keyshortcuts": key,
            "disabled": disabled,
        },
        label,
    )


def viewer_choice(tr: Translator, state: ReviewState) -> Markup | None:
    """Whose eyes the replay uses (where every person's view may be shown)."""
    if state.private or len(state.people) < 2 or not state.session.game.hides_information:
        return None
    names = state.session.names()
    return h(
        "div",
        {"class": "choices viewer-choice", "role": "group", "aria-label": tr.t("review.watch_as")},
        [
            h(
                "button",
                {
                    "type": "button",
                    "class": "choice",
                    "aria-pressed": "true" if seat == state.viewer else "false",
                    "data-action": "review-viewer",
                    "data-seat": seat,
                    "data-focus": f"viewer-{seat}",
                },
                names[seat],
            )
            for seat in state.people
        ],
    )


def frame_caption(tr: Translator, frame: Frame, round_word: str = "round") -> Markup:
    """What led to the table shown, in words, after the round (or deal) it is in:
    "Round 2 · Bo throws 3: total 3." (:meth:`web.reviewing.ReviewState.caption`)."""
    step = frame.replay
    assert step is not None
    if step.index == 0:
        text = tr.t("review.frame_start")
    else:
        words = " ".join(frame.ui.words(tr, frame, step.caption))
        key = f"review.caption.{round_word}"
        head = tr.t(key, round=frame.view.round, text="").removesuffix(" · ")
        # a round's start names its round already ("Round 2 begins; Bo starts.")
        text = words if head in words else tr.t(key, round=frame.view.round, text=words)
    return h("p", {"class": "frame-caption"}, text)


def replay_section(tr: Translator, state: ReviewState, frame: Frame) -> Markup:
    """The replay: its controls, the table at this step, every hand when all is shown."""
    name = state.session.seats[state.viewer].name
    return h(
        "section",
        {
            "class": "replay",
            "aria-labelledby": "replay-title",
            # Which of the replay's stops is on show (a page marker for the tests: two
            # moments after one move share their position line).
            "data-stop": state.stop,
            # Once: web/dom.py scrolls it into view and removes the mark.
            "data-scroll-to": state.jump,
        },
        h("h2", {"id": "replay-title", "class": "section-title"}, tr.t("review.replay")),
        h(
            "p",
            {"class": "hint"},
            tr.t("review.as_seen_by", name=name),
            # a keyboard's: not said on a phone, where it is one line less above the table
            h("span", {"class": "keys-hint"}, " · ", tr.t("review.keys_hint")),
        ),
        viewer_choice(tr, state),
        # the step buttons, what the step did and the table it led to, in view together;
        # every hand (when all is shown) under them
        replay_controls(tr, state),
        frame_caption(tr, frame, state.ui.round_word),
        replay_table(tr, frame),
        revealed_hands(tr, state),
    )


def cover(tr: Translator, state: ReviewState) -> Markup:
    """Private reviews: nothing but whom to hand the device to."""
    name = state.session.seats[state.viewer].name
    return h(
        "section",
        {"class": "handoff-card", "aria-labelledby": "review-cover-title"},
        h("h2", {"id": "review-cover-title"}, tr.t("review.cover_title", name=name)),
        h("p", None, tr.t("review.cover_text", name=name)),
        button(
            tr.t("review.show_person", name=name),
            "review-person",
            kind="primary big",
            autofocus=True,
            seat=state.viewer,
            show="1",
        ),
    )


def pass_buttons(tr: Translator, state: ReviewState) -> Markup | None:
    """Private reviews: hand the device to another person (their review, covered)."""
    others = [s for s in state.people if s != state.shown]
    if not state.private or not others:
        return None
    names = state.session.names()
    return h(
        "div",
        {"class": "actions"},
        [
            button(
                tr.t("review.cover_title", name=names[s]),
                "review-person",
                kind="quiet",
                focus=f"pass-{s}",
                seat=s,
            )
            for s in others
        ],
    )


def share_section(tr: Translator, state: ReviewState) -> Markup:
    """The match's deal as a code and a link (:mod:`pygame_core.deals`): the same cards
    and dice for someone else, or for this table again."""
    session = state.session
    code = deal_code(
        session.game, session.state.config, session.state.seed, seat_letters(session.seats)
    )
    return h(
        "section",
        {"class": "share-deal", "aria-labelledby": "share-title"},
        h("h2", {"id": "share-title", "class": "section-title"}, tr.t("review.share_title")),
        h("p", {"class": "hint", "id": "share-hint"}, tr.t("review.share_hint")),
        code_entry(
            tr.t("review.share_code"),
            "share-code",
            "share-hint",
            h(
                "a",
                {"class": "button quiet", "href": f"#deal={code}", "data-focus": "share-link"},
                tr.t("review.share_link"),
            ),
            readonly=True,
            value=code,
        ),
    )


def render_review(tr: Translator, state: ReviewState, frame: Frame) -> Markup:
    """The whole review screen; ``frame`` is the replay's step on show."""
    gid = state.session.game_id
    title = tr.t("review.title", game=tr.t(f"game.{gid}.name"))
    if state.private and state.shown is None:
        main: Sequence[Markup | None] = [cover(tr, state)]
        css = "review handoff"
    else:
        people = [state.shown] if state.private and state.shown is not None else state.people
        note = (
            h("p", {"class": "hint"}, tr.t("review.no_people"))
            if not state.session.humans()
            else None
        )
        main = [
            progress_line(tr, state),
            h(
                "section",
                {"class": "people", "aria-labelledby": "people-title"},
                h("h2", {"id": "people-title", "class": "section-title"}, tr.t("review.people")),
                note,
                h("div", {"class": "people-list"}, [person_panel(tr, state, s) for s in people]),
                pass_buttons(tr, state),
            ),
            replay_section(tr, state, frame),
            share_section(tr, state),
        ]
        css = "review"
    return fragment(
        top_bar(tr, title),
        h("main", {"class": css, "id": "main"}, main),
    )
