"""Kloepper's rule-set schema: what the family reads from its rule set, typed and checked.

The cards that make the sides (``teams.queens``, ``teams.call.aces``), the knock window and
values (``knock``), the scoring table (``scoring.queens``, ``scoring.others``: rows of
``at``, ``points``, ``alone`` and ``all_tricks``) and the match target. Every value is
checked once, when the rule set is loaded; the mechanics read ``spec(rules)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Literal, cast

from scorekeeper.cards import Card
from scorekeeper.errors import CardError
from scorekeeper.record import record
from scorekeeper.rules.schema import CommonRules, Explained, Match, Problem, Section, key, said

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record(frozen=True, kw_only=True)
class CallSpec(Explained):
    aces: tuple[str, ...] = key(min=1, help="the plain aces the holder of both may call")


@record(frozen=True, kw_only=True)
class Teams(Explained):
    queens: tuple[str, ...] = key(min=1, help="the cards whose holders play together")
    call: CallSpec
    alone: Explained = key(default=Explained(), help="playing alone against three")


@record(frozen=True, kw_only=True)
class KnockValues(Explained):
    made: int = key(min=0, help="each winner's points when the claim is made")
    made_alone: int = key(min=0, help="the same with a lone player")
    failed: int = key(min=0, help="each winner's points when the claim fails")
    failed_alone: int = key(min=0, help="the same with a lone player")

    def value(self, outcome: str, lone: bool) -> int:
        """The points of ``made`` or ``failed``, alone or not."""
        if outcome == "made":
            return self.made_alone if lone else self.made
        return self.failed_alone if lone else self.failed


@record(frozen=True, kw_only=True)
class Knock(KnockValues):
    before_trick: int = key(min=1, help="knocks come before the first card of this trick")
    reply: KnockValues


@record(frozen=True, kw_only=True)
class Row(Section):
    """One row of the scoring table: reached with ``at`` card points (or every trick)."""

    at: int = key(min=0, help="the card points that reach the row")
    points: int = key(min=0, help="each winner's points")
    alone: int = key(min=0, help="the points when a player went alone")
    all_tricks: bool = key(default=False, help="reached only by taking every trick")

    def column(self, lone: bool) -> int:
        return self.alone if lone else self.points


@record(frozen=True, kw_only=True)
class Scoring(Explained):
    queens: Mapping[str, Row] = key(min=1, help="the queens' rows")
    others: Mapping[str, Row] = key(min=1, help="the others' rows")

    def rows(self, side: str) -> Mapping[str, Row]:
        return self.queens if side == "queens" else self.others


@record(frozen=True, kw_only=True)
class KloepperMatch(Match):
    target: int = key(min=1, help="the score that ends the match for a sole leader")


@record(frozen=True, kw_only=True)
class KloepperRules(CommonRules):
    strict = True

    teams: Teams
    knock: Knock
    scoring: Scoring
    match: KloepperMatch
    revoke: Explained = key(default=Explained())
    actions: Explained = key(default=Explained())
    quick: Explained = key(default=Explained())

    def problems(self) -> Iterable[Problem]:
        yield from super().problems()
        yield from self._card_problems()
        yield from self._table_problems()

    def _card(self, code: str) -> Card | None:
        try:
            card = Card.parse(code)
        except CardError:
            return None
        deck = self.deck
        return card if card.rank in deck.ranks and card.suit in deck.suits else None

    def _card_problems(self) -> Iterable[Problem]:
        for code in self.teams.queens:
            if self._card(code) is None:
                yield "teams.queens", said("rules.trump_not_in_deck", card=code)
        normal = self.contracts.get("normal")
        trumps = set(normal.trumps) if normal else set()
        for code in self.teams.call.aces:
            card = self._card(code)
            if card is None or card.code in trumps:
                yield "teams.call.aces", said("kloepper.rules.ace", card=code)

    def _table_problems(self) -> Iterable[Problem]:
        lowest = {
            side: min((r.at for r in rows.values() if not r.all_tricks), default=None)
            for side, rows in (("queens", self.scoring.queens), ("others", self.scoring.others))
        }
        queens, others = lowest["queens"], lowest["others"]
        total = self.card_points.total
        if queens is not None and others is not None and queens + others != total + 1:
            yield (
                "scoring",
                said("kloepper.rules.split", queens=queens, others=others, total=total),
            )


@record(frozen=True, kw_only=True)
class KloepperOptions(Section):
    """The options in force, as the mechanics read them."""

    revoke_penalty: Literal["hand_lost"]


def spec(rules: Ruleset) -> KloepperRules:
    """The typed rule set in force."""
    return cast(KloepperRules, rules.spec)


def queen_cards(rules: Ruleset) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in spec(rules).teams.queens)


def callable_aces(rules: Ruleset) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in spec(rules).teams.call.aces)
