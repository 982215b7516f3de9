"""Shared deal codes (pygame_core/deals.py): the same code deals the same match, and a
code that cannot be played is refused with a reason the UI words."""

from __future__ import annotations

import base64
import json

import pytest

from pygame_core import game_ids, get_game
from pygame_core.deals import DealError, _check, deal_code, read_deal


def forged(game_id: str, payload: object, version: int = 1) -> str:
    """A code with a valid check around any payload (what a foreign tool could make)."""
    body = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    text = f"N21-{version}-{game_id}-{body}"
    return f"{text}-{_check(text)}"


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
    """Made from the config and seed alone: nothing played (no one's cards) is in it."""
    game = get_game("tjueett")
    code = deal_code(game, game.config(players=3), 5, "mhm")
    payload = json.loads(base64.urlsafe_b64decode(code.split("-")[3] + "=="))
    assert payload == [game.rules_version, 5, "mhm", {}]


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
    ],
)
def test_a_code_that_cannot_be_played_says_why(code: str, reason: str) -> None:
    with pytest.raises(DealError) as caught:
        read_deal(code)
    assert caught.value.reason == reason


def test_a_mistyped_code_is_told_from_another_version() -> None:
    game = get_game("twentyone")
    code = deal_code(game, game.config(players=4), 99, "hmmm")
    i = code.index("-", 16) - 3
    typo = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1 :]
    with pytest.raises(DealError) as caught:
        read_deal(typo)
    assert caught.value.reason == "mistyped"


def test_a_code_is_made_only_of_a_letter_per_seat() -> None:
    game = get_game("dice21")
    with pytest.raises(ValueError, match="one lowercase letter per seat"):
        deal_code(game, game.config(players=2), 1, "h")
    with pytest.raises(ValueError, match="one lowercase letter per seat"):
        deal_code(game, game.config(players=2), 1, "H1")
