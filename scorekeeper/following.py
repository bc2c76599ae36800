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

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal, get_args, get_origin

from scorekeeper.cards import Card
from scorekeeper.contract import TRUMP, Contract, suit_word
from scorekeeper.rules.common import Following
from scorekeeper.rules.schema import hints


@dataclass(frozen=True)
class Verdict:
    """Whether a card may be played, the rule key that decides it, and why in words."""

    legal: bool
    reason: str
    rule: str | None = None
    witness: Card | None = None  # the held card that creates the obligation

    def __bool__(self) -> bool:
        return self.legal


FollowingRules = Following
"""The following obligations of a rule set: its typed ``[following]`` table."""

VALUES = {
    name: get_args(tp)
    for name, tp in hints(Following).items()
    if get_origin(tp) is Literal
}


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
        return Verdict(True, "the leader may lead any card")
    led = contract.suit_of(trick[0])
    led_word = suit_word(led)
    best_pos = current_best(contract, trick, last_trick=last_trick)
    best = trick[best_pos]

    def beats(c: Card) -> bool:
        return contract.beats(c, best, led, last_trick=last_trick)

    same = sorted(
        contract.cards_of(led, holding), key=lambda c: contract.strength(c, led), reverse=True
    )
    if rules.follow_suit and same:
        if contract.suit_of(card) != led:
            return Verdict(
                False, f"must follow {led_word}: holds {same[0]}", "following.follow_suit", same[0]
            )
        heads = rules.head == "always" or (rules.head == "trump_led" and led == TRUMP)
        if heads:
            beaters = [c for c in same if beats(c)]
            if beaters and not beats(card):
                return Verdict(
                    False,
                    f"must beat {best}: holds {beaters[0]}, which beats it",
                    "following.head",
                    beaters[0],
                )
        return Verdict(True, f"follows {led_word}")

    # Unable to follow (as far as the holding shows).
    opponent_winning = partner_winning is False
    trumps = sorted(
        (c for c in holding if contract.is_trump(c)),
        key=lambda c: contract.trump_rank(c),
    )
    must_trump = rules.when_void == "trump" or (
        rules.when_void == "trump_if_opponent_winning" and opponent_winning
    )
    trick_trumped = contract.is_trump(best)
    over_required = rules.overtrump == "always" or (
        rules.overtrump == "if_opponent_winning" and opponent_winning
    )
    why_void = f"cannot follow {led_word}"
    if must_trump and trumps:
        over = [t for t in trumps if beats(t)]
        if trick_trumped and over_required and over:
            if not (contract.is_trump(card) and beats(card)):
                return Verdict(
                    False,
                    f"must over-trump: {over[0]} beats {best}",
                    "following.overtrump",
                    over[0],
                )
            return Verdict(True, f"{why_void} and over-trumps {best}")
        if not (trick_trumped and over_required) or rules.lower_trump_if_cannot_overtrump:
            if not contract.is_trump(card):
                who = " while an opponent is winning" if rules.when_void != "trump" else ""
                return Verdict(
                    False,
                    f"must trump{who}: {why_void}, holds {trumps[0]}",
                    "following.when_void",
                    trumps[0],
                )
            return Verdict(True, f"{why_void} and trumps")
    if (
        rules.undertrump == "only_if_nothing_else"
        and contract.is_trump(card)
        and trick_trumped
        and not beats(card)
    ):
        others = [c for c in holding if not contract.is_trump(c)] + [t for t in trumps if beats(t)]
        if others:
            return Verdict(
                False,
                f"may not under-trump {best}: holds {others[0]}",
                "following.undertrump",
                others[0],
            )
    if not rules.follow_suit:
        return Verdict(True, "no duty to follow suit")
    return Verdict(True, f"{why_void}: any card may be played")


def legal_cards(
    rules: FollowingRules,
    contract: Contract,
    trick: Sequence[Card],
    holding: Collection[Card],
    **context: bool | None,
) -> list[Card]:
    """The distinct cards of ``holding`` that may be played now."""
    seen: list[Card] = []
    for card in holding:
        if card not in seen and check_play(rules, contract, trick, card, holding, **context):  # type: ignore[arg-type]
            seen.append(card)
    return seen
