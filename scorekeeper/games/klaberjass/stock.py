"""The cards the table has seen outside the tricks: the turn-up, the bottom card of the
stock and the trump seven exchanged for the turn-up; and what they, with the announced
sequences, prove about a hand whose deal was not recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.games.klaberjass.notation import Bottom, Exchange, refusal
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record

if TYPE_CHECKING:
    from scorekeeper.games.klaberjass.announcements import Announced
    from scorekeeper.hand import Hand


class Table(Protocol):
    """What the stock's rules read of a Klaberjass hand in progress (``hand.KlaberjassHand``
    meets it): the cards the table has seen turned up, shown or exchanged, and the
    sequences announced."""

    hand: Hand
    dealer: str
    bottom: Card | None
    exchanged_by: str | None
    announced: Announced

    @property
    def turnup(self) -> Card | None: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def seven(self) -> Card | None: ...
    def dealt_to(self, card: Card) -> str | None: ...


def out_of_play(game: Table, player: str, card: Card) -> Reason | None:
    """Why ``player`` cannot have ``card`` (with the rule), from what the table has seen."""
    taker = game.exchanged_by
    if card == game.turnup and taker != player:
        if taker:
            return because("klaberjass.out.turnup_taken", "exchange.when", card=card, player=taker)
        return because("klaberjass.out.turnup", "deal.turnup", card=card)
    if taker and card == game.seven:
        return because("klaberjass.out.seven", "exchange.when", card=card, player=taker)
    if card == game.bottom:
        return because("klaberjass.out.bottom", "deal.bottom_card", card=card)
    for run in game.announced.runs:
        if run.player != player and card in run.cards:
            return because(
                "klaberjass.out.sequence",
                "sequences",
                card=card,
                player=run.player,
                cards=run.cards,
            )
    return None


@record(frozen=True)
class Known:
    """Cards a player is known to hold still, without the deal, and how the table knows."""

    cards: list[Card]
    sources: list[Reason]
    exchange_only: bool  # known from the exchange alone (no announced sequence)

    @property
    def why(self) -> Reason | None:
        return _joined(self.sources)


def _joined(reasons: Sequence[Reason]) -> Reason | None:
    if not reasons:
        return None
    rest = _joined(reasons[1:])
    if rest is None:
        return reasons[0]
    return because("klaberjass.known.more", first=reasons[0], rest=rest)


def known_cards(game: Table, player: str) -> Known:
    """Cards ``player`` is known to hold still, without the deal, and how we know."""
    played = set(game.hand.played)
    known: list[Card] = []
    sources: list[Reason] = []
    for run in game.announced.runs:
        if run.player == player:
            rest = [c for c in run.cards if c not in played]
            if rest:
                known.extend(rest)
                sources.append(because("klaberjass.known.sequence", cards=run.cards))
    runs = bool(sources)
    turnup = game.turnup
    if game.exchanged_by == player and turnup is not None and turnup not in played | set(known):
        known.append(turnup)
        sources.append(because("klaberjass.known.exchange", card=turnup))
    return Known(known, sources, bool(sources) and not runs)


def may_show_bottom(game: Table, action: Action) -> None:
    """Only the dealer shows the bottom card, once (checked before the card is read)."""
    rule = "deal.bottom_card"
    if action.actor != game.dealer:
        raise refusal("bottom.not_dealer", rule, action, dealer=game.dealer, player=action.actor)
    if game.bottom is not None:
        raise refusal("bottom.again", rule, action, card=game.bottom)


def verify_bottom(game: Table, said: Bottom, action: Action) -> None:
    card = said.card
    if card == game.turnup:
        raise refusal("bottom.turnup", "deal.bottom_card", action, card=card)
    if game.exchanged_by and card == game.seven:
        raise refusal(
            "bottom.exchanged", "exchange.when", action, card=card, player=game.exchanged_by
        )
    holder = game.dealt_to(card)
    if holder:
        raise refusal("bottom.dealt", "deal", action, card=card, holder=holder)
    for run in game.announced.runs:
        if card in run.cards:
            why = because("klaberjass.out.sequence", card=card, player=run.player, cards=run.cards)
            raise refusal("action", "sequences", action, why=why)


def verify_exchange(game: Table, said: Exchange, action: Action) -> None:
    turnup, trump, seven = game.turnup, game.trump, game.seven
    assert turnup is not None and trump is not None and seven is not None
    player = said.player
    rule = "exchange.when"
    if trump != turnup.suit:
        raise refusal("exchange.named_suit", rule, action, trump=trump, suit=turnup.suit)
    if game.exchanged_by:
        raise refusal(
            "exchange.again", rule, action, player=game.exchanged_by, seven=seven, turnup=turnup
        )
    if turnup == seven:
        raise refusal("exchange.turnup_is_seven", rule, action, seven=seven)
    holding = game.hand.holding(player)
    if holding is not None and seven not in holding:
        why = because("klaberjass.not_held", player=player, card=seven, holding=holding)
        raise refusal("action", "deal", action, why=why)
    if seven == game.bottom:
        raise refusal("exchange.bottom", "deal.bottom_card", action, seven=seven)
    for run in game.announced.runs:
        if seven in run.cards:
            key = "own_sequence" if run.player == player else "out.sequence"
            why = because(f"klaberjass.{key}", card=seven, player=run.player, cards=run.cards)
            raise refusal("action", "sequences", action, why=why)
