"""A recorded deal read and checked: each player's cards, held against the deck (no card
it lacks, none more often than it holds it) and the packet's size.

``read_deal`` takes the usual deal in one pass over its cards (``usual_deal``) and any
other the long way (``checked_deal``), which refuses at the first problem, in the order
and with the words it always had; tests/test_deal_check.py holds the two together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING

from scorekeeper.caches import Cache, cache
from scorekeeper.cards import Card, Deck, read_cards
from scorekeeper.errors import no

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset
    from scorekeeper.rules.ruleset import Mechanics

Deal = Mapping[str, Iterable[Card | str]]


def read_deal(
    rules: Ruleset, family: Mechanics, players: Sequence[str], deal: Deal
) -> tuple[dict[str, list[Card]], bool]:
    """Each player's cards (lists read for this deal alone), and whether they are known
    to be the whole deck, each card as often as it holds it (False: not, or not looked
    at); refused if anything is amiss."""
    usual = usual_deal(rules, family, players, deal)
    return usual or (checked_deal(rules, family, players, deal), False)


_INDEX = attrgetter("index")
_WHOLE: Cache[Deck, list[int]] = cache("deals.whole_deck", "deck", limit=64)


def whole_deck(deck: Deck) -> list[int]:
    """The card indices of the whole deck, every copy, sorted (made once per deck)."""
    found = _WHOLE.get(deck)
    if found is None:
        found = _WHOLE.put(deck, sorted(card.index for card in deck.all_cards()))
    return found


def usual_deal(
    rules: Ruleset, family: Mechanics, players: Sequence[str], deal: Deal
) -> tuple[dict[str, list[Card]], bool] | None:
    """The usual deal, read and checked in one pass over its cards: each player's cards
    read, all held against the deck at once (the whole deck, or no card more often than
    the deck holds it and none it lacks), each packet of the dealt size; beside them,
    whether they are the whole deck. None when anything is amiss: ``checked_deal`` then
    says what."""
    if len(deal) != len(players) or not all(map(players.__contains__, deal)):
        return None
    cards: dict[str, list[Card]] = {}
    try:
        for player, hand in deal.items():
            if type(hand) is not list:
                return None  # read once, the long way (an iterator cannot be read twice)
            cards[player] = read_cards(hand)
    except Exception:  # a text that is no card: refused the long way, in order
        return None
    deck = rules.deck
    # the whole deck, each card as often as it holds it: the cards' indices, sorted, are
    # the deck's (in C); else counted: no card more often than the deck holds it, none
    # that it lacks
    whole = sorted(map(_INDEX, chain.from_iterable(cards.values()))) == whole_deck(deck)
    if not whole:
        counts = deck.counts
        total = Counter(chain.from_iterable(cards.values()))
        if not total.keys() <= counts.keys() or max(total.values(), default=0) > deck.copies:
            return None
    size = family.dealt_size(rules, len(players))
    return (cards, whole) if all(len(hand) == size for hand in cards.values()) else None


def checked_deal(
    rules: Ruleset, family: Mechanics, players: Sequence[str], deal: Deal
) -> dict[str, list[Card]]:
    """Each player's cards read and checked in turn, refused at the first problem."""
    cards: dict[str, list[Card]] = {}
    deck = rules.deck
    counts = deck.counts
    for player, hand in deal.items():
        if player not in players:
            raise no("deal.not_playing", "deal", player=player)
        held = cards[player] = read_cards(hand)
        if not all(map(counts.__contains__, held)):
            for card in held:
                deck.verify_card(card)  # refuses it, as reading it from the deck would
    missing = [p for p in players if p not in cards]
    if missing:
        raise no("deal.missing", "deal", players=missing)
    size = family.dealt_size(rules, len(players))
    for player, hand in cards.items():
        if len(hand) != size:
            raise no("deal.size", "deal.packets", player=player, count=len(hand), size=size)
    total = Counter(chain.from_iterable(cards.values()))
    if max(total.values(), default=0) > deck.copies:  # each card of the deck as often
        for card, n in total.items():
            if n > counts[card]:
                raise no("deal.too_often", "deck.copies", card=card, count=n, copies=counts[card])
    return cards
