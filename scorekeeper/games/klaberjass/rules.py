"""The Klaberjass part of a rule set's checks: what the family's mechanics read beyond
the shared keys (sequence order and values, bella, the exchange rank, the trump order)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorekeeper.games.base import whole_numbers

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

CONTRACT = "suit"
WHOLE_NUMBERS = (
    "play.tricks",
    "play.last_trick_bonus",
    "bella.points",
    "match.target",
    "sequences.min_length",
)


def problems(rules: Ruleset) -> list[str]:
    """``key: message`` for each Klaberjass key that the mechanics cannot read."""
    found = whole_numbers(rules, WHOLE_NUMBERS)
    ranks = list(rules.get("deck.ranks") or [])
    order = rules.get("sequences.order")
    if not isinstance(order, list) or sorted(order) != sorted(ranks):
        found.append("sequences.order: must list every rank of the deck once, lowest first")
    found += _sequence_points(rules.get("sequences.points"))
    pair = rules.get("bella.ranks")
    if not isinstance(pair, list) or len(pair) != 2 or any(r not in ranks for r in pair):
        found.append("bella.ranks: two ranks of the deck")
    if rules.get("exchange.rank") not in ranks:
        found.append("exchange.rank: a rank of the deck")
    trumps = rules.get(f"contracts.{CONTRACT}.trumps")
    if not isinstance(trumps, list) or not all("{T}" in str(t) for t in trumps):
        found.append(f"contracts.{CONTRACT}.trumps: the trump order as cards of the suit {{T}}")
    return found


def _sequence_points(points: object) -> list[str]:
    if not isinstance(points, Mapping) or not points:
        return ['sequences.points: a table of length = points, like { "3" = 20 }']
    return [
        f"sequences.points.{k}: a length and whole points"
        for k, v in points.items()
        if not str(k).isdigit() or not isinstance(v, int)
    ]
