"""Who sits with whom in Klaverjassen: two fixed teams (seats 1 and 3, 2 and 4) or every
player alone (the three-player variant). A side is named by its players, ``Anna/Carla``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from scorekeeper.games.klaverjassen.rules import ALONE, PARTNERS, spec

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset

__all__ = ["ALONE", "PARTNERS", "TEAM_KEYS", "partnerships", "side_names", "side_of"]

TEAM_KEYS = ("team1", "team2")


def partnerships(rules: Ruleset) -> bool:
    """Whether the rule set plays in two fixed teams (``teams.mode = "partners"``)."""
    return spec(rules).partners


def side_names(rules: Ruleset, table: Sequence[str]) -> dict[str, list[str]]:
    """The sides of the table: two fixed teams (seats 1 and 3, 2 and 4) or every player alone."""
    if partnerships(rules):
        teams = [list(table[0::2]), list(table[1::2])]
        return {"/".join(team): team for team in teams}
    return {p: [p] for p in table}


def side_of(sides: Mapping[str, Sequence[str]], player: str) -> str:
    return next(name for name, members in sides.items() if player in members)
