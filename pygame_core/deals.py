"""Shared deals: a match's game, rules and seed as a short code, so that another device
deals the same cards and throws the same dice to the same seats (as duplicate bridge
and Hanabi's seeded deals let two tables compare their play of one deal).

A code holds what starts a match and nothing it reveals: the game, its config, the seed
and who sits where (a letter per seat, the UI's to read). Never an action, so a code
made while a match is played tells no one's hidden cards, and the same seed deals the
same cards whoever plays them::

    N21-1-tjueett-<payload>-<check>

``1`` is this codec's version; the payload is base64url JSON of the rules revision,
the seed, the seats and the options that differ from the game's defaults; the check is
four characters of the rest's SHA-256, so a mistyped code is told apart from a code of
another version or game. :func:`read_deal` refuses anything else with a
:class:`DealError` whose ``reason`` the UI words: ``malformed``, ``version``, ``game``,
``rules``, ``mistyped``, ``config``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, Literal

from .contract import MAX_SEED, Game
from .errors import ConfigError, Nordic21Error
from .registry import game_ids, get_game

PREFIX = "N21"
VERSION = 1
#: Longest code read (far above any real one: a few dozen characters).
MAX_CODE = 600

Reason = Literal["malformed", "version", "game", "rules", "mistyped", "config"]

_SHAPE = re.compile(r"^N21-(\d{1,4})-([a-z0-9]{1,20})-([A-Za-z0-9_-]{1,500})-([a-z0-9]{4})$")


class DealError(Nordic21Error):
    """A deal code that cannot be played; ``reason`` says why (see the module)."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason: Reason = reason


@dataclass(frozen=True)
class Deal:
    """What a deal code holds: the game, its config, the seed and a letter per seat."""

    game_id: str
    config: Any
    seed: int
    seats: str


def _check(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return base64.b32encode(digest).decode()[:4].lower()


def _defaults(game: Game[Any, Any, Any, Any], players: int) -> dict[str, Any]:
    return game.config_to_dict(game.config(players=players))


def deal_code(game: Game[Any, Any, Any, Any], config: Any, seed: int, seats: str) -> str:
    """The code of a deal of ``game`` under ``config`` from ``seed``; ``seats`` has a
    lowercase letter per seat.

    >>> from pygame_core import get_game
    >>> game = get_game("dice21")
    >>> code = deal_code(game, game.config(players=2), 7, "hm")
    >>> code.startswith("N21-1-dice21-")
    True
    >>> read_deal(code).seed
    7
    """
    players = config.players
    if len(seats) != players or not re.fullmatch(r"[a-z]*", seats):
        raise ValueError("one lowercase letter per seat")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError("seed out of range")
    options = game.config_to_dict(config)
    defaults = _defaults(game, players)
    changed = {k: v for k, v in options.items() if k != "players" and defaults.get(k) != v}
    payload = [game.rules_version, seed, seats, changed]
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    packed = base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")
    text = f"{PREFIX}-{VERSION}-{game.id}-{packed}"
    return f"{text}-{_check(text)}"


def read_deal(code: str) -> Deal:
    """The deal ``code`` holds (spaces around it ignored), or a :class:`DealError`."""
    text = code.strip() if isinstance(code, str) else ""
    if len(text) > MAX_CODE:
        raise DealError("malformed", "too long")
    shape = _SHAPE.match(text)
    if shape is None:
        raise DealError("malformed", "not a deal code")
    version, game_id, packed, check = shape.groups()
    if int(version) != VERSION:
        raise DealError("version", f"made by version {int(version)} of the codes")
    if _check(text[: -len(check) - 1]) != check:
        raise DealError("mistyped", "the check does not match")
    if game_id not in game_ids():
        raise DealError("game", f"no game {game_id!r}")
    game = get_game(game_id)
    try:
        body = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        payload = json.loads(body.decode())
    except (binascii.Error, UnicodeDecodeError, ValueError) as exc:
        raise DealError("malformed", "unreadable payload") from exc
    if not (isinstance(payload, list) and len(payload) == 4):
        raise DealError("malformed", "payload of another shape")
    rules, seed, seats, changed = payload
    if not isinstance(rules, int) or isinstance(rules, bool):
        raise DealError("malformed", "rules revision")
    if rules != game.rules_version:
        raise DealError("rules", f"made under revision {rules} of the rules")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DealError("malformed", "seed")
    if not isinstance(seats, str) or not re.fullmatch(r"[a-z]{1,20}", seats):
        raise DealError("malformed", "seats")
    if not isinstance(changed, dict) or "players" in changed:
        raise DealError("malformed", "options")
    try:
        config = game.config_from_dict({**_defaults(game, len(seats)), **changed})
    except (ConfigError, TypeError, ValueError) as exc:
        raise DealError("config", str(exc)) from exc
    return Deal(game_id, config, seed, seats)
