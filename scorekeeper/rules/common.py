"""The parts every rule set shares, as typed records: identity, deck, deal, card points,
ranking, contracts, following, play, match and options.

A game family's schema subclasses ``CommonRules`` and adds its own tables (``scoring``,
``bidding``...) or widens a shared one (a ``Match`` with a ``target``); see
``scorekeeper.rules.schema`` for how a table is read and checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal

from scorekeeper.cards import RANKS, SUITS, Card
from scorekeeper.errors import CardError
from scorekeeper.record import record
from scorekeeper.rules.schema import Problem, Section, key, said, unknown_key

TRUMP_PLACEHOLDER = "{T}"


@record(frozen=True, kw_only=True)
class Explained(Section):
    """A table with its explanation in words (``explain``), shown by ``explain`` and ``rules show``."""

    explain: str = key(default="", help="the rule in the rule set's own words")


@record(frozen=True, kw_only=True)
class DeckSpec(Explained):
    ranks: tuple[str, ...] = key(min=1, help="the ranks in the deck")
    suits: tuple[str, ...] = key(min=1, help="the suits in the deck")
    copies: int = key(min=1, max=8, help="how many times each card is in the deck")

    def problems(self) -> Iterable[Problem]:
        for name, values, universe in (("ranks", self.ranks, RANKS), ("suits", self.suits, SUITS)):
            if unknown := [v for v in values if v not in universe]:
                yield name, said(f"rules.unknown_{name[:-1]}", value=unknown[0], known=universe)


@record(frozen=True, kw_only=True)
class DealSpec(Explained):
    packets: tuple[int, ...] = key(min=1, help="the packets each player is dealt, in order")

    def problems(self) -> Iterable[Problem]:
        if any(p < 1 for p in self.packets):
            yield "packets", said("rules.packets")

    @property
    def hand_size(self) -> int:
        return sum(self.packets)


@record(frozen=True, kw_only=True)
class CardPoints(Explained):
    total: int = key(min=0, help="the card points of the whole deck")
    trump: Mapping[str, int] = key(default={}, help="ranks worth more as trumps")
    values: Mapping[str, int] = key(rest=True, help="each rank's card points")


@record(frozen=True, kw_only=True)
class Ranking(Explained):
    plain_order: tuple[str, ...] = key(min=1, help="a plain suit's ranks, highest first")
    identical: Literal["first_wins"] = key(default="first_wins", help="of two equal cards")


@record(frozen=True, kw_only=True)
class ContractSpec(Explained):
    name: str = key(default="", help="the contract's name")
    trumps: tuple[str, ...] = key(default=[], help="the trumps, highest first; {T}: the trump suit")
    plain_order: tuple[str, ...] | None = key(
        default=None, help="a plain suit's ranks, if not the usual"
    )


WHEN_VOID = Literal["any", "trump", "trump_if_opponent_winning"]


@record(frozen=True, kw_only=True)
class Following(Explained):
    """The following obligations. Left out, a duty does not exist (no heading, no
    over-trumping): the rule set says which duties its game has."""

    follow_suit: bool = key(default=True, help="follow the suit led if you can")
    head: Literal["never", "trump_led", "always"] = key(default="never", help="beat the best card")
    when_void: WHEN_VOID = key(default="any", help="what to play without the suit led")
    overtrump: Literal["never", "always", "if_opponent_winning"] = key(default="never")
    lower_trump_if_cannot_overtrump: bool = key(default=False)
    undertrump: Literal["allowed", "only_if_nothing_else"] = key(default="allowed")


@record(frozen=True, kw_only=True)
class Play(Explained):
    turn_order: Literal["clockwise"] = key(default="clockwise")
    first_lead: str = key(default="left_of_dealer", help="who leads the first trick")
    tricks: int | None = key(default=None, min=1, help="tricks per hand (else the hand size)")
    last_trick_bonus: int | None = key(default=None, min=0, help="card points for the last trick")


@record(frozen=True, kw_only=True)
class Match(Explained):
    dealer_rotation: Literal["clockwise"] = key(default="clockwise")
    sit_out: Literal["dealer"] | None = key(default=None, help="who sits out at a larger table")
    redeal_same_dealer: bool = key(default=True, help="a redeal is dealt by the same dealer")


SHEET_MARKS = Literal[
    "maker",
    "trump",
    "roem",
    "nat",
    "pit",
    "revoke",
    "kraak",
    "side",
    "bock",
    "solo",
    "carried",
    "doubled",
    "knock",
    "alone",
    "bella",
]


@record(frozen=True, kw_only=True)
class SheetSpec(Explained):
    """The score sheet's form: what its columns are, what each row marks, how far the
    match has to go and the checks a paper list makes. The view reads it; no code per game."""

    columns: Literal["players", "teams"] = key(
        default="players", help="one column per player, or per fixed team"
    )
    progress: Literal["none", "hands", "games", "target"] = key(
        default="none", help="what the match is played to: [match] hands, games or target"
    )
    marks: tuple[SHEET_MARKS, ...] = key(default=[], help="what each row marks")
    checks: tuple[Literal["zero_sum", "parity"], ...] = key(
        default=[], help="the paper list's own checks, shown per row"
    )


OptionValue = bool | int | str | tuple[str, ...]
OPTION_KEYS = frozenset({"default", "explain", "choices", "when"})


@record(frozen=True, kw_only=True)
class OptionSpec(Section):
    """One option a match may change: its default, explanation, allowed words, and the
    keys it changes for each of its values (``when``). Other keys are the option's
    parameters, which the family declares (``CommonRules.option_params``)."""

    default: OptionValue = key(help="the value unless a match sets another")
    explain: str = key(help="what the option does")
    choices: tuple[str, ...] | None = key(default=None)
    when: Mapping[str, Mapping[str, Any]] = key(default={})
    params: Mapping[str, Any] = key(rest=True)

    def problems(self) -> Iterable[Problem]:
        if not self.explain:
            yield "explain", said("rules.option.explain")
        if self.choices is not None and self.default not in self.choices:
            yield "default", said("rules.option.not_a_choice", value=self.default)
        allowed = self.when_keys()
        for value in self.when:
            if allowed is not None and value not in allowed:
                yield f"when.{value}", said("rules.option.not_a_value", value=value)

    def when_keys(self) -> set[str] | None:
        if self.choices:
            return {when_key(c) for c in self.choices}
        if isinstance(self.default, bool):
            return {"true", "false"}
        return None


def when_key(value: Any) -> str:
    """How an option value is written as a key of its ``when`` table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@record(frozen=True, kw_only=True)
