"""The Kloepper family: what the engine asks of the game beyond one hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action, QuickKey
from scorekeeper.games import Family
from scorekeeper.games.common import quick_keys, words
from scorekeeper.games.kloepper.hand import KloepperHand
from scorekeeper.games.kloepper.quick import FACTS, score_sheet
from scorekeeper.games.kloepper.rules import KloepperRules, spec
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.match import Match
    from scorekeeper.rules import Ruleset


class Kloepper(Family):
    name = "kloepper"
    hand_class = KloepperHand
    schema = KloepperRules

    def quick_keys(self) -> dict[str, QuickKey]:
        return quick_keys(FACTS)

    def score_quick(
        self,
        rules: Ruleset,
        table: Sequence[str],
        dealer: str,
        facts: Mapping[str, Any],
        actions: Sequence[Action],
        context: Mapping[str, object],
    ) -> HandResult:
        players = self.active_players(rules, table, dealer, context)
        return score_sheet(rules, table, players, facts, actions)

    def match_over(self, match: Match) -> str | None:
        """Over once a player has the target and leads alone."""
        target = spec(match.rules).match.target
        totals = match.totals()
        best = max(totals.values())
        leaders = [p for p, t in totals.items() if t == best]
        if best >= target and len(leaders) == 1:
            return words("kloepper.says.match_over", player=leaders[0], score=best, target=target)
        return None


FAMILY = Kloepper()
