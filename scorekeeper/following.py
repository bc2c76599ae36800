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
from typing import Literal, get_args, get_origin

from scorekeeper.cards import BY_INDEX, SUITS, Card
from scorekeeper.contract import TRUMP, Contract
from scorekeeper.reasons import Reason
from scorekeeper.record import record
from scorekeeper.rules.common import Following
from scorekeeper.rules.schema import hints


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
    """
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


def legal_cards(
    rules: FollowingRules,
    contract: Contract,
    trick: Sequence[Card],
    holding: Collection[Card],
    *,
    partner_winning: bool | None = None,
    last_trick: bool = False,
) -> list[Card]:
    """The distinct cards of ``holding`` that may be played now, in the holding's order."""
    allowed = duties(rules, contract).legal(
        mask(holding), tuple(c.index for c in trick), partner_winning, last_trick
    )
    seen: list[Card] = []
    for card in holding:
        if allowed >> card.index & 1 and card not in seen:
            seen.append(card)
    return seen


def mask(cards: Iterable[Card]) -> int:
    """A set of cards as a bit mask over ``Card.index`` (copies fold into one bit)."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def held_masks(cards: Iterable[Card]) -> tuple[int, int]:
    """A holding as card masks: the cards it holds, and those it holds two copies of."""
    once = twice = 0
    for card in cards:
        bit = _BIT[card]
        twice |= once & bit  # seen before: a second copy
        once |= bit
    return once, twice


_BIT = {card: 1 << card.index for card in BY_INDEX}
"""Every card's bit in a card mask, made once."""


def duties(rules: FollowingRules, contract: Contract) -> Duties:
    """The ``Duties`` of ``contract`` under ``rules``: made once, kept on the contract."""
    kept = contract.__dict__
    last = kept.get("_duties_last")  # the rules asked last, the same object: no hashing
    if last is not None and last[0] is rules:
        return last[1]  # type: ignore[no-any-return]
    made: dict[FollowingRules, Duties] = kept.setdefault("_duties", {})
    found = made.get(rules)
    if found is None:
        found = made[rules] = Duties(rules, contract)
    kept["_duties_last"] = (rules, found)
    return found


# What a trick so far asks of the next card: the cards that follow the suit led, the cards
# that beat the best card, the cards that head it when heading is due (else none), whether
# the best card is a trump, and the position of the best card.
Spot = tuple[int, int, int, bool, int]


# What a trick so far asks of the next card as the card run reads it, card by card: the
# masks and flag of its Spot (the cards that follow the suit led, that beat the best card,
# that head it when heading is due; whether the best card is a trump), then by the index
# of a card that leads the trick or beats its best card what the trick asks after it (a
# list shared by the tricks of a suit led, each made when first needed), and the suit led
# (None before the lead: every card "beats" no card yet). The run keeps the position of
# the best card itself.
Ask = tuple[int, int, int, bool, "list[Ask | None]", "str | None"]


class _Spots(dict[tuple[int, ...], Spot]):
    """What each trick so far (its card indices) asks, worked out when first looked up
    (``spots[trick]``) for the trick numbers that are the last or not."""

    def __init__(self, duties: Duties, last_trick: bool) -> None:
        super().__init__()
        self.duties, self.last_trick = duties, last_trick

    def __missing__(self, trick: tuple[int, ...]) -> Spot:
        found = self[trick] = self.duties._spot(trick, self.last_trick)
        return found


