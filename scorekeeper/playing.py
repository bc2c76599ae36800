"""Card play with the deal recorded: the engine's one way of checking and recording a card.

``run(hand, texts, start)`` takes the card plays of ``texts`` (action strings) from
``start`` on, one after another, as long as each is the usual legal card: a card of the
deck, the player's turn, a copy left, held, and allowed by the following duties' card
masks (what ``following.Duties`` answers without a reason). It checks and records each
exactly as ``Hand.apply`` does (``Hand.apply`` of a card with the deal recorded comes here
too), and stops before the first action that is anything else: an action other than a
card, a card the masks refuse (the reasoned checks of ``reasoning.refuse_play`` then say
why), a card after the hand is over. The caller applies that one the long way and may run
on after it.

The family's hooks (``verify_play``, ``on_play``) are asked only for the cards its
``GameHand.play_watch()`` names, and may refuse a card as they always could: the refusal
is raised with the hand as it stood before that card.

What the run keeps per card is small: the trick's card indices (``Hand._trick_key``), the
action in ``Hand.history``, the copies played (``Hand.played``), the holding and its card
mask. The trick itself is written into ``Hand.tricks`` when it is complete, when the run
stops in it, or before a hook is asked; its ``plays`` (and ``Hand.plays_by``) are made
from the card indices when someone reads them (``Trick.of_cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.following import Duties, Spot, mask
from scorekeeper.plays import Outcome, Play, Trick

if TYPE_CHECKING:
    from scorekeeper.games.base import GameHand
    from scorekeeper.hand import Hand

# What a trick's cards are checked against, worked out when the trick starts or goes on:
# the duties' tables, whether they ask who is winning, the spots of this trick (last or
# not, and its spots), the cards the family watches (a mask; -1: all), and whose card
# comes first.
_Setting = tuple[Duties, bool, "dict[tuple[int, ...], Spot]", int, str]

# A card play as the run reads it, once per action string at a table: the action, its
# player, its card, the card's index and bit (its mask).
CardRead = tuple[Action, str, Card, int, int]

_ORDERS: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
"""The players of a hand in play order from each of them (a trick's seats from its
leader), per table of players."""


def run(hand: Hand, texts: Sequence[str], start: int = 0, outcome: Outcome | None = None) -> int:
    """Apply the usual card plays of ``texts[start:]`` in order; return the index of the
    first action not applied (``len(texts)`` when all were). ``outcome`` (one action applied
    by ``Hand.apply``) collects what the game says and the trick completed."""
    i, end = start, len(texts)
    while i < end:
        setting = _setting(hand)
        if setting is None:
            break
        i, complete = _trick(hand, texts, i, setting, outcome)
        if not complete:
            break
    return i


def seat_orders(players: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The players in play order from each of them (made once per table of players)."""
    found = _ORDERS.get(seats := tuple(players))
    if found is None:
        if len(_ORDERS) >= 64:
            _ORDERS.clear()
        found = _ORDERS[seats] = {p: seats[i:] + seats[:i] for i, p in enumerate(seats)}
    return found


def _setting(hand: Hand) -> _Setting | None:
    """What the trick in progress (or the next) is checked against; None when no card may
    be played the usual way (no deal, the hand over, play not ready)."""
    game = hand.game
    if hand.holdings is None or game.is_over() or not game.ready_to_play():
        return None
    masks, holdings = hand._masks, hand.holdings
    if len(masks) < len(holdings):  # each holding as a card mask, made once a hand
        for player, held in holdings.items():
            masks.setdefault(player, mask(held))
    contract, table = game.contract(), hand._duties
    if table is None or table.contract is not contract:
        table = hand._table(contract)
    last = hand.tricks_done + 1 == hand.tricks_per_hand
    sided = table.void_trump_opponent or table.over_opponent
    watch = game.play_watch()
    watched = -1 if watch is None else watch  # every card's bit, or those named
    return table, sided, table.spots[last], watched, hand._next or hand.next_leader()


