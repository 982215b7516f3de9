"""Shared deal codes (pygame_core/deals.py): the same code deals the same match, and a
code that cannot be played is refused with a reason the UI words."""

from __future__ import annotations

import base64
import itertools
import json
import re

import pytest

from pygame_core import game_ids, get_game
from pygame_core.contract import MAX_SEED
from pygame_core.deals import (
    ALPHABET,
    MAX_TYPED,
    SEAT_LETTERS,
    DealError,
    _check,
    _check_v1,
    _fingerprint,
    _pack,
    _symbols,
    _tag,
    deal_code,
    long_deal_code,
    read_deal,
)


def forged(game_id: str, payload: object, version: int = 1) -> str:
    """A long (version 1) code with a valid check around any payload (what a foreign
    tool could make)."""
    body = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    text = f"N21-{version}-{game_id}-{body}"
    return f"{text}-{_check_v1(text)}"


def forged_short(digits: list[tuple[int, int]]) -> str:
    """A short code with a valid check around any (digit, radix) list, lowest first."""
    body = _symbols(_pack(digits))
    return f"N21-{body}{_check(body)}"


#: Codes shared before the short form (made by the previous pygame_core/deals.py).
OLD_CODES = {
    "N21-1-tjueett-WzIsOTAwNzE5OTI1NDc0MDk4NywiaG14ZWQiLHsiYmFuayI6InJvdGF0aW5nIiwiYmFua2Vy"
    "X2NoaXBzIjoxNSwiY2hpcHMiOjE1LCJyb3VuZHMiOm51bGx9XQ-sri3": (
        "tjueett",
        "rotating_bank",
        2**53 - 5,
        "hmxed",
    ),
    "N21-1-dice41-WzEsNzcsImhtbSIseyJtYXRjaCI6ImFsbF9jaGlwcyIsInJvdW5kcyI6MjAsInN0YXJ0aW5n"
    "X2NoaXBzIjozfV0-i7lz": ("dice41", "pub", 77, "hmm"),
}


@pytest.mark.parametrize("game_id", game_ids())
def test_every_code_a_person_types_is_short_and_deals_the_same(game_id: str) -> None:
    """Every preset, 2 to 10 seats (as the game allows), seats of every kind, the
    smallest and largest seeds: at most 40 characters, in symbols that cannot be taken
    for one another, and read back to the very same deal."""
    game = get_game(game_id)
    longest = 0
    for name in game.presets:
        for players in range(max(2, game.min_players), min(10, game.max_players) + 1):
            config = game.preset(name, players)
            kinds = itertools.cycle(SEAT_LETTERS)
            mixed = "".join(next(kinds) for _ in range(players))
            for seed, seats in itertools.product(
                (0, 1, 123_456_789, MAX_SEED), (mixed, "x" * players)
            ):
                code = deal_code(game, config, seed, seats)
                longest = max(longest, len(code))
                assert len(code) <= MAX_TYPED == 40, code
                assert re.fullmatch(rf"N21(-[{ALPHABET}]{{1,4}})+", code), code
                assert not set("01OIl") & set(code[3:]), code
                deal = read_deal(code)
                assert (deal.game_id, deal.config, deal.seed, deal.seats) == (
                    game_id,
                    config,
                    seed,
                    seats,
                )
    assert longest <= 40


def test_a_code_is_read_in_any_case_with_or_without_its_dashes() -> None:
    game = get_game("tjueett")
    config = game.preset("rotating_bank", 10)
    code = deal_code(game, config, MAX_SEED, "hmxedhmxed")
    loose = " " + code.lower().replace("-", " ", 3).replace("-", "") + "\n"
    assert read_deal(loose) == read_deal(code)


def test_changed_options_ride_along_and_a_few_still_fit() -> None:
    """Only the options changed from the nearest preset are in the code: a longer
    match with bigger stacks still fits in 40 characters."""
    game = get_game("tjueett")
    config = game.config(players=10, bank="rotating", banker_chips=20, chips=20, rounds=8)
    code = deal_code(game, config, MAX_SEED, "h" * 10)
    assert len(code) <= 40, code
    assert read_deal(code).config == config
    dice = get_game("dice21")
    config = dice.config(players=8, match="series", rounds=12, chips=True, starting_chips=25)
    code = deal_code(dice, config, MAX_SEED, "x" * 8)
    assert len(code) <= 40 and read_deal(code).config == config


def test_a_deal_the_short_form_cannot_hold_gets_the_long_one() -> None:
    game = get_game("dice21")
    code = deal_code(game, game.config(players=2), 7, "hq")  # a letter of no kind yet
    assert code.startswith("N21-1-dice21-")
    assert read_deal(code).seats == "hq"


@pytest.mark.parametrize("code", sorted(OLD_CODES))
def test_codes_shared_in_the_old_form_are_still_read(code: str) -> None:
    game_id, preset, seed, seats = OLD_CODES[code]
    game = get_game(game_id)
    deal = read_deal(code)
    assert (deal.game_id, deal.seed, deal.seats) == (game_id, seed, seats)
    assert deal.config == game.preset(preset, len(seats))
    again = long_deal_code(game, deal.config, seed, seats)
    assert again == code


