"""The UI of Tjugoett, the Swedish banker game."""

from __future__ import annotations

from typing import ClassVar

from web.games.banker import BankerUI
from web.games.base import OptionField


class TjugoettUI(BankerUI):
    """Tjugoett."""

    id: ClassVar[str] = "tjugoett"
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("chips", "number", low=1, high=1000),
        OptionField("min_bet", "number", low=1, high=100),
        OptionField("deals_per_bank", "number", low=1, high=100),
        OptionField("banker_plays", "choice", ("at_once", "after_all", "after_all_each")),
        OptionField("rounds", "number", low=1, high=999, optional=True),
    )


UI = TjugoettUI()
