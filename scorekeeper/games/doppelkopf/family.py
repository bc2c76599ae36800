"""The Doppelkopf family: the table (four play; at five the dealer sits out), the games a
referee may name, who deals next, when a round is complete, and quick entry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action, QuickKey, Surplus
from scorekeeper.contract import Contract
from scorekeeper.games import Family
from scorekeeper.games.common import refuse
from scorekeeper.games.doppelkopf.hand import DoppelkopfHand
from scorekeeper.games.doppelkopf.notation import split as split_words
from scorekeeper.games.doppelkopf.notation import surplus as surplus_words
from scorekeeper.games.doppelkopf.notation import tell
from scorekeeper.games.doppelkopf.quick import fact_keys, score_quick
from scorekeeper.games.doppelkopf.rules import (
    DoppelkopfRules,
    make_contract,
    option_problems,
    options,
    promises,
    spec,
)
from scorekeeper.reasons import because
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.match import Match
    from scorekeeper.ruleset import Ruleset


class Doppelkopf(Family):
    name = "doppelkopf"
    schema = DoppelkopfRules
    hand_class = DoppelkopfHand

    def active_players(
        self, rules: Ruleset, table: Sequence[str], dealer: str, context: Mapping[str, object]
    ) -> list[str]:
        """Four play; at a larger table the dealer sits the hand out (and scores 0)."""
        if len(table) > 4 and spec(rules).match.sit_out == "dealer":
            return [p for p in table if p != dealer]
        return list(table)

    def contract_for(
        self, rules: Ruleset, game: str | None = None, trump: str | None = None
    ) -> Contract:
        """``normal``, ``piglets`` (option on) or a solo of the rule set's ``[solos]``."""
        solos = spec(rules).solos
        if game in (None, "normal"):
            return make_contract(rules)
        if game == "piglets":
            if not options(rules).piglets:
                refuse(because("doppelkopf.game.piglets_off", "options.piglets"))
            return make_contract(rules, piglets=True)
        if game in solos:
            return make_contract(rules, game)
        games = ["normal", "piglets", *solos]
        refuse(because("doppelkopf.game.unknown", "solos", game=game, name=rules.name, games=games))

    def validate(self, rules: Ruleset) -> list[str]:
        """The option values in force, checked once when they are set."""
        return option_problems(rules)

    def playing(self, rules: Ruleset, seated: int) -> int:
        return 4 if seated > 4 and spec(rules).match.sit_out == "dealer" else seated

    def next_dealer(self, match: Match, result: HandResult | None) -> str:
        """After an obligatory solo the same dealer deals again; otherwise as usual."""
        if result is not None and result.details.get("obligatory"):
            return match.current_dealer
        return super().next_dealer(match, result)

    def match_over(self, match: Match) -> str | None:
        games = spec(match.rules).match.games.get(str(len(match.players)))
        if not games:
            return None
        played = [
            mh.result
            for mh in match.hands
            if mh.result is not None
            and not mh.result.redeal
            and not mh.result.details.get("obligatory")
        ]
        if len(played) >= games:
            return tell("match.round_complete", games=games)
        return None

    def quick_keys(self) -> dict[str, QuickKey]:
        return fact_keys()

    def asked_keys(self, rules: Ruleset) -> dict[str, QuickKey]:
        """The solo is asked only where the rule set has solos."""
        keys = fact_keys()
        if not spec(rules).solos:
            keys.pop("solo", None)
        return keys

    def reserved_names(self, rules: Ruleset) -> set[str]:
        """Besides cards and choices: the rule set's own words for announcements (``kontra``)."""
        aliases = spec(rules).announcements.aliases
        return super().reserved_names(rules) | {w.lower() for w in aliases}

    def split(self, rules: Ruleset, action: Action) -> tuple[Action, ...]:
        return split_words(action, spec(rules).announcements.aliases, promises(rules))

    def surplus(self, rules: Ruleset, action: Action) -> Surplus | None:
        return surplus_words(action, spec(rules).announcements.aliases, promises(rules))

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
        return score_quick(rules, table, players, facts, actions, context)
