"""The Bierkopf family: what the engine asks of the game beyond one hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.actions import QuickKey
from scorekeeper.games import Family, SheetHand
from scorekeeper.games.bierkopf.hand import BierkopfHand
from scorekeeper.games.bierkopf.quick import FACTS, score_sheet
from scorekeeper.games.bierkopf.rules import BierkopfRules, spec
from scorekeeper.games.bierkopf.teams import team_name, teams_of
from scorekeeper.games.common import quick_keys, words
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.match import Match
    from scorekeeper.rules import Ruleset


class Bierkopf(Family):
    name = "bierkopf"
    hand_class = BierkopfHand
    schema = BierkopfRules

    def seating(self, rules: Ruleset) -> str | None:
        return spec(rules).teams.mode

    def team_name(self, team: Sequence[str]) -> str:
        return team_name(team)  # Anna+Carla, as each hand's result names the team

    def quick_keys(self) -> dict[str, QuickKey]:
        return quick_keys(FACTS)

    def score_sheet(self, hand: SheetHand) -> HandResult:
        return score_sheet(
            hand.rules, hand.table, hand.dealer, hand.facts, hand.actions, hand.context
        )

    def match_over(self, match: Match) -> str | None:
        """Over once a team reaches the target."""
        target = spec(match.rules).match.target
        totals = match.totals()
        for team in sorted(teams_of(match.players), key=lambda t: -totals[t[0]]):
            if totals[team[0]] >= target:
                return words(
                    "bierkopf.says.match_over",
                    team=team_name(team),
                    target=target,
                    total=totals[team[0]],
                )
        return None


FAMILY = Bierkopf()
