"""One Bierkopf hand: fixed teams, the doubles through the ``Doubling`` chain, play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError
from scorekeeper.games import GameHand
from scorekeeper.games.bierkopf.doubling import Doubled, Doubling
from scorekeeper.games.bierkopf.notation import DOUBLE, VERBS
from scorekeeper.games.bierkopf.scoring import Facts, score
from scorekeeper.games.bierkopf.teams import carried_in, team_index
from scorekeeper.games.common import trick_words
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Trick


class BierkopfHand(GameHand):
    verbs = VERBS

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self._contract = Contract.from_rules(self.rules, "normal")
        self.chain = Doubling(self.rules, hand.table, hand.dealer)
        self.teams = self.chain.teams

    def contract(self) -> Contract:
        return self._contract

    @property
    def doubles(self) -> list[Doubled]:
        return self.chain.doubles

    @property
    def announcements(self) -> list[Doubled]:
        """The doubles so far, for the hand's status."""
        return list(self.chain.doubles)

    def same_side(self, a: str, b: str) -> bool | None:
        return team_index(self.hand.table, a) == team_index(self.hand.table, b)

    # -- doubles
    def verify_action(self, action: Action) -> None:
        self.chain.verify(action, self.hand.cards_played)

    def apply_action(self, action: Action) -> list[str]:
        on_table = self.hand.cards_played
        return self.chain.apply(self.chain.verify(action, on_table), on_table)

    def legal_actions(self) -> list[Action]:
        """Every double allowed now (all can be enumerated, with or without the deal)."""
        allowed = []
        for player in self.hand.players:
            action = Action(player, DOUBLE)
            try:
                self.verify_action(action)
            except IllegalActionError:
                continue
            allowed.append(action)
        return allowed

    def on_trick(self, trick: Trick) -> list[str]:
        return [] if self.hand.quiet else [trick_words(trick)]

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        tricks = h.completed_tricks()
        points = [sum(t.points for t in tricks if t.winner in team) for team in self.teams]
        revoke = None
        notes: list[str] = []
        if h.revokes:
            first = h.revokes[0]
            revoke = team_index(h.table, first.player)
            notes.append(first.text())
        return Facts(
            [list(t) for t in self.teams],
            points,
            self.chain.players(),
            carried_in(h.context),
            revoke,
            notes,
        )

    def result(self) -> HandResult:
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand (its doubles go with ``-a``)."""
        f = self.facts()
        out: dict[str, Any] = {"team": f.teams[0][0], "points": f.points[0]}
        if f.revoke is not None:
            out["revoke"] = f.teams[f.revoke][0]
        return out
