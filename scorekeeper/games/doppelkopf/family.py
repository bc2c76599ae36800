"""The Doppelkopf family: the table (four play; at five the dealer sits out), the games a
referee may name, who deals next, when a round is complete, and quick entry."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from scorekeeper.actions import Action, QuickKey, Surplus
from scorekeeper.contract import Contract
from scorekeeper.games import Family, SheetHand
from scorekeeper.games.common import refuse
from scorekeeper.games.doppelkopf.hand import DoppelkopfHand
from scorekeeper.games.doppelkopf.notation import split as split_words
from scorekeeper.games.doppelkopf.notation import surplus as surplus_words
from scorekeeper.games.doppelkopf.notation import tell
from scorekeeper.games.doppelkopf.quick import fact_keys, score_quick
from scorekeeper.games.doppelkopf.records import RE
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
from scorekeeper.rounds import RoundPlace

if TYPE_CHECKING:
    from scorekeeper.match import Match
    from scorekeeper.ruleset import Ruleset


def round_games(rules: Ruleset, seated: int) -> int:
    """The games of a round at a table of ``seated`` (option ``round_games``, else the rule
    set's ``[match] games``); 0: the match is not played in rounds."""
    return options(rules).round_games or spec(rules).match.games.get(str(seated), 0)


def vorgefuehrt(owing: int, left: int) -> bool:
    """A Pflichtsolo is vorgeführt once the players who still owe theirs are as many as
    the games left in the round (issue 30, the DDV's rule)."""
    return owing > 0 and owing >= left


class Played(Protocol):
    """What the round's count reads of a hand (a match's hand, or the cache's): its plain
    facts (``redeal``, ``obligatory``; none while it is open), and its result only for
    an obligatory solo's soloist (a long match's results are not read back)."""

    @property
    def facts(self) -> Mapping[str, Any]: ...
    @property
    def result(self) -> HandResult | None: ...


def place_in_round(rules: Ruleset, table: Sequence[str], hands: Iterable[Played]) -> RoundPlace:
    """Where the round stands after ``hands`` (the match's hands in order, one a number;
    redeals and an open hand left out). A Pflichtsolo is vorgeführt when the players
    who still owe theirs are as many as the games left; it is a game of the round where
    the option ``vorgefuehrt_deals_on`` is on (else it comes on top, as every Pflichtsolo
    did before the option), any other Pflichtsolo comes on top."""
    games = round_games(rules, len(table))
    passes = options(rules).vorgefuehrt_deals_on
    owed = options(rules).obligatory_solos and bool(games)
    played, dealt = 0, 0
    due_from = 1 if owed and vorgefuehrt(len(table), games) else 0
    done: set[str] = set()
    shown: list[int] = []
    on_top: list[int] = []
    counted: list[int] = []
    for number, hand in enumerate(hands, 1):
        facts = hand.facts
        if not facts or facts.get("redeal"):
            continue
        dealt += 1
        if not facts.get("obligatory"):
            played += 1
            counted.append(number)
            if not due_from and owed:
                due_from = _due_after(owed, len(table) - len(done), games - played, number)
            continue
        if games and vorgefuehrt(len(table) - len(done), games - played):
            shown.append(number)
            played += 1 if passes else 0
            (counted if passes else on_top).append(number)
        else:
            on_top.append(number)
        done.update(_soloist(hand))
        if not due_from:
            due_from = _due_after(owed, len(table) - len(done), games - played, number)
    return RoundPlace(
        of=games,
        played=played,
        dealt=dealt,
        owing=tuple(p for p in table if p not in done) if owed else (),
        vorgefuehrt=tuple(shown),
        on_top=tuple(on_top),
        due_from=due_from,
        counted=tuple(counted),
    )


def _soloist(hand: Played) -> Sequence[str]:
    result = hand.result
    return (result.sides.get(RE) or ()) if result is not None else ()


def _due_after(owed: bool, owing: int, left: int, number: int) -> int:
    """The hand from which the missing Pflichtsoli are vorgeführt, once they are due
    after hand ``number`` (0: not yet, or the round is complete)."""
    return number + 1 if owed and left > 0 and vorgefuehrt(owing, left) else 0


def deals_again(match: Match) -> bool:
    """After the match's last hand, an obligatory solo: the same dealer deals again,
    unless it was vorgeführt (and the option ``vorgefuehrt_deals_on`` is on)."""
    hands = match.hands
    if not hands or not hands[-1].facts.get("obligatory"):
        return False
    if not options(match.rules).vorgefuehrt_deals_on:
        return True
    return len(hands) not in place_in_round(match.rules, match.players, hands).counted


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
        """After an obligatory solo the same dealer deals again (not after a vorgeführt
        one, where the option ``vorgefuehrt_deals_on`` is on); otherwise as usual."""
        if result is not None and result.details.get("obligatory") and deals_again(match):
            return match.current_dealer
        return super().next_dealer(match, result)

    def round_place(self, match: Match) -> RoundPlace:
        """Where the match stands in its round (the one place that counts it)."""
        return place_in_round(match.rules, match.players, match.hands)

    def match_over(self, match: Match) -> str | None:
        if not round_games(match.rules, len(match.players)):
            return None
        place = self.round_place(match)
        if not place.complete:
            return None
        if place.owing:
            return tell("match.round_complete_owing", games=place.of, players=place.owing)
        if len(place.on_top) == 1:
            return tell("match.round_complete_on_top.one", games=place.of, extra=1)
        if place.on_top:
            return tell("match.round_complete_on_top", games=place.of, extra=len(place.on_top))
        return tell("match.round_complete", games=place.of)

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

    def score_sheet(self, hand: SheetHand) -> HandResult:
        return score_quick(
            hand.rules, hand.table, hand.players, hand.facts, hand.actions, hand.context
        )
