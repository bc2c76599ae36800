"""The cards the table has seen outside the tricks: the turn-up, the bottom card of the
stock and the trump seven exchanged for the turn-up; and what they, with the announced
sequences, prove about a hand whose deal was not recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from scorekeeper.cards import SUIT_NAMES, Card, format_cards
from scorekeeper.games.klaberjass.notation import Bottom, Exchange

if TYPE_CHECKING:
    from scorekeeper.games.klaberjass.hand import KlaberjassHand

Refuse = Callable[..., NoReturn]  # raises IllegalActionError with a message and a rule key


def out_of_play(game: KlaberjassHand, player: str, card: Card) -> tuple[str, str] | None:
    """Why ``player`` cannot have ``card`` (message, rule), from what the table has seen."""
    if card == game.turnup and game.exchanged_by != player:
        if game.exchanged_by:
            return (
                f"{card} is the turn-up, which {game.exchanged_by} took in the exchange",
                "exchange.when",
            )
        return f"{card} is the turn-up card, which is not in play", "deal.turnup"
    if game.exchanged_by and card == game.seven:
        return (
            f"{card} was exchanged for the turn-up by {game.exchanged_by} and lies under the stock",
            "exchange.when",
        )
    if card == game.bottom:
        return f"{card} is the bottom card of the stock, which is not in play", "deal.bottom_card"
    for run in game.announced.runs:
        if run.player != player and card in run.cards:
            return f"{card} is in {run.player}'s announced sequence {run.text}", "sequences"
    return None


def known_cards(game: KlaberjassHand, player: str) -> tuple[list[Card], str]:
    """Cards ``player`` is known to hold still, without the deal, and how we know."""
    played = set(game.hand.played)
    known: list[Card] = []
    why: list[str] = []
    for run in game.announced.runs:
        if run.player == player:
            rest = [c for c in run.cards if c not in played]
            if rest:
                known.extend(rest)
                why.append(f"announced sequence {run.text}")
    turnup = game.turnup
    if game.exchanged_by == player and turnup is not None and turnup not in played | set(known):
        known.append(turnup)
        why.append(f"{turnup} taken in the exchange")
    return known, "; ".join(why)


def may_show_bottom(game: KlaberjassHand, player: str, refuse: Refuse) -> None:
    """Only the dealer shows the bottom card, once (checked before the card is read)."""
    if player != game.dealer:
        refuse(f"the dealer ({game.dealer}) shows the bottom card, not {player}")
    if game.bottom is not None:
        refuse(f"the bottom card is already recorded: {game.bottom}")


def verify_bottom(game: KlaberjassHand, said: Bottom, refuse: Refuse) -> None:
    card = said.card
    if card == game.turnup:
        refuse(f"{card} is the turn-up; the bottom card is another card")
    if game.exchanged_by and card == game.seven:
        refuse(f"{card} went under the stock in {game.exchanged_by}'s exchange", "exchange.when")
    holder = game.dealt_to(card)
    if holder:
        refuse(f"{card} is in {holder}'s recorded deal", "deal")
    for run in game.announced.runs:
        if card in run.cards:
            refuse(f"{card} is in {run.player}'s announced sequence {run.text}", "sequences")


def verify_exchange(game: KlaberjassHand, said: Exchange, refuse: Refuse) -> None:
    turnup, trump, seven = game.turnup, game.trump, game.seven
    assert turnup is not None and trump is not None and seven is not None
    player = said.player
    if trump != turnup.suit:
        refuse(
            f"trump is {SUIT_NAMES[trump]}, named in round two, not the turn-up's "
            f"suit ({SUIT_NAMES[turnup.suit]}): there is nothing to exchange"
        )
    if game.exchanged_by:
        refuse(f"{game.exchanged_by} already exchanged {seven} for {turnup}")
    if turnup == seven:
        refuse(f"the turn-up is {seven} itself")
    holding = game.hand.holding(player)
    if holding is not None and seven not in holding:
        refuse(f"{player} does not hold {seven} (holds {format_cards(holding)})", "deal")
    if seven == game.bottom:
        refuse(f"{seven} is the bottom card of the stock", "deal.bottom_card")
    for run in game.announced.runs:
        if seven in run.cards:
            if run.player == player:
                refuse(f"{seven} is in {player}'s own announced sequence {run.text}", "sequences")
            refuse(f"{seven} is in {run.player}'s announced sequence {run.text}", "sequences")
