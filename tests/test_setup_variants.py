"""The setup's variants and options never ask the same thing twice (issue #16: "presets
and options do not repeat each other"), and every variant starts a valid game."""

from __future__ import annotations

import re

import pytest

from pygame_core import game_ids, get_game
from web.games import get_ui
from web.i18n import Translator
from web.screens.setup import render_setup
from web.seats import Seat
from web.setup import (
    apply_preset,
    free_name,
    new_draft,
    opening_seats,
    set_option,
    validate,
    variant_fields,
    variants,
)

GAMES = game_ids()
#: The games with a rule to choose on their setup form (a choice or a toggle; the toy's
#: presets differ only in length).
RULED = [g for g in GAMES if any(f.kind in ("choice", "toggle") for f in get_ui(g).form)]


def _seats(game_id: str) -> tuple[Seat, ...]:
    n = get_game(game_id).min_players
    return (Seat("Ann", "human"),) + tuple(Seat(f"Bot {i}", "medium") for i in range(2, n + 1))


@pytest.mark.parametrize("game_id", RULED)
def test_no_option_the_variant_decides_is_asked_again(game_id: str) -> None:
    decided = variant_fields(game_id)
    assert decided, "every game's variants decide at least one rule"
    for name in variants(game_id):
        draft = apply_preset(new_draft(game_id, _seats(game_id)), name)
        asked = {f.name for f in draft.fields if draft.visible(f)}
        assert not asked & decided, (name, asked & decided)
        # and the screen has no control for them
        markup = render_setup(Translator("en"), draft)
        for field in decided:
            assert f'data-name="{field}"' not in markup, (name, field)


@pytest.mark.parametrize("game_id", GAMES)
def test_variants_differ_in_what_they_decide_and_each_starts_a_valid_game(game_id: str) -> None:
    decided = sorted(variant_fields(game_id))
    table = variants(game_id)
    marks = [tuple(options[f] for f in decided) for options in table.values()]
    assert len(set(marks)) == len(marks), "two variant buttons would choose the same"
    for name in table:
        config, errors = validate(apply_preset(new_draft(game_id, _seats(game_id)), name))
        assert config is not None and errors == {}, (name, errors)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_choice_of_a_decided_rule_is_some_variant(game_id: str) -> None:
    """Deciding a rule by the variant takes no choice away (Tjugoett's "a hand against
    each" has no preset: it is a variant of its own)."""
    table = variants(game_id)
    for spec in get_ui(game_id).form:
        if spec.name in variant_fields(game_id) and spec.kind == "choice":
            assert {o[spec.name] for o in table.values()} == set(spec.choices), spec.name


def test_twenty_one_keeps_its_house_rules_as_switches_that_combine() -> None:
    draft = new_draft("twentyone", _seats("twentyone"))
    assert list(variants("twentyone")) == ["classic", "everyone_scores"]
    draft = set_option(draft, "exchange", "0")
    draft = set_option(draft, "low_ace", "1")
    draft = set_option(draft, "cannot_beat", "pass")
    config, errors = validate(draft)
    assert config is not None and errors == {}
    assert (config.exchange, config.low_ace, config.cannot_beat) == (False, True, "pass")


def test_a_new_variant_keeps_what_the_person_changed_and_takes_its_own_values() -> None:
    draft = new_draft("tjueett", _seats("tjueett"))
    assert draft.preset == "fixed_bank" and draft.options["chips"] == 10
    draft = set_option(draft, "min_bet", "2")  # changed by the person: kept
    draft = apply_preset(draft, "rotating_bank")
    assert draft.options["bank"] == "rotating"
    assert draft.options["chips"] == 15 and draft.options["rounds"] is None  # the variant's
    assert draft.options["min_bet"] == 2
    assert apply_preset(draft, "no such variant") is draft


def test_every_variant_has_a_name_and_a_hint_in_every_language() -> None:
    for lang in ("nb", "sv", "da", "en"):
        tr = Translator(lang)
        for game_id in GAMES:
            for name in variants(game_id):
                assert tr.has(f"preset.{game_id}.{name}"), (lang, game_id, name)
                assert tr.has(f"preset.{game_id}.{name}.hint"), (lang, game_id, name)


def test_an_option_that_waits_for_another_is_drawn_hidden_saying_for_what() -> None:
    """21's starting stack applies only when playing for chips: drawn hidden (so the
    build's prerendered setup can show it as the person ticks the switch), named by
    what it waits for, and shown once it applies."""
    tr = Translator("en")
    draft = new_draft("dice21", _seats("dice21"))
    assert draft.options["chips"] is False
    markup = render_setup(tr, draft)
    box = re.search(
        r'<div class="option number" hidden data-show-if="chips"'
        r' data-show-value="1">.*?data-name="starting_chips"',
        markup,
    )
    assert box, "the starting stack is on the form, hidden, waiting for chips"
    shown = render_setup(tr, set_option(draft, "chips", "1"))
    assert '<div class="option number" data-show-if="chips" data-show-value="1">' in shown
    rounds = render_setup(tr, draft)
    assert 'hidden data-show-if="match" data-show-value="rounds"' in rounds


def test_the_opening_seats_put_the_person_where_a_newcomer_sits() -> None:
    """One person and bots; in the banker games a bot holds the bank (the first seat);
    a remembered name is the person's."""
    seats = opening_seats("tjugoett", "Player {n}", "Bot {n}")
    assert [s.kind for s in seats] == ["medium", "human", "medium"]
    assert [s.name for s in seats] == ["Bot 1", "Player 1", "Bot 2"]
    seats = opening_seats("dice21", "Player {n}", "Bot {n}", ("Kari", "Ola"))
    assert [(s.name, s.kind) for s in seats] == [("Kari", "human"), ("Bot 1", "medium")]


def test_a_new_seat_takes_the_lowest_default_name_no_one_has() -> None:
    """Bots and people are counted on their own, and a name freed is used again, so a
    table never shows "Bot 3" beside the only other bot."""
    seats = (Seat("Bot 2", "medium"), Seat("Player 1", "human"), Seat("Ann", "human"))
    assert free_name("Bot {n}", seats) == "Bot 1"
    assert free_name("Player {n}", seats) == "Player 2"
    assert free_name("Bot {n}", (*seats, Seat("Bot 1", "easy"))) == "Bot 3"
    assert free_name("Robot {n}", ()) == "Robot 1"
