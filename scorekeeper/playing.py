"""Card play with the deal recorded: the engine's one way of checking and recording a card.

``run(hand, texts, start)`` takes the card plays of ``texts`` (action strings) from
``start`` on, one after another, as long as each is the usual legal card: the player's
turn, held, and allowed by the following duties' card masks (what ``following.Duties``
answers without a reason). With the deal recorded a held card is of the deck and has a
copy left (``Hand._conserved``: a family that gives a card beyond its copies sends every
card the long way, as does a deck of more than two copies). It checks and records each
exactly as ``Hand.apply`` does (``Hand.apply`` of a card with the deal recorded comes here
too), and stops before the first action that is anything else: an action other than a
card, a card the masks refuse (the reasoned checks of ``reasoning.refuse_play`` then say
why), a card after the hand is over. The caller applies that one the long way and may run
on after it.

The family's hooks (``verify_play``, ``on_play``) are asked only for the cards its
``GameHand.play_watch()`` names, and may refuse a card as they always could: the refusal
is raised with the hand as it stood before that card.

What the run keeps per card is small: the action in ``Hand.history``, the trick's card
indices, the position of its best card and what it asks of the next card (a
``following.Ask``), and each holding as two card masks (``Hand._masks``, ``Hand._twice``:
the cards held, those held twice). The trick is written into ``Hand.tricks`` when it is
complete, when the run stops in it, or before a hook is asked; what the per-card records
say is made from the tricks' card indices when someone reads them: a trick's ``plays``
(``Trick.of_cards``), ``Hand.plays_by``, ``Hand.played`` and ``Hand.holdings``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from scorekeeper.actions import Action
from scorekeeper.cards import BY_INDEX
from scorekeeper.contract import Contract, TrickVerdict, judge_trick
from scorekeeper.following import Ask, Duties
from scorekeeper.plays import Outcome, Play, Trick

if TYPE_CHECKING:
    from scorekeeper.games.base import GameHand
    from scorekeeper.hand import Hand

# What a trick's cards are checked against, worked out when the trick starts or goes on:
# the duties' tables, whether they ask who is winning, whether it is the last trick, what
# the trick so far asks and the position of its best card, the cards the family watches
# (a mask; -1: all), whose card comes first, and whether the family's answers stand from
# trick to trick (``GameHand.trick_steady`` with no card watched).
_Setting = tuple[Duties, bool, bool, Ask, int, int, str, bool]

# A card play as the run reads it, once per action string at a table: the action, its
# player, its card's index and bit (its mask).
CardRead = tuple[Action, str, int, int]


class CardsRead(dict[str, "CardRead | None"]):
    """The card plays among the action strings a table has read (``read``), as the run
    reads them: ``cards_read[text]`` is the play, or None (not read yet, or not a card).
    What was read is kept for the next time (a play, or None for another action); a text
    not read yet is not (it may be read later)."""

    def __init__(self, read: dict[str, Action]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, text: str) -> CardRead | None:
        action = self.read.get(text)
        if action is None:
            return None
        if not action.is_play:
            self[text] = None  # read as an action other than a card, at this table for good
            return None
        card = action.card
        assert card is not None
        found = self[text] = (action, action.actor, card.index, 1 << card.index)
        return found


def run(hand: Hand, texts: Sequence[str], start: int = 0, outcome: Outcome | None = None) -> int:
    """Apply the usual card plays of ``texts[start:]`` in order; return the index of the
    first action not applied (``len(texts)`` when all were). ``outcome`` (one action applied
    by ``Hand.apply``) collects what the game says and the trick completed.

    One loop over the cards of every trick: a trick's setting (what its cards are checked
    against) is worked out when it starts or goes on (``_setting``), its completion is
    ``_completed``; the hand's note of the trick so far (the trick in ``Hand.tricks``,
    ``_trick_key``, ``_next``) is written when the run stops, a trick is complete, or a
    hook is asked."""
    # the run keeps a holding as two card masks: the cards held, those held twice
    setting = _setting(hand, hand._trick_key) if hand.rules.deck.copies <= 2 else None
    if setting is None:
        return start
    table, sided, last, ask, best, watch, turn, steady = setting
    masks, doubles, cards_read = hand._masks, hand._twice, hand._cards_read
    game, history, after = hand.game, hand.history, hand._after
    legal_at, follow, then = table.legal_at, table.follow_suit, table.then
    key = hand._trick_key
    # the trick's players in play order, from its leader
    seats = hand._orders[hand.tricks[-1].leader if key else turn]
    size, end = len(seats), len(texts)
    following = hand._next  # who plays the trick's next card (None: it is to be led)
    for i in range(start, end):  # where it stops is the answer
        found = cards_read[texts[i]]
        if found is None:
            break  # not read yet (the long way reads it, or says why not), or no card
        action, actor, index, bit = found
        if actor != turn:
            break
        mine = held = masks[turn]  # the player's holding, then what of it may be played
        if key:  # what the trick so far asks (any card held may lead)
            same = held & ask[0]
            if same and follow:  # following suit, as legal_at answers it
                held = (same & ask[2]) or same  # heading, when due and possible
            else:
                held = legal_at(held, ask, _partner(game, turn, seats[best], sided))
        if not held & bit:
            break
        if watch & bit:  # a card the family watches: recorded between its hooks
            key = _watched(hand, found, key, seats, following, outcome)
        else:  # recorded: the action, the trick's cards, the holding's masks
            history.append(action)
            key += (index,)
            twice = doubles[turn]
            if twice & bit:  # one of two copies
                doubles[turn] = twice ^ bit
            else:
                masks[turn] = mine ^ bit
        if ask[1] & bit:  # it leads the trick or beats its best card: the best card now
            ask = ask[4][index] or then(ask, index, last)
            best = len(key) - 1
        if len(key) < size:
            turn = following = after[turn]
            continue
        setting = _completed(hand, key, seats, best, table, outcome, steady)
        if setting is None:
            return i + 1
        # the next trick: its setting, led by the winner of this one
        table, sided, last, ask, best, watch, turn, steady = setting
        legal_at, follow, then = table.legal_at, table.follow_suit, table.then
        key, seats, following = (), hand._orders[turn], None
    else:
        i = end  # every action applied
    _noted(hand, key, seats, following)
    return i


def _setting(hand: Hand, key: tuple[int, ...], leader: str | None = None) -> _Setting | None:
    """What the trick so far (``key``, its card indices) or the next (led by ``leader``
    when the caller knows) is checked against; None when no card may be played the usual
    way (no deal, the hand over, play not ready)."""
    game = hand.game
    held = hand._holdings  # the lists as far as read: only whether there are any
    if not hand._conserved or held is None or game.is_over() or not game.ready_to_play():
        return None
    if len(hand._masks) < len(held):  # each holding's masks, made once a hand (or again)
        for player in held:
            hand._mask(player)
    contract, table = game.contract(), hand._duties
    if table is None or table.contract is not contract:
        table = hand._table(contract)
    last = hand.tricks_done + 1 == hand.tricks_per_hand
    watch = game.play_watch()
    watched = -1 if watch is None else watch  # every card's bit, or those named
    ask, best = table.walk(key, last) if key else (table.opening[last], 0)
    turn = leader or hand._next or hand.next_leader()
    steady = watched == 0 and game.trick_steady()
    return table, table.sided, last, ask, best, watched, turn, steady


def _completed(
    hand: Hand,
    key: tuple[int, ...],
    seats: tuple[str, ...],
    best: int,
    table: Duties,
    outcome: Outcome | None,
    steady: bool = False,
) -> _Setting | None:
    """A trick's last card is down (its cards ``key``, played by ``seats``): the trick
    written into the hand and completed; the next trick's setting, or None when the run
    stops. ``best``: the position of its best card as the duties ``table`` read it
    (``_winner``'s reading; ``complete`` takes it while the contract is the same).
    ``steady``: the family's answers stand (``GameHand.trick_steady``, no card watched):
    ``table`` is still its contract's, ``on_trick`` would do nothing, and the next
    trick's setting is this one's but for the trick's number."""
    tricks = hand.tricks
    if steady and outcome is None and len(tricks) == hand.tricks_done:
        # not written yet and nobody to tell: made complete at once
        winner = _complete_steady(hand, key, seats, best, table)
    else:
        if len(tricks) > hand.tricks_done:  # written already (the run stopped in it, or a hook)
            trick = tricks[-1]
            trick.goes_on(key, seats)
        else:
            trick = Trick.of_cards(len(tricks) + 1, seats, key)
            tricks.append(trick)
        hand._next = None
        complete(hand, trick, key, outcome, best, table, seats, steady)
        winner = trick.winner
        assert winner is not None
        if not steady:
            return _setting(hand, (), winner)
    # what _setting would answer: the hand is over after its last trick (is_over), else
    # the same table and watch, the next trick led by this one's winner
    done = hand.tricks_done
    if done == hand.tricks_per_hand:
        return None
    last = done + 1 == hand.tricks_per_hand
    return table, table.sided, last, table.opening[last], 0, 0, winner, True


def complete(
    hand: Hand,
    trick: Trick,
    key: tuple[int, ...],
    outcome: Outcome | None,
    best: int = 0,
    table: Duties | None = None,
    seats: tuple[str, ...] | None = None,
    steady: bool = False,
) -> None:
    """The trick's last card is down (its cards ``key``): its winner, its points, what the
    game makes of it (the run's tricks and the long path's). ``best``: the position that
    takes it as the duties ``table`` read it while the trick was played (the run), taken
    when that is still the contract's; ``seats``: who played its cards in turn, when the
    caller has them. ``steady``: the run's word that ``table`` is the contract's and that
    ``on_trick`` would do and say nothing (``GameHand.trick_steady``): neither is asked."""
    number = trick.number
    last = number == hand.tricks_per_hand
    game = hand.game
    if steady:
        assert table is not None
        contract = table.contract
    else:
        contract = game.contract()
    if table is None or table.contract is not contract:
        best = _winner(hand, key, last, contract)
    if seats is None:
        seats = hand._orders[trick.leader]  # who played which card: in turn
    trick.winner = seats[best]
    trick.judge = partial(_judged, key, seats, contract, last)
    hand.tricks_done = number
    hand._trick_key = ()
    hand._spot = None
    trick.points = _points(hand, contract, trick, key)
    said = None if steady else game.on_trick(trick)
    if outcome is not None:
        outcome.trick = trick
        if said:
            outcome.messages.extend(said)


def _points(hand: Hand, contract: Contract, trick: Trick, key: tuple[int, ...]) -> int:
    """The card points of the complete ``trick`` (its cards ``key``) under ``contract``,
    the one in force: ``GameHand.trick_points`` of its cards."""
    points = hand._points
    if points[0] is not contract:
        points = hand._points = (contract, hand.game.points_by_index())
    by_index = points[1]
    if by_index is None:
        return hand.game.trick_points(trick.cards)
    total = 0  # the same sum as trick_points, from the trick's card indices
    for index in key:
        total += by_index[index]
    return total


def _complete_steady(
    hand: Hand, key: tuple[int, ...], seats: tuple[str, ...], best: int, table: Duties
) -> str:
    """What ``complete`` makes of a run's trick not written yet, made at once while the
    family is steady (``table`` is its contract's, ``on_trick`` would do nothing) and
    nobody is told: the complete trick written into the hand, taken by its ``best``
    card, with its points and its judgement made when asked. Its winner."""
    contract = table.contract
    number = hand.tricks_done + 1
    judge = partial(_judged, key, seats, contract, number == hand.tricks_per_hand)
    winner = seats[best]
    trick = Trick.of_cards(number, seats, key, winner, 0, judge)
    trick.points = _points(hand, contract, trick, key)
    hand.tricks.append(trick)
    hand.tricks_done = number
    hand._trick_key, hand._spot, hand._next = (), None, None
    return winner


def _winner(hand: Hand, key: tuple[int, ...], last: bool, contract: Contract) -> int:
    """The position that takes the complete trick ``key`` (what ``judge_trick`` decides,
    read from the duties' tables: the last card beats the best so far or not)."""
    if len(key) == 1:
        return 0
    spot = hand._table(contract).spot(key[:-1], last)
    return len(key) - 1 if spot[1] >> key[-1] & 1 else spot[4]


def _judged(
    key: tuple[int, ...], seats: tuple[str, ...], contract: Contract, last: bool
) -> TrickVerdict:
    """The judgement of a complete trick (its cards ``key`` played in turn by ``seats``),
    made when first asked for."""
    cards = list(map(BY_INDEX.__getitem__, key))
    return judge_trick(contract, cards, list(seats[: len(key)]), last_trick=last)


def _partner(game: GameHand, player: str, best: str, sided: bool) -> bool | None:
    """Whether the trick's best card so far (played by ``best``) is ``player``'s partner's
    (None: not known, or the duties do not ask: not ``sided``)."""
    return game.same_side(player, best) if sided else None


def _noted(hand: Hand, key: tuple[int, ...], seats: tuple[str, ...], following: str | None) -> None:
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


def _watched(
    hand: Hand,
    found: CardRead,
    key: tuple[int, ...],
    seats: tuple[str, ...],
    following: str | None,
    outcome: Outcome | None,
) -> tuple[int, ...]:
    """A card the family watches (its ``play_watch``), recorded as the run records any
    card, between its hooks: ``verify_play`` sees the hand before it (and may refuse it),
    ``on_play`` after it (the turn not yet moved on). The trick's cards with it."""
    action, actor, index, bit = found
    _noted(hand, key, seats, following)
    hand.game.verify_play(action)  # may refuse: nothing changed yet
    hand.history.append(action)
    key += (index,)
    twice = hand._twice[actor]
    if twice & bit:  # one of two copies
        hand._twice[actor] = twice ^ bit
    else:
        hand._masks[actor] ^= bit
    _noted(hand, key, seats, following)
    _told(hand.game, hand.tricks[-1].plays[-1], outcome)
    return key


def _told(game: GameHand, play: Play, outcome: Outcome | None) -> None:
    """The family's word on a card played (kept when one action is applied)."""
    said = game.on_play(play)
    if said and outcome is not None:
        outcome.messages.extend(said)
