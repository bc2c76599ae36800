"""The Kloepper family: what the engine asks of the game beyond one hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.actions import QuickKey
from scorekeeper.games import Family, SheetHand
from scorekeeper.games.common import quick_keys, words
from scorekeeper.games.kloepper.hand import KloepperHand
from scorekeeper.games.kloepper.quick import FACTS, score_sheet
from scorekeeper.games.kloepper.rules import KloepperRules, spec
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.match import Match


class Kloepper(Family):
    name = "kloepper"
    hand_class = KloepperHand
    schema = KloepperRules

    def quick_keys(self) -> dict[str, QuickKey]:
        return quick_keys(FACTS)

    def score_sheet(self, hand: SheetHand) -> HandResult:
        return score_sheet(hand.rules, hand.table, hand.players, hand.facts, hand.actions)

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
