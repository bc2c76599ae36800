"""The doubles: one chain for the full hand and the quick hand.

Before the first card one double, by one of the seats from the dealer's left; once enough
cards are on the table the other team may answer, and from then on the teams double in
turn. A full hand knows how many cards were on the table at each double; a quick hand
(the score sheet) does not, so its doubles are checked for everything but that window.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.actions import Action
from scorekeeper.games.bierkopf.notation import DOUBLE, Double, read, unknown_verb
from scorekeeper.games.bierkopf.rules import seats_before_play, spec
from scorekeeper.games.bierkopf.teams import team_index, team_name, teams_of
from scorekeeper.games.common import refuse, words
from scorekeeper.reasons import because
from scorekeeper.record import record

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record(frozen=True)
class Doubled:
    """One double: who, for which team (0: seats 1 and 3), with how many cards played."""

    player: str
    team: int
    cards_on_table: int | None  # None: a quick hand does not say
    side: str  # the team's name, for the hand's status
    kind: str = DOUBLE
    implied: bool = False


class Doubling:
    """The chain of a hand's doubles."""

    def __init__(self, rules: Ruleset, table: Sequence[str], dealer: str) -> None:
        self.rules = rules
        self.table = list(table)
        self.dealer = dealer
        self.teams = teams_of(table)
        self.doubles: list[Doubled] = []

    @property
    def multiplier(self) -> int:
        return spec(self.rules).doubling.factor ** len(self.doubles)

    def verify(self, action: Action, cards_on_table: int | None) -> Double:
        """Refuse the double unless it is allowed now; return it typed. ``cards_on_table``
        is None when the record does not say (a quick hand)."""
        if action.verb != DOUBLE:
            refuse(unknown_verb(action, self.rules.name))
        said = read(action)
        if not self.doubles:
            self._verify_first(action, cards_on_table)
        else:
            self._verify_answer(action, cards_on_table)
        return said

    def _verify_first(self, action: Action, on_table: int | None) -> None:
        if on_table:
            refuse(
                because(
                    "bierkopf.double.single",
                    "doubling.before_play_seats",
                    action=action.text,
                    cards=on_table,
                )
            )
        seats = seats_before_play(self.rules, self.table, self.dealer)
        if action.actor not in seats:
            refuse(
                because(
                    "bierkopf.double.seats",
                    "doubling.before_play_seats",
                    action=action.text,
                    seats=seats,
                    player=action.actor,
                )
            )

    def _verify_answer(self, action: Action, on_table: int | None) -> None:
        last = self.doubles[-1]
        again = spec(self.rules).doubling.again_from_card
        if on_table is not None and on_table < again:
            refuse(
                because(
                    "bierkopf.double.window",
                    "doubling.again_from_card",
                    action=action.text,
                    last=last.player,
                    again=again,
                    cards=on_table,
                )
            )
        if (
            spec(self.rules).doubling.alternate
            and team_index(self.table, action.actor) == last.team
        ):
            refuse(
                because(
                    "bierkopf.double.alternate",
                    "doubling.alternate",
                    action=action.text,
                    player=action.actor,
                    last=last.player,
                )
            )

    def apply(self, said: Double, cards_on_table: int | None) -> list[str]:
        """Record a double the chain accepted; what the referee says about it."""
        team = team_index(self.table, said.player)
        self.doubles.append(Doubled(said.player, team, cards_on_table, team_name(self.teams[team])))
        return [words("bierkopf.says.double", player=said.player, multiplier=self.multiplier)]

    def players(self) -> list[str]:
        """Who doubled, in order."""
        return [d.player for d in self.doubles]
