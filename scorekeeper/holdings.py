"""The cards each player holds, as a hand keeps them: card masks, and the cards in order.

A ``Holdings`` is the model of who holds what once the deal is recorded (python-chess keeps
its board as bitboards the same way): for each player ``held``, the mask of the cards held
(bit ``Card.index``), and ``twice``, the mask of those held in two copies (a Doppelkopf
deck has two of each card), beside ``cards``, the same cards as a list in the order they
were dealt (cards given later at the end), which is what the views show and the order the
legal-card queries answer in. A card played or taken leaves all three at once; nothing is
made later from anything else. The following duties (``following.Duties``) judge a card
against ``held`` alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorekeeper.cards import BY_INDEX, Card

BIT = {card: 1 << card.index for card in BY_INDEX}
"""Every card's bit in a card mask."""


class Holdings:
    """Each player's cards: ``held`` and ``twice`` (card masks), ``cards`` (lists)."""

    __slots__ = ("cards", "held", "twice")

    def __init__(self, dealt: Mapping[str, Iterable[Card]]) -> None:
        self.cards: dict[str, list[Card]] = {p: list(h) for p, h in dealt.items()}
        self.held: dict[str, int] = {}
        self.twice: dict[str, int] = {}
        for player, cards in self.cards.items():
            self.held[player], self.twice[player] = masks(cards)

    def copy(self) -> Holdings:
        """The same holdings, to change apart from these."""
        made = Holdings.__new__(Holdings)
        made.cards = {p: list(cards) for p, cards in self.cards.items()}
        made.held, made.twice = dict(self.held), dict(self.twice)
        return made

    def holds(self, player: str, card: Card) -> bool:
        return bool(self.held[player] & BIT[card])

    def play(self, player: str, card: Card) -> None:
        """``player`` plays ``card`` (held: the judge said so): one copy leaves."""
        bit = BIT[card]
        twice = self.twice[player]
        if twice & bit:
            self.twice[player] = twice ^ bit
        else:
            self.held[player] ^= bit
        self.cards[player].remove(card)

    def give(self, player: str, cards: Iterable[Card]) -> None:
        """Cards join ``player``'s hand."""
        mine = self.cards[player]
        mine.extend(cards)
        self.held[player], self.twice[player] = masks(mine)

    def take(self, player: str, cards: Iterable[Card]) -> Card | None:
        """Cards leave ``player``'s hand; the first one not held (the others before it
        gone), or None when all were held."""
        mine = self.cards[player]
        missing = None
        for card in cards:
            if card not in mine:
                missing = card
                break
            mine.remove(card)
        self.held[player], self.twice[player] = masks(mine)
        return missing


def masks(cards: Iterable[Card]) -> tuple[int, int]:
    """Cards as card masks: those held, and those held two copies of."""
    once = twice = 0
    for card in cards:
        bit = BIT[card]
        twice |= once & bit  # seen before: a second copy
        once |= bit
    return once, twice
