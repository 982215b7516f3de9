"""The UI of Tjueett, the Norwegian banker game."""

from __future__ import annotations

from typing import ClassVar

from web.games.banker import BankerUI
from web.games.base import OptionField


class TjueettUI(BankerUI):
    """Tjueett."""

    id: ClassVar[str] = "tjueett"
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("bank", "choice", ("fixed", "rotating")),
        OptionField("banker_chips", "number", low=1, high=1000),
        OptionField("chips", "number", low=1, high=1000),
        OptionField("min_bet", "number", low=1, high=100),
        OptionField("rounds", "number", low=1, high=999, optional=True),
    )


UI = TjueettUI()
