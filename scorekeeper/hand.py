"""One hand (deal) replayed action by action: turn order, tricks, following, revokes.

``Hand`` is the state machine every game shares. It checks what the record itself proves
(whose turn it is, a card played more often than the deck holds it, a card not in the
deck) and, when the deal is recorded, every play against the player's cards at once.
When the deal is not recorded it keeps what each play proves, and reports a revoke as
soon as a later card shows that an earlier play broke a following rule.

Game-specific actions (announcements, weddings, trump choice, doubles...) and the
scoring belong to the game family's ``GameHand``, which the hand consults.

The records it builds (``Play``, ``Trick``, ``Revoke``, ``Tally``, ``Outcome``) live in
``scorekeeper.plays`` and are importable from here too.

Every action comes as ``verify(text)`` (raises with a reason), ``can(text)`` (yes/no) and
``apply(text)`` (verifies, changes state, returns an ``Outcome`` record).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING

from scorekeeper.actions import PLAY, Action, parse_action
from scorekeeper.cards import BY_INDEX, Card
from scorekeeper.contract import Contract
from scorekeeper.deals import read_deal, whole_deck
from scorekeeper.errors import IllegalActionError, RulesetError
from scorekeeper.following import Duties, Spot, Verdict, check_play, duties, held_masks
from scorekeeper.playing import CardsRead, complete, run
from scorekeeper.plays import Outcome, Play, Revoke, Tally, Trick
from scorekeeper.reasoning import find_revokes, no, refuse_play
from scorekeeper.reasons import Reason
from scorekeeper.result import HandResult
from scorekeeper.rules import Ruleset
from scorekeeper.seating import seated

if TYPE_CHECKING:
    from scorekeeper.games.base import Family, GameHand

PlayMade = tuple[Play, tuple[Card, ...], bool | None]
"""A card play in ``Hand.plays_by``: the play, the trick's cards before it and whether the
player's partner was winning then (those two only without the deal, for proving revokes)."""


_READ: dict[tuple[str, ...], tuple[dict[str, Action], CardsRead]] = {}
"""Action strings already read at each table (its seats): a match repeats the same few
hundred, and an ``Action`` is immutable, so one is handed out for each. Beside them, the
card plays among them as ``playing.run`` reads them (``CardRead``)."""