class CommonRules(Section):
    """A whole rule set as far as every family reads it."""

    option_params: ClassVar[frozenset[str]] = frozenset()

    id: str
    name: str
    family: str
    players: tuple[int, ...] = key(min=1, help="the player counts the game is played with")
    summary: str = key(default="")
    sources: tuple[str, ...] = key(default=[])
    notes: tuple[str, ...] = key(default=[])
    extends: str | None = key(default=None)
    deck: DeckSpec
    deal: DealSpec
    card_points: CardPoints
    ranking: Ranking
    contracts: Mapping[str, ContractSpec] = key(min=1)
    following: Following = key(default=Following())
    play: Play = key(default=Play())
    match: Match = key(default=Match())
    sheet: SheetSpec = key(default=SheetSpec())
    options: Mapping[str, OptionSpec] = key(default={})

    def problems(self) -> Iterable[Problem]:
        if any(not 2 <= p <= 6 for p in self.players):
            yield "players", said("rules.players")
        yield from self._card_point_problems()
        for name, contract in self.contracts.items():
            yield from self._trump_problems(name, contract)
            yield from self._plain_order_problems(name, contract)
        for name, spec in self.options.items():
            for param in spec.params:
                if self.strict and param not in self.option_params:
                    known = OPTION_KEYS | self.option_params
                    yield f"options.{name}.{param}", unknown_key(param, known)

    def _card_point_problems(self) -> Iterable[Problem]:
        points = self.card_points
        for rank in self.deck.ranks:
            if rank not in points.values:
                yield f"card_points.{rank}", said("rules.points_missing")
        for rank in points.values:
            if rank not in RANKS:  # ranks outside this deck are fine: an option may add them
                yield f"card_points.{rank}", unknown_key(rank, [*RANKS, "total", "trump"])
        per_suit = sum(points.values.get(r, 0) for r in self.deck.ranks)
        computed = per_suit * len(self.deck.suits) * self.deck.copies
        extra = sum(
            points.trump.get(r, points.values.get(r, 0)) - points.values.get(r, 0)
            for r in self.deck.ranks
        )
        computed += extra * self.deck.copies
        if computed != points.total:
            yield (
                "card_points.total",
                said("rules.points_total", computed=computed, total=points.total),
            )

    def _plain_order_problems(self, name: str, contract: ContractSpec) -> Iterable[Problem]:
        """Every card that is not a trump in a contract must rank in a plain suit."""
        order = contract.plain_order or self.ranking.plain_order
        key = f"contracts.{name}.plain_order" if contract.plain_order else "ranking.plain_order"
        if unknown := [r for r in order if r not in RANKS]:
            yield key, said("rules.unknown_rank", value=unknown[0], known=RANKS)
            return
        if len(set(order)) != len(order):
            yield key, said("rules.rank_twice")
            return
        fixed = {code for code in contract.trumps if TRUMP_PLACEHOLDER not in code}
        plain = {
            rank
            for rank in self.deck.ranks
            for suit in self.deck.suits
            if f"{rank}{suit}" not in fixed
        }
        if missing := [r for r in self.deck.ranks if r in plain and r not in order]:
            yield (
                key,
                said("rules.plain_unranked", rank=missing[0], contract=name),
            )

    def _trump_problems(self, name: str, contract: ContractSpec) -> Iterable[Problem]:
        for code in contract.trumps:
            if TRUMP_PLACEHOLDER in code:
                continue
            try:
                card = Card.parse(code)
            except CardError:
                yield f"contracts.{name}.trumps", said("rules.trump_unknown", card=code)
                continue
            if card.rank not in self.deck.ranks or card.suit not in self.deck.suits:
                yield f"contracts.{name}.trumps", said("rules.trump_not_in_deck", card=code)
