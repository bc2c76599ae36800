"""Following rules: may this card be played to this trick from this hand, and if not, why.

The obligations are the same few mechanisms in every game, switched and tuned by the rule
set's ``[following]`` table:

- ``follow_suit``: play the suit led if able (trumps count as one suit);
- ``head``: when following, beat the best card so far if able (``never``, ``trump_led``,
  ``always``);
- ``when_void``: unable to follow, ``any`` card, a ``trump``, or a trump only when an
  opponent is winning (``trump_if_opponent_winning``);
- ``overtrump``: when a trump is required and the trick holds one, beat it if able
  (``never``, ``always``, ``if_opponent_winning``); ``lower_trump_if_cannot_overtrump``
  says whether a trump is still required when no trump beats it;
- ``undertrump``: playing a trump lower than one in the trick while void
  (``allowed``, or ``only_if_nothing_else``).

Every obligation only grows as a hand holds more cards, so a play that is illegal against
the cards a player is *known* to have held is certainly illegal: that is what lets the
engine prove a revoke from cards played later.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from itertools import chain, compress
from typing import Literal, get_args, get_origin, overload

from scorekeeper.caches import cache
from scorekeeper.cards import BY_INDEX, SUITS, Card
from scorekeeper.contract import TRUMP, Contract, verify_trick
from scorekeeper.holdings import BIT
from scorekeeper.reasons import Reason
from scorekeeper.record import record
from scorekeeper.rules.schema import Following, hints


@record(frozen=True)
class Verdict:
    """Whether a card may be played, the rule key that decides it, and why (a ``Reason``
    the view puts into words)."""

    legal: bool
    why: Reason
    rule: str | None = None
    witness: Card | None = None  # the held card that creates the obligation

    def __init__(
        self, legal: bool, why: Reason, rule: str | None = None, witness: Card | None = None
    ) -> None:
        # Written out: one per card judged.
        fields = self.__dict__
        fields["legal"] = legal
        fields["why"] = why
        fields["rule"] = rule
        fields["witness"] = witness

    def __bool__(self) -> bool:
        return self.legal

    @property
    def reason(self) -> str:
        return self.why.text()


def allowed(key: str, **params: object) -> Verdict:
    return Verdict(True, Reason(f"following.{key}", params))


def refused(key: str, rule: str, witness: Card, **params: object) -> Verdict:
    return Verdict(
        False, Reason(f"following.{key}", {"card": witness, **params}, rule), rule, witness
    )


FollowingRules = Following
"""The following obligations of a rule set: its typed ``[following]`` table."""

VALUES = {name: get_args(tp) for name, tp in hints(Following).items() if get_origin(tp) is Literal}


def current_best(contract: Contract, cards: Sequence[Card], *, last_trick: bool) -> int:
    """The position of the best card of ``cards`` (a trick of at least one card; a
    ``CardError`` for none)."""
    verify_trick(cards)
    led = contract.suit_of(cards[0])
    best = 0
    for i in range(1, len(cards)):
        if contract.beats(cards[i], cards[best], led, last_trick=last_trick):
            best = i
    return best


def check_play(
    rules: FollowingRules,
    contract: Contract,
    trick: Sequence[Card],
    card: Card,
    holding: Collection[Card],
    *,
    partner_winning: bool | None = None,
    last_trick: bool = False,
) -> Verdict:
    """Judge ``card`` played to ``trick`` (cards so far) by someone holding ``holding``.

    ``holding`` is what the player held at that moment (including ``card``), as far as it is
    known; ``partner_winning`` says whether the trick is currently the player's side's.
    A card that is not one of the game's is refused with a ``CardError`` (``Contract.verify_card``).
    """
    verify = contract.verify_card
    verify(card)
    for known in chain(trick, holding):
        verify(known)
    if not trick:
        return allowed("lead")
    return _Judge(rules, contract, trick, holding, partner_winning, last_trick).judge(card)


class _Judge:
    """One trick seen by one player: which obligations the holding creates."""

    def __init__(
        self,
        rules: FollowingRules,
        contract: Contract,
        trick: Sequence[Card],
        holding: Collection[Card],
        partner_winning: bool | None,
        last_trick: bool,
    ) -> None:
        self.rules = rules
        self.contract = contract
        self.holding = holding
        self.last_trick = last_trick
        self.led = contract.suit_of(trick[0])
        self.best = trick[current_best(contract, trick, last_trick=last_trick)]
        self.opponent_winning = partner_winning is False

    def beats(self, card: Card) -> bool:
        return self.contract.beats(card, self.best, self.led, last_trick=self.last_trick)

    def judge(self, card: Card) -> Verdict:
        contract, led = self.contract, self.led
        same = sorted(
            contract.cards_of(led, self.holding),
            key=lambda c: contract.strength(c, led),
            reverse=True,
        )
        if self.rules.follow_suit and same:
            return self.following(card, same)
        return self.void(card)

    def following(self, card: Card, same: list[Card]) -> Verdict:
        if self.contract.suit_of(card) != self.led:
            return refused("must_follow", "following.follow_suit", same[0], suit=self.led)
        head = self.rules.head
        if head == "always" or (head == "trump_led" and self.led == TRUMP):
            beaters = [c for c in same if self.beats(c)]
            if beaters and not self.beats(card):
                return refused("must_head", "following.head", beaters[0], best=self.best)
        return allowed("follows", suit=self.led)

    def void(self, card: Card) -> Verdict:
        """Unable to follow (as far as the holding shows)."""
        rules, contract = self.rules, self.contract
        trumps = sorted((c for c in self.holding if contract.is_trump(c)), key=contract.trump_rank)
        must_trump = rules.when_void == "trump" or (
            rules.when_void == "trump_if_opponent_winning" and self.opponent_winning
        )
        if must_trump and trumps:
            verdict = self.trumping(card, trumps)
            if verdict is not None:
                return verdict
        verdict = self.undertrumping(card, trumps)
        if verdict is not None:
            return verdict
        if not rules.follow_suit:
            return allowed("free")
        return allowed("void_any", suit=self.led)

    def trumping(self, card: Card, trumps: list[Card]) -> Verdict | None:
        rules, contract = self.rules, self.contract
        trick_trumped = contract.is_trump(self.best)
        over_required = rules.overtrump == "always" or (
            rules.overtrump == "if_opponent_winning" and self.opponent_winning
        )
        over = [t for t in trumps if self.beats(t)]
        if trick_trumped and over_required and over:
            if not (contract.is_trump(card) and self.beats(card)):
                return refused("must_overtrump", "following.overtrump", over[0], best=self.best)
            return allowed("overtrumps", suit=self.led, best=self.best)
        if not (trick_trumped and over_required) or rules.lower_trump_if_cannot_overtrump:
            if not contract.is_trump(card):
                key = "must_trump" if rules.when_void == "trump" else "must_trump_opponent"
                return refused(key, "following.when_void", trumps[0], suit=self.led)
            return allowed("trumps", suit=self.led)
        return None

    def undertrumping(self, card: Card, trumps: list[Card]) -> Verdict | None:
        contract = self.contract
        if (
            self.rules.undertrump == "only_if_nothing_else"
            and contract.is_trump(card)
            and contract.is_trump(self.best)
            and not self.beats(card)
        ):
            others = [c for c in self.holding if not contract.is_trump(c)]
            others += [t for t in trumps if self.beats(t)]
            if others:
                return refused("no_undertrump", "following.undertrump", others[0], best=self.best)
        return None


@overload
def legal_cards(
    rules: FollowingRules,
    contract: Contract,
    trick: Sequence[Card],
    holding: int,
    *,
    partner_winning: bool | None = None,
    last_trick: bool = False,
) -> int: ...
@overload
def legal_cards(
    rules: FollowingRules,
    contract: Contract,
    trick: Sequence[Card],
    holding: Collection[Card],
    *,
    partner_winning: bool | None = None,
    last_trick: bool = False,
) -> list[Card]: ...
def legal_cards(
    rules: FollowingRules,
    contract: Contract,
    trick: Sequence[Card],
    holding: int | Collection[Card],
    *,
    partner_winning: bool | None = None,
    last_trick: bool = False,
) -> int | list[Card]:
    """Which cards of ``holding`` may be played to ``trick`` (the cards so far): the one
    legal-card query (the card masks of ``Duties``; ``check_play`` says why).

    The card mask is the model (bit ``Card.index``: what a ``Hand`` holds, what ``mask``
    makes of cards): given the holding as a mask, the answer is the mask of the cards that
    may be played, and nothing is converted. Given the holding as cards, it is made a mask
    here and the answer is the distinct cards allowed, in the holding's order. A card
    that is not one of the game's (in the holding or the trick) is refused with a
    ``CardError`` naming it and the deck (``Contract.verify_card``)."""
    table = _DUTIES.get(id(contract))
    if table is None or table.rules is not rules:
        table = duties(rules, contract)
    if isinstance(holding, int):
        if holding & table.outside:
            table.verify_cards(holding)
        if trick:
            return table.legal_at(holding, table.after_cards(trick, last_trick), partner_winning)
        return holding
    held = sum(map(BIT.__getitem__, holding))
    if held.bit_count() != len(holding):  # a card held twice: its bit counted once
        held = mask(holding)
        holding = list(dict.fromkeys(holding))
    if held & table.outside:
        table.verify_cards(held)
    if trick:
        allowed = table.legal_at(held, table.after_cards(trick, last_trick), partner_winning)
        if allowed != held:
            return list(compress(holding, map(allowed.__and__, map(BIT.__getitem__, holding))))
    return list(holding)


def mask(cards: Iterable[Card]) -> int:
    """A set of cards as a bit mask over ``Card.index`` (copies fold into one bit)."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


