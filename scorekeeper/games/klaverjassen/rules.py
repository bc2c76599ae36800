"""The Klaverjassen rule sets as typed records: the family's schema and its checks.

Every table the mechanics read is declared here with its type, bounds and help; the
checks across tables (the sequence order lists the deck's ranks, the talon and the deal
use up the deck...) are the schema's ``problems``. The options in force are read as
``KlaverjassenOptions``; ``validate`` checks the option values against the deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar, Literal, cast, get_args

from scorekeeper.record import record
from scorekeeper.rules.schema import (
    CommonRules,
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

Method = Literal["free", "dealer_first", "forced_left", "upturn_forced", "upturn_other_suit"]
METHODS: tuple[str, ...] = get_args(Method)
PARTNERS, ALONE = "partners", "alone"


@record(frozen=True, kw_only=True)
class KlaverjassenPlay(Play):
    last_trick_bonus: int = key(min=0, help="card points for the last trick")


@record(frozen=True, kw_only=True)
class KlaverjassenMatch(Match):
    hands: int = key(min=1, help="hands in a session (a thrown-in deal does not count)")


@record(frozen=True, kw_only=True)
class Teams(Explained):
    mode: Literal["partners", "alone"] = key(
        help="partners: seats 1 and 3 against 2 and 4; alone: each for themselves"
    )


@record(frozen=True, kw_only=True)
class TrumpSpec(Explained):
    all_pass: Literal["dealer_chooses", "redeal"] = key(
        help="when everybody passes: the dealer must choose, or the cards are dealt again"
    )
    suit_aliases: Mapping[str, str] = key(default={}, help="more words for a suit: harten = H")


def _run_problems(at: str, runs: Mapping[str, int]) -> Iterable[Problem]:
    for length in runs:
        if not length.isdigit() or int(length) < 1:
            yield f"{at}.{length}", said("klaverjassen.rules.run_length")


@record(frozen=True, kw_only=True)
class RoemSpec(Explained):
    sequence_order: tuple[str, ...] = key(min=1, help="the ranks in a run's order, highest first")
    runs: Mapping[str, int] = key(min=1, help="a run's roem by its length")
    stuk: int = key(min=0, help="king and queen of trumps in one trick")
    four_of_a_kind: int = key(min=0, help="four cards of one rank (option four_of_a_kind_ranks)")
    four_jacks: int = key(min=0, help="four jacks in one trick")
    tally: Mapping[str, int] = key(min=1, help="the score sheet's marks and what each counts")

    def problems(self) -> Iterable[Problem]:
        yield from _run_problems("runs", self.runs)

    def shortest_run(self) -> int:
        return min(int(k) for k in self.runs)


@record(frozen=True, kw_only=True)
class Scoring(Explained):
    pit: int = key(min=0, help="bonus for taking every trick")
    trump_doubles: tuple[str, ...] = key(default=[], help="trump suits that double the hand")
    trump_double_factor: int | None = key(
        default=None, min=1, help="what such a suit multiplies by"
    )

    def problems(self) -> Iterable[Problem]:
        if self.trump_doubles and self.trump_double_factor is None:
            yield "trump_double_factor", said("klaverjassen.rules.double_factor")


@record(frozen=True, kw_only=True)
class Talon(Explained):
    size: int = key(min=1, help="cards left over after the deal, taken by the trump maker")
    discard: int = key(min=1, help="cards the trump maker lays away")
    discards_to: Literal["last_trick"] = key(
        default="last_trick", help="who scores the discards' card points"
    )

    def problems(self) -> Iterable[Problem]:
        if self.discard != self.size:
            yield "discard", said("klaverjassen.rules.discard")


@record(frozen=True, kw_only=True)
class KraakSpec(Explained):
    levels: tuple[str, ...] = key(min=1, help="the challenges in order: kraak, rekraak...")
    multiplier: int = key(min=1, help="what each challenge multiplies the hand by")
    aliases: Mapping[str, str] = key(default={}, help="other words for a challenge")

    def problems(self) -> Iterable[Problem]:
        for word, level in self.aliases.items():
            if level not in self.levels:
                yield f"aliases.{word}", said("klaverjassen.rules.level", level=level)


@record(frozen=True, kw_only=True)
class DeclarationsSpec(Explained):
    runs: Mapping[str, int] = key(min=1, help="a declared run's roem by its length")
    four_of_a_kind: int = key(min=0, help="four cards of one rank declared")
    four_jacks: int = key(min=0, help="four jacks declared")
    stuk: int = key(min=0, help="stuk declared in play")
    suit_order: tuple[str, ...] = key(min=1, help="how suits rank when combinations tie")

    def problems(self) -> Iterable[Problem]:
        yield from _run_problems("runs", self.runs)

    def shortest_run(self) -> int:
        return min(int(k) for k in self.runs)


@record(frozen=True, kw_only=True)
class KlaverjassenRules(CommonRules):
    """A Klaverjassen rule set, every key declared."""

    strict: ClassVar[bool] = True

    play: KlaverjassenPlay
    match: KlaverjassenMatch
    teams: Teams
    trump: TrumpSpec
    roem: RoemSpec
    scoring: Scoring
    revoke: Explained = key(default=Explained())
    actions: Explained = key(default=Explained())
    quick: Explained = key(default=Explained())
    talon: Talon | None = key(default=None)
    kraak: KraakSpec | None = key(default=None)
    declarations: DeclarationsSpec | None = key(default=None)

    @property
    def partners(self) -> bool:
        return self.teams.mode == PARTNERS

    def problems(self) -> Iterable[Problem]:
        yield from super().problems()
        if "trump" not in self.contracts:
            yield "contracts.trump", said("klaverjassen.rules.trump_game", placeholder="{T}")
        if self.partners and self.players != (4,):
            yield "players", said("klaverjassen.rules.partners")
        choice = self.options.get("trump_choice")
        if choice is not None and choice.choices and not set(choice.choices) <= set(METHODS):
            yield (
                "options.trump_choice.choices",
                said("klaverjassen.rules.methods", methods=METHODS),
            )
        if sorted(self.roem.sequence_order) != sorted(self.deck.ranks):
            yield "roem.sequence_order", said("klaverjassen.rules.every_rank")
        yield from self._talon_problems()
        for suit in self.scoring.trump_doubles:
            if suit not in self.deck.suits:
                yield "scoring.trump_doubles", said("klaverjassen.rules.suit", suit=suit)
        declarations = self.declarations
        if declarations is not None and sorted(declarations.suit_order) != sorted(self.deck.suits):
            yield "declarations.suit_order", said("klaverjassen.rules.every_suit")

    def _talon_problems(self) -> Iterable[Problem]:
        deck = len(self.deck.ranks) * len(self.deck.suits) * self.deck.copies
        size = self.talon.size if self.talon else 0
        for count in self.players:
            if self.talon and self.deal.hand_size * count + size != deck:
                yield "talon.size", said("klaverjassen.rules.talon")

    def hand_total(self) -> int:
        """All card points of a hand with the last trick: 162."""
        return self.card_points.total + self.play.last_trick_bonus


@record(frozen=True, kw_only=True)
class KlaverjassenOptions(Section):
    """The options in force, as the mechanics read them."""

    trump_choice: Method = key(help="how trump is chosen")
    four_of_a_kind_ranks: tuple[str, ...] = key(help="ranks whose four of a kind scores roem")
    pit_for_defenders: bool = key(help="defenders taking every trick score the pit too")
    revoke_penalty: Literal["hand_lost"] = key(help="what a proven revoke costs")
    roem_notation: Literal["figures", "tally"] = key(help="roem as figures or also as marks")


def spec(rules: Ruleset) -> KlaverjassenRules:
    """The rule set in force as its typed record."""
    return cast(KlaverjassenRules, rules.spec)


def options(rules: Ruleset) -> KlaverjassenOptions:
    """The options in force as a typed record."""
    return rules.options_as(KlaverjassenOptions)
