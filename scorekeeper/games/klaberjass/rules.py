"""The Klaberjass rule-set schema: the tables a Klaberjass rule set holds beyond the shared
ones, typed, and the checks across them (a sequence order of the deck's ranks, bella and
the exchange made of ranks of the deck, a trump order for the suit made trump).

The mechanics read the rule set only through ``spec(rules)`` and ``options(rules)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar, Literal, cast

from scorekeeper.record import record
from scorekeeper.rules.schema import (
    TRUMP_PLACEHOLDER,
    CommonRules,
    DealSpec,
    Explained,
    Match,
    Play,
    Problem,
    Section,
    key,
    said,
)

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset

CONTRACT = "suit"  # the one contract: the suit made trump in the bidding


@record(frozen=True, kw_only=True)
class KlaberjassDeal(DealSpec):
    turnup: str = key(default="", help="what becomes of the turned-up card")
    bottom_card: str = key(default="", help="what becomes of the bottom card of the stock")


@record(frozen=True, kw_only=True)
class Bidding(Explained):
    aliases: Mapping[str, str] = key(default={}, help="other words for a verb: take = accept")
    turnup: str = key(default="", help="the turn-up before the bidding")
    order: str = key(default="", help="who speaks first in each round")
    round_one: str = key(default="", help="what round one decides")
    round_two: str = key(default="", help="what round two decides")
    redeal: str = key(default="", help="four passes")


@record(frozen=True, kw_only=True)
class Exchange(Explained):
    rank: str = key(help="the rank of the trump card exchanged for the turn-up")
    when: str = key(default="", help="when the exchange may be made")


@record(frozen=True, kw_only=True)
class Sequences(Explained):
    order: tuple[str, ...] = key(min=1, help="the ranks in sequence order, lowest first")
    min_length: int = key(min=1, help="the fewest cards a sequence has")
    points: Mapping[str, int] = key(min=1, help="a sequence's value by its length")
    window: str = key(default="", help="when sequences are announced")
    compare: str = key(default="", help="which sequence is the best")

    def problems(self) -> Iterable[Problem]:
        for length, value in self.points.items():
            if not length.isdigit() or value < 0:
                yield f"points.{length}", said("klaberjass.rules.points")

    def value(self, length: int) -> int:
        """A sequence's value: by its length, the longest listed length covering all longer."""
        table = {int(k): v for k, v in self.points.items()}
        fitting = [n for n in table if n <= length]
        return table[max(fitting)] if fitting else 0


@record(frozen=True, kw_only=True)
class Bella(Explained):
    ranks: tuple[str, ...] = key(help="the two trump ranks of the bella")
    points: int = key(min=0, help="what an announced bella scores")
    announce: str = key(default="", help="when bella is said")


@record(frozen=True, kw_only=True)
class KlaberjassPlay(Play):
    first_lead: Literal["non_dealer"] = key(help="who leads the first trick")
    tricks: int = key(min=1, help="tricks per hand")
    last_trick_bonus: int = key(min=0, help="card points for the last trick")


@record(frozen=True, kw_only=True)
class Scoring(Explained):
    maker_must_exceed: str = key(default="", help="the maker's duty to outscore")


@record(frozen=True, kw_only=True)
class KlaberjassMatch(Match):
    target: int = key(min=1, help="the total that wins the match")
    dealer: Literal["winner"] = key(help="who deals the next hand: the winner of this one")


@record(frozen=True, kw_only=True)
class KlaberjassRules(CommonRules):
    """A Klaberjass rule set: every table of ``rulesets/klaberjass.toml``."""

    strict: ClassVar[bool] = True

    deal: KlaberjassDeal
    bidding: Bidding = key(default=Bidding())
    exchange: Exchange
    sequences: Sequences
    bella: Bella
    play: KlaberjassPlay
    scoring: Scoring = key(default=Scoring())
    match: KlaberjassMatch
    revoke: Explained = key(default=Explained())
    actions: Explained = key(default=Explained())
    quick: Explained = key(default=Explained())
    teams: Explained = key(default=Explained())

    def problems(self) -> Iterable[Problem]:
        yield from super().problems()
        ranks = self.deck.ranks
        if sorted(self.sequences.order) != sorted(ranks):
            yield "sequences.order", said("klaberjass.rules.order")
        pair = self.bella.ranks
        if len(pair) != 2 or any(r not in ranks for r in pair):
            yield "bella.ranks", said("klaberjass.rules.bella")
        if self.exchange.rank not in ranks:
            yield "exchange.rank", said("klaberjass.rules.rank")
        contract = self.contracts.get(CONTRACT)
        if contract is None or not all(TRUMP_PLACEHOLDER in t for t in contract.trumps):
            yield (
                f"contracts.{CONTRACT}.trumps",
                said("klaberjass.rules.trump_order", placeholder="{T}"),
            )

    @property
    def aliases(self) -> Mapping[str, str]:
        return self.bidding.aliases


@record(frozen=True, kw_only=True)
class KlaberjassOptions(Section):
    """The options the mechanics read (``must_head_plain_suit`` works through its ``when``
    table on ``following``)."""

    score_all_sequences: bool = key(help="the best player scores every sequence announced")
    revoke_penalty: Literal["hand_lost"] = key(help="what a proven revoke costs")


def spec(rules: Ruleset) -> KlaberjassRules:
    """The Klaberjass rule set in force, typed."""
    return cast(KlaberjassRules, rules.spec)


def options(rules: Ruleset) -> KlaberjassOptions:
    """The Klaberjass options in force, typed."""
    return rules.options_as(KlaberjassOptions)
