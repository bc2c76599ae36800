"""The cards each player holds, as a hand keeps them: card masks, and the cards in order.

A ``Holdings`` is the model of who holds what once the deal is recorded (python-chess keeps
its board as bitboards the same way): for each player ``held``, the mask of the cards held
(bit ``Card.index``), and ``twice``, the mask of those held in two copies (a Doppelkopf
deck has two of each card), beside ``cards``, the same cards as a list in the order they
were dealt (cards given later at the end), which is what the views show and the order the
legal-card queries answer in. A card played or taken leaves all three at once; nothing is
made later from anything else. The following duties (``following.Duties``) judge a card
against ``held`` alone. ``CardPlays`` turns a card mask into the plays of its cards, in the
deck's order, with the records made once per table and deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from scorekeeper.actions import PLAY, Action
from scorekeeper.caches import Cache, cache
from scorekeeper.cards import BY_INDEX, Card, Deck
from scorekeeper.errors import no

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
        """Whether ``player`` holds ``card`` (False for someone not dealt in)."""
        return bool(self.held.get(player, 0) & BIT.get(card, 0))

    def play(self, player: str, card: Card) -> None:
        """``player`` plays ``card`` (held: the judge said so): one copy leaves. A card not
        held is refused (``hand.not_held``) and nothing changes."""
        if not self.holds(player, card):
            raise no("hand.not_held", "deal", player=player, card=card)
        bit = BIT[card]
        twice = self.twice[player]
        if twice & bit:
            self.twice[player] = twice ^ bit
        else:
            self.held[player] ^= bit
        self.cards[player].remove(card)

    def give(self, player: str, cards: Iterable[Card]) -> None:
        """Cards join ``player``'s hand (``deal.not_playing`` for someone not dealt in)."""
        mine = self._of(player)
        mine.extend(cards)
        self.held[player], self.twice[player] = masks(mine)

    def take(self, player: str, cards: Iterable[Card]) -> Card | None:
        """Cards leave ``player``'s hand, all or none: the first one not held (nothing
        taken then), or None when all were held and are gone."""
        mine = self._of(player)
        left = list(mine)
        for card in cards:
            if card not in left:
                return card
            left.remove(card)
        mine[:] = left
        self.held[player], self.twice[player] = masks(mine)
        return None

    def _of(self, player: str) -> list[Card]:
        """``player``'s cards, refused (``deal.not_playing``) for someone not dealt in."""
        mine = self.cards.get(player)
        if mine is None:
            raise no("deal.not_playing", "players", player=player)
        return mine


def masks(cards: Iterable[Card]) -> tuple[int, int]:
    """Cards as card masks: those held, and those held two copies of."""
    once = twice = 0
    for card in cards:
        bit = BIT[card]
        twice |= once & bit  # seen before: a second copy
        once |= bit
    return once, twice


class CardPlays:
    """The play of each card by each player at a table, as ``Action`` records made once
    per table and deck (an action is immutable), and the deck's order of the cards: what
    ``Hand.legal_actions`` answers for the cards a mask allows.

    ``of`` answers a player's mask with one look-up: each player keeps, by each mask asked
    so far, the plays of its cards in the deck's order (``by_mask``; made when first
    asked, at most ``LIMIT`` masks a player, forgotten all at once beyond that)."""

    __slots__ = ("actions", "by_mask", "deck", "order")

    LIMIT = 4096

    def __init__(self, players: Sequence[str], deck: Deck) -> None:
        self.deck = deck
        self.actions = {
            player: {BIT[card]: Action(player, PLAY, card) for card in deck.cards}
            for player in players
        }
        self.order = tuple(dict.fromkeys(BIT[card] for card in deck.cards))  # the deck's
        self.by_mask: dict[str, dict[int, tuple[Action, ...]]] = {p: {} for p in players}

    def of(self, player: str, mask: int) -> tuple[Action, ...]:
        """``player``'s plays of the cards of ``mask`` that are cards of the deck, in the
        deck's order (none for someone who does not play at this table)."""
        known = self.by_mask.get(player)
        if known is None:
            return ()
        plays = known.get(mask)
        if plays is None:
            if len(known) >= self.LIMIT:
                known.clear()
            actions = self.actions[player]
            plays = known[mask] = tuple(actions[bit] for bit in self.order if mask & bit)
        return plays


_PLAYS: Cache[tuple[tuple[str, ...], int], CardPlays] = cache(
    "holdings.card_plays", "(tuple(players), id(deck))", limit=64
)
"""Each table's ``CardPlays`` with a deck: an entry keeps its deck, so the deck's id is
not another deck's while the entry is kept (``card_plays`` checks it is the same)."""


def card_plays(players: Sequence[str], deck: Deck) -> CardPlays:
    """The ``CardPlays`` of these players with this deck, made once and shared."""
    key = (tuple(players), id(deck))
    found = _PLAYS.entries.get(key)
    if found is None or found.deck is not deck:
        found = _PLAYS.put(key, CardPlays(players, deck))
    return found