def test_every_game_has_a_tag_of_its_own() -> None:
    tags = [_tag(g) for g in game_ids()]
    assert len(set(tags)) == len(tags)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_preset_comes_back_whole_and_deals_the_same_match(game_id: str) -> None:
    game = get_game(game_id)
    for name in game.presets:
        players = max(2, game.min_players)
        config = game.preset(name, players)
        code = deal_code(game, config, 123_456_789, "h" + "m" * (players - 1))
        deal = read_deal(f"  {code}\n")
        assert (deal.game_id, deal.config, deal.seed) == (game_id, config, 123_456_789)
        assert deal.seats == "h" + "m" * (players - 1)
        assert len(code) < 160, code
        # the same code, the same opening: every card and die where it was
        assert game.new_game(deal.config, deal.seed) == game.new_game(config, 123_456_789)


def test_a_code_holds_no_action() -> None:
    """Made from the config and seed alone: nothing played (no one's cards) is in it.
    The long form's payload is exactly that, and the short form reads back to it."""
    game = get_game("tjueett")
    code = long_deal_code(game, game.config(players=3), 5, "mhm")
    payload = json.loads(base64.urlsafe_b64decode(code.split("-")[3] + "=="))
    assert payload == [game.rules_version, 5, "mhm", {}]
    short = read_deal(deal_code(game, game.config(players=3), 5, "mhm"))
    assert (short.config, short.seed, short.seats) == (game.config(players=3), 5, "mhm")


def _short(
    game_id: str, seats_number: int = 0, preset: int = 0, version: int = 2
) -> list[tuple[int, int]]:
    game = get_game(game_id)
    seat_radix = sum(5**n for n in range(game.min_players, game.max_players + 1))
    return [
        (version, 4),
        (_tag(game_id), 1024),
        (_fingerprint(game_id), 16),
        (7, MAX_SEED + 1),
        (seats_number, seat_radix),
        (preset, 1 + len(game.presets)),
    ]


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "malformed"),
        ("hello", "malformed"),
        ("N21-1-dice21-!!!!-abcd", "malformed"),
        ("N21-1-dice21-" + "A" * 700 + "-abcd", "malformed"),
        (forged("dice21", [1, 7, "hm", {}], version=2), "version"),
        (forged("poker", [1, 7, "hm", {}]), "game"),
        (forged("dice21", [9, 7, "hm", {}]), "rules"),
        (forged("dice21", [1, -1, "hm", {}]), "malformed"),
        (forged("dice21", [1, 7, "HM", {}]), "malformed"),
        (forged("dice21", [1, 7, "hm", {"players": 3}]), "malformed"),
        (forged("dice21", [1, 7, "hm"]), "malformed"),
        (forged("dice21", [1, 7, "hm", {"dice": 5}]), "config"),
        (forged("dice21", [1, 7, "hm", {"colour": "red"}]), "config"),
        (forged("tjueett", [2, 7, "h", {}]), "config"),
        ("N21-1-dice21-garbage", "malformed"),
        ("N21-", "malformed"),
        (forged_short(_short("dice21", version=3)), "version"),
        (forged_short([(2, 4), ((_tag("dice21") + 1) % 1024, 1024)]), "game"),
        (
            forged_short([(2, 4), (_tag("dice21"), 1024), ((_fingerprint("dice21") + 1) % 16, 16)]),
            "rules",
        ),
        (forged_short([*_short("dice21"), (1, 8), (2 * 7 + 1, 32)]), "config"),  # 8 dice
        (forged_short([*_short("dice21"), (0, 8), (5, 32)]), "malformed"),  # past the end
    ],
)
def test_a_code_that_cannot_be_played_says_why(code: str, reason: str) -> None:
    with pytest.raises(DealError) as caught:
        read_deal(code)
    assert caught.value.reason == reason


def test_a_mistyped_code_is_told_from_another_version() -> None:
    game = get_game("twentyone")
    code = deal_code(game, game.config(players=4), 99, "hmmm")
    long = long_deal_code(game, game.config(players=4), 99, "hmmm")
    i = long.index("-", 16) - 3
    typos = [long[:i] + ("A" if long[i] != "A" else "B") + long[i + 1 :]]
    for i, symbol in enumerate(code):
        if symbol != "-" and i >= 4:  # any one symbol of the short code mistyped
            typos.append(code[:i] + ("A" if symbol != "A" else "B") + code[i + 1 :])
    typos.append(code.replace("-", "")[:-1])  # one left out
    typos.append(code[:-1] + "0")  # a symbol the codes never use
    for typo in typos:
        with pytest.raises(DealError) as caught:
            read_deal(typo)
        assert caught.value.reason == "mistyped", typo


def test_a_code_is_made_only_of_a_letter_per_seat() -> None:
    game = get_game("dice21")
    with pytest.raises(ValueError, match="one lowercase letter per seat"):
        deal_code(game, game.config(players=2), 1, "h")
    with pytest.raises(ValueError, match="one lowercase letter per seat"):
        deal_code(game, game.config(players=2), 1, "H1")
