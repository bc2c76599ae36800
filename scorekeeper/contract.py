"""The contract of one hand: which cards are trumps, how every card ranks, who wins a trick.

A rule set names its contracts (``[contracts.NAME]``, trumps listed highest first, with
``{T}`` standing for a trump suit chosen at the table); a game family picks one per hand
and may adjust it (piglets, the second ten of hearts). The trick-winning rules here are the
same for every game: a trump beats every plain card, a plain card only counts in the suit
led, and of two identical cards the first played wins unless the contract says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.cards import RANKS, SUIT_NAMES, SUITS, Card, Deck
from scorekeeper.errors import CardError, RulesetError
from scorekeeper.reasons import Reason
from scorekeeper.record import field, record, replace
from scorekeeper.rules import Ruleset

TRUMP = "trump"


def suit_word(suit: str) -> str:
    return "trumps" if suit == TRUMP else SUIT_NAMES[suit]


@record(frozen=True)
class Contract:
    """What decides tricks in one hand."""

    key: str
    name: str
    trumps: tuple[Card, ...]
    plain_order: tuple[str, ...]
    trump_suit: str | None = None
    # Identical cards: normally the first played wins; these cards reverse that.
    second_beats_first: frozenset[Card] = field(default_factory=frozenset)
    second_beats_first_last_trick: frozenset[Card] = field(default_factory=frozenset)
    # Which option or key made the reversal, for the reason text.
    reversal_rules: tuple[tuple[Card, str], ...] = ()
    # Trumps an option moved in the order (piglets), with that option, for the reason.
    promoted: tuple[tuple[Card, str], ...] = ()
    # The game's deck (``from_rules``); None: every card a trump or ranked in a plain suit.
    deck: Deck | None = field(default=None, repr=False, compare=False)
    # Made from the fields above by ``__post_init__``, once per contract: the tables the
    # engine's hottest queries read (never given, compared or shown).
    _trump_index: dict[Card, int] = field(init=False, repr=False, compare=False)
    _plain_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _trump_strength: dict[Card, tuple[int, int]] = field(init=False, repr=False, compare=False)
    _cards: frozenset[Card] = field(init=False, repr=False, compare=False)

    @classmethod
    def from_rules(
        cls, rules: Ruleset, key: str, trump_suit: str | None = None, **changes: object
    ) -> Contract:
        contracts = rules.spec.contracts
        spec = contracts.get(key)
        if spec is None:
            why = Reason(
                "games.unknown_game", {"game": key, "rules": rules.name, "games": tuple(contracts)}
            )
            raise RulesetError(why, rule="contracts")
        trumps: list[Card] = []
        for code in spec.trumps:
            if "{T}" in code:
                if trump_suit is None:
                    continue
                code = code.replace("{T}", trump_suit)
            card = Card.parse(code)
            if card in rules.deck and card not in trumps:
                trumps.append(card)
        contract = cls(
            key=key,
            name=spec.name or key,
            trumps=tuple(trumps),
            plain_order=spec.plain_order or rules.spec.ranking.plain_order,
            trump_suit=trump_suit,
            deck=rules.deck,
        )
        if changes:
            contract = contract.replace(**changes)
        return contract

    def replace(self, **changes: object) -> Contract:
        return replace(self, **changes)

    def __post_init__(self) -> None:
        index = {c: i for i, c in enumerate(self.trumps)}
        object.__setattr__(self, "_trump_index", index)
        object.__setattr__(self, "_plain_index", {r: i for i, r in enumerate(self.plain_order)})
        object.__setattr__(self, "_trump_strength", {c: (2, -i) for c, i in index.items()})
        if self.deck is not None:
            cards = frozenset(self.deck.cards)
        else:
            ranked = set(self.plain_order)
            cards = frozenset(c for s in SUITS for r in RANKS if r in ranked for c in [Card(r, s)])
        object.__setattr__(self, "_cards", cards | frozenset(self.trumps))

    # -- the deck
    @property
    def cards(self) -> frozenset[Card]:
        """The cards of this contract's game: its deck's (else the trumps and every card
        a plain suit ranks)."""
        return self._cards

    def verify_card(self, card: Card) -> None:
        """A ``CardError`` (rule ``deck.ranks``) naming ``card`` and the deck, for a card
        that is not one of this game's."""
        if card in self._cards:
            return
        deck = self.deck
        ranks = deck.ranks if deck is not None else tuple(r for r in RANKS if r in self.plain_order)
        suits = deck.suits if deck is not None else SUITS
        why = Reason("cards.not_in_deck", {"card": card, "ranks": ranks, "suits": suits})
        raise CardError(why, rule="deck.ranks")

    # -- classification
    def is_trump(self, card: Card) -> bool:
        return card in self._trump_index

    def suit_of(self, card: Card) -> str:
        """The suit a card follows as: ``trump`` for every trump, else its printed suit."""
        return TRUMP if card in self._trump_index else card.suit

    def trump_rank(self, card: Card) -> int:
        """0 for the highest trump; a ``CardError`` (a ``ValueError``) naming the card and
        the contract's trumps for a card that is not one of them."""
        rank = self._trump_index.get(card)
        if rank is None:
            why = Reason("trick.not_trump", {"card": card, "trumps": self.trumps})
            raise CardError(why, rule=f"contracts.{self.key}.trumps")
        return rank

    def plain_rank(self, card: Card) -> int:
        """0 for the highest card of a plain suit; a ``CardError`` (a ``ValueError``) for
        a card whose rank this contract's plain order lacks: a card not in the deck."""
        rank = self._plain_index.get(card.rank)
        if rank is None:
            why = Reason("trick.unranked", {"card": card, "ranks": self.plain_order})
            raise CardError(why, rule="ranking.plain_order")
        return rank

    def strength(self, card: Card, led: str) -> tuple[int, int]:
        """Comparable strength of a card in a trick whose led suit is ``led``."""
        trump = self._trump_strength.get(card)
        if trump is not None:
            return trump
        if card.suit == led:
            return (1, -self.plain_rank(card))
        return (0, 0)

    def beats(self, card: Card, best: Card, led: str, *, last_trick: bool = False) -> bool:
        """Does ``card``, played after ``best``, take the lead from it?"""
        mine, theirs = self.strength(card, led), self.strength(best, led)
        if mine != theirs:
            return mine > theirs
        if mine[0] == 0:
            return False
        # identical cards
        if card in self.second_beats_first:
            return True
        return last_trick and card in self.second_beats_first_last_trick

    def cards_of(self, suit: str, cards: Iterable[Card]) -> list[Card]:
        return [c for c in cards if self.suit_of(c) == suit]

    def rank_reason(self, card: Card) -> Reason:
        """Where a card stands: its place among the trumps or in its plain suit."""
        if self.is_trump(card):
            return Reason(
                "trick.trump_rank", {"n": self.trump_rank(card) + 1, "of": len(self.trumps)}
            )
        return Reason("trick.plain_rank", {"n": self.plain_rank(card) + 1, "suit": card.suit})

    def describe_rank(self, card: Card) -> str:
        return self.rank_reason(card).text()

    def reversal_rule(self, card: Card) -> str | None:
        for c, rule in self.reversal_rules:
            if c == card:
                return rule
        return None


