"""What Bierkopf reads from its rule set, and the family's checks of a rule set.

The doubling (``doubling``: who may double before play, from which card the other team
may answer, whether the teams alternate, the factor), the thresholds (``scoring.win``,
``scoring.high``: ``at`` and ``points``), what a 60:60 hand carries and the match target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.games.base import whole_numbers

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

NUMBERS = (
    "doubling.before_play_seats",
    "doubling.again_from_card",
    "doubling.factor",
    "scoring.tie_carry",
    "match.target",
)


def card_total(rules: Ruleset) -> int:
    return int(rules.require("card_points.total"))


def factor(rules: Ruleset) -> int:
    """What each double multiplies the game points by."""
    return int(rules.require("doubling.factor"))


def again_from_card(rules: Ruleset) -> int:
    return int(rules.require("doubling.again_from_card"))


def alternate(rules: Ruleset) -> bool:
    return bool(rules.get("doubling.alternate", True))


def seats_before_play(rules: Ruleset, table: Sequence[str], dealer: str) -> list[str]:
    """Who may make the first double before the first card, in turn from the dealer's left."""
    count = int(rules.require("doubling.before_play_seats"))
    i = table.index(dealer)
    return [table[(i + k) % len(table)] for k in range(1, count + 1)]


def tie_carry(rules: Ruleset) -> int:
    """What a 60:60 hand carries to the next winners (0 unless option tie is carry)."""
    if rules.option("tie") != "carry":
        return 0
    return int(rules.require("scoring.tie_carry"))


def carries(rules: Ruleset) -> bool:
    return rules.option("tie") == "carry"


def match_target(rules: Ruleset) -> int:
    return int(rules.require("match.target"))


def threshold_rows(rules: Ruleset) -> dict[str, Mapping[str, Any]]:
    """The rows of ``[scoring]`` that give game points (``win``, ``high``)."""
    return {k: v for k, v in (rules.get("scoring") or {}).items() if isinstance(v, Mapping)}


def validate(rules: Ruleset) -> list[str]:
    """The family's checks of a rule set, as ``key: message`` lines."""
    problems = whole_numbers(rules, NUMBERS)
    rows = threshold_rows(rules)
    if not rows:
        problems.append("scoring: needs at least one row like [scoring.win] at = 61")
    for name, row in rows.items():
        if not all(isinstance(row.get(k), int) for k in ("at", "points")):
            problems.append(f"scoring.{name}: needs whole numbers at and points")
    total = rules.get("card_points.total")
    if rows and isinstance(total, int) and problems == []:
        lowest = min(int(r["at"]) for r in rows.values())
        if 2 * lowest <= total:
            problems.append(
                f"scoring: with {lowest} card points both teams could win a hand of {total}"
            )
    return problems