EVERY = (1 << len(BY_INDEX)) - 1
"""The mask of every card."""

_DUTIES: dict[int, Duties] = cache("following.duties", "id(contract)").entries


def duties(rules: FollowingRules, contract: Contract) -> Duties:
    """The ``Duties`` of ``contract`` under ``rules``: kept by the contract's id (``_DUTIES``;
    the ``Duties`` keeps the contract alive, so the id is not reused while it is kept), made
    anew when the kept one is of other following rules (a contract is judged under one)."""
    found = _DUTIES.get(id(contract))
    if found is None or found.rules is not rules:
        found = _DUTIES[id(contract)] = Duties(rules, contract)
    return found


class TrickAsks:
    """What a trick so far asks of the next card, as card masks (bit ``Card.index``):

    - ``follow``: the cards that follow the suit led (none before the lead);
    - ``beat``: the cards that beat the best card so far (every card before the lead);
    - ``head``: the cards that head it, when heading is due (else none);
    - ``trumped``: whether the best card so far is a trump;
    - ``led``: the suit led (None before the lead);
    - ``after``: by the index of a card that leads the trick or beats its best card, what
      the trick asks once that card is down (each made when first needed, shared by every
      trick of the same suit led whose best card it is).

    A trick's state is these and the position of its best card: following a trick card by
    card is a bit test and a list look-up (``Duties.then``).
    """

    __slots__ = ("after", "beat", "follow", "head", "led", "trumped")

    def __init__(
        self,
        follow: int,
        beat: int,
        head: int,
        trumped: bool,
        led: str | None,
        after: list[TrickAsks | None],
    ) -> None:
        self.follow = follow
        self.beat = beat
        self.head = head
        self.trumped = trumped
        self.led = led
        self.after = after


