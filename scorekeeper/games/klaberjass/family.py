"""The Klaberjass family: two players, the hand's mechanics (``hand``), the rule set's
checks (``rules``), quick entry (``quick``), the dealer after a hand and the end of the
match at the target.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from scorekeeper.actions import Action, QuickKey, Surplus
from scorekeeper.cards import Card
from scorekeeper.games import Family, SheetHand
from scorekeeper.games.common import words
from scorekeeper.games.klaberjass.hand import KlaberjassHand
from scorekeeper.games.klaberjass.notation import surplus as surplus_words
from scorekeeper.games.klaberjass.quick import quick_keys, read_quick
from scorekeeper.games.klaberjass.rules import KlaberjassRules, spec
from scorekeeper.games.klaberjass.scoring import score
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.hand import Hand
    from scorekeeper.match import Match
    from scorekeeper.rules import Ruleset


class Klaberjass(Family):
    name = "klaberjass"
    hand_class = KlaberjassHand
    schema = KlaberjassRules

    def cards_in_play(self, hand: Hand) -> Counter[Card] | None:
        """With the deal: the eighteen cards held when play starts; else unknown."""
        if hand.dealt is None:
            return None
        game = hand.game
        assert isinstance(game, KlaberjassHand)
        cards: Counter[Card] = Counter()
        for held in hand.dealt.values():
            cards.update(held)
        if game.exchanged_by and game.seven is not None and game.turnup is not None:
            cards[game.seven] -= 1
            cards[game.turnup] += 1
        return +cards

    def next_dealer(self, match: Match, result: HandResult | None) -> str:
        """The winner of a hand deals the next; a redeal (or a level hand) keeps the dealer."""
        current = match.current_dealer
        if result is None or result.redeal or result.winner not in match.players:
            return current
        return result.winner

    def match_over(self, match: Match) -> str | None:
        target = spec(match.rules).match.target
        totals = match.totals()
        reached = sorted(
            (p for p in match.players if totals[p] >= target), key=lambda p: -totals[p]
        )
        if not reached:
            return None
        if len(reached) == 1:
            winner = reached[0]
            return words(
                "klaberjass.said.match_won", player=winner, total=totals[winner], target=target
            )
        if totals[reached[0]] == totals[reached[1]]:
            return None  # both reached the target level: play on
        loser = reached[1]
        return words(
            "klaberjass.said.match_won_higher",
            player=reached[0],
            total=totals[reached[0]],
            loser=loser,
            lost=totals[loser],
            target=target,
        )

    def reserved_names(self, rules: Ruleset) -> set[str]:
        """Besides cards and choices: the rule set's own words for its verbs (``take``)."""
        return super().reserved_names(rules) | {w.lower() for w in spec(rules).aliases}

    def surplus(self, rules: Ruleset, action: Action) -> Surplus | None:
        return surplus_words(rules.deck, action, spec(rules).aliases)

    def quick_keys(self) -> dict[str, QuickKey]:
        return quick_keys()

    def score_sheet(self, hand: SheetHand) -> HandResult:
        read = read_quick(hand.rules, hand.players, hand.facts, hand.actions)
        if read is None:
            said = words("klaberjass.said.redeal", dealer=hand.dealer)
            return redeal_result(list(hand.table), said, "bidding.redeal")
        return score(hand.rules, hand.table, read)
