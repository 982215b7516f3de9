"""Shared deals: a match's game, rules and seed as a short code, so that another device
deals the same cards and throws the same dice to the same seats (as duplicate bridge
and Hanabi's seeded deals let two tables compare their play of one deal).

A code holds what starts a match and nothing it reveals: the game, its config, the seed
and who sits where (a letter per seat, the UI's to read). Never an action, so a code
made while a match is played tells no one's hidden cards, and the same seed deals the
same cards whoever plays them.

The code a person types (version 2) is at most 40 characters for every game, preset
and number of seats, in groups of four::

    N21-7KQD-M3XA-9BZR-P4TF-2WHN-CE8Y

After ``N21`` come 32 symbols (``2``-``9`` and ``A``-``Z`` without ``I`` and ``O``, so
no ``0``/``O`` or ``1``/``l``/``I`` to mix up; read in either case, dashes and spaces
ignored). All but the last four are one number in mixed radix, lowest digit first:
this codec's version, a tag of the game's id, a fingerprint of the game's rules and
presets, the seed, the seats (one of the letters ``h d e m x`` each), which preset the
rules start from (0: the game's defaults), and then only the options that differ from
that preset (each an option's place and its value). The last four symbols are a check
of the rest and the game's id, so a mistyped code is told apart from a code of another
version or game, and a tag two games share is settled by the check.

Codes of version 1 (``N21-1-<game>-<base64url JSON>-<check>``, 56 to 147 characters)
are still read, and still made for a deal the short form cannot hold (a seat letter it
has no place for, an option that is neither a whole number, a switch nor a named
choice). :func:`read_deal` refuses anything else with a :class:`DealError` whose
``reason`` the UI words: ``malformed``, ``version``, ``game``, ``rules``, ``mistyped``,
``config``.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import json
import re
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from .contract import MAX_SEED, Game
from .errors import ConfigError, Nordic21Error
from .registry import game_ids, get_game

PREFIX = "N21"
#: The short code's version (1 is the long JSON form, still read).
VERSION = 2
#: Longest code read (far above any real one).
MAX_CODE = 600
#: The longest code a person is asked to type, for every game, preset and seat count.
MAX_TYPED = 40
#: The short code's symbols: no 0, O, 1 or I, so nothing reads as something else.
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
#: The seat letters the short code carries, in this order (web.seats' kinds).
SEAT_LETTERS = "hdemx"
#: Symbols per group as the code is shown.
GROUP = 4
#: Symbols of the check.
CHECK = 4

_VERSIONS = 4
_TAGS = 1024
_FINGERPRINTS = 16
_SEEDS = MAX_SEED + 1

Reason = Literal["malformed", "version", "game", "rules", "mistyped", "config"]

_SHAPE_V1 = re.compile(r"^N21-(\d{1,4})-([a-z0-9]{1,20})-([A-Za-z0-9_-]{1,500})-([a-z0-9]{4})$")
_LIKE_V1 = re.compile(r"^N21-\d{1,3}-[a-z]")
_SHAPE = re.compile(r"^N21[- ]*([0-9A-Z][0-9A-Z -]*)$")


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


class _Unfit(Exception):
    """The short form has no place for this deal (the long form holds it)."""


# -- what both forms share ----------------------------------------------------------------
def _check_v1(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return base64.b32encode(digest).decode()[:4].lower()


def _defaults(game: Game[Any, Any, Any, Any], players: int) -> dict[str, Any]:
    return game.config_to_dict(game.config(players=players))


def deal_code(game: Game[Any, Any, Any, Any], config: Any, seed: int, seats: str) -> str:
    """The code of a deal of ``game`` under ``config`` from ``seed``; ``seats`` has a
    lowercase letter per seat. The short form (at most :data:`MAX_TYPED` characters for
    every preset), or the long one for a deal it cannot hold.

    >>> from pygame_core import get_game
    >>> game = get_game("dice21")
    >>> code = deal_code(game, game.config(players=2), 7, "hm")
    >>> code.startswith("N21-") and len(code) <= MAX_TYPED
    True
    >>> read_deal(code).seed
    7
    """
    players = config.players
    if len(seats) != players or not re.fullmatch(r"[a-z]*", seats):
        raise ValueError("one lowercase letter per seat")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError("seed out of range")
    try:
        return _short_code(game, config, seed, seats)
    except _Unfit:
        return long_deal_code(game, config, seed, seats)


def read_deal(code: str) -> Deal:
    """The deal ``code`` holds (either form; spaces around it ignored), or a
    :class:`DealError`."""
    text = code.strip() if isinstance(code, str) else ""
    if len(text) > MAX_CODE:
        raise DealError("malformed", "too long")
    if _SHAPE_V1.match(text):
        return _read_v1(text)
    if _LIKE_V1.match(text):
        raise DealError("malformed", "a long code cut short")
    return _read_short(text)


# -- the short form -----------------------------------------------------------------------
def _tag(game_id: str) -> int:
    return int.from_bytes(hashlib.sha256(f"tag:{game_id}".encode()).digest()[:4]) % _TAGS


@cache
def _fingerprint(game_id: str) -> int:
    """A few bits of the game's rules revision, option names, defaults and presets: a
    code read under other rules (or presets) is refused rather than dealt otherwise."""
    game = get_game(game_id)
    players = game.min_players
    presets: dict[str, dict[str, Any] | None] = {}
    for name in game.presets:
        try:
            presets[name] = game.config_to_dict(game.preset(name, players))
        except ConfigError:
            presets[name] = None
    text = json.dumps(
        [game_id, game.rules_version, _defaults(game, players), presets],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).digest()[0] % _FINGERPRINTS


def _check(body: str) -> str:
    digest = int.from_bytes(hashlib.sha256(f"N21:{body}".encode()).digest()[:4])
    return _symbols(digest >> (32 - 5 * CHECK), CHECK)


def _symbols(number: int, width: int = 1) -> str:
    out = ""
    while number or len(out) < width:
        number, digit = divmod(number, len(ALPHABET))
        out = ALPHABET[digit] + out
    return out


Kind = tuple[str, tuple[str, ...]]


@cache
def _option_kinds(game_id: str) -> tuple[tuple[str, Kind], ...]:
    """The config's options but ``players``, in their order, each with how its value is
    held: ``("bool", ())``, ``("choice", choices)``, ``("int", ())`` (also None)."""
    config_type = get_game(game_id).config_type
    hints = typing.get_type_hints(config_type)
    out: list[tuple[str, Kind]] = []
    for f in dataclasses.fields(config_type):
        if f.name == "players":
            continue
        hint = hints.get(f.name)
        args = typing.get_args(hint)
        if hint is bool:
            out.append((f.name, ("bool", ())))
        elif typing.get_origin(hint) is Literal and all(isinstance(a, str) for a in args):
            out.append((f.name, ("choice", tuple(args))))
        elif hint is int or (
            typing.get_origin(hint) in (typing.Union, types.UnionType)
            and set(args) == {int, type(None)}
        ):
            out.append((f.name, ("int", ())))
        else:
            out.append((f.name, ("other", ())))
    return tuple(out)


def _bases(game: Game[Any, Any, Any, Any], players: int) -> list[dict[str, Any] | None]:
    """What the options may start from: the defaults (0), then each preset (None
    where the preset cannot seat ``players``)."""
    out: list[dict[str, Any] | None] = [_defaults(game, players)]
    for name in game.presets:
        try:
            out.append(game.config_to_dict(game.preset(name, players)))
        except ConfigError:
            out.append(None)
    return out


def _pack(digits: list[tuple[int, int]]) -> int:
    """``digits`` (digit, radix), lowest first, as one number."""
    number = 0
    for digit, radix in reversed(digits):
        number = number * radix + digit
    return number


def _int_digits(value: object, base: object) -> list[tuple[int, int]]:
    """A whole number (or None) as its distance from ``base`` (from 0 if that is no
    number), in base-16 chunks with a continuation bit."""
    if value is None:
        n = 0
    elif isinstance(value, int) and not isinstance(value, bool):
        step = value - (base if isinstance(base, int) and not isinstance(base, bool) else 0)
        n = (2 * step if step >= 0 else -2 * step - 1) + 1
    else:
        raise _Unfit
    out = []
    while True:
        n, chunk = divmod(n, 16)
        out.append((chunk + 16 * (n > 0), 32))
        if not n:
            return out


def _changes(game_id: str, options: dict[str, Any], base: dict[str, Any]) -> int:
    kinds = _option_kinds(game_id)
    digits: list[tuple[int, int]] = []
    for place, (name, (kind, choices)) in enumerate(kinds, start=1):
        value = options.get(name)
        if value == base.get(name) and type(value) is type(base.get(name)):
            continue
        digits.append((place, len(kinds) + 1))
        if kind == "bool" and isinstance(value, bool):
            digits.append((int(value), 2))
        elif kind == "choice" and value in choices:
            digits.append((choices.index(value), len(choices)))
        elif kind == "int":
            digits += _int_digits(value, base.get(name))
        else:
            raise _Unfit
    if set(options) - {name for name, _ in kinds} - {"players"}:
        raise _Unfit
    return _pack(digits)


def _seat_radix(game: Game[Any, Any, Any, Any]) -> int:
    return sum(len(SEAT_LETTERS) ** n for n in range(game.min_players, game.max_players + 1))


def _seat_number(game: Game[Any, Any, Any, Any], seats: str) -> int:
    if not game.min_players <= len(seats) <= game.max_players:
        raise _Unfit
    if any(letter not in SEAT_LETTERS for letter in seats):
        raise _Unfit
    offset: int = sum(len(SEAT_LETTERS) ** n for n in range(game.min_players, len(seats)))
    number = 0
    for letter in seats:
        number = number * len(SEAT_LETTERS) + SEAT_LETTERS.index(letter)
    return offset + number


def _seats_of(game: Game[Any, Any, Any, Any], number: int) -> str:
    for count in range(game.min_players, game.max_players + 1):
        span = len(SEAT_LETTERS) ** count
        if number < span:
            letters = ""
            for _ in range(count):
                number, digit = divmod(number, len(SEAT_LETTERS))
                letters = SEAT_LETTERS[digit] + letters
            return letters
        number -= span
    raise DealError("malformed", "seats")


def _short_code(game: Game[Any, Any, Any, Any], config: Any, seed: int, seats: str) -> str:
    options = game.config_to_dict(config)
    players = options.pop("players")
    bases = _bases(game, players)
    best: tuple[int, int] | None = None
    for index, base in enumerate(bases):
        if base is None:
            continue
        base = {k: v for k, v in base.items() if k != "players"}
        rest = _changes(game.id, options, base)
        if best is None or rest.bit_length() < best[1].bit_length():
            best = (index, rest)
    assert best is not None
    number = _pack(
        [
            (VERSION, _VERSIONS),
            (_tag(game.id), _TAGS),
            (_fingerprint(game.id), _FINGERPRINTS),
            (seed, _SEEDS),
            (_seat_number(game, seats), _seat_radix(game)),
            (best[0], len(bases)),
        ]
    ) + best[1] * (_VERSIONS * _TAGS * _FINGERPRINTS * _SEEDS * _seat_radix(game) * len(bases))
    body = _symbols(number)
    whole = body + _check(body)
    groups = [whole[i : i + GROUP] for i in range(0, len(whole), GROUP)]
    return "-".join([PREFIX, *groups])


def _read_short(text: str) -> Deal:
    shape = _SHAPE.match(text.upper())
    if shape is None:
        raise DealError("malformed", "not a deal code")
    whole = re.sub(r"[- ]", "", shape.group(1))
    if len(whole) <= CHECK:
        raise DealError("malformed", "too short")
    if any(c not in ALPHABET for c in whole):
        raise DealError("mistyped", "a symbol the codes do not use")
    body, check = whole[:-CHECK], whole[-CHECK:]
    if _check(body) != check:
        raise DealError("mistyped", "the check does not match")
    number = 0
    for c in body:
        number = number * len(ALPHABET) + ALPHABET.index(c)
    number, version = divmod(number, _VERSIONS)
    if version != VERSION:
        raise DealError("version", f"made by version {version} of the codes")
    number, tag = divmod(number, _TAGS)
    game_id = next((g for g in game_ids() if _tag(g) == tag), None)
    if game_id is None:
        raise DealError("game", "no game with that tag")
    game = get_game(game_id)
    number, fingerprint = divmod(number, _FINGERPRINTS)
    if fingerprint != _fingerprint(game_id):
        raise DealError("rules", "made under other rules or presets")
    number, seed = divmod(number, _SEEDS)
    number, seat_number = divmod(number, _seat_radix(game))
    seats = _seats_of(game, seat_number)
    bases = _bases(game, len(seats))
    number, index = divmod(number, len(bases))
    base = bases[index]
    if base is None:
        raise DealError("config", "a preset that cannot seat this many")
    options = dict(base)
    kinds = _option_kinds(game_id)
    while True:
        number, place = divmod(number, len(kinds) + 1)
        if place == 0:
            break
        name, (kind, choices) = kinds[place - 1]
        if kind == "bool":
            number, digit = divmod(number, 2)
            options[name] = bool(digit)
        elif kind == "choice":
            number, digit = divmod(number, len(choices))
            options[name] = choices[digit]
        elif kind == "int":
            n, shift = 0, 0
            while True:
                number, digit = divmod(number, 32)
                n += (digit % 16) << shift
                shift += 4
                if digit < 16:
                    break
            if n == 0:
                options[name] = None
            else:
                start = base.get(name)
                start = start if isinstance(start, int) and not isinstance(start, bool) else 0
                options[name] = start + ((n - 1) // 2 if n % 2 else -(n // 2))
        else:
            raise DealError("malformed", "options")
    if number:
        raise DealError("malformed", "options")
    options["players"] = len(seats)
    try:
        config = game.config_from_dict(options)
    except (ConfigError, TypeError, ValueError) as exc:
        raise DealError("config", str(exc)) from exc
    return Deal(game_id, config, seed, seats)


# -- the long form (version 1) ------------------------------------------------------------
def long_deal_code(game: Game[Any, Any, Any, Any], config: Any, seed: int, seats: str) -> str:
    """The version 1 code of a deal: base64url JSON of the rules revision, the seed,
    the seats and the options that differ from the game's defaults (it holds any deal;
    56 to 147 characters)."""
    players = config.players
    options = game.config_to_dict(config)
    defaults = _defaults(game, players)
    changed = {k: v for k, v in options.items() if k != "players" and defaults.get(k) != v}
    payload = [game.rules_version, seed, seats, changed]
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    packed = base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")
    text = f"{PREFIX}-1-{game.id}-{packed}"
    return f"{text}-{_check_v1(text)}"


def _read_v1(text: str) -> Deal:
    shape = _SHAPE_V1.match(text)
    assert shape is not None
    version, game_id, packed, check = shape.groups()
    if int(version) != 1:
        raise DealError("version", f"made by version {int(version)} of the codes")
    if _check_v1(text[: -len(check) - 1]) != check:
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
