"""One hand (deal) replayed action by action: turn order, tricks, following, revokes.

``Hand`` is the state machine every game shares, one seam (as python-chess keeps one
``Board``). Its state: ``held`` (``holdings.Holdings``, the cards held as masks once the deal
is recorded), ``in_play`` (``TrickInPlay``, the trick being played), ``tricks``,
``history``, ``revokes`` (the records), and ``kept`` (``Kept``: what it has worked out from
these, the position's ``Turn`` among them, each with its one rule for going stale).
Every card goes through ``_play``: ``_judge`` decides with the card masks
(``following.Duties``); only a refusal runs the reasoned checks (``refuse``) to say why;
``_complete`` completes a trick (its winner: its best card's player). Without the deal the
hand reports a revoke once a later card proves it. The family's ``GameHand`` owns its own
actions and the scoring; the records live in ``scorekeeper.result``. Every action comes
as ``verify`` (raises with a reason), ``can`` (yes/no) and ``apply`` (an ``Outcome``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from itertools import chain
from typing import Any, Protocol

from scorekeeper.actions import PLAY, Action, parse_action
from scorekeeper.caches import Cache, cache
from scorekeeper.cards import BY_INDEX, Card
from scorekeeper.contract import Contract, TrickVerdict, judge_trick
from scorekeeper.deals import read_deal, whole_deck
from scorekeeper.errors import CardError, IllegalActionError, RulesetError, no
from scorekeeper.following import (
    Duties,
    FollowingRules,
    TrickAsks,
    Verdict,
    check_play,
    duties,
    mask,
)
from scorekeeper.holdings import BIT, CardPlays, Holdings, card_plays
from scorekeeper.reasons import Reason
from scorekeeper.record import record
from scorekeeper.result import HandResult, Outcome, Play, Revoke, Tally, Trick
from scorekeeper.rules import Ruleset


class GameRules(Protocol):
    """What a hand asks of its family's part (``games.GameHand``): its actions, contract and
    sides, whether play may go on, the hooks around a card and a trick, points, result."""

    verbs: tuple[str, ...]

    @property
    def words_read(self) -> tuple[str, ...]: ...
    def contract(self) -> Contract: ...
    def is_over(self) -> bool: ...
    def ready_to_play(self) -> bool: ...
    def why_not_ready(self) -> str: ...
    def not_ready_rule(self) -> str: ...
    def first_leader(self) -> str: ...
    def same_side(self, a: str, b: str) -> bool | None: ...
    def verify_action(self, action: Action) -> None: ...
    def apply_action(self, action: Action) -> list[str]: ...
    def legal_actions(self) -> list[Action]: ...
    def said(self) -> Sequence[Any]: ...
    def snapshot(self, memo: dict[int, Any]) -> dict[str, Any]: ...
    def restore(self, state: dict[str, Any]) -> None: ...
    def verify_play(self, action: Action) -> None: ...
    def on_play(self, play: Play) -> list[str]: ...
    def on_trick(self, trick: Trick) -> list[str]: ...
    def points_by_index(self) -> tuple[int, ...] | None: ...
    def trick_points(self, cards: Sequence[Card]) -> int: ...
    def result(self) -> HandResult: ...
    def summary(self) -> dict[str, Any]: ...


class FamilyRules(Protocol):
    """What a hand asks of its game family (``games.Family``): who plays, how many
    cards and tricks, the following rules in force, and its part of the hand."""

    name: str

    def following_rules(self, rules: Ruleset) -> FollowingRules: ...
    def active_players(
        self, rules: Ruleset, table: Sequence[str], dealer: str, context: Mapping[str, object]
    ) -> list[str]: ...
    def tricks_in_hand(self, hand: Hand) -> int: ...
    def dealt_size(self, rules: Ruleset, players: int) -> int: ...
    def playing(self, rules: Ruleset, seated: int) -> int: ...
    def validate(self, rules: Ruleset) -> list[str]: ...
    def cards_in_play(self, hand: Hand) -> Counter[Card] | None: ...
    def start_hand(self, hand: Hand) -> GameRules: ...


@record(frozen=True)
class PlayMade:
    """A card play in ``Hand.plays_by``: the play, and, only without the deal (for
    proving revokes later), the trick's cards before it and whether the player's partner
    was winning then."""

    play: Play
    before: tuple[Card, ...] = ()
    partner_winning: bool | None = None


_READ: Cache[tuple[str, ...], dict[str, Action]] = cache(
    "hand.actions_read",
    "tuple(table) -> text",
    limit=64,
)
"""Action strings already read at each table (its seats): a match repeats the same few
hundred, and an ``Action`` is immutable, so one is handed out for each."""

Seating = tuple[dict[str, str], dict[str, tuple[str, ...]]]

_SEATS: Cache[tuple[str, ...], Seating] = cache("hand.seated", "tuple(players)", limit=64)
"""A table's play order, the same for every hand played by the same players: made once per
table of players and shared by its hands (read, never changed)."""


def seated(players: Sequence[str]) -> Seating:
    """Who plays after each player, and the players in turn from each (a trick's seats
    from its leader)."""
    found = _SEATS.entries.get(seats := tuple(players))
    if found is None:
        orders = {p: seats[i:] + seats[:i] for i, p in enumerate(seats)}
        after = {p: order[1 % len(order)] for p, order in orders.items()}
        found = _SEATS.put(seats, (after, orders))
    return found


class Turn:
    """What the position allows (immutable): who plays the next card (``player``, None
    before play and after the hand), the family's actions and that player's card plays
    (``actions``; ``plays`` alone, ``cards`` their mask: 0 without the deal). ``Kept.turn``
    keeps it until the position changes (``apply``, ``record_deal``, ``give``, ``take``)."""

    __slots__ = ("actions", "cards", "player", "plays")

    def __init__(
        self, player: str | None, said: Sequence[Action], plays: Sequence[Action], cards: int
    ) -> None:
        self.player = player
        self.plays = tuple(plays)
        self.actions = (*said, *plays)
        self.cards = cards


class Kept:
    """What a hand has worked out from its state, kept to answer again (``Hand.kept``), each
    with its one rule for going stale:

    - ``duties``: the following duties of the contract in force (``following.Duties``) and
      ``points``, its card points by card index (None: the family counts its own way) of
      the contract ``points_of``: made again when the contract in force is another object
      than theirs (``Hand._duties``, ``Hand._trick_points``; a contract is immutable);
    - ``plays``: the table's ``CardPlays``, never stale (the table and the deck are the hand's);
    - ``played``: the copies played of each card, counted from the tricks up to the
      ``counted``-th card played (``Hand.played``): cards only join the tricks, so it grows;
    - ``turn``: what the position allows (``Turn``), dropped by every change of the position
      (``apply``, ``record_deal``, ``give``, ``take``).

    ``push`` and ``copy`` keep a copy (``copy``) with the state they save: ``pop`` brings
    back the one of the position it returns to."""

    __slots__ = ("counted", "duties", "played", "plays", "points", "points_of", "turn")

    def __init__(self) -> None:
        self.duties: Duties | None = None
        self.points_of: Contract | None = None  # the contract ``points`` are of
        self.points: tuple[int, ...] | None = None
        self.plays: CardPlays | None = None
        self.played: Counter[Card] = Counter()
        self.counted = 0
        self.turn: Turn | None = None

    def copy(self) -> Kept:
        """The same, to change apart from this (the counts a new ``Counter``)."""
        made = Kept.__new__(Kept)
        made.duties, made.points_of, made.points = self.duties, self.points_of, self.points
        made.plays, made.turn = self.plays, self.turn  # both immutable
        made.played, made.counted = Counter(self.played), self.counted
        return made


class TrickInPlay:
    """The trick being played: its record (``trick``), who plays its cards in turn from the
    leader (``seats``), its cards as card indices (``key``), the duties it was judged by
    (``duties``, the contract's when its cards were played), what it asks of the next card
    (``asks``) and the position of its best card (``best``): who takes it if no card beats
    that one."""

    __slots__ = ("asks", "best", "duties", "key", "last", "seats", "trick")

    def __init__(self, trick: Trick, seats: tuple[str, ...], duties: Duties, last: bool) -> None:
        self.trick = trick
        self.seats = seats
        self.key: list[int] = []
        self.duties = duties
        self.last = last
        self.asks: TrickAsks = duties.opening[last]
        self.best = 0

    def add(self, index: int) -> None:
        """Card ``index`` is down: it takes the lead if it beats the best card so far."""
        asks = self.asks
        if asks.beat >> index & 1:
            self.asks = asks.after[index] or self.duties.then(asks, index, self.last)
            self.best = len(self.key)
        self.key.append(index)

    def copy(self, trick: Trick) -> TrickInPlay:
        """The same trick in play, its record ``trick`` (a copy of this one's)."""
        made = TrickInPlay.__new__(TrickInPlay)
        made.trick, made.seats, made.key = trick, self.seats, list(self.key)
        made.duties, made.last, made.asks, made.best = self.duties, self.last, self.asks, self.best
        return made

    def judged_by(self, duties: Duties) -> None:
        """The contract changed during the trick (piglets announced): read it anew."""
        if duties is not self.duties:
            self.duties = duties
            self.asks, self.best = duties.walk(self.key, self.last)


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
        family: FamilyRules | None = None,
    ) -> None:
        self.rules = rules
        self.table = list(table)
        self.dealer = dealer
        self.number = number
        self.context = dict(context or {})
        # The family is handed in; by default the one the rule set was loaded with.
        self.family: FamilyRules = family or rules.mechanics
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
        self.held: Holdings | None = None  # who holds what, once the deal is recorded
        self._whole = False  # the whole deck dealt, moved only by play since (deck_check)
        # whether every held card has a copy left (held and played never exceed the deck's
        # copies): true of a recorded deal, checked when a family gives cards (``give``)
        self._conserved = True
        self.history: list[Action] = []
        self.tricks: list[Trick] = []
        self.tricks_done = 0  # completed tricks: they complete in order, all but the last
        self.in_play: TrickInPlay | None = None
        self.kept = Kept()  # what the hand has worked out from its state (``Kept``)
        if deal is not None:
            self.record_deal(deal)
        # each player's plays with what each proves, kept without the deal (plays_by)
        self._plays_by: dict[str, list[PlayMade]] = {p: [] for p in self.players}
        self.revokes: list[Revoke] = []
        read = _READ.get(seats := tuple(self.table))
        self._read: dict[str, Action] = read if read is not None else _READ.put(seats, {})
        self._counts = rules.deck.counts
        # who plays the next card of the trick in progress (None: a trick is to be led)
        self._next: str | None = None
        # who plays after whom, and a trick's players in turn by its leader: the same for
        # every hand at this table of players (``seated``; read, never changed)
        self._after, self._orders = seated(self.players)
        # A replayed hand's outcomes are not shown: families may leave their messages out.
        self.quiet = False
        self._pushed: list[dict[str, Any]] = []  # the states ``push`` saved, for ``pop``
        self.game: GameRules = self.family.start_hand(self)

    # ------------------------------------------------------------------ push, pop, copy
    def push(self, text: str | Action) -> Outcome:
        """Apply an action (``apply``; a refusal keeps nothing), keeping what ``pop`` needs
        to take it back (python-chess's ``Board.push``): a search walks one hand."""
        state = self._saved(self, self.game)
        outcome = self.apply(text)
        self._pushed.append(state)
        return outcome

    def pop(self) -> Action:
        """Take back the last action ``push`` applied, and return it (an
        ``IllegalActionError`` when nothing is pushed)."""
        if not self._pushed:
            raise IllegalActionError(Reason("hand.nothing_pushed", {}), kind="usage")
        state = self._pushed.pop()
        action = self.history[-1]
        self._restored(state)
        return action

    def copy(self) -> Hand:
        """A hand in the same state that goes on apart from this one (python-chess's
        ``Board.copy``), with nothing pushed to pop."""
        made = Hand.__new__(Hand)
        made._copied(self)
        return made

    def _copied(self, hand: Hand) -> None:
        """Become a copy of ``hand`` (this hand just made, empty): what never changes
        shared, the state copied (``_saved``), the family's part a new object."""
        self.__dict__.update(hand.__dict__)
        self.game = type(hand.game).__new__(type(hand.game))
        self._restored(hand._saved(self, self.game))
        self._pushed = []

    def _saved(self, hand: Hand, game: GameRules) -> dict[str, Any]:
        """The state that actions change, copied for ``hand`` and its family part
        ``game`` (this hand and its own to restore it, or a copy's): what is never
        changed (the rule set, the deal, the table, completed tricks) is shared."""
        memo: dict[int, Any] = {id(self): hand, id(self.game): game}
        tricks = list(self.tricks)
        in_play = self.in_play
        if in_play is not None:  # the trick in play is the last one, and still changes
            trick = in_play.trick
            copied = Trick(
                trick.number, trick.leader, list(trick.plays), trick.winner, trick.points
            )
            memo[id(trick)] = tricks[-1] = copied
            in_play = in_play.copy(copied)
        held = self.held
        return {
            "held": held.copy() if held is not None else None,
            "_whole": self._whole,
            "_conserved": self._conserved,
            "history": list(self.history),
            "tricks": tricks,
            "tricks_done": self.tricks_done,
            "in_play": in_play,
            "kept": self.kept.copy(),  # its turn the position's as long as the state is
            "_plays_by": {p: list(made) for p, made in self._plays_by.items()},
            "revokes": list(self.revokes),
            "_next": self._next,
            "quiet": self.quiet,
            "game": self.game.snapshot(memo),
        }

    def _restored(self, state: dict[str, Any]) -> None:
        """Take the state ``_saved`` made."""
        game = state.pop("game")
        self.__dict__.update(state)
        self.game.restore(game)

    # ------------------------------------------------------------------ the deal
    def record_deal(self, deal: Mapping[str, Iterable[Card | str]]) -> dict[str, list[Card]]:
        """Record the cards each player was dealt; checked against the deck and hand size.
        Returns them as recorded (``dealt``)."""
        if self.dealt is not None:
            raise no("deal.again", "deal")
        cards, whole = read_deal(self.rules, self.family, self.players, deal)
        self.kept.turn = None
        started = bool(self.tricks)
        self.dealt = cards  # lists read for this hand alone
        self._whole = whole and not started
        # the deal holds no card above its copies; a card played before it was dealt may be
        # one of them again (the hand's own tricks are made after the deal at its start)
        self._conserved = not started
        self.held = Holdings(cards)
        return cards

    # ------------------------------------------------------------------ card movements
    # The families move cards between hands (a talon taken up, a poverty passed and
    # returned, a trump seven exchanged) only through these, so that the hand's record
    # of who holds what stays its own. Without a recorded deal they change nothing.
    def give(self, player: str, cards: Iterable[Card]) -> None:
        """Cards join ``player``'s hand (a talon taken up, cards passed to them)."""
        held = self.held
        if held is None:
            return
        given = list(cards)
        held.give(player, given)  # refused for someone not dealt in: nothing changed
        self._whole = False
        self.kept.turn = None
        if self._conserved:  # still no card held or played more often than the deck has it
            count = Counter(chain.from_iterable(held.cards.values()))
            played, counts = self.played, self._counts
            self._conserved = all(count[c] + played[c] <= counts.get(c, 0) for c in given)

    def take(self, player: str, cards: Iterable[Card]) -> None:
        """Cards leave ``player``'s hand (a discard, cards passed away); each must be held."""
        held = self.held
        if held is None:
            return
        missing = held.take(player, cards)  # all or none
        if missing is not None:
            raise no(
                "hand.not_held_holds", "deal", player=player, card=missing, held=held.cards[player]
            )
        self._whole = False
        self.kept.turn = None

    def pass_cards(self, giver: str, receiver: str, cards: Iterable[Card]) -> None:
        """``giver`` hands ``cards`` to ``receiver``."""
        moving = list(cards)
        if self.held is not None and receiver not in self.held.cards:  # before any card moves
            raise no("deal.not_playing", "players", player=receiver)
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
        in_play = self.in_play
        return self.tricks_done * len(self.players) + (len(in_play.key) if in_play else 0)

    @property
    def holdings(self) -> dict[str, list[Card]] | None:
        """The cards each player holds now (the deal recorded; else None)."""
        held = self.held
        return held.cards if held is not None else None

    @property
    def played(self) -> Counter[Card]:
        """How many copies of each card have been played (in the order first played),
        counted from the tricks as far as asked."""
        kept, cards = self.kept, self.cards_played
        done = kept.counted
        if done < cards:
            seats = len(self.players)  # the tricks hold the cards in play order, seats each
            since = [p.card for t in self.tricks[done // seats :] for p in t.plays]
            kept.played.update(since[done % seats :])
            kept.counted = cards
        return kept.played

    @property
    def plays_by(self) -> dict[str, list[PlayMade]]:
        """Each player's card plays in order, with what each proves without the deal (see
        ``Hand._revokes_proven``). With the deal there is nothing to prove: made from the
        tricks."""
        if self.dealt is None:
            return self._plays_by
        found: dict[str, list[PlayMade]] = {p: [] for p in self.players}
        for trick in self.tricks:
            for play in trick.plays:
                found[play.player].append(PlayMade(play))
        return found

    @property
    def current_trick(self) -> Trick | None:
        in_play = self.in_play
        return in_play.trick if in_play is not None else None

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
        return self._next or self.next_leader()

    def holding(self, player: str) -> list[Card] | None:
        """The cards a player holds now, when the deal is recorded (none for someone
        who does not play this hand)."""
        held = self.held
        return list(held.cards.get(player, ())) if held is not None else None

    def cards_in_hand(self, player: str) -> int:
        """How many cards a player still holds (known from the count even without the deal)."""
        size = self.family.dealt_size(self.rules, len(self.players))
        in_play = self.in_play  # a card of each player in each completed trick; and now?
        now = in_play is not None and player in in_play.seats[: len(in_play.key)]
        return size - (self.tricks_done + now if player in self._plays_by else 0)

    def voids(self) -> list[Reason]:
        """What the plays so far prove about suits players no longer hold."""
        out: list[Reason] = []
        contract = self.contract
        for trick in self.tricks:
            if not trick.plays:
                continue
            led = contract.suit_of(trick.plays[0].card)
            for play in trick.plays[1:]:
                if contract.suit_of(play.card) != led:
                    out.append(
                        Reason(
                            "hand.void",
                            {"player": play.player, "suit": led, "trick": trick.number},
                        )
                    )
        return out

    def check_card(self, player: str, card: Card) -> Verdict:
        """Judge a card for a player now, against the cards known to be held, with the
        reason and rule (the reasoned obligations: what explains a refusal). A card not
        in the deck, or a player who does not play this hand, is refused with its reason."""
        if card not in self._counts:
            params = {"card": card, "ranks": self.rules.deck.ranks, "suits": self.rules.deck.suits}
            return Verdict(False, Reason("cards.not_in_deck", params), "deck.ranks")
        if player not in self._plays_by:
            params = {"action": Action(player, PLAY, card), "player": player}
            return Verdict(False, Reason("hand.sits_out", params), "players")
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
            partner_winning=self._partner_winning(player),
            last_trick=self._is_last_trick(),
        )

    def legal_cards(self, player: str) -> list[Card] | None:
        """The distinct cards of ``player``'s recorded holding that may be played now, in
        the holding's order (None without the deal)."""
        held = self.held
        if held is None:
            return None
        turn = self.kept.turn  # kept by the position's first question (which may ask this)
        if turn is not None and turn.player == player:
            allowed = turn.cards
            return [c for c in dict.fromkeys(held.cards[player]) if allowed & BIT[c]]
        allowed = self._allowed(player)
        seen = [c for c in dict.fromkeys(held.cards.get(player, ())) if allowed & BIT[c]]
        return [c for c in seen if self._game_allows(self._play_of(player, c))]

    def legal_mask(self, player: str) -> int | None:
        """The cards ``player`` holds (0: not in this hand) that the following rules allow
        now, as a card mask (bit ``Card.index``); None without the deal, as ``legal_cards``."""
        if self.held is None:
            return None
        return self._allowed(player)

    def _allowed(self, player: str, table: Duties | None = None) -> int:
        """``legal_mask`` with the deal recorded (``table``: the contract's duties, if known)."""
        held = self.held.held.get(player, 0)  # type: ignore[union-attr]
        in_play = self.in_play
        if in_play is None or not held:
            return held
        if table is None:
            table = self._duties()
        if in_play.duties is not table:
            in_play.judged_by(table)
        partner_winning = None
        if table.sided:
            partner_winning = self.game.same_side(player, in_play.seats[in_play.best])
        return table.legal_at(held, in_play.asks, partner_winning)

    def playable_cards(self, player: str) -> list[Card]:
        """The cards ``player`` may play now: from the hand when the deal is recorded,
        otherwise every card of the deck the record does not rule out."""
        turn = self.kept.turn or self._turn_now()
        if turn.player != player:
            return []
        return [play.card for play in turn.plays]  # type: ignore[misc]

    def legal_actions(self) -> list[Action]:
        """Every action allowed now: the family's (announcements, bids, declarations...)
        and the cards the player to play may play (the position's ``Turn``)."""
        return list((self.kept.turn or self._turn_now()).actions)

    def _turn_now(self) -> Turn:
        """The position's ``Turn``, made now and kept until the position changes."""
        game = self.game
        if game.is_over():
            turn = Turn(None, (), (), 0)
        elif not game.ready_to_play():  # no card yet: ``to_play`` is None
            turn = Turn(None, game.legal_actions(), (), 0)
        else:
            turn = self._plays(self._next or self.next_leader(), game.legal_actions())
        self.kept.turn = turn
        return turn

    def _plays(self, player: str, others: Sequence[Action]) -> Turn:
        """The ``Turn`` of ``player`` (to play) after the family's ``others``: with the deal,
        the plays of the held cards the masks allow and the game does not forbid (one
        look-up of the mask's plays), else of every card the record does not rule out."""
        held = self.held
        if held is None:
            deck = self.rules.deck
            unplayed = (
                Action(player, PLAY, card)
                for card in deck.cards
                if self.played[card] < deck.counts[card]
            )
            return Turn(player, others, [play for play in unplayed if self.can(play)], 0)
        allowed = self._allowed(player)
        plays: Sequence[Action] = self._card_plays_made().of(player, allowed)
        verify = self.game.verify_play  # the game's own restrictions (a card owed...)
        for play in plays:
            try:
                verify(play)
            except IllegalActionError:
                plays = [play for play in plays if self._game_allows(play)]
                allowed = mask([play.card for play in plays])  # type: ignore[misc]
                break
        return Turn(player, others, plays, allowed)

    def _card_plays_made(self) -> CardPlays:
        """This table's ``CardPlays`` (looked up when first asked)."""
        kept = self.kept
        plays = kept.plays
        if plays is None:
            plays = kept.plays = card_plays(self.players, self.rules.deck)
        return plays

    def _play_of(self, player: str, card: Card) -> Action:
        """``player``'s play of ``card`` (a card of the deck), made once per table."""
        return self._card_plays_made().actions[player][BIT[card]]

    def _duties(self) -> Duties:
        """The following duties of the contract in force (it may change during a hand:
        the last ones asked are kept while the contract is the same object)."""
        contract = self.game.contract()
        kept = self.kept
        table = kept.duties
        if table is None or table.contract is not contract:
            table = kept.duties = duties(self.following, contract)
        return table

    def _game_allows(self, play: Action) -> bool:
        """The game's own restrictions on a play (a card owed after piglets, say)."""
        try:
            self.game.verify_play(play)
        except IllegalActionError:
            return False
        return True

    def _partner_winning(self, player: str) -> bool | None:
        """Whether the best card of the trick in play is ``player``'s partner's."""
        in_play = self.in_play
        if in_play is None or not in_play.key:
            return None
        in_play.judged_by(self._duties())
        return self.game.same_side(player, in_play.seats[in_play.best])

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
            read[text] = action
        return action

    def verify(self, text: str | Action) -> Action:
        """Raise with the reason if the action is not allowed now; return it parsed."""
        action = self.parse(text)
        if action.is_play:
            self._judge(action)
        else:
            self._verify_other(action)
        return action

    def _verify_other(self, action: Action) -> None:
        game = self.game
        if game.is_over():
            raise no("hand.over", "play.tricks", action=action)
        game.verify_action(action)

    def can(self, text: str | Action) -> bool:
        try:
            self.verify(text)
        except ValueError:
            return False
        return True

    def apply(self, text: str | Action) -> Outcome:
        action = self._read.get(text) if type(text) is str else None
        if action is None:
            action = self.parse(text)
        game = self.game
        try:
            if action.is_play:
                outcome = Outcome(action)
                self._play(action, outcome)
                if outcome.trick is None:
                    return outcome  # only the last card of a trick can end the hand
            else:
                self._verify_other(action)
                self.history.append(action)
                outcome = Outcome(action, messages=game.apply_action(action))
            if game.is_over():
                outcome.result = self.result()
            return outcome
        finally:
            self.kept.turn = None  # the position changed (a refusal changes nothing: made again)

    def _play(self, action: Action, outcome: Outcome) -> None:
        """The one path of every card: judged (``_judge``), then recorded: the history,
        the trick, the holding; what the family says of it; the trick completed by its
        last card."""
        table = self._duties()
        self._judge(action, table)
        card, actor = action.card, action.actor
        assert card is not None
        in_play = self.in_play
        if in_play is None:
            number = self.tricks_done + 1
            trick = Trick(number, actor)
            self.tricks.append(trick)
            in_play = self.in_play = TrickInPlay(
                trick, self._orders[actor], table, number == self.tricks_per_hand
            )
        else:
            trick = in_play.trick
        self.history.append(action)
        plays = trick.plays
        play = Play(actor, card, trick.number, len(plays))
        held = self.held
        if held is None:
            self._proves(play, outcome)
        plays.append(play)
        in_play.add(card.index)
        if held is not None:
            held.play(actor, card)
        said = self.game.on_play(play)
        if said:
            outcome.messages.extend(said)
        if len(plays) == len(in_play.seats):
            self._complete(in_play, outcome)
        else:
            self._next = self._after[actor]

    def _proves(self, play: Play, outcome: Outcome) -> None:
        """Without the deal: what ``play`` proves of earlier plays (revokes), and what it
        may prove later (the trick before it, whether the partner was winning)."""
        actor = play.player
        partner_winning = self._partner_winning(actor)
        before = tuple(p.card for p in self.in_play.trick.plays)  # type: ignore[union-attr]
        outcome.revokes = self._revokes_proven(actor, play)
        self.revokes.extend(outcome.revokes)
        self._plays_by[actor].append(PlayMade(play, before, partner_winning))

    def _judge(self, action: Action, table: Duties | None = None) -> None:
        """Refuse the card play ``action`` unless the card masks allow it (``table``: the
        contract's duties, when the caller has them), then ``GameHand.verify_play``; a
        refusal is explained by the reasoned checks (``Hand.refuse``)."""
        card, actor, game = action.card, action.actor, self.game
        assert card is not None
        held, counts = self.held, self._counts
        allowed: int | bool = False
        if (
            card in counts
            and not game.is_over()
            and game.ready_to_play()
            and actor == (self._next or self.next_leader())
        ):
            if held is None:
                allowed = self.played[card] < counts[card]
            elif self._conserved or self.played[card] < counts[card]:
                allowed = self._allowed(actor, table) & BIT[card]
        if not allowed:
            self.refuse(action)  # raises the reason
            raise AssertionError(action.text)  # the masks refused: a reason must say why
        game.verify_play(action)

    def _complete(self, in_play: TrickInPlay, outcome: Outcome) -> None:
        """The trick's last card is down: its winner (the player of its best card), its
        points, what the game makes of it."""
        game = self.game
        table = self._duties()
        contract = table.contract
        in_play.judged_by(table)
        trick, seats, key = in_play.trick, in_play.seats, tuple(in_play.key)
        trick.winner = seats[in_play.best]
        trick.judge = partial(_judged, key, seats, contract, in_play.last)
        self.tricks_done = trick.number
        self.in_play = None
        self._next = None
        trick.points = self._trick_points(contract, trick, key)
        said = game.on_trick(trick)
        outcome.trick = trick
        if said:
            outcome.messages.extend(said)

    def _trick_points(self, contract: Contract, trick: Trick, key: tuple[int, ...]) -> int:
        """The card points of the complete ``trick`` (its cards ``key``) under ``contract``,
        the one in force: ``GameHand.trick_points`` of its cards."""
        kept = self.kept
        if kept.points_of is not contract:
            kept.points_of, kept.points = contract, self.game.points_by_index()
        by_index = kept.points
        if by_index is None:
            return self.game.trick_points(trick.cards)
        return sum(map(by_index.__getitem__, key))

    # ------------------------------------------------------------------ reasons
    def refuse(self, action: Action) -> None:
        """Every check of a card play in its order, each refusal with its reason, its rule
        and the card that creates the duty: what explains a refusal of the card masks (and
        nothing else; it raises nothing for a card they allow)."""
        card, actor, game = action.card, action.actor, self.game
        assert card is not None
        if game.is_over():
            raise no("hand.over", "play.tricks", action=action)
        limit = self.rules.deck.counts.get(card)
        if limit is None:
            try:
                self.rules.deck.verify_card(card)
            except CardError as exc:
                raise CardError(
                    Reason("hand.refused", {"action": action, "why": exc.message}),
                    rule=exc.rule,
                ) from None
        if not game.ready_to_play():
            raise no(
                "hand.refused",
                game.not_ready_rule(),
                action=action,
                why=game.why_not_ready(),
            )
        self._refuse_turn(action)
        if self.played.get(card, 0) >= limit:  # type: ignore[operator]
            where = [
                Reason("hand.played_in", {"trick": t.number, "player": p.player})
                for t in self.tricks
                for p in t.plays
                if p.card == card
            ]
            raise no(
                "hand.played_out",
                "deck.copies",
                action=action,
                card=card,
                where=where,
                copies=limit,
            )
        holding = self.holding(actor)
        if holding is not None and card not in holding:
            why = Reason("hand.not_held_holds", {"player": actor, "card": card, "held": holding})
            raise no("hand.refused", "deal", action=action, why=why)
        if holding is None or not self._allowed(actor) & BIT[card]:
            # without the deal, or refused: the reasoning judge decides and says why
            verdict = self.check_card(actor, card)
            if not verdict.legal:
                raise no("hand.refused", verdict.rule, action=action, why=verdict.why)
        game.verify_play(action)

    def _refuse_turn(self, action: Action) -> None:
        """A card out of turn, or by someone who sits this hand out, refused."""
        turn = self.to_play()  # the hand is not over and play is ready (``refuse``)
        if action.actor == turn:
            return
        if action.actor not in self.players:
            raise no("hand.sits_out", "players", action=action, player=action.actor)
        trick = self.current_trick
        when = (
            Reason("hand.continues", {"trick": trick.number, "player": turn})
            if trick
            else Reason("hand.leads", {"trick": len(self.tricks) + 1, "player": turn})
        )
        raise no(
            "hand.not_your_turn",
            "play.turn_order",
            action=action,
            player=action.actor,
            when=when,
        )

    def _revokes_proven(self, player: str, new: Play) -> list[Revoke]:
        """Earlier plays of ``player`` that the new card proves were illegal (without the
        deal: with it, every play was judged when made)."""
        if self.dealt is not None:
            return []
        found: list[Revoke] = []
        earlier = self.plays_by[player]
        for i, made in enumerate(earlier):
            play, before = made.play, made.before
            if not before:
                continue
            if any(r.player == player and r.trick == play.trick for r in self.revokes):
                continue
            held = [play.card] + [m.play.card for m in earlier[i + 1 :]] + [new.card]
            verdict = check_play(
                self.following,
                self.contract,
                before,
                play.card,
                held,
                partner_winning=made.partner_winning,
                last_trick=play.trick == self.tricks_per_hand,
            )
            if not verdict.legal:
                reason = Reason(f"{verdict.why.key}.past", verdict.why.params, verdict.rule)
                rule = verdict.rule or "following"
                found.append(
                    Revoke(player, play.trick, play.card, new.trick, new.card, reason, rule)
                )
        return found

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
        """The quick-entry facts of this finished hand (what a paper score sheet holds);
        refused, as ``result``, before the hand is over."""
        if not self.finished:
            raise no("hand.not_over", "play.tricks")
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
                        {
                            "card": card,
                            "count": self.played[card],
                            "copies": expected[card],
                        },
                    )
                )
        return problems


def _judged(
    key: tuple[int, ...], seats: tuple[str, ...], contract: Contract, last: bool
) -> TrickVerdict:
    """The judgement of a complete trick (its cards ``key`` played in turn by ``seats``),
    made when first asked for: who took it and why (``contract.judge_trick``)."""
    cards = list(map(BY_INDEX.__getitem__, key))
    return judge_trick(contract, cards, list(seats[: len(key)]), last_trick=last)