class Duties:
    """The following rules of one contract as card masks (bit ``Card.index``).

    ``legal_at(held, asks)`` answers which of the held cards may be played to a trick that
    asks ``asks`` (a ``TrickAsks``), without a reason; it is the engine's one judgement of a
    card (the hand's, the legal-card query's, the referee's), and ``check_play`` explains a
    refusal with the same obligations (a property test holds them together). ``then``
    follows a trick card by card; the position of the best card decides who takes it.
    """

    def __init__(self, rules: FollowingRules, contract: Contract) -> None:
        self.rules = rules  # kept: the ``duties`` cache is keyed by its id
        self.contract = contract
        trump = mask(contract.trumps)
        self.trump = trump
        self.outside = EVERY & ~mask(contract.cards)  # the cards that are not the game's
        self.follow = {s: mask(c for c in BY_INDEX if c.suit == s) & ~trump for s in SUITS}
        self.follow[TRUMP] = trump
        self.follow_suit = rules.follow_suit
        self.head = rules.head
        self.void_trump = rules.when_void == "trump"
        self.void_trump_opponent = rules.when_void == "trump_if_opponent_winning"
        self.over_always = rules.overtrump == "always"
        self.over_opponent = rules.overtrump == "if_opponent_winning"
        self.lower_trump = rules.lower_trump_if_cannot_overtrump
        self.no_undertrump = rules.undertrump == "only_if_nothing_else"
        # whether the duties ask who is winning the trick (the partner or an opponent)
        self.sided = self.void_trump_opponent or self.over_opponent
        # what a trick asks before its lead, not the last trick and the last
        self.opening: tuple[TrickAsks, TrickAsks] = (
            TrickAsks(0, -1, 0, False, None, [None] * len(BY_INDEX)),
            TrickAsks(0, -1, 0, False, None, [None] * len(BY_INDEX)),
        )
        # the lists of what a trick asks after a card, by the suit led and the last trick
        self._after: dict[tuple[str, bool], list[TrickAsks | None]] = {}

    def then(self, asks: TrickAsks, index: int, last_trick: bool) -> TrickAsks:
        """What the trick asks once card ``index`` leads it or beats its best card
        (``asks``: what it asked before), made when first needed. A card that is not the
        game's is refused here (``verify_cards``): its bit is in every ``beat``, so a
        trick walked card by card brings it here."""
        made = asks.after[index]
        if made is not None:
            return made
        if self.outside >> index & 1:  # never kept: a card not the game's comes here
            self.verify_cards(1 << index)
        contract = self.contract
        best = BY_INDEX[index]
        led = asks.led or contract.suit_of(best)
        beat = self.outside  # the cards not the game's "beat" it, to be refused
        for card in BY_INDEX:
            try:
                if contract.beats(card, best, led, last_trick=last_trick):
                    beat |= 1 << card.index
            except ValueError:  # a rank this contract's plain order lacks: not in the deck
                continue
        head = self.head == "always" or (self.head == "trump_led" and led == TRUMP)
        after = self._after.get((led, last_trick))
        if after is None:
            after = self._after[led, last_trick] = [None] * len(BY_INDEX)
        made = asks.after[index] = TrickAsks(
            self.follow[led], beat, beat if head else 0, contract.is_trump(best), led, after
        )
        return made

    def walk(self, trick: Sequence[int], last_trick: bool) -> tuple[TrickAsks, int]:
        """What the trick so far (card indices) asks, and the position of its best card."""
        asks, best = self.opening[last_trick], 0
        for position, index in enumerate(trick):
            if asks.beat >> index & 1:  # it leads, or beats the best card so far
                asks = asks.after[index] or self.then(asks, index, last_trick)
                best = position
        return asks, best

    def after_cards(self, trick: Sequence[Card], last_trick: bool) -> TrickAsks:
        """``walk``'s asks for a trick given as cards (a card not the game's refused by
        ``then``: every trick's ``beat`` holds the cards that are not the game's)."""
        asks = self.opening[last_trick]
        for card in trick:
            index = card.index
            if asks.beat >> index & 1:
                asks = asks.after[index] or self.then(asks, index, last_trick)
        return asks

    def verify_cards(self, cards: int) -> None:
        """A ``CardError`` naming the first card of ``cards`` (a mask) that is not one of
        the game's, and the deck (``Contract.verify_card``)."""
        for card in BY_INDEX:
            if cards >> card.index & 1:
                self.contract.verify_card(card)

    def winner(self, trick: Sequence[int], last_trick: bool) -> int:
        """The position that takes the trick (card indices): its best card's. What
        ``contract.judge_trick`` decides and explains."""
        return self.walk(trick, last_trick)[1]

    def legal(
        self,
        held: int,
        trick: Sequence[int],
        partner_winning: bool | None = None,
        last_trick: bool = False,
    ) -> int:
        """The held cards (a mask) that may be played to ``trick`` (card indices so far);
        a card not the game's refused (``verify_cards``)."""
        cards = held
        for index in trick:
            cards |= 1 << index
        if cards & self.outside:
            self.verify_cards(cards & self.outside)
        if not trick:
            return held
        return self.legal_at(held, self.walk(trick, last_trick)[0], partner_winning)

    def legal_at(self, held: int, asks: TrickAsks, partner_winning: bool | None = None) -> int:
        """The held cards (a mask) that may be played to a trick of at least one card
        that asks ``asks``; ``partner_winning``: whether the best card so far is the
        partner's (None: not known; asked only when the duties are ``sided``)."""
        same = held & asks.follow
        if same and self.follow_suit:
            return (same & asks.head) or same  # heading, when it is due and possible
        # unable to follow (or free to do otherwise): trump, overtrump, undertrump
        trumps = held & self.trump
        if not trumps:
            return held
        opponent_winning = partner_winning is False
        trumped = asks.trumped
        if self.void_trump or (self.void_trump_opponent and opponent_winning):
            if trumped and (self.over_always or (self.over_opponent and opponent_winning)):
                over = trumps & asks.beat
                if over:
                    return over
                if self.lower_trump:
                    return trumps
            else:
                return trumps
        if self.no_undertrump and trumped:
            under = trumps & ~asks.beat
            if under and held & ~under:
                return held & ~under
        return held