class Duties:
    """The following rules of one contract as card sets (bit masks over ``Card.index``).

    ``legal(held, trick)`` answers which of the held cards may be played, without a
    reason; it is the same judgement as ``check_play`` (a property test holds them
    together), which says why. What a trick asks is worked out once per trick seen.
    """

    def __init__(self, rules: FollowingRules, contract: Contract) -> None:
        self.contract = contract
        trump = mask(contract.trumps)
        self.trump = trump
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
        self.spots: tuple[_Spots, _Spots] = (_Spots(self, False), _Spots(self, True))
        # the card run's reading of what a trick asks (see Ask): before its lead, and the
        # lists of what it asks after a card, by the suit led (``then``)
        self.opening: tuple[Ask, Ask] = (
            (0, -1, 0, False, [None] * len(BY_INDEX), None),
            (0, -1, 0, False, [None] * len(BY_INDEX), None),
        )
        self.after: dict[tuple[str, bool], list[Ask | None]] = {}
        self.beaten: dict[tuple[str, Card, bool], int] = {}

    def spot(self, trick: tuple[int, ...], last_trick: bool = False) -> Spot:
        """What the trick so far (card indices, at least one) asks of the next card."""
        found = self.spots[last_trick].get(trick)
        if found is None:
            found = self.spots[last_trick][trick] = self._spot(trick, last_trick)
        return found

    def then(self, ask: Ask, index: int, last_trick: bool) -> Ask:
        """What the trick asks once card ``index`` leads it or beats its best card (``ask``:
        what it asked before): ``spot``'s reading, made when first needed."""
        contract = self.contract
        led = ask[5] or contract.suit_of(BY_INDEX[index])
        best = BY_INDEX[index]
        beat = self.beaten.get((led, best, last_trick))
        if beat is None:
            beat = self.beaten[led, best, last_trick] = self._beating(led, best, last_trick)
        head = self.head == "always" or (self.head == "trump_led" and led == TRUMP)
        after = self.after.get((led, last_trick))
        if after is None:
            after = self.after[led, last_trick] = [None] * len(BY_INDEX)
        made = (self.follow[led], beat, beat if head else 0, contract.is_trump(best), after, led)
        ask[4][index] = made
        return made

    def walk(self, trick: tuple[int, ...], last_trick: bool) -> tuple[Ask, int]:
        """What the trick so far (card indices) asks as the card run reads it, and the
        position of its best card."""
        ask, best = self.opening[last_trick], 0
        for position, index in enumerate(trick):
            if ask[1] >> index & 1:  # it leads, or beats the best card so far
                ask = ask[4][index] or self.then(ask, index, last_trick)
                best = position
        return ask, best

    def _spot(self, trick: tuple[int, ...], last_trick: bool) -> Spot:
        if len(trick) == 1:
            return self._asks(trick[0], 0, trick, last_trick)
        # current_best's scan, from the trick before the last card (seen first, so known):
        # the last card beats its best card or not (the cards that beat it are that spot's
        # mask: the very comparison current_best makes)
        before = self.spots[last_trick][trick[:-1]]
        if before[1] >> trick[-1] & 1:
            return self._asks(trick[0], len(trick) - 1, trick, last_trick)
        return before  # the same best card: the trick asks what it asked

    def _asks(self, first: int, position: int, trick: tuple[int, ...], last_trick: bool) -> Spot:
        """What a trick led by card ``first`` whose best card is at ``position`` asks."""
        contract = self.contract
        led = contract.suit_of(BY_INDEX[first])
        best = BY_INDEX[trick[position]]
        beat = self.beaten.get((led, best, last_trick))
        if beat is None:
            beat = self.beaten[led, best, last_trick] = self._beating(led, best, last_trick)
        head = self.head == "always" or (self.head == "trump_led" and led == TRUMP)
        return (self.follow[led], beat, beat if head else 0, contract.is_trump(best), position)

    def _beating(self, led: str, best: Card, last_trick: bool) -> int:
        """The cards that beat ``best`` in a trick of suit ``led``."""
        beat = 0
        for card in BY_INDEX:
            try:
                if self.contract.beats(card, best, led, last_trick=last_trick):
                    beat |= 1 << card.index
            except ValueError:  # a rank this contract's plain order lacks: not in the deck
                continue
        return beat

    def legal(
        self,
        held: int,
        trick: tuple[int, ...],
        partner_winning: bool | None = None,
        last_trick: bool = False,
    ) -> int:
        """The held cards (a mask) that may be played to ``trick`` (card indices so far)."""
        if not trick:
            return held
        spot = self.spots[last_trick].get(trick) or self.spot(trick, last_trick)
        same = held & spot[0]
        if same and self.follow_suit:
            return (same & spot[2]) or same  # heading, when it is due and possible
        return self._void(held, spot, partner_winning is False)

    def legal_at(self, held: int, spot: Spot | Ask, partner_winning: bool | None = None) -> int:
        """``legal`` for a trick of at least one card, given what it asks (its ``spot``, or
        the card run's ``Ask``)."""
        same = held & spot[0]
        if same and self.follow_suit:
            return (same & spot[2]) or same  # heading, when it is due and possible
        return self._void(held, spot, partner_winning is False)

    def _void(self, held: int, spot: Spot | Ask, opponent_winning: bool) -> int:
        """Unable to follow (or free to do otherwise): trump, overtrump, undertrump."""
        beat, trumped = spot[1], spot[3]
        trumps = held & self.trump
        if trumps and (self.void_trump or (self.void_trump_opponent and opponent_winning)):
            if trumped and (self.over_always or (self.over_opponent and opponent_winning)):
                over = trumps & beat
                if over:
                    return over
                if self.lower_trump:
                    return trumps
            else:
                return trumps
        if self.no_undertrump and trumped:
            under = trumps & ~beat
            if under and held & ~under:
                return held & ~under
        return held
