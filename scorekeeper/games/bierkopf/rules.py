"""Bierkopf's rule-set schema: what the family reads from its rule set, typed and checked.

The teams (partners opposite), the doubling (who may double before play, from which card
the other team may answer, whether the teams alternate, the factor), the thresholds
(``scoring.win``, ``scoring.high``: ``at`` and ``points``), what a 60:60 hand carries and
the match target. Every value is checked once, when the rule set is loaded; the mechanics
read ``spec(rules)`` and ``options(rules)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, cast

from scorekeeper.record import record
from scorekeeper.rules.schema import CommonRules, Explained, Match, Problem, Section, key, said

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record(frozen=True, kw_only=True)
class Teams(Explained):
    partners: Literal["opposite"] = key(help="where partners sit")
    mode: Literal["partners"] = key(help="fixed partnerships")


@record(frozen=True, kw_only=True)
class Doubling(Explained):
    before_play_seats: int = key(
        min=0, help="how many seats from the dealer's left may double first"
    )
    again_from_card: int = key(min=0, help="cards on the table before the other team may answer")
    alternate: bool = key(help="the teams double in turn")
    factor: int = key(min=1, help="what each double multiplies the game points by")


@record(frozen=True, kw_only=True)
class Threshold(Section):
    """A row of the scoring: the card points ``at`` which a team wins ``points``."""

    at: int = key(min=0, help="the card points that reach the row")
    points: int = key(min=0, help="the team's game points")


@record(frozen=True, kw_only=True)
class Scoring(Explained):
    tie_carry: int = key(min=0, help="what a 60:60 hand carries to the next winners (tie=carry)")
    rows: Mapping[str, Threshold] = key(rest=True, help="the thresholds, by name")

    def problems(self) -> Iterable[Problem]:
        if not self.rows:
            yield "", said("bierkopf.rules.rows")


@record(frozen=True, kw_only=True)
class BierkopfMatch(Match):
    target: int = key(min=1, help="the game points that win the match")


@record(frozen=True, kw_only=True)
class BierkopfRules(CommonRules):
    strict = True

    teams: Teams
    doubling: Doubling
    scoring: Scoring
    match: BierkopfMatch
    revoke: Explained = key(default=Explained())
    actions: Explained = key(default=Explained())
    quick: Explained = key(default=Explained())

    def problems(self) -> Iterable[Problem]:
        yield from super().problems()
        rows = self.scoring.rows
        total = self.card_points.total
        if rows:
            lowest = min(r.at for r in rows.values())
            if 2 * lowest <= total:
                yield (
                    "scoring",
                    said("bierkopf.rules.both_win", lowest=lowest, total=total),
                )


@record(frozen=True, kw_only=True)
class BierkopfOptions(Section):
    """The options in force, as the mechanics read them."""

    tie: Literal["carry", "none"]
    long: bool
    revoke_penalty: Literal["hand_lost"]


def spec(rules: Ruleset) -> BierkopfRules:
    """The typed rule set in force."""
    return cast(BierkopfRules, rules.spec)


def options(rules: Ruleset) -> BierkopfOptions:
    """The options in force."""
    return rules.options_as(BierkopfOptions)


def seats_before_play(rules: Ruleset, table: Sequence[str], dealer: str) -> list[str]:
    """Who may make the first double before the first card, in turn from the dealer's left."""
    count = spec(rules).doubling.before_play_seats
    i = table.index(dealer)
    return [table[(i + k) % len(table)] for k in range(1, count + 1)]


def tie_carry(rules: Ruleset) -> int:
    """What a 60:60 hand carries to the next winners (0 unless option tie is carry)."""
    return spec(rules).scoring.tie_carry if options(rules).tie == "carry" else 0
