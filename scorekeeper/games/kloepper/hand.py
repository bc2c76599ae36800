"""One Kloepper hand: the sides as the record shows them, the chain of what was said, play.

The two black-queen holders play together, or the holder of both with the holder of the
called ace, or alone. ``KloepperHand`` feeds every call, going alone and knock through
the ``Announcements`` chain, with the record (deal or cards shown) as its evidence, and
refuses a card that would make the record contradict what was said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError
from scorekeeper.games import GameHand
from scorekeeper.games.common import Said as SaidRecord
from scorekeeper.games.common import trick_words, words
from scorekeeper.games.kloepper.announcements import Announcements, contradiction
from scorekeeper.games.kloepper.evidence import Record
from scorekeeper.games.kloepper.notation import ALONE, CALL, KNOCK, VERBS
from scorekeeper.games.kloepper.rules import queen_cards
from scorekeeper.games.kloepper.scoring import Facts, score
from scorekeeper.games.kloepper.sides import OTHERS, QUEENS
from scorekeeper.reasons import because
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Play, Trick


class KloepperHand(GameHand):
    verbs = VERBS

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self._contract = Contract.from_rules(self.rules, "normal")
        self.queen_cards = queen_cards(self.rules)
        self.chain = Announcements(self.rules)
        self.aces = self.chain.aces
        self.record = Record(self.queen_cards, hand)

    def contract(self) -> Contract:
        return self._contract

    # -- what was said, for the status and the scoring
    @property
    def declarer(self) -> str | None:
        return self.chain.declarer

    @property
    def called(self) -> Card | None:
        return self.chain.called

    @property
    def knocker(self) -> str | None:
        return self.chain.knocker

    @property
    def replier(self) -> str | None:
        return self.chain.replier

    @property
    def announcements(self) -> list[SaidRecord]:
        """What was said before or early in play, for the hand's status."""
        return self.chain.said()

    # -- the sides
    def queens_side(self) -> tuple[set[str], bool]:
        """The queens' side as far as known, and whether it is complete."""
        return self.record.queens_side(self.chain.claims)

    def side_of(self, player: str) -> str | None:
        queens, complete = self.queens_side()
        if player in queens:
            return QUEENS
        if complete or player == self.replier:
            return OTHERS
        return None

    def same_side(self, a: str, b: str) -> bool | None:
        if a == b:
            return True
        sa, sb = self.side_of(a), self.side_of(b)
        if sa is None or sb is None:
            return None
        return sa == sb

    # -- actions
    def verify_action(self, action: Action) -> None:
        self.chain.verify(
            action, self.record, cards_played=self.hand.cards_played, players=len(self.hand.players)
        )

    def apply_action(self, action: Action) -> list[str]:
        return self.chain.apply(self.chain.read(action))

    def legal_actions(self) -> list[Action]:
        """Every call, going alone and knock allowed now (all can be enumerated: the
        callable aces come from the rule set, with or without a recorded deal); the calls
        and going alone only while they may come (``Announcements.declarable``)."""
        players = self.hand.players
        words: list[Action] = []
        if self.chain.declarable(self.hand.cards_played):
            words += [Action(p, ALONE) for p in players]
            words += [Action(p, CALL, None, (a.code,)) for p in players for a in self.aces]
        words += [Action(p, KNOCK) for p in players]
        allowed = []
        for action in words:
            try:
                self.verify_action(action)
            except IllegalActionError:
                continue
            allowed.append(action)
        return allowed

    # -- play
    def ready_to_play(self) -> bool:
        return not (self.record.double_holder() and not self.declarer)

    def why_not_ready(self) -> str:
        p = self.record.double_holder()
        return words("kloepper.says.declare_first", player=p)

    def not_ready_rule(self) -> str:
        return "teams.call"

    def verify_play(self, action: Action) -> None:
        card = action.card
        assert card is not None
        if card in self.queen_cards or card in self.aces:
            conflict = self.record.conflict(self.chain.claims, {card: action.actor})
            if conflict:
                raise IllegalActionError(contradiction(action, conflict))

    def on_play(self, play: Play) -> list[str]:
        if play.card in self.queen_cards or play.card in self.aces:
            self.record.show(play.card, play.player)
        if play.card in self.queen_cards:
            return [words("kloepper.says.shows_queen", player=play.player, card=play.card)]
        if self.called is not None and play.card == self.called:
            return [
                words(
                    "kloepper.says.called_ace",
                    player=play.player,
                    card=play.card,
                    declarer=self.declarer,
                )
            ]
        return []

    def on_trick(self, trick: Trick) -> list[str]:
        return [] if self.hand.quiet else [trick_words(trick)]

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        queens, complete = self.queens_side()
        if not complete:
            raise IllegalActionError(because("kloepper.sides_unknown", "teams"))
        tally = h.tally(set(queens))
        all_tricks = None if tally.all_tricks is None else (QUEENS if tally.all_tricks else OTHERS)
        revoke = None
        notes: list[str] = []
        if tally.revoke is not None:
            revoke = QUEENS if tally.revoke_by_side else OTHERS
            notes.append(tally.revoke.text())
        return Facts(
            [p for p in h.players if p in queens],
            [p for p in h.players if p not in queens],
            tally.points,
            all_tricks,
            self.declarer,
            self.called.code if self.called else None,
            self.knocker,
            self.replier,
            revoke,
            notes,
        )

    def result(self) -> HandResult:
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand (its actions go with ``-a``)."""
        f = self.facts()
        out: dict[str, Any] = {"queens": f.queens, "queens_points": f.queens_points}
        if f.all_tricks:
            out["all_tricks"] = f.all_tricks
        if f.revoke:
            out["revoke"] = f.revoke
        return out
