"""Klaberjass mechanics: the turn-up and two bidding rounds, the trump-seven exchange,
sequences and their comparison, bella, and the maker who must outscore the opponent.

The numbers (card points, sequence values, bella, the last trick, the target of 500) and
the following rules come from the rule set; this module holds what is structural: who
speaks when in the bidding, which cards the table has seen out of play (the turn-up, the
bottom card, the exchanged seven), what the announced sequences prove about a hand that
was not recorded, and how a hand's totals are built item by item. Full and quick hands
are scored by the same function (``score``) from the same ``Facts``, so both give the same
scores for the same hand.

What the table records (actor first; see ``rulesets/klaberjass.toml``):

- ``Anna turnup JH``: the dealer's turned-up card, before the bidding;
- ``Ben accept`` / ``Ben pass``: round one, the turn-up's suit as trump or not;
- ``Ben name spades`` / ``Ben pass``: round two, another suit or not; four passes end the
  hand as a redeal by the same dealer;
- ``Anna bottom 8C``: the bottom card of the stock (information: it is out of play);
- ``Ben exchange``: the trump seven swapped for the turn-up (trump in the turn-up's suit);
- ``Ben sequence 7H 8H 9H``: a sequence, every card named;
- ``Ben bella``: said immediately before playing the second of trump king and queen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NoReturn

from scorekeeper.actions import PLAY, Action
from scorekeeper.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, format_cards
from scorekeeper.contract import Contract
from scorekeeper.errors import CardError, IllegalActionError
from scorekeeper.following import check_play
from scorekeeper.games.base import Family, GameHand, QuickKey, whole_numbers
from scorekeeper.result import HandResult, ValueItem, redeal_result

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Play, Trick
    from scorekeeper.match import Match
    from scorekeeper.ruleset import Ruleset

CONTRACT = "suit"
Refuse = Callable[..., NoReturn]  # raises IllegalActionError with a message and a rule key
BIDS = ("accept", "pass", "name")
PRE_PLAY = ("bottom", "exchange", "sequence")


def _suit_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for suit in SUITS:
        name = SUIT_NAMES[suit]
        for word in (suit, name, name.rstrip("s"), SUIT_SYMBOLS[suit]):
            words[word.lower()] = suit
    return words


SUIT_WORDS = _suit_words()


def parse_suit(word: str) -> str | None:
    """A suit as players say it: ``spades``, ``spade``, ``S``, ``♠``; None if unknown."""
    return SUIT_WORDS.get(word.strip().lower())


def opponent(players: Sequence[str], player: str) -> str:
    return next(p for p in players if p != player)


# ---------------------------------------------------------------------- sequences


@dataclass(frozen=True)
class Run:
    """An announced sequence: its player and cards, lowest first in sequence order."""

    player: str
    cards: tuple[Card, ...]

    @property
    def suit(self) -> str:
        return self.cards[0].suit

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def text(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True)
class Announcement:
    """A sequence or bella as the status view lists it."""

    player: str
    kind: str
    side: str
    implied: bool = False


def read_run(rules: Ruleset, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a sequence in order, or a refusal saying what is wrong with them."""
    order: list[str] = list(rules.require("sequences.order"))
    least = int(rules.require("sequences.min_length"))
    if len(set(cards)) != len(cards):
        raise IllegalActionError(
            f"a card is named twice in {format_cards(cards)}", rule="sequences.order"
        )
    if len(cards) < least:
        raise IllegalActionError(
            f"a sequence has at least {least} cards, not {len(cards)}", rule="sequences.min_length"
        )
    suits = {c.suit for c in cards}
    if len(suits) > 1:
        raise IllegalActionError(
            f"a sequence is of one suit; {format_cards(cards)} mixes "
            + " and ".join(SUIT_NAMES[s] for s in sorted(suits)),
            rule="sequences.order",
        )
    ranked = sorted(cards, key=lambda c: order.index(c.rank))
    for low, high in pairwise(ranked):
        if order.index(high.rank) != order.index(low.rank) + 1:
            gap = order[order.index(low.rank) + 1]
            raise IllegalActionError(
                f"{format_cards(ranked)} is not a sequence: {gap}{low.suit} is missing "
                f"between {low} and {high} (order {' '.join(order)})",
                rule="sequences.order",
            )
    return tuple(ranked)


