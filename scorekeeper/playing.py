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
_Setting = tuple[Duties, bool, bool, "dict[tuple[int, ...], Spot]", int, str]

# The records of a card play: the Play and its entry in Hand.plays_by (what the play
# proves without the deal: nothing, the deal is recorded).
Made = tuple[Play, tuple[Card, ...], None]

# A card play as the run reads it, once per action string at a table: the action, its
# player, its card, the card's index and bit (its mask), and its records made so far by
# slot (trick number * _SEATS + position): a match plays the same card at the same spot
# again and again, and the records are immutable, so one is handed out for each.
CardRead = tuple[Action, str, Card, int, int, dict[int, Made]]
_SEATS = 64  # more than any table has


def run(hand: Hand, texts: Sequence[str], start: int = 0, outcome: Outcome | None = None) -> int:
    """Apply the usual card plays of ``texts[start:]`` in order; return the index of the
    first action not applied (``len(texts)`` when all were). ``outcome`` (one action applied
    by ``Hand.apply``) collects what the game says and the trick completed."""
    i, end = start, len(texts)
    while i < end:
        setting = _setting(hand)
        if setting is None:
            break
        i, trick, best = _trick(hand, texts, i, setting, outcome)
        if trick is None:
            break
        hand._complete(trick, outcome, best, setting[0])
    return i


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
    return table, sided, last, table.spots[last], watched, hand._next or hand.next_leader()


def _trick(
    hand: Hand, texts: Sequence[str], i: int, setting: _Setting, outcome: Outcome | None
) -> tuple[int, Trick | None, int]:
    """The usual cards of one trick from ``texts[i]`` on: where it stopped, the trick once
    its last card is down (None: stopped before) and the position that takes it. The
    hand's note of the trick so far (``_trick_key``, ``_next``) is written when the run
    stops or a hook is asked."""
    table, sided, _, spots, watch, turn = setting
    read, counts, played, masks = hand._read, hand._counts, hand.played, hand._masks
    cards_read = hand._cards_read
    game, tricks, holdings, history = hand.game, hand.tricks, hand.holdings, hand.history
    plays_by, after = hand.plays_by, hand._after
    legal_at, follow = table.legal_at, table.follow_suit
    assert holdings is not None
    key = hand._trick_key
    trick = tricks[-1] if key else Trick(len(tricks) + 1, turn)  # a new one joins with its lead
    plays, number, seats, end = trick.plays, trick.number, len(hand.players), len(texts)
    base = number * _SEATS  # the trick's slots among a card play's records (_made)
    following = hand._next  # who plays the trick's next card (None: it is to be led)
    while i < end:
        found = cards_read.get(texts[i]) or _card_read(read, cards_read, texts[i])
        if found is None:
            break  # not read yet (the long way reads it, or says why not), or no card
        action, actor, card, index, bit, made = found
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
            else:
                held = legal_at(held, spot, _partner(game, turn, trick, spot[4], sided))
        if not held & bit:
            break
        hooked = watch & bit
        if hooked:
            _noted(hand, key, following)
            game.verify_play(action)  # may refuse: nothing changed yet
        history.append(action)
        if not key:
            tricks.append(trick)
        entry = made.get(slot := base + len(key)) or _made(made, slot, turn, card, number)
        play = entry[0]
        plays.append(play)
        key = (*key, index)
        played[card] = count + 1
        cards = holdings[turn]
        cards.remove(card)
        if card not in cards:
            masks[turn] &= ~bit
        plays_by[turn].append(entry)
        if hooked:
            _noted(hand, key, following)  # as the hook always saw it: before the turn moves
            _told(game, play, outcome)
        i += 1
        if len(key) == seats:  # the note of a complete trick, for Hand._complete
            hand._trick_key, hand._next, hand._spot = key, None, None
            # who takes it, from what the trick before this card asked (Hand._winner's
            # reading; Hand._complete takes it while the contract is the same)
            return i, trick, _taken(key, spot, bit)
        turn = following = after[turn]
    _noted(hand, key, following)
    return i, None, 0


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
    found = cards_read[text] = (action, action.actor, card, card.index, 1 << card.index, {})
    return found


def _made(made: dict[int, Made], slot: int, player: str, card: Card, number: int) -> Made:
    """The records of a card play at a trick's position (``slot`` within ``made``), kept
    for the next hand that plays it there: a ``Play`` is immutable."""
    entry = made[slot] = (Play(player, card, number, slot % _SEATS), (), None)
    return entry


def _noted(hand: Hand, key: tuple[int, ...], following: str | None) -> None:
    """The hand's note of the trick in progress: its card indices, who plays next."""
    hand._trick_key, hand._next, hand._spot = key, following, None


def _partner(game: GameHand, player: str, trick: Trick, best: int, sided: bool) -> bool | None:
    """Whether the trick's best card so far is ``player``'s partner's (None: not known, or
    the duties do not ask: not ``sided``)."""
    return game.same_side(player, trick.plays[best].player) if sided else None


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