@record(frozen=True)
class TrickVerdict:
    """Who took a trick, why (a reason the view words) and the rule behind it."""

    index: int  # position in the trick (0 = leader)
    why: Reason
    rule: str

    def __init__(self, index: int, why: Reason, rule: str) -> None:
        # Written out: one for every trick judged.
        fields = self.__dict__
        fields["index"] = index
        fields["why"] = why
        fields["rule"] = rule

    @property
    def reason(self) -> str:
        return self.why.worded()


def _took(key: str, rule: str, best: int, card: Card, who: str, **params: object) -> TrickVerdict:
    return TrickVerdict(
        best, Reason(f"trick.{key}", {"card": card, "player": who, **params}, rule), rule
    )


def verify_trick(cards: Sequence[Card], players: Sequence[str] | None = None) -> None:
    """A ``CardError`` for a trick that has no best card to judge: no card, or more cards
    than ``players`` (each plays one card to a trick; None: not asked)."""
    if not cards:
        raise CardError(Reason("trick.no_cards", {}), rule="play.tricks")
    if players is not None and len(cards) > len(players):
        why = Reason("trick.too_many", {"count": len(cards), "players": tuple(players)})
        raise CardError(why, rule="play.tricks")


def judge_trick(
    contract: Contract, cards: Sequence[Card], players: Sequence[str], *, last_trick: bool
) -> TrickVerdict:
    """Decide a complete (or partial) trick: the winning position and why (a
    ``CardError`` for a trick of no cards, or of more cards than players)."""
    verify_trick(cards, players)
    led = contract.suit_of(cards[0])
    best = 0
    for i in range(1, len(cards)):
        if contract.beats(cards[i], cards[best], led, last_trick=last_trick):
            best = i
    card = cards[best]
    who = players[best]
    twins = [j for j, c in enumerate(cards) if c == card and j != best]
    if twins and contract.strength(card, led)[0] > 0:
        if twins[0] < best:
            rule = contract.reversal_rule(card) or "ranking.identical"
            return _took("second_wins", rule, best, card, who, reversal=rule)
        return _took("first_wins", "ranking.identical", best, card, who)
    if contract.is_trump(card):
        rule = dict(contract.promoted).get(card, f"contracts.{contract.key}.trumps")
        if any(contract.is_trump(c) for j, c in enumerate(cards) if j != best):
            return _took("highest_trump", rule, best, card, who, rank=contract.rank_reason(card))
        return _took("only_trump", rule, best, card, who)
    return _took("highest_plain", "ranking.plain_order", best, card, who, suit=led)