def held_runs(rules: Ruleset, cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every longest sequence among ``cards``, for random play to announce."""
    order: list[str] = list(rules.require("sequences.order"))
    least = int(rules.require("sequences.min_length"))
    held = set(cards)
    runs: list[tuple[Card, ...]] = []
    for suit in rules.deck.suits:
        current: list[Card] = []
        for rank in [*order, None]:
            card = Card(rank, suit) if rank is not None else None
            if card is not None and card in held:
                current.append(card)
                continue
            if len(current) >= least:
                runs.append(tuple(current))
            current = []
    return runs


def run_points(rules: Ruleset, length: int) -> int:
    """A sequence's value: by its length, the longest listed length covering all longer."""
    table = {int(k): int(v) for k, v in rules.require("sequences.points").items()}
    fitting = [n for n in table if n <= length]
    return table[max(fitting)] if fitting else 0


def run_strength(rules: Ruleset, run: Run, trump: str) -> tuple[int, int, int]:
    """Comparable: length first, then the top card, then trump over plain."""
    order: list[str] = list(rules.require("sequences.order"))
    return (len(run.cards), order.index(run.top.rank), int(run.suit == trump))


def judge_runs(
    rules: Ruleset, players: Sequence[str], trump: str, runs: Sequence[Run]
) -> tuple[dict[str, int], list[ValueItem]]:
    """Who scores for sequences, how much, and why (RULINGS: longer, higher, trump, tie)."""
    points = {p: 0 for p in players}
    items: list[ValueItem] = []
    best: dict[str, Run] = {}
    for run in runs:
        mine = best.get(run.player)
        if mine is None or run_strength(rules, run, trump) > run_strength(rules, mine, trump):
            best[run.player] = run
    if not best:
        return points, items
    ranked = sorted(best.values(), key=lambda r: run_strength(rules, r, trump), reverse=True)
    top = ranked[0]
    if len(ranked) > 1:
        second = ranked[1]
        a, b = run_strength(rules, top, trump), run_strength(rules, second, trump)
        if a == b:
            items.append(
                ValueItem(
                    f"sequences tie exactly ({top.player} {top.text}, {second.player} "
                    f"{second.text}): nobody scores for sequences",
                    0,
                    "sequences.compare",
                    "note",
                )
            )
            return points, items
        why = (
            "longer" if a[0] != b[0] else "higher top card" if a[1] != b[1] else "a trump sequence"
        )
        items.append(
            ValueItem(
                f"{top.player}'s {top.text} beats {second.player}'s {second.text} ({why})",
                0,
                "sequences.compare",
                "note",
            )
        )
    winner = top.player
    scoring = (
        [r for r in runs if r.player == winner] if rules.option("score_all_sequences") else [top]
    )
    for run in scoring:
        value = run_points(rules, len(run.cards))
        points[winner] += value
        # A sequence beyond the best one scores only because of the option.
        rule = "sequences.points" if run is top else "options.score_all_sequences"
        items.append(
            ValueItem(
                f"{winner}: sequence {run.text} ({len(run.cards)} cards)",
                value,
                rule,
                side=winner,
            )
        )
    return points, items


def check_runs(rules: Ruleset, runs: Sequence[Run]) -> None:
    """No card in two sequences; two sequences of one suit that touch are one sequence."""
    order: list[str] = list(rules.require("sequences.order"))
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            shared = [c for c in a.cards if c in b.cards]
            if shared:
                whose = (
                    f"{a.player}'s own sequence {a.text}"
                    if a.player == b.player
                    else f"{a.player}'s sequence {a.text}"
                )
                raise IllegalActionError(
                    f"{shared[0]} is already in {whose}; a card belongs to one sequence only",
                    rule="sequences.order",
                )
            if a.player == b.player and a.suit == b.suit:
                lo_a, hi_a = order.index(a.cards[0].rank), order.index(a.top.rank)
                lo_b, hi_b = order.index(b.cards[0].rank), order.index(b.top.rank)
                if hi_a + 1 == lo_b or hi_b + 1 == lo_a:
                    joined = sorted(a.cards + b.cards, key=lambda c: order.index(c.rank))
                    raise IllegalActionError(
                        f"{a.text} and {b.text} touch: they are one sequence, "
                        f"announce {format_cards(joined)}",
                        rule="sequences.order",
                    )


# ---------------------------------------------------------------------- the score


@dataclass
class Facts:
    """Everything a hand's score depends on: what a score sheet must hold."""

    players: list[str]
    maker: str
    trump: str
    points: dict[str, int]  # card points in tricks won, the last trick's 10 included
    runs: list[Run] = field(default_factory=list)
    bella: str | None = None
    revoke: str | None = None
    notes: list[str] = field(default_factory=list)


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Build a hand's totals item by item and apply the maker's duty to outscore."""
    players = list(facts.players)
    maker = facts.maker
    other = opponent(players, maker)
    items: list[ValueItem] = []
    notes = list(facts.notes)
    for p in players:
        items.append(
            ValueItem(
                f"{p}: card points, last trick included",
                facts.points[p],
                "card_points",
                side=p,
            )
        )
    run_pts, run_items = judge_runs(rules, players, facts.trump, facts.runs)
    items.extend(run_items)
    bella = {p: 0 for p in players}
    if facts.bella:
        bella[facts.bella] = int(rules.require("bella.points"))
        items.append(
            ValueItem(f"{facts.bella}: bella", bella[facts.bella], "bella.points", side=facts.bella)
        )
    totals = {p: facts.points[p] + run_pts[p] + bella[p] for p in players}
    both = sum(totals.values())
    if facts.revoke:
        offender = facts.revoke
        taker = opponent(players, offender)
        scores = {offender: 0, taker: both}
        items.append(
            ValueItem(
                f"revoke by {offender}: {taker} scores both totals ({both}), {offender} nothing",
                0,
                "options.revoke_penalty",
                "note",
            )
        )
    elif totals[maker] > totals[other]:
        scores = dict(totals)
        items.append(
            ValueItem(
                f"{maker} made trump and has {totals[maker]}, more than {other}'s {totals[other]}: "
                "both score their own totals",
                0,
                "scoring.maker_must_exceed",
                "note",
            )
        )
    else:
        scores = {maker: 0, other: both}
        items.append(
            ValueItem(
                f"{maker} made trump but has {totals[maker]}, not more than {other}'s "
                f"{totals[other]}: {other} scores both totals ({both}), {maker} nothing",
                0,
                "scoring.maker_must_exceed",
                "note",
            )
        )
    ordered = sorted(players, key=lambda p: scores[p], reverse=True)
    winner = ordered[0] if scores[ordered[0]] != scores[ordered[1]] else None
    if winner is None:
        notes.append(
            "both scored the same in this hand: the dealer deals again [rule: match.dealer]"
        )
    full_scores = {p: 0 for p in table}
    full_scores.update(scores)
    return HandResult(
        game_type=f"{SUIT_NAMES[facts.trump]} by {maker}",
        sides={p: [p] for p in players},
        card_points=dict(facts.points),
        winner=winner,
        items=items,
        value=scores[winner] if winner else 0,
        scores=full_scores,
        notes=notes,
        details={
            "maker": maker,
            "trump": facts.trump,
            "totals": totals,
            "sequences": [[r.player, r.text] for r in facts.runs],
            "bella": facts.bella,
            "revoke": facts.revoke,
        },
    )


# ---------------------------------------------------------------------- one hand


class KlaberjassHand(GameHand):
    words = ("turnup", *BIDS, *PRE_PLAY, "bella")

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.aliases: dict[str, str] = dict(self.rules.get("bidding.aliases", {}))
        self.dealer = hand.dealer
        self.elder = opponent(hand.players, hand.dealer)  # the non-dealer: speaks and leads first
        self.turnup: Card | None = None
        self.bids: list[tuple[str, str, str | None]] = []  # (player, verb, suit)
        self.maker: str | None = None
        self.trump: str | None = None
        self.redeal = False
        self.bottom: Card | None = None
        self.exchanged_by: str | None = None
        self.runs: list[Run] = []
        self.bella: str | None = None
        self.bella_pending: tuple[str, Card] | None = None
        self._contract = self._make_contract()

    @property
    def verbs(self) -> tuple[str, ...]:  # type: ignore[override]
        """Phrases random play (``simulate.play_random``) may try, each verified when tried.

        With the deal known these include every possible turn-up and every held sequence, so
        a random hand can get through the bidding. Bella is left out: it binds the next card,
        which random play does not know.
        """
        phrases = ["accept", "pass", "exchange"]
        phrases += [f"name {SUIT_NAMES[s]}" for s in self.rules.deck.suits]
        if self.hand.dealt is not None:
            dealt = {c for held in self.hand.dealt.values() for c in held}
            phrases += [f"turnup {c.code}" for c in self.rules.deck.cards if c not in dealt]
            for held in self.hand.dealt.values():
                phrases += [f"sequence {format_cards(r)}" for r in held_runs(self.rules, held)]
        return tuple(phrases)

    # -- the contract in force
    def _make_contract(self) -> Contract:
        contract = Contract.from_rules(self.rules, CONTRACT, self.trump)
        if self.trump is None:
            return contract.replace(name="trump not made yet")
        return contract.replace(name=f"{SUIT_NAMES[self.trump]} trump, made by {self.maker}")

    def contract(self) -> Contract:
        return self._contract

    def same_side(self, a: str, b: str) -> bool | None:
        return a == b

    # -- cards the table knows about
    @property
    def seven(self) -> Card | None:
        """The trump seven, which may be exchanged for the turn-up."""
        if self.trump is None:
            return None
        return Card(str(self.rules.require("exchange.rank")), self.trump)

    def bella_cards(self) -> tuple[Card, ...]:
        if self.trump is None:
            return ()
        return tuple(Card(r, self.trump) for r in self.rules.require("bella.ranks"))

    def out_of_play(self, player: str, card: Card) -> tuple[str, str] | None:
        """Why ``player`` cannot have ``card`` (message, rule), from what the table has seen."""
        if card == self.turnup and self.exchanged_by != player:
            if self.exchanged_by:
                return (
                    f"{card} is the turn-up, which {self.exchanged_by} took in the exchange",
                    "exchange.when",
                )
            return f"{card} is the turn-up card, which is not in play", "deal.turnup"
        if self.exchanged_by and card == self.seven:
            return (
                f"{card} was exchanged for the turn-up by {self.exchanged_by} and lies under "
                "the stock",
                "exchange.when",
            )
        if card == self.bottom:
            return (
                f"{card} is the bottom card of the stock, which is not in play",
                "deal.bottom_card",
            )
        for run in self.runs:
            if run.player != player and card in run.cards:
                return f"{card} is in {run.player}'s announced sequence {run.text}", "sequences"
        return None

    def known_cards(self, player: str) -> tuple[list[Card], str]:
        """Cards ``player`` is known to hold still, without the deal, and how we know."""
        played = set(self.hand.played)
        known: list[Card] = []
        why: list[str] = []
        for run in self.runs:
            if run.player == player:
                rest = [c for c in run.cards if c not in played]
                if rest:
                    known.extend(rest)
                    why.append(f"announced sequence {run.text}")
        if (
            self.exchanged_by == player
            and self.turnup is not None
            and self.turnup not in played
            and self.turnup not in known
        ):
            known.append(self.turnup)
            why.append(f"{self.turnup} taken in the exchange")
        return known, "; ".join(why)

    # -- phases
    def _round(self) -> int:
        return len(self.bids) // 2 + 1

    def _speaker(self) -> str:
        return (self.elder, self.dealer)[len(self.bids) % 2]

    def _verb(self, action: Action) -> str:
        return self.aliases.get(action.verb, action.verb)

    # -- actions
    def verify_action(self, action: Action) -> None:
        verb = self._verb(action)
        if verb == "turnup":
            self._verify_turnup(action)
        elif verb in BIDS:
            self._verify_bid(action, verb)
        elif verb in PRE_PLAY:
            self._verify_pre_play(action, verb)
        elif verb == "bella":
            self._verify_bella(action)
        else:
            suit = parse_suit(action.verb)
            hint = (
                f"; to name {SUIT_NAMES[suit]} as trumps write '{action.actor} name {action.verb}'"
                if suit
                else ""
            )
            raise IllegalActionError(
                f"{action}: {action.verb!r} is neither a card (write cards like QC, 10H, Q♣) nor "
                f"an action of {self.rules.name} (actions: {', '.join(self.words)}){hint}",
                rule="actions",
            )

    def _card_arg(self, action: Action, what: str) -> Card:
        if len(action.args) != 1:
            raise IllegalActionError(
                f"{action}: name the {what}, like '{action.actor} {action.verb} JH'",
                rule="actions",
            )
        try:
            return self.rules.deck.parse(action.args[0])
        except CardError as exc:
            raise IllegalActionError(f"{action}: {exc.message}", rule=exc.rule) from None

    def _dealt_to(self, card: Card) -> str | None:
        if self.hand.dealt is None:
            return None
        return next((p for p, cs in self.hand.dealt.items() if card in cs), None)

    def _verify_turnup(self, action: Action) -> None:
        def refuse(msg: str, rule: str = "bidding.turnup") -> NoReturn:
            raise IllegalActionError(f"{action}: {msg}", rule=rule)

        if action.actor != self.dealer:
            refuse(f"the dealer ({self.dealer}) turns up the card, not {action.actor}")
        if self.turnup is not None:
            refuse(f"the turn-up is already recorded: {self.turnup}")
        card = self._card_arg(action, "turned-up card")
        holder = self._dealt_to(card)
        if holder:
            refuse(f"{card} is in {holder}'s recorded deal, so it cannot be the turn-up", "deal")

    def _verify_bid(self, action: Action, verb: str) -> None:
        def refuse(msg: str, rule: str) -> NoReturn:
            raise IllegalActionError(f"{action}: {msg}", rule=rule)

        if self.turnup is None:
            refuse(
                f"the dealer records the turned-up card first, like '{self.dealer} turnup JH'",
                "bidding.turnup",
            )
        if self.trump is not None:
            refuse(f"trump is already made: {self._contract.name}", "bidding")
        speaker = self._speaker()
        if action.actor != speaker:
            who = "non-dealer" if speaker == self.elder else "dealer"
            refuse(
                f"it is {speaker}'s turn to bid ({who}, round {self._round()}); "
                "the non-dealer speaks first in each round",
                "bidding.order",
            )
        assert self.turnup is not None
        turn_suit = SUIT_NAMES[self.turnup.suit]
        if verb == "pass":
            if action.args:
                refuse("pass takes no words after it", "actions")
            return
        if verb == "accept":
            if self._round() != 1:
                refuse(
                    f"round two: {turn_suit}, the turn-up's suit, was passed by both; name "
                    f"another suit ('{action.actor} name spades') or pass",
                    "bidding.round_two",
                )
            if action.args and parse_suit(action.args[0]) != self.turnup.suit:
                refuse(
                    f"only the turn-up's suit ({turn_suit}) can be accepted in round one",
                    "bidding.round_one",
                )
            return
        # name
        if self._round() == 1:
            refuse(
                f"in round one only the turn-up's suit ({turn_suit}) can be accepted "
                f"('{action.actor} accept') or passed; other suits are named in round two",
                "bidding.round_one",
            )
        suit = parse_suit(action.args[0]) if len(action.args) == 1 else None
        if suit is None or suit not in self.rules.deck.suits:
            refuse(
                "name one suit: clubs, spades, hearts or diamonds, like "
                f"'{action.actor} name spades'",
                "bidding.round_two",
            )
        if suit == self.turnup.suit:
            refuse(
                f"{turn_suit} was the turn-up's suit and both passed it in round one; "
                "name another suit",
                "bidding.round_two",
            )

    def _verify_pre_play(self, action: Action, verb: str) -> None:
        rule = {
            "bottom": "deal.bottom_card",
            "exchange": "exchange.when",
            "sequence": "sequences.window",
        }[verb]

        def refuse(msg: str, key: str = rule) -> NoReturn:
            raise IllegalActionError(f"{action}: {msg}", rule=key)

        if self.trump is None:
            refuse(
                f"{verb} comes after trump is made and the last three cards are dealt; "
                f"now: {self.why_not_ready()}"
            )
        if self.hand.started_play:
            played = self.hand.cards_played
            refuse(
                f"too late: {verb} comes before the first card is played, and "
                f"{played} card{'s are' if played != 1 else ' is'} on the table"
            )
        if verb == "bottom":
            self._verify_bottom(action, refuse)
        elif verb == "exchange":
            self._verify_exchange(action, refuse)
        else:
            self._verify_sequence(action, refuse)

    def _verify_bottom(self, action: Action, refuse: Refuse) -> None:
        if action.actor != self.dealer:
            refuse(f"the dealer ({self.dealer}) shows the bottom card, not {action.actor}")
        if self.bottom is not None:
            refuse(f"the bottom card is already recorded: {self.bottom}")
        card = self._card_arg(action, "bottom card")
        if card == self.turnup:
            refuse(f"{card} is the turn-up; the bottom card is another card")
        if self.exchanged_by and card == self.seven:
            refuse(
                f"{card} went under the stock in {self.exchanged_by}'s exchange", "exchange.when"
            )
        holder = self._dealt_to(card)
        if holder:
            refuse(f"{card} is in {holder}'s recorded deal", "deal")
        for run in self.runs:
            if card in run.cards:
                refuse(f"{card} is in {run.player}'s announced sequence {run.text}", "sequences")

    def _verify_exchange(self, action: Action, refuse: Refuse) -> None:
        assert self.turnup is not None and self.trump is not None
        seven = self.seven
        assert seven is not None
        if action.args:
            refuse(
                "exchange takes no words after it; the cards are the turn-up and the trump seven"
            )
        if self.trump != self.turnup.suit:
            refuse(
                f"trump is {SUIT_NAMES[self.trump]}, named in round two, not the turn-up's "
                f"suit ({SUIT_NAMES[self.turnup.suit]}): there is nothing to exchange"
            )
        if self.exchanged_by:
            refuse(f"{self.exchanged_by} already exchanged {seven} for {self.turnup}")
        if self.turnup == seven:
            refuse(f"the turn-up is {seven} itself")
        holding = self.hand.holding(action.actor)
        if holding is not None and seven not in holding:
            refuse(f"{action.actor} does not hold {seven} (holds {format_cards(holding)})", "deal")
        if seven == self.bottom:
            refuse(f"{seven} is the bottom card of the stock", "deal.bottom_card")
        for run in self.runs:
            if seven in run.cards:
                if run.player == action.actor:
                    refuse(
                        f"{seven} is in {action.actor}'s own announced sequence {run.text}",
                        "sequences",
                    )
                refuse(f"{seven} is in {run.player}'s announced sequence {run.text}", "sequences")

    def _verify_sequence(self, action: Action, refuse: Refuse) -> None:
        try:
            cards = [self.rules.deck.parse(a) for a in action.args]
        except CardError as exc:
            refuse(exc.message, exc.rule or "deck.ranks")
        if not cards:
            refuse(f"name the cards, like '{action.actor} sequence 7H 8H 9H'", "sequences.order")
        try:
            ordered = read_run(self.rules, cards)
        except IllegalActionError as exc:
            refuse(exc.message, exc.rule or "sequences.order")
        holding = self.hand.holding(action.actor)
        for card in ordered:
            if holding is not None and card not in holding:
                refuse(
                    f"{action.actor} does not hold {card} (holds {format_cards(holding)})", "deal"
                )
            seen = self.out_of_play(action.actor, card)
            if seen:
                refuse(*seen)
        try:
            check_runs(self.rules, [*self.runs, Run(action.actor, ordered)])
        except IllegalActionError as exc:
            refuse(exc.message, exc.rule or "sequences.order")

    def _verify_bella(self, action: Action) -> None:
        def refuse(msg: str) -> NoReturn:
            raise IllegalActionError(f"{action}: {msg}", rule="bella.announce")

        if action.args:
            refuse("bella takes no words after it; the card follows as the next action")
        if self.trump is None or not self.hand.started_play:
            refuse("bella is said when playing the second of trump king and queen, during play")
        if self.bella or self.bella_pending:
            who = self.bella or (self.bella_pending[0] if self.bella_pending else "")
            refuse(f"{who} already announced bella")
        if self.hand.to_play() != action.actor:
            refuse(f"bella is said on one's own turn to play; {self.hand.to_play()} plays next")
        pair = self.bella_cards()
        mine = [p.card for p, _, _ in self.hand.plays_by[action.actor]]
        first = [c for c in pair if c in mine]
        if not first:
            names = " and ".join(c.code for c in pair)
            refuse(
                f"{action.actor} has not played either of {names} yet; bella is said with "
                "the second of them"
            )
        rest = [c for c in pair if c not in mine]
        if not rest:
            refuse(f"{action.actor} already played both {pair[0]} and {pair[1]}")
        second = rest[0]
        try:
            self.hand.verify(Action(action.actor, PLAY, second))
        except IllegalActionError as exc:
            why = exc.message.split(": ", 1)[-1]  # without the repeated "Ben QS: "
            refuse(f"the bella card {second} cannot be played now: {why}")

    # -- applying
    def apply_action(self, action: Action) -> list[str]:
        verb = self._verb(action)
        player = action.actor
        if verb == "turnup":
            self.turnup = self.rules.deck.parse(action.args[0])
            return [
                f"turn-up {self.turnup}: {self.elder} may accept {SUIT_NAMES[self.turnup.suit]}"
            ]
        if verb in BIDS:
            return self._apply_bid(action, verb)
        if verb == "bottom":
            self.bottom = self.rules.deck.parse(action.args[0])
            return [f"bottom card {self.bottom} (out of play)"]
        if verb == "exchange":
            seven = self.seven
            assert seven is not None and self.turnup is not None
            self.exchanged_by = player
            if self.hand.holdings is not None:
                self.hand.holdings[player].remove(seven)
                self.hand.holdings[player].append(self.turnup)
            return [f"{player} exchanges {seven} for the turn-up {self.turnup}"]
        if verb == "sequence":
            ordered = read_run(self.rules, [self.rules.deck.parse(a) for a in action.args])
            self.runs.append(Run(player, ordered))
            value = run_points(self.rules, len(ordered))
            return [
                f"{player} announces the sequence {format_cards(ordered)} (worth {value} if best)"
            ]
        if verb == "bella":
            pair = self.bella_cards()
            mine = [p.card for p, _, _ in self.hand.plays_by[player]]
            second = next(c for c in pair if c not in mine)
            self.bella_pending = (player, second)
            return [f"{player} announces bella and plays {second} next"]
        return []

    def _apply_bid(self, action: Action, verb: str) -> list[str]:
        assert self.turnup is not None
        player = action.actor
        if verb == "pass":
            self.bids.append((player, "pass", None))
            if len(self.bids) == 4:
                self.redeal = True
                return [f"{player} passes; both passed twice: {self.dealer} deals again"]
            nxt = self._speaker()
            if self._round() == 1:
                return [f"{player} passes; {nxt} may accept {SUIT_NAMES[self.turnup.suit]}"]
            return [
                f"{player} passes; {nxt} may name a suit other than {SUIT_NAMES[self.turnup.suit]}"
            ]
        suit = self.turnup.suit if verb == "accept" else parse_suit(action.args[0])
        assert suit is not None
        self.bids.append((player, verb, suit))
        self.maker, self.trump = player, suit
        self._contract = self._make_contract()
        return [
            f"{player} makes {SUIT_NAMES[suit]} trump and must outscore "
            f"{opponent(self.hand.players, player)}; three more cards each, then "
            f"{self.elder} leads"
        ]

    # -- play
    def ready_to_play(self) -> bool:
        return self.trump is not None and not self.redeal

    def why_not_ready(self) -> str:
        if self.redeal:
            return f"both players passed twice; {self.dealer} deals again"
        if self.turnup is None:
            return (
                f"{self.dealer} (dealer) records the turned-up card, like '{self.dealer} turnup JH'"
            )
        suit = SUIT_NAMES[self.turnup.suit]
        speaker = self._speaker()
        if self._round() == 1:
            return (
                f"{speaker} accepts {suit} as trump or passes "
                f"('{speaker} accept' / '{speaker} pass')"
            )
        return (
            f"{speaker} names a trump suit other than {suit} or passes "
            f"('{speaker} name spades' / '{speaker} pass')"
        )

    def not_ready_rule(self) -> str:
        if self.redeal:
            return "bidding.redeal"
        if self.turnup is None:
            return "bidding.turnup"
        return "bidding.round_one" if self._round() == 1 else "bidding.round_two"

    def first_leader(self) -> str:
        return self.elder

    def verify_play(self, action: Action) -> None:
        card = action.card
        player = action.actor
        assert card is not None

        def refuse(msg: str, rule: str) -> NoReturn:
            raise IllegalActionError(f"{action}: {msg}", rule=rule)

        if self.bella_pending is not None:
            who, second = self.bella_pending
            if who == player and card != second:
                refuse(
                    f"{player} announced bella, so {player} plays {second} now", "bella.announce"
                )
        seen = self.out_of_play(player, card)
        if seen:
            refuse(*seen)
        if self.hand.dealt is not None:
            return  # every play was already checked against the recorded cards
        known, why = self.known_cards(player)
        left = self.hand.cards_in_hand(player)
        if card not in known and len(known) >= left:
            refuse(
                f"{player} has {left} card{'s' if left != 1 else ''} left and must still play "
                f"{format_cards(known)} ({why})",
                "exchange.when" if "exchange" in why and "sequence" not in why else "sequences",
            )
        if known:
            trick = self.hand.current_trick
            verdict = check_play(
                self.hand.following,
                self._contract,
                trick.cards if trick else [],
                card,
                [*known, card],
                partner_winning=False,
                last_trick=len(self.hand.completed_tricks()) + 1 == self.hand.tricks_per_hand,
            )
            if not verdict.legal:
                refuse(f"{verdict.reason} (known from the {why})", verdict.rule or "following")

    def on_play(self, play: Play) -> list[str]:
        if self.bella_pending is not None and self.bella_pending == (play.player, play.card):
            self.bella = play.player
            self.bella_pending = None
            return [f"{play.player}: bella ({self.rules.require('bella.points')})"]
        return []

    def on_trick(self, trick: Trick) -> list[str]:
        messages = [
            f"trick {trick.number} to {trick.winner} ({trick.points} points): {trick.reason}"
        ]
        if trick.number == self.hand.tricks_per_hand:
            bonus = int(self.rules.require("play.last_trick_bonus"))
            messages.append(f"{trick.winner} takes the last trick: +{bonus}")
        return messages

    def is_over(self) -> bool:
        return self.redeal or super().is_over()

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        assert self.maker is not None and self.trump is not None
        points = {p: 0 for p in h.players}
        tricks = h.completed_tricks()
        for t in tricks:
            points[t.winner] += t.points  # type: ignore[index]
        notes: list[str] = []
        if tricks:
            last = tricks[-1].winner
            assert last is not None
            points[last] += int(self.rules.require("play.last_trick_bonus"))
            notes.append(f"last trick to {last} [rule: play.last_trick_bonus]")
        revoke = None
        if h.revokes:
            revoke = h.revokes[0].player
            notes.append(h.revokes[0].text())
        return Facts(
            list(h.players),
            self.maker,
            self.trump,
            points,
            list(self.runs),
            self.bella,
            revoke,
            notes,
        )

    def result(self) -> HandResult:
        if self.redeal:
            return redeal_result(
                self.hand.table,
                f"both players passed twice: {self.dealer} deals again",
                "bidding.redeal",
            )
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand."""
        if self.redeal:
            return {"redeal": True}
        f = self.facts()
        out: dict[str, Any] = {
            "maker": f.maker,
            "trump": f.trump,
            "points": [f"{p}:{f.points[p]}" for p in f.players],
        }
        if f.runs:
            out["sequences"] = [f"{r.player}:{r.text}" for r in f.runs]
        if f.bella:
            out["bella"] = f.bella
        if f.revoke:
            out["revoke"] = f.revoke
        return out

    # -- for the status view
    @property
    def announcements(self) -> list[Announcement]:
        def role(p: str) -> str:
            return "maker" if p == self.maker else "opponent"

        out = [Announcement(r.player, f"sequence {r.text}", role(r.player)) for r in self.runs]
        if self.bella:
            out.append(Announcement(self.bella, "bella", role(self.bella)))
        return out


# ---------------------------------------------------------------------- the family


class Klaberjass(Family):
    name = "klaberjass"
    hand_class = KlaberjassHand

    def validate(self, rules: Ruleset) -> list[str]:
        problems = whole_numbers(
            rules,
            (
                "play.tricks",
                "play.last_trick_bonus",
                "bella.points",
                "match.target",
                "sequences.min_length",
            ),
        )
        ranks = list(rules.get("deck.ranks") or [])
        order = rules.get("sequences.order")
        if not isinstance(order, list) or sorted(order) != sorted(ranks):
            problems.append("sequences.order: must list every rank of the deck once, lowest first")
        points = rules.get("sequences.points")
        if not isinstance(points, Mapping) or not points:
            problems.append('sequences.points: a table of length = points, like { "3" = 20 }')
        else:
            for k, v in points.items():
                if not str(k).isdigit() or not isinstance(v, int):
                    problems.append(f"sequences.points.{k}: a length and whole points")
        pair = rules.get("bella.ranks")
        if not isinstance(pair, list) or len(pair) != 2 or any(r not in ranks for r in pair):
            problems.append("bella.ranks: two ranks of the deck")
        if rules.get("exchange.rank") not in ranks:
            problems.append("exchange.rank: a rank of the deck")
        trumps = rules.get(f"contracts.{CONTRACT}.trumps")
        if not isinstance(trumps, list) or not all("{T}" in str(t) for t in trumps):
            problems.append(
                f"contracts.{CONTRACT}.trumps: the trump order as cards of the suit {{T}}"
            )
        return problems

    def cards_in_play(self, hand: Hand) -> Counter[Card] | None:
        """With the deal: the eighteen cards held when play starts; else unknown."""
        if hand.dealt is None:
            return None
        game = hand.game
        assert isinstance(game, KlaberjassHand)
        cards: Counter[Card] = Counter()
        for held in hand.dealt.values():
            cards.update(held)
        if game.exchanged_by and game.seven is not None and game.turnup is not None:
            cards[game.seven] -= 1
            cards[game.turnup] += 1
        return +cards

    def next_dealer(self, match: Match, result: HandResult | None) -> str:
        """The winner of a hand deals the next; a redeal (or a level hand) keeps the dealer."""
        current = match.current_dealer
        if result is None or result.redeal or result.winner not in match.players:
            return current
        return result.winner  # type: ignore[return-value]

    def match_over(self, match: Match) -> str | None:
        target = int(match.rules.require("match.target"))
        totals = match.totals()
        reached = sorted(
            (p for p in match.players if totals[p] >= target), key=lambda p: -totals[p]
        )
        if not reached:
            return None
        if len(reached) == 1:
            winner = reached[0]
            return f"{winner} wins with {totals[winner]} (target {target})"
        if totals[reached[0]] == totals[reached[1]]:
            return None  # both reached the target level: play on
        loser = reached[1]
        return (
            f"{reached[0]} wins with {totals[reached[0]]} against {loser}'s {totals[loser]}: "
            f"both passed {target}, the higher total wins"
        )

    def quick_keys(self) -> dict[str, QuickKey]:
        return {
            "maker": QuickKey("word", "the player who made trump (accepted or named it)"),
            "trump": QuickKey(
                "word", "the trump suit: clubs, spades, hearts, diamonds (or C S H D)"
            ),
            "points": QuickKey(
                "list", "each player's card points, the last trick's 10 included: Anna:62,Ben:90"
            ),
            "sequences": QuickKey(
                "list", "announced sequences as Name:CARDS, like 'Ben:7H 8H 9H,Anna:JS QS KS'"
            ),
            "bella": QuickKey("word", "the player who announced bella"),
            "revoke": QuickKey("word", "the player who revoked"),
            "redeal": QuickKey("bool", "true when both passed twice and the hand was dealt again"),
        }

    def score_quick(
        self,
        rules: Ruleset,
        table: Sequence[str],
        dealer: str,
        facts: Mapping[str, Any],
        actions: Sequence[Action],
        context: Mapping[str, object],
    ) -> HandResult:
        players = self.active_players(rules, table, dealer, context)

        def refuse(msg: str, key: str, rule: str = "quick") -> NoReturn:
            raise IllegalActionError(f"quick: {msg}", rule=rule, where=f"quick.{key}")

        unknown = set(facts) - set(self.quick_keys())
        if unknown:
            first = sorted(unknown)[0]
            refuse(f"unknown key {first!r}; keys: {', '.join(self.quick_keys())}", first)
        if facts.get("redeal"):
            if set(facts) - {"redeal"} or actions:
                refuse("a redealt hand has nothing else to record", "redeal")
            return redeal_result(
                list(table), f"both players passed twice: {dealer} deals again", "bidding.redeal"
            )
        maker = facts.get("maker")
        if maker not in players:
            refuse(
                f"maker must be the player who made trump: {' or '.join(players)}",
                "maker",
                "bidding",
            )
        trump = parse_suit(str(facts.get("trump", "")))
        if trump is None or trump not in rules.deck.suits:
            refuse("trump must be a suit: clubs, spades, hearts or diamonds", "trump", "bidding")
        assert isinstance(maker, str) and trump is not None
        points = self._quick_points(rules, players, facts.get("points"), refuse)
        entries = [str(e) for e in facts.get("sequences", []) or []]
        runs: list[Run] = []
        for entry in entries:
            name, colon, cards_text = entry.partition(":")
            if not colon or name.strip() not in players:
                refuse(
                    f"sequence {entry!r} must be Name:CARDS, like 'Ben:7H 8H 9H'",
                    "sequences",
                    "sequences",
                )
            runs.append(self._quick_run(rules, name.strip(), cards_text.split(), refuse))
        bella = facts.get("bella") or None
        if bella is not None and bella not in players:
            refuse(f"bella is a player: {' or '.join(players)}", "bella", "bella")
        for action in actions:
            verb = dict(rules.get("bidding.aliases", {})).get(action.verb, action.verb)
            if verb == "sequence":
                runs.append(self._quick_run(rules, action.actor, list(action.args), refuse))
            elif verb == "bella":
                if bella not in (None, action.actor):
                    refuse(
                        f"{action}: bella is already given for {bella}", "bella", "bella.announce"
                    )
                bella = action.actor
            else:
                refuse(
                    f"{action}: a quick hand takes sequences and bella as actions; "
                    "maker= and trump= say the bidding",
                    "actions",
                )
        try:
            check_runs(rules, runs)
        except IllegalActionError as exc:
            refuse(exc.message, "sequences", exc.rule or "sequences")
        if bella is not None:
            pair = [Card(r, trump) for r in rules.require("bella.ranks")]
            for run in runs:
                if run.player != bella and any(c in run.cards for c in pair):
                    refuse(
                        f"{bella} cannot hold the bella: {run.player}'s sequence {run.text} "
                        "holds one of its cards",
                        "bella",
                        "bella",
                    )
        revoke = facts.get("revoke") or None
        if revoke is not None and revoke not in players:
            refuse(
                f"revoke names the player who revoked: {' or '.join(players)}",
                "revoke",
                "options.revoke_penalty",
            )
        return score(
            rules,
            table,
            Facts(list(players), maker, trump, points, runs, bella, revoke),
        )

    @staticmethod
    def _quick_points(
        rules: Ruleset, players: Sequence[str], raw: Any, refuse: Refuse
    ) -> dict[str, int]:
        bonus = int(rules.require("play.last_trick_bonus"))
        most = int(rules.get("card_points.total", 0)) + bonus
        example = ",".join(f"{p}:{n}" for p, n in zip(players, (62, 90), strict=False))
        points: dict[str, int] = {}
        for entry in raw or []:
            name, colon, number = str(entry).partition(":")
            name = name.strip()
            if not colon or name not in players or not number.strip().isdigit():
                refuse(
                    f"points must be Name:N for each player, like {example}",
                    "points",
                    "card_points",
                )
            if name in points:
                refuse(f"points for {name} given twice", "points", "card_points")
            points[name] = int(number)
        missing = [p for p in players if p not in points]
        if missing:
            refuse(
                f"points must give every player's card points (missing {', '.join(missing)}), "
                f"like {example}",
                "points",
                "card_points",
            )
        total = sum(points.values())
        if total < bonus or total > most:
            refuse(
                f"the card points add up to {total}; with the last trick's {bonus} they come "
                f"to between {bonus} and {most}",
                "points",
                "card_points.total",
            )
        if max(points.values()) < bonus:
            refuse(
                f"someone took the last trick and its {bonus}, so one player has at least {bonus}",
                "points",
                "play.last_trick_bonus",
            )
        return points

    @staticmethod
    def _quick_run(rules: Ruleset, player: str, words: Iterable[str], refuse: Refuse) -> Run:
        try:
            cards = [rules.deck.parse(w) for w in words]
            return Run(player, read_run(rules, cards))
        except (CardError, IllegalActionError) as exc:
            refuse(f"{player}'s sequence: {exc.message}", "sequences", exc.rule or "sequences")


FAMILY = Klaberjass()
