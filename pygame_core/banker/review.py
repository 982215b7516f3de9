"""Rating Tjueett and Tjugoett decisions by the expert's card counting.

Every figure is counted over the cards the seat had not seen
(:func:`pygame_core.banker.odds.draw_pool` of its view) with the expert bot's own
figures (:func:`pygame_core.banker.bots.player_values`, ``player_model`` and
``bank_values``, which its play compares), in chips expected back; they are floats computed
from the exact integer weights of :mod:`pygame_core.banker.odds`, as the expert uses
them (``method="expert_model"``).

- A player's draw or stand and bet: :class:`~pygame_core.banker.bots.PlayerModel`,
  ``against="banker_draws_to_beat_you"``: the banker draws until he holds the
  smallest total that the player's hand, as far as he sees it, does not beat with an
  even chance or more. A bet of ``b`` is worth ``b`` times the hand's value per chip,
  so the best bet is the largest when that value is positive, else the smallest.
- The banker's draw or stand: :class:`~pygame_core.banker.bots.BankModel`,
  ``against="players_stand_on_16_or_more"``: each waiting player's total is the
  face-down card over the banker's unseen cards, 16 or more where that can be.
- The banker's stake has no model (it decides how much the bank risks, not how the
  round goes): listed, not rated.

Reason kinds: ``stood_right``, ``stood_too_soon``, ``drew_right``, ``drew_too_far``
(params: ``role`` ``"player"``/``"banker"``, ``total``, ``cards``, ``bust`` (exact chance
the next card busts), ``stand``, ``draw`` (chips), ``bet`` (player) or ``stakes``
(banker: bets the hand meets)); ``bet_right``, ``bet_too_much``, ``bet_too_little``
(``amount``, ``best_amount``, ``per_chip``, ``low``, ``high``); ``stake`` (``amount``).

The chart (:mod:`pygame_core.review.chart`): each seat's chips after every round, the
banker's with the bank (the pot is his until he gives the bank up).
"""

from __future__ import annotations

from ..review.model import Decision, Measure, Option, Reason
from ..review.rating import Spot, make_decision, unrated_decision
from .bots import bank_values, own_hand, player_model, player_values
from .hand import effective_total
from .odds import next_card_bust
from .table import BANK, BET, STAKE, Draw, TableView, facing_seats

PLAYER_AGAINST = "banker_draws_to_beat_you"
BANKER_AGAINST = "players_stand_on_16_or_more"


def rate(spot: Spot, seed: int, playouts: int) -> Decision | None:
    """The stake, bet, or draw-or-stand at ``spot``."""
    view: TableView = spot.view
    if view.phase == STAKE:
        amount = spot.action.amount
        return unrated_decision(
            spot,
            "stake",
            f"stake_{amount}",
            "chips",
            Reason.make("stake", amount=amount),
        )
    if view.phase == BET:
        return _rate_bet(spot, view)
    if view.phase == BANK:
        return _rate_bank(spot, view)
    return _rate_draw(spot, view)


def _rate_bet(spot: Spot, view: TableView) -> Decision | None:
    low, high = view.min_amount, view.max_amount
    if low == high:
        return None
    hand = own_hand(view)
    per_chip = player_model(view).value(hand[1:])
    amount = spot.action.amount
    # The smallest bet first: on equal value (a hand worth nothing) it is the best.
    amounts = sorted({low, amount, high})
    options = tuple(Option(f"bet_{a}", a * per_chip) for a in amounts)

    def reason(mine: Option, best: Option) -> Reason:
        best_amount = int(best.key.removeprefix("bet_"))
        if best is mine:
            kind = "bet_right"
        else:
            kind = "bet_too_much" if amount > best_amount else "bet_too_little"
        return Reason.make(
            kind, amount=amount, best_amount=best_amount, per_chip=per_chip, low=low, high=high
        )

    return make_decision(
        spot,
        "bet",
        options,
        f"bet_{amount}",
        "chips",
        "expert_model",
        PLAYER_AGAINST,
        reason,
    )


def _rate_draw(spot: Spot, view: TableView) -> Decision:
    hand = own_hand(view)
    bet = view.bets[spot.seat]
    stand, draw = (bet * value for value in player_values(view))
    return _draw_or_stand(
        spot,
        view,
        "draw_or_stand",
        stand,
        draw,
        PLAYER_AGAINST,
        effective_total(hand),
        len(hand),
        "player",
        bet=bet,
    )


def _rate_bank(spot: Spot, view: TableView) -> Decision:
    stand, draw = bank_values(view)
    stakes = sum(view.bets[s] for s in facing_seats(view))
    return _draw_or_stand(
        spot,
        view,
        "bank_draw_or_stand",
        stand,
        draw,
        BANKER_AGAINST,
        view.bank_total,
        len(view.bank_hand),
        "banker",
        stakes=stakes,
    )


def _draw_or_stand(
    spot: Spot,
    view: TableView,
    kind: str,
    stand: float,
    draw: float,
    against: str,
    total: int,
    cards: int,
    role: str,
    **extra: int,
) -> Decision:
    # Stand first: the expert draws only when drawing is worth strictly more.
    options = (Option("stand", stand), Option("draw", draw))
    chosen = "draw" if isinstance(spot.action, Draw) else "stand"
    bust = next_card_bust(view)

    def reason(mine: Option, best: Option) -> Reason:
        if chosen == "stand":
            verdict = "stood_right" if best is mine else "stood_too_soon"
        else:
            verdict = "drew_right" if best is mine else "drew_too_far"
        return Reason.make(
            verdict,
            role=role,
            total=total,
            cards=cards,
            bust=bust,
            stand=stand,
            draw=draw,
            **extra,
        )

    return make_decision(spot, kind, options, chosen, "chips", "expert_model", against, reason)


def standing(view: TableView) -> tuple[Measure, tuple[int, ...]]:
    """Every seat's chips, the banker's with the bank's pot."""
    return "chips", tuple(
        chips + (view.pot if seat == view.banker else 0) for seat, chips in enumerate(view.chips)
    )


def opening(config: object, view: TableView) -> tuple[int, ...]:
    """The starting stacks: the first table's chips (nothing is staked before the
    banker's first decision)."""
    return standing(view)[1]