class Hand:
    """A hand in progress or finished, rebuilt from its actions."""

    def __init__(
        self,
        rules: Ruleset,
        table: Sequence[str],
        dealer: str,
        *,
        deal: Mapping[str, Iterable[Card | str]] | None = None,
        number: int = 1,
        context: Mapping[str, object] | None = None,
        family: Family | None = None,
    ) -> None:
        self.rules = rules
        self.table = list(table)
        self.dealer = dealer
        self.number = number
        self.context = dict(context or {})
        # The family is handed in; by default the one the rule set was loaded with.
        self.family: Family = family or rules.mechanics
        if self.family is None:
            raise RulesetError(
                f"{rules.source}: loaded without its game family; load rule sets with "
                "scorekeeper.games.load"
            )
        self.following = self.family.following_rules(rules)
        self.players = self.family.active_players(rules, self.table, dealer, self.context)
        # the family's answer depends on the rule set and the players only: asked once
        self.tricks_per_hand: int = self.family.tricks_in_hand(self)
        self.dealt: dict[str, list[Card]] | None = None
        # the cards each holds, as of the first _held_to cards played (see ``holdings``)
        self._holdings: dict[str, list[Card]] | None = None
        self._held_to = 0
        self._whole = False  # the whole deck dealt, moved only by play since (deck_check)
        if deal is not None:
            self.record_deal(deal)
        self.history: list[Action] = []
        self.tricks: list[Trick] = []
        # the copies played of each card, counted from the tricks when asked (``played``)
        # (None until first asked: most replayed hands never ask, and a Counter costs)
        self._played: Counter[Card] | None = None
        self._counted = 0  # the cards (in play order) counted into _played so far
        # whether every held card has a copy left (held and played never exceed the deck's
        # copies): true of a recorded deal, checked when a family gives cards (``give``)
        self._conserved = True
        # each player's plays as the long path records them without the deal (plays_by)
        self._plays_by: dict[str, list[tuple[Play, tuple[Card, ...], bool | None]]] = {
            p: [] for p in self.players
        }
        self._plays_made: tuple[tuple[int, int], dict[str, list[PlayMade]]] | None = None
        self.revokes: list[Revoke] = []
        both = _READ.get(seats := tuple(self.table))
        if both is None:
            if len(_READ) >= 64:
                _READ.clear()
            read: dict[str, Action] = {}
            both = _READ[seats] = (read, CardsRead(read))
        self._read, self._cards_read = both
        self.tricks_done = 0  # completed tricks: they complete in order, all but the last
        self._trick_key: tuple[int, ...] = ()  # the current trick's card indices
        self._masks: dict[str, int] = {}  # each holding as a card mask, once asked
        self._twice: dict[str, int] = {}  # beside it, the cards it holds two copies of
        self._counts = rules.deck.counts
        # who plays the next card of the trick in progress (None: a trick is to be led)
        self._next: str | None = None
        # who plays after whom, and a trick's players in turn by its leader: the same for
        # every hand at this table of players, made once and shared (read, never changed)
        self._after, self._orders = seated(self.players)
        self._duties: Duties | None = None
        self._spot: Spot | None = None  # what the trick so far asks of the next card
        # the card points by card index of a contract (None: the family counts its own way)
        self._points: tuple[Contract | None, tuple[int, ...] | None] = (None, None)
        # A replayed hand's outcomes are not shown: families may leave their messages out.
        self.quiet = False
        self.game: GameHand = self.family.start_hand(self)

    # ------------------------------------------------------------------ the deal
    def record_deal(self, deal: Mapping[str, Iterable[Card | str]]) -> None:
        """Record the cards each player was dealt; checked against the deck and hand size."""
        if self.dealt is not None:
            raise no("deal.again", "deal")
        cards, whole = read_deal(self.rules, self.family, self.players, deal)
        self.dealt = cards  # lists read for this hand alone
        self._whole = whole and not self.__dict__.get("tricks")
        self._holdings = {p: list(h) for p, h in cards.items()}
        self._held_to = self.cards_played if self.__dict__.get("tricks") else 0
        # the deal holds no card above its copies; a card played before it was dealt may be
        # one of them again (the hand's own tricks are made after the deal at its start)
        self._conserved = not self.__dict__.get("tricks")

    # ------------------------------------------------------------------ card movements
    # The families move cards between hands (a talon taken up, a poverty passed and
    # returned, a trump seven exchanged) only through these, so that the hand's record
    # of who holds what stays its own. Without a recorded deal they change nothing.
    def give(self, player: str, cards: Iterable[Card]) -> None:
        """Cards join ``player``'s hand (a talon taken up, cards passed to them)."""
        holdings = self.holdings
        if holdings is not None:
            self._whole = False
            given = list(cards)
            holdings[player].extend(given)
            self._masks.pop(player, None)
            if self._conserved:  # still no card held or played more often than the deck has it
                held = Counter(chain.from_iterable(holdings.values()))
                played, counts = self.played, self._counts
                self._conserved = all(held[c] + played[c] <= counts.get(c, 0) for c in given)

    def take(self, player: str, cards: Iterable[Card]) -> None:
        """Cards leave ``player``'s hand (a discard, cards passed away); each must be held."""
        if self.holdings is None:
            return
        held = self.holdings[player]
        self._masks.pop(player, None)
        self._whole = False
        for card in cards:
            if card not in held:
                raise no("hand.not_held_holds", "deal", player=player, card=card, held=held)
            held.remove(card)

    def pass_cards(self, giver: str, receiver: str, cards: Iterable[Card]) -> None:
        """``giver`` hands ``cards`` to ``receiver``."""
        moving = list(cards)
        self.take(giver, moving)
        self.give(receiver, moving)

    def exchange(self, player: str, out: Iterable[Card], into: Iterable[Card]) -> None:
        """``player`` puts ``out`` away and takes ``into`` up (a trump seven for the turn-up)."""
        self.take(player, out)
        self.give(player, into)

    # ------------------------------------------------------------------ queries
    @property
    def contract(self) -> Contract:
        return self.game.contract()

    @property
    def cards_played(self) -> int:
        # every completed trick holds a card of each player; the trick in play, its key's
        return self.tricks_done * len(self.players) + len(self._trick_key)

    @property
    def holdings(self) -> dict[str, list[Card]] | None:
        """The cards each player holds now (the deal recorded; else None). The card run
        keeps only each holding's card masks: its cards leave the lists when asked."""
        lists = self._holdings
        done = self._held_to
        if lists is None or done == (cards := self.cards_played):
            return lists
        seats = len(self.players)  # the tricks hold the cards in play order, seats each
        for trick in self.tricks[done // seats :]:
            order, first = self._orders[trick.leader], (trick.number - 1) * seats
            for position, index in enumerate(trick.key):
                if first + position >= done:
                    lists[order[position]].remove(BY_INDEX[index])
        self._held_to = cards
        return lists

    def _mask(self, player: str) -> int:
        """``player``'s holding as a card mask, and beside it (``_twice``) the cards held
        twice: made when first asked, kept by every card played (or dropped and made
        again)."""
        held = self._masks.get(player)
        if held is None:
            held, self._twice[player] = held_masks(self.holdings[player])  # type: ignore[index]
            self._masks[player] = held
        return held

    @property
    def played(self) -> Counter[Card]:
        """How many copies of each card have been played (in the order first played).
        Counted from the tricks' card indices when asked: the card run leaves it to this."""
        cards = self.tricks_done * len(self.players) + len(self._trick_key)  # cards_played
        if self._played is None:
            self._played = Counter()
        done = self._counted
        if done < cards:
            seats = len(self.players)  # the tricks hold the cards in play order, seats each
            since = [BY_INDEX[i] for t in self.tricks[done // seats :] for i in t.key]
            self._played.update(since[done % seats :] if done % seats else since)
            self._counted = cards
        return self._played

    @property
    def plays_by(self) -> dict[str, list[PlayMade]]:
        """Each player's card plays in order, with what each proves without the deal (see
        ``reasoning.find_revokes``). With the deal there is nothing to prove: made from the
        tricks when asked (and kept until another card is played)."""
        if self.dealt is None:
            return self._plays_by
        made = self._plays_made
        cards = (self.tricks_done, len(self._trick_key))  # a card played changes it
        if made is None or made[0] != cards:
            found: dict[str, list[PlayMade]] = {p: [] for p in self.players}
            for trick in self.tricks:
                for play in trick.plays:
                    found[play.player].append((play, (), None))
            made = self._plays_made = (cards, found)
        return made[1]

    @property
    def current_trick(self) -> Trick | None:
        if len(self.tricks) > self.tricks_done:
            return self.tricks[-1]
        return None

    @property
    def finished(self) -> bool:
        return self.game.is_over()

    @property
    def started_play(self) -> bool:
        return bool(self.tricks)

    def completed_tricks(self) -> list[Trick]:
        return self.tricks[: self.tricks_done]

    def next_leader(self) -> str:
        if self.tricks_done:
            return self.tricks[self.tricks_done - 1].winner  # type: ignore[return-value]
        return self.game.first_leader()

    def to_play(self) -> str | None:
        """Who plays the next card (None before play can start or after the hand)."""
        if self.finished or not self.game.ready_to_play():
            return None
        return self._turn()

    def _turn(self) -> str:
        """Whose card comes next, play being under way (the leader, or the next seat)."""
        return self._next or self.next_leader()

    def holding(self, player: str) -> list[Card] | None:
        """The cards a player holds now, when the deal is recorded."""
        if self.holdings is None:
            return None
        return list(self.holdings[player])

    def cards_in_hand(self, player: str) -> int:
        """How many cards a player still holds (known from the count even without the deal)."""
        size = self.family.dealt_size(self.rules, len(self.players))
        return size - len(self.plays_by.get(player, ()))

    def voids(self) -> list[Reason]:
        """What the plays so far prove about suits players no longer hold."""
        out: list[str] = []
        contract = self.contract
        for trick in self.tricks:
            if not trick.plays:
                continue
            led = contract.suit_of(trick.plays[0].card)
            for play in trick.plays[1:]:
                if contract.suit_of(play.card) != led:
                    out.append(
                        Reason(
                            "hand.void", {"player": play.player, "suit": led, "trick": trick.number}
                        )
                    )
        return out

    def check_card(self, player: str, card: Card) -> Verdict:
        """Judge a card for a player now, against the cards known to be held."""
        trick = self.current_trick
        cards = trick.cards if trick else []
        holding = self.holding(player)
        if holding is None:
            holding = [card]
        elif card not in holding:
            return Verdict(False, Reason("hand.not_held", {"player": player, "card": card}), "deal")
        return check_play(
            self.following,
            self.contract,
            cards,
            card,
            holding,
            partner_winning=self._partner_winning(player, trick),
            last_trick=self._is_last_trick(),
        )

    def legal_cards(self, player: str) -> list[Card] | None:
        """The distinct cards of ``player``'s recorded holding that may be played now, in
        the holding's order (None without the deal)."""
        if self.holdings is None:
            return None
        allowed = self.legal_mask(player)
        seen: list[Card] = []
        for card in self.holdings[player]:
            if allowed >> card.index & 1 and card not in seen:
                seen.append(card)
        return [c for c in seen if self._game_allows(player, c)]

    def legal_mask(self, player: str) -> int:
        """The cards ``player`` holds that the following rules allow now, as a card mask
        (the deal is recorded). The fast judge; ``check_card`` says why."""
        return self._allowed(player, self._mask(player))

    def _allowed(self, player: str, held: int) -> int:
        """Which of ``held`` (a card mask) the following rules allow ``player`` now."""
        trick = self._trick_key
        if not trick:
            return held
        table = self._duties
        if table is None or table.contract is not self.game.contract():
            table = self._table()
        spot = self._spot  # what the trick so far asks, kept until it changes
        if spot is None:
            last = self.tricks_done + 1 == self.tricks_per_hand
            spot = self._spot = table.spot(trick, last)
        partner_winning = None
        if table.void_trump_opponent or table.over_opponent:
            best = self._orders[self.tricks[-1].leader][spot[4]]
            partner_winning = self.game.same_side(player, best)
        return table.legal_at(held, spot, partner_winning)

    def playable_cards(self, player: str) -> list[Card]:
        """The cards ``player`` may play now: from the hand when the deal is recorded,
        otherwise every card of the deck the record does not rule out."""
        if self.to_play() != player:
            return []
        known = self.legal_cards(player)
        if known is not None:
            return sorted(set(known), key=self.rules.deck.cards.index)
        deck = self.rules.deck
        return [
            card
            for card in deck.cards
            if self.played[card] < deck.counts[card] and self.can(Action(player, PLAY, card))
        ]

    def legal_actions(self) -> list[Action]:
        """Every action allowed now: the family's (announcements, bids, declarations...)
        and the cards the player to play may play."""
        if self.finished:
            return []
        actions = list(self.game.legal_actions())
        player = self.to_play()
        if player is not None:
            actions.extend(Action(player, PLAY, card) for card in self.playable_cards(player))
        return actions

    def _table(self, contract: Contract | None = None) -> Duties:
        """The following duties of the contract in force (it may change before play;
        ``contract``: the one in force, when the caller has it)."""
        if contract is None:
            contract = self.game.contract()
        table = self._duties
        if table is None or table.contract is not contract:
            table = self._duties = duties(self.following, contract)
            self._spot = None
        return table

    def _game_allows(self, player: str, card: Card) -> bool:
        """The game's own restrictions on a play (a card owed after piglets, say)."""
        try:
            self.game.verify_play(Action(player, PLAY, card))
        except IllegalActionError:
            return False
        return True

    def _partner_winning(self, player: str, trick: Trick | None) -> bool | None:
        if trick is None or not trick.plays:
            return None

        # the trick is the current one, whose cards _trick_key holds
        best = self._table().spot(self._trick_key, self._is_last_trick())[4]
        return self.game.same_side(player, self._orders[trick.leader][best])

    def _is_last_trick(self) -> bool:
        # the trick in progress, or the next one: either way number done + 1
        return self.tricks_done + 1 == self.tricks_per_hand

    # ------------------------------------------------------------------ actions
    def parse(self, text: str | Action) -> Action:
        if isinstance(text, Action):
            return text
        read = self._read
        action = read.get(text)
        if action is None:
            action = parse_action(text, self.table)
            if len(read) >= 8192:
                read.clear()
                self._cards_read.clear()  # holds only actions that ``read`` holds
            read[text] = action
        return action

    def verify(self, text: str | Action) -> Action:
        """Raise with the reason if the action is not allowed now; return it parsed."""
        action = self.parse(text)
        self._check(action, self.game)
        return action

    def _check(self, action: Action, game: GameHand) -> None:
        if game.is_over():
            raise no("hand.over", "play.tricks", action=action)
        if action.is_play:
            self._verify_play(action)
        else:
            game.verify_action(action)

    def can(self, text: str | Action) -> bool:
        try:
            self.verify(text)
        except ValueError:
            return False
        return True

    def apply(self, text: str | Action) -> Outcome:
        action = self.parse(text)
        game = self.game
        if action.is_play:
            outcome = Outcome(action)
            # the usual card (the deal recorded) is checked and recorded by playing.run,
            # which reads the action as this table read it
            said = text if isinstance(text, str) else action.text
            if self._read.get(said) is not action or run(self, (said,), 0, outcome) == 0:
                self._check(action, game)  # raises why, unless the reasoned checks accept it
                self.history.append(action)
                self._apply_play(action, outcome)
            if outcome.trick is None:
                return outcome  # only the last card of a trick can end the hand
        else:
            self._check(action, game)
            self.history.append(action)
            outcome = Outcome(action, messages=game.apply_action(action))
        if game.is_over():
            outcome.result = self.result()
        return outcome

    def _verify_play(self, action: Action) -> None:
        card, actor, game = action.card, action.actor, self.game
        assert card is not None
        # The usual case first, in one go: a card of the deck, play under way, the
        # player's turn, a copy left, held, and allowed by the duties' masks.
        limit = self._counts.get(card)
        holdings = self.holdings
        if (
            limit is not None
            and holdings is not None
            and game.ready_to_play()
            and actor == (self._next or self.next_leader())
            and self.played.get(card, 0) < limit
            and self._allowed(actor, self._mask(actor)) >> card.index & 1
        ):
            game.verify_play(action)
            return
        refuse_play(self, action)

    def _apply_play(self, action: Action, outcome: Outcome) -> None:
        """Record a card play the checks accepted (what ``playing.run`` does with the deal
        recorded; here the plays without it, and what proves a revoke)."""
        card, actor = action.card, action.actor
        assert card is not None
        tricks = self.tricks
        if len(tricks) > self.tricks_done:
            trick = tricks[-1]
        else:
            trick = Trick(len(tricks) + 1, actor)
            tricks.append(trick)
        plays = trick.plays
        play = Play(actor, card, trick.number, len(plays))
        if self.dealt is None:
            # what the play proves later, only needed without the deal (see reasoning.find_revokes)
            partner_winning = self._partner_winning(actor, trick)
            before = tuple(map(BY_INDEX.__getitem__, self._trick_key))
        else:
            partner_winning, before = None, ()
        plays.append(play)
        self._trick_key += (card.index,)
        self._spot = None
        # the holding loses the card when next read (``holdings``); its masks made again
        self._masks.pop(actor, None)
        if self.dealt is None:
            outcome.revokes = find_revokes(self, actor, play)
            self.revokes.extend(outcome.revokes)
            self._plays_by[actor].append((play, before, partner_winning))
        said = self.game.on_play(play)
        if said:
            outcome.messages.extend(said)
        if len(plays) == len(self.players):
            self._next = None
            complete(self, trick, self._trick_key, outcome)
        else:
            self._next = self._after[actor]

    # ------------------------------------------------------------------ the end
    def tally(self, side: set[str] | frozenset[str]) -> Tally:
        """Card points and tricks of one side (the others are everyone else)."""
        tricks = self.completed_tricks()
        points = taken = 0  # one pass over the tricks
        for trick in tricks:
            if trick.winner in side:
                points += trick.points
                taken += 1
        # every trick (True), none (False), some or no trick yet (None)
        all_tricks = None if not tricks or 0 < taken < len(tricks) else bool(taken)
        first = self.revokes[0] if self.revokes else None
        return Tally(points, all_tricks, first, first is not None and first.player in side)

    def result(self) -> HandResult:
        if not self.finished:
            raise no("hand.not_over", "play.tricks")
        return self.game.result()

    def summary(self) -> dict[str, object]:
        """The quick-entry facts of this finished hand (what a paper score sheet holds)."""
        return self.game.summary()

    def deck_check(self) -> list[Reason]:
        """Card accounting once every trick is recorded: each card as often as the deck holds it."""
        problems: list[Reason] = []
        if self.tricks_done < self.tricks_per_hand:  # the tricks completed so far
            return problems
        expected = self.family.cards_in_play(self)
        if expected is None:
            return problems
        deck = self.rules.deck
        if expected is deck.counts:  # the whole deck: dealt and played from the holdings
            # (a card not held is refused; none moved but by play), else its cards' indices
            if self._whole and self.cards_played == len(deck):
                return problems
            played = chain.from_iterable(t.key for t in self.tricks[: self.tricks_done])
            if sorted(played) == whole_deck(deck):
                return problems
        if dict.__eq__(self.played, expected):
            return problems
        for card in sorted(set(expected) | set(self.played), key=lambda c: c.code):
            if self.played[card] != expected[card]:
                problems.append(
                    Reason(
                        "hand.miscount",
                        {"card": card, "count": self.played[card], "copies": expected[card]},
                    )
                )
        return problems
