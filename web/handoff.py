"""Pass-and-play: whose eyes the table is drawn for, and when to cover it.

With hidden cards and more than one person at the device, the table is drawn for the
person to act only after they tap "Show my cards"; until then a hand-off screen covers
it and the page holds no hidden card at all (the table is simply not rendered). While
bots act, or once the match is over, the table shows only what everyone may see.
With one person (and any number of bots) the table is always drawn for that person.
People who play on a device of their own (:mod:`web.remote`) are not at this device:
their turns draw the public table (or the one person here's), never their cards.
Without hidden cards nothing is covered, and the table is drawn for the person at the
device: the only person, or the person whose turn it is (they hold the device now).
"""

from __future__ import annotations

from dataclasses import dataclass

from web.session import GameSession


@dataclass(frozen=True)
class TableEyes:
    """For whom to draw the table now.

    ``viewer``: the seat whose view is drawn (None: public facts only).
    ``cover``: the seat to hand the device to before anything is drawn, or None.
    """

    viewer: int | None
    cover: int | None


def table_eyes(session: GameSession, revealed: int | None) -> TableEyes:
    """Who sees the table, given the seat that last tapped "Show my cards"."""
    humans = session.here()
    if len(humans) == 1:
        return TableEyes(humans[0], None)
    current = session.current
    if current is None or current not in humans:
        return TableEyes(None, None)
    if not session.game.hides_information:
        return TableEyes(current, None)
    if revealed == current:
        return TableEyes(current, None)
    return TableEyes(None, current)
