"""The review screen: each person's summary and costliest moments, then the replay.

The replay draws each frame with the game's own play screen (its ``GameUI``), made
a picture of the table by :func:`read_only`: the play bar goes, every button is
disabled and sends nothing, and the element ids get a prefix so they cannot clash with
this screen's. What the live screen says to the person whose turn it is goes too: its
turn banner ("Ann, your turn") gives way to the replay's own ("Move 7 of 42 · Ann to
act", :func:`replay_banner`), and the move controls, steppers and "tap the die" hints,
which ask for a move, are left out. Each frame is drawn from the replay viewer's view
only (see :mod:`web.review` for who may see what).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pygame_core.review import Decision, Number, SeatReview
from web.eventtext import log_lines
from web.games import get_ui
from web.i18n import Translator
from web.markup import Markup, classes, fragment, h
from web.review import ReviewState
from web.reviewtext import (
    cost_text,
    exact,
    fraction_text,
    margin_text,
    option_label,
    sentence,
    total_cost,
)
from web.screens.cards import card
from web.screens.common import button, top_bar
from web.screens.play import PlayOptions
from web.session import GameSession

#: An opening tag (text never holds a raw "<": it is always escaped).
_TAG = re.compile(r"<[a-z][^>]*>")
_DROPPED = re.compile(r' (?:data-action|data-focus|data-autofocus|autofocus)(?:="[^"]*")?')
_IDS = re.compile(r' (id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]*)"')
_DISABLED = re.compile(r" disabled(?=[ >])")
#: The end-of-match buttons (play again, new game ...) have no place in a replay.
_MATCH_ACTIONS = re.compile(r'<div class="actions">.*?</div>', re.DOTALL)
#: Any tag: its slash (a closing tag), its name, its self-closing slash (SVG).
_ANY_TAG = re.compile(r"<(/?)([a-zA-Z][\w:-]*)(?:[^>]*?)(/?)>")
_CLASS = re.compile(r' class="([^"]*)"')
_ID = re.compile(r' id="([^"]*)"')
_VOID = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"})
#: Classes of what a play screen shows only to ask the person to act: the move buttons
#: (``controls``), the stake and bet steppers (``stepper``) and any other element the
#: screen marks ``asks`` (a "tap the die" hint).
_ASKING_CLASSES = frozenset({"controls", "stepper", "asks"})
#: Ids of the same: why a card cannot be played now (Twenty One).
_ASKING_IDS = frozenset({"card-reason"})
#: Attributes of a picture's buttons that only matter to a person who may press them.
_BUTTON_ONLY = re.compile(r' (?:title|aria-describedby)="[^"]*"')


def _tag(match: re.Match[str]) -> str:
    tag = _DROPPED.sub("", match.group(0))
    tag = _IDS.sub(
        lambda m: f' {m.group(1)}="{" ".join("replay-" + i for i in m.group(2).split())}"', tag
    )
    if tag.startswith("<button"):
        tag = _BUTTON_ONLY.sub("", tag)
        if not _DISABLED.search(tag):
            tag = "<button disabled" + tag[len("<button") :]
    return tag


def _element_end(body: str, opening: re.Match[str]) -> int:
    """Where the element that ``opening`` starts ends (after its closing tag)."""
    name = opening.group(2)
    if opening.group(3) or name.lower() in _VOID:
        return opening.end()
    depth = 1
    for tag in _ANY_TAG.finditer(body, opening.end()):
        if tag.group(2) != name or tag.group(3):
            continue
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag.end()
    return len(body)


#: What :func:`replace_elements` does to an element: given its opening tag, ``None``
#: (keep it, and look inside), or what to put in its place, given its inner markup
#: (``None`` again: keep it after all).
Replacer = Callable[[str], Callable[[str], str | None] | None]


def replace_elements(body: str, replacer: Replacer) -> str:
    """``body`` with the elements ``replacer`` picks replaced (``""``: left out),
    nesting respected; only a picked element's end is looked for, so this is linear.

    The markup is this app's own (:mod:`web.markup`): text and attribute values never
    hold a raw ``<`` or ``>``, so the tags can be found by pattern.
    """
    out: list[str] = []
    pos = 0
    tag = _ANY_TAG.search(body)
    while tag is not None:
        replace = None if tag.group(1) else replacer(tag.group(0))
        if replace is not None:
            end = _element_end(body, tag)
            close = body.rfind("</", tag.end(), end)
            new = replace(body[tag.end() : close] if close >= 0 else "")
            if new is not None:
                out += [body[pos : tag.start()], new]
                pos = end
                tag = _ANY_TAG.search(body, end)
                continue
        tag = _ANY_TAG.search(body, tag.end())
    out.append(body[pos:])
    return "".join(out)


def _classes_of(tag: str) -> set[str]:
    found = _CLASS.search(tag)
    return set(found.group(1).split()) if found else set()


def _unasked(banner: str) -> Replacer:
    """What :func:`read_only` does to each element: the turn banner becomes ``banner``,
    what asks for a move goes, the rest stays."""

    def pick(tag: str) -> Callable[[str], str | None] | None:
        names = _classes_of(tag)
        found = _ID.search(tag)
        if "turn-banner" in names and tag.startswith("<p"):
            return lambda inner: banner
        if names & _ASKING_CLASSES or (found and found.group(1) in _ASKING_IDS):
            return lambda inner: ""
        return None

    return pick


def read_only(markup: Markup, banner: Markup | None = None) -> Markup:
    """A play screen as a picture of the table: its ``<main>`` only, as a ``<div>``,
    with no control that does anything and ids prefixed ``replay-``.

    Nothing in it speaks to the person whose turn it was: the turn banner is replaced
    by ``banner`` (left out when there is none), and the move controls, steppers and
    hints that ask for a move are left out."""
    start = markup.find("<main")
    body = markup[start:] if start >= 0 else str(markup)
    body = _MATCH_ACTIONS.sub("", body)
    if body.startswith("<main"):
        body = "<div" + body[len("<main") :]
        end = body.rfind("</main>")
        body = body[:end] + "</div>" + body[end + len("</main>") :]
    body = replace_elements(body, _unasked(str(banner or "")))
    return Markup(_TAG.sub(_tag, body))


def frame_session(state: ReviewState, index: int) -> GameSession:
    """The match as it stood at frame ``index``, with the events its viewer saw."""
    replay = state.replay()
    events = [e for frame in replay.frames[1 : index + 1] for e in frame.events]
    match = state.session
    return GameSession(
        match.game,
        state.states[index],
        match.seats,
        events=events,
        fresh=replay.frames[index].events,
        reveal_after=match.reveal_after,
    )


def replay_banner(tr: Translator, state: ReviewState, session: GameSession) -> Markup:
    """The replayed table's banner: which move this is and whose, never an invitation
    ("Move 7 of 42 · Ann to act"; the moment titles count moves the same way)."""
    seat = session.current
    if seat is None:  # the end: the play screen shows the result instead of a banner
        return Markup("")
    text = tr.t(
        "review.banner",
        n=state.frame + 1,
        total=len(state.states) - 1,
        name=session.seats[seat].name,
    )
    return h("p", {"class": "turn-banner replay-banner"}, text)


def replay_table(tr: Translator, state: ReviewState) -> Markup:
    """Frame ``state.frame`` drawn by the game's own play screen, as a picture."""
    session = frame_session(state, state.frame)
    opts = PlayOptions(viewer=state.viewer)
    drawn = get_ui(session.game_id).render_play(tr, session, opts)
    picture = read_only(drawn, replay_banner(tr, state, session))
    return h("div", {"class": "replay-frame", "data-frame": state.frame}, picture)


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
    return h(
        "details",
        {"class": "exact"},
        h("summary", None, tr.t("review.exact")),
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


def moment(tr: Translator, state: ReviewState, decision: Decision) -> Markup:
    """One costly moment: where, what it cost, the sentence, the figures."""
    names = state.session.names()
    gid = state.session.game_id
    return h(
        "li",
        {"class": "moment", "data-index": decision.index},
        h(
            "h4",
            {"class": "moment-title"},
            tr.t(
                "review.moment",
                round=decision.round,
                move=decision.index + 1,
                cost=cost_text(tr, decision.cost, decision.margin, decision.unit),
            ),
        ),
        h("p", {"class": "moment-sentence"}, sentence(tr, gid, decision, names)),
        exact_figures(tr, decision),
        button(
            tr.t("review.show_moment"),
            "review-step",
            kind="quiet small",
            focus=f"moment-{decision.index}",
            to=decision.index,
            seat=decision.seat,
            jump="1",
        ),
    )


def person_panel(tr: Translator, state: ReviewState, seat: int) -> Markup:
    """One person's summary and costliest moments (or the progress until ready)."""
    name = state.session.seats[seat].name
    body: list[Markup | None] = []
    review = state.review
    if review is not None:
        mine: SeatReview = review.for_seat(seat)
        if mine.rated:
            body.append(
                h(
                    "p",
                    {"class": "review-summary"},
                    tr.t("review.summary", rated=mine.rated, best=mine.best),
                )
            )
        else:
            body.append(h("p", {"class": "review-summary"}, tr.t("review.none_rated")))
        if mine.costliest:
            body.append(
                h(
                    "p",
                    {"class": "review-cost"},
                    total_cost(tr, mine.total_cost, mine.total_margin, mine.unit),
                )
            )
            body.append(h("h4", {"class": "panel-title"}, tr.t("review.costliest")))
            body.append(
                h("ol", {"class": "moments"}, [moment(tr, state, d) for d in mine.costliest])
            )
        elif mine.rated:
            body.append(h("p", {"class": "review-cost"}, tr.t("review.all_best")))
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


def replay_controls(tr: Translator, state: ReviewState, frames: int) -> Markup:
    """Start, back, "step n of total", forward, end (arrow keys step too)."""
    last = frames - 1
    return h(
        "div",
        {"class": "replay-controls", "role": "group", "aria-label": tr.t("review.replay")},
        button(
            tr.t("review.to_start"),
            "review-step",
            kind="quiet",
            focus="replay-start",
            disabled=state.frame == 0,
            to=0,
        ),
        _step_button(tr.t("review.step_back"), -1, "ArrowLeft", state.frame == 0),
        h(
            "span",
            {"class": "replay-position", "aria-live": "polite"},
            tr.t("review.step_of", n=state.frame, total=last),
        ),
        _step_button(tr.t("review.step_forward"), 1, "ArrowRight", state.frame == last),
        button(
            tr.t("review.to_end"),
            "review-step",
            kind="quiet",
            focus="replay-end",
            disabled=state.frame == last,
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


def frame_caption(tr: Translator, state: ReviewState) -> Markup:
    """What the step just shown did, in words."""
    frame = state.replay().at(state.frame)
    if frame.index == 0:
        text = tr.t("review.frame_start")
    else:
        names = state.session.names()
        lines = log_lines(frame.events, state.viewer, state.session.game_id, names, tr)
        text = " ".join(lines)
    return h("p", {"class": "frame-caption"}, text)


def replay_section(tr: Translator, state: ReviewState) -> Markup:
    """The replay: its controls, the table at this step, every hand when all is shown."""
    frames = len(state.replay())
    name = state.session.seats[state.viewer].name
    return h(
        "section",
        {
            "class": "replay",
            "aria-labelledby": "replay-title",
            # Once: web/dom.py scrolls it into view and removes the mark.
            "data-scroll-to": state.jump,
        },
        h("h2", {"id": "replay-title", "class": "section-title"}, tr.t("review.replay")),
        h(
            "p",
            {"class": "hint"},
            tr.t("review.as_seen_by", name=name),
            " · ",
            tr.t("review.keys_hint"),
        ),
        viewer_choice(tr, state),
        replay_controls(tr, state, frames),
        frame_caption(tr, state),
        revealed_hands(tr, state),
        replay_table(tr, state),
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


def render_review(tr: Translator, state: ReviewState) -> Markup:
    """The whole review screen."""
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
            replay_section(tr, state),
        ]
        css = "review"
    return fragment(
        top_bar(tr, title),
        h("main", {"class": css, "id": "main"}, main),
    )