def _trick(
    hand: Hand, texts: Sequence[str], i: int, setting: _Setting, outcome: Outcome | None
) -> tuple[int, bool]:
    """The usual cards of one trick from ``texts[i]`` on: where it stopped, and whether
    the trick is complete (and completed). The hand's note of the trick so far (the trick
    in ``Hand.tricks``, ``_trick_key``, ``_next``) is written when the run stops, the trick
    is complete, or a hook is asked."""
    table, sided, spots, watch, turn = setting
    read, counts, played, masks = hand._read, hand._counts, hand.played, hand._masks
    cards_read = hand._cards_read
    game, holdings, history, after = hand.game, hand.holdings, hand.history, hand._after
    legal_at, follow = table.legal_at, table.follow_suit
    assert holdings is not None
    key = hand._trick_key
    # the trick's players in play order, from its leader
    seats = seat_orders(hand.players)[hand.tricks[-1].leader if key else turn]
    size, end = len(seats), len(texts)
    following = hand._next  # who plays the trick's next card (None: it is to be led)
    while i < end:
        found = cards_read.get(texts[i]) or _card_read(read, cards_read, texts[i])
        if found is None:
            break  # not read yet (the long way reads it, or says why not), or no card
        action, actor, card, index, bit = found
        if actor != turn:
            break
        count = played.get(card, 0)
        if count >= counts.get(card, 0):  # no copy left (none: not a card of the deck)
            break
        held = masks[turn]
        if key:
            spot = spots[key]  # worked out when first seen (following._Spots)
            same = held & spot[0]
            if same and follow:  # following suit, as legal_at answers it
                held = (same & spot[1]) or same if spot[2] else same
            else:  # whether the best card so far is the partner's, when the duties ask
                partner = game.same_side(turn, seats[spot[4]]) if sided else None
                held = legal_at(held, spot, partner)
        if not held & bit:
            break
        hooked = watch & bit
        if hooked:
            _noted(hand, key, seats, following)
            game.verify_play(action)  # may refuse: nothing changed yet
        history.append(action)
        key = (*key, index)
        played[card] = count + 1
        cards = holdings[turn]
        cards.remove(card)
        if card not in cards:
            masks[turn] &= ~bit
        i += 1
        if hooked:
            _noted(hand, key, seats, following)  # as the hook always saw it: before the turn moves
            _told(game, hand.tricks[-1].plays[-1], outcome)
        if len(key) == size:
            _noted(hand, key, seats, None)
            # who takes it, from what the trick before this card asked (Hand._winner's
            # reading; Hand._complete takes it while the contract is the same)
            hand._complete(hand.tricks[-1], outcome, _taken(key, spot, bit), table)
            return i, True
        turn = following = after[turn]
    _noted(hand, key, seats, following)
    return i, False


def _card_read(
    read: dict[str, Action], cards_read: dict[str, CardRead], text: str
) -> CardRead | None:
    """A card play the table has read (kept for the next time), or None: not read yet, or
    not a card."""
    action = read.get(text)
    if action is None or not action.is_play:
        return None
    card = action.card
    assert card is not None
    found = cards_read[text] = (action, action.actor, card, card.index, 1 << card.index)
    return found


def _noted(
    hand: Hand, key: tuple[int, ...], seats: tuple[str, ...], following: str | None
) -> None:
    """The hand's note of the trick in play: its card indices, who plays next, and the
    trick in ``Hand.tricks`` with those cards (its plays made when read)."""
    hand._trick_key, hand._next, hand._spot = key, following, None
    if not key:
        return
    tricks = hand.tricks
    if len(tricks) > hand.tricks_done:
        tricks[-1].goes_on(key, seats)
    else:
        tricks.append(Trick.of_cards(len(tricks) + 1, seats, key))


def _taken(key: tuple[int, ...], spot: Spot, bit: int) -> int:
    """The position that takes a complete trick (``key``, its card indices) whose last card
    (``bit``) met ``spot`` (what the trick before it asked): what ``Hand._winner`` reads."""
    if len(key) == 1:
        return 0
    return len(key) - 1 if spot[1] & bit else spot[4]


def _told(game: GameHand, play: Play, outcome: Outcome | None) -> None:
    """The family's word on a card played (kept when one action is applied)."""
    said = game.on_play(play)
    if said and outcome is not None:
        outcome.messages.extend(said)
