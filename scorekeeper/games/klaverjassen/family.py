"""The Klaverjassen family as the engine sees it: its hands, its rule-set checks, its quick
entry, the referee's roem notes and when a session is over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import scorekeeper.games.klaverjassen.quick as quick
from scorekeeper.actions import Action, QuickKey, Surplus
from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games import Family, SheetHand
from scorekeeper.games.klaverjassen.hand import KlaverjassenHand
from scorekeeper.games.klaverjassen.notation import surplus as surplus_words
from scorekeeper.games.klaverjassen.roem import four_of_a_kind_ranks, trick_roem
from scorekeeper.games.klaverjassen.rules import KlaverjassenRules, spec
from scorekeeper.games.klaverjassen.sides import TEAM_KEYS, side_names
from scorekeeper.games.klaverjassen.words import words
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.hand import Hand
    from scorekeeper.match import Match
    from scorekeeper.rules import Ruleset


class Klaverjassen(Family):
    name = "klaverjassen"
    hand_class = KlaverjassenHand
    schema = KlaverjassenRules

    def trick_notes(self, rules: Ruleset, contract: Contract, cards: Sequence[Card]) -> list[str]:
        roem = trick_roem(rules, cards, contract.trump_suit)
        return [words("note.trick_roem", roem=r.text, rule=r.rule) for r in roem]

    def validate(self, rules: Ruleset) -> list[str]:
        """The option values in force against the deck (the rest is the schema's)."""
        try:
            four_of_a_kind_ranks(rules)
        except ScorekeeperError as exc:
            return [exc.message]
        return []

    def cards_in_play(self, hand: Hand) -> Counter[Card] | None:
        expected = Counter(hand.rules.deck.counts)
        game = hand.game
        if isinstance(game, KlaverjassenHand):
            expected.subtract(game.discards)
            if game.talon_size and not game.discards:
                return None
        return +expected

    def match_over(self, match: Match) -> str | None:
        played = [mh for mh in match.hands if mh.result is not None and not mh.result.redeal]
        need = spec(match.rules).match.hands
        if len(played) < need:
            return None
        sides = side_names(match.rules, match.players)
        totals = match.totals()
        by_side = {s: totals[members[0]] for s, members in sides.items()}
        best = max(by_side.values())
        top = [s for s, v in by_side.items() if v == best]
        standing = [f"{s} {v}" for s, v in by_side.items()]
        if len(top) > 1:
            return words("msg.over_draw", hands=need, standing=standing)
        key = "msg.over_one" if len(sides[top[0]]) == 1 else "msg.over_team"
        return words(key, hands=need, standing=standing, side=top[0])

    # -- quick entry
    def seating(self, rules: Ruleset) -> str | None:
        return spec(rules).teams.mode

    def reserved_names(self, rules: Ruleset) -> set[str]:
        """Besides cards and choices: the team keys, and the rule set's own words for a
        suit (``harten``) and a challenge (``contra`` for kraak)."""
        own = spec(rules)
        words = {*own.trump.suit_aliases, *(own.kraak.aliases if own.kraak else ())}
        return super().reserved_names(rules) | set(TEAM_KEYS) | {w.lower() for w in words}

    def surplus(self, rules: Ruleset, action: Action) -> Surplus | None:
        return surplus_words(rules, action)

    def quick_keys(self) -> dict[str, QuickKey]:
        return quick.quick_keys()

    def asked_keys(self, rules: Ruleset) -> dict[str, QuickKey]:
        """Only the facts of this table (two teams, or three alone), Wilde Boom's kraak
        only where the rule set has challenges."""
        return quick.asked_keys(rules)

    def quick_said(self, rules: Ruleset) -> tuple[str, ...] | None:
        """Only the challenges (Wilde Boom's kraak...); the facts say the rest."""
        from scorekeeper.games.klaverjassen.notation import kraak_levels

        return tuple(kraak_levels(rules))

    def score_sheet(self, hand: SheetHand) -> HandResult:
        entry = bool(hand.context.get("entry"))
        return quick.score_quick(hand.rules, hand.table, hand.facts, hand.actions, entry=entry)
