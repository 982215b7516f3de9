"""What a person is doing with a table's controls before a move is made: the amount
on the stake/bet stepper and the cards picked in hand. None of it is a rule: the
core decides when the move is made. Shared by the table at the host
(:mod:`web.controllers.play`) and a seat's own device (:mod:`web.controllers.guest`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from web.games.base import GameUI


class TableControls:
    """The stepper's amount and the picked cards, each for the decision it belongs to."""

    def __init__(self) -> None:
        self.amount = 0
        self.amount_key: tuple[Any, ...] = ()
        self.bounds = (0, 0)
        self.selected: tuple[int, ...] = ()
        self.selected_turn = -1

    def follow(self, ui: GameUI, view: Any, step: int) -> tuple[int, tuple[int, ...]]:
        """The amount and picked cards for the decision in ``view`` after ``step``
        actions: each new decision starts from the smallest amount, no card picked."""
        low, high = self.bounds = ui.amount_range(view)
        key = (view.round, view.phase, view.actor)
        if key != self.amount_key:
            self.amount, self.amount_key = ui.amount_default(view), key
        self.amount = min(max(self.amount, low), high)
        if step != self.selected_turn:
            self.selected, self.selected_turn = (), step
        return self.amount, self.selected

    def step_amount(self, data: dict[str, str]) -> None:
        """The stepper's + (``delta`` 1) or -, inside the decision's bounds."""
        low, high = self.bounds
        step = 1 if data.get("delta") == "1" else -1
        self.amount = min(max(self.amount + step, low), high)

    def toggle_card(self, data: dict[str, str]) -> None:
        """Pick a card in hand, or put it back."""
        text = data.get("card", "")
        card = int(text) if text.lstrip("-").isdigit() else -1
        picked = self.selected
        self.selected = tuple(c for c in picked if c != card) if card in picked else (*picked, card)


__all__ = ["TableControls"]
