"""The call, going alone and the knocks: one chain for the full hand and the quick hand.

``Announcements`` holds what was said (who declared both black queens, the ace called,
the knock and the reply knock) and checks each new word against the chain's order: one
declaration, before the first card; a knock, then one reply knock, in the knock window.
Whether a word contradicts who holds which card is the ``Evidence``'s question: the
record of a full hand (the deal, or the cards shown so far) or the sheet of a quick hand
(the queens' side as written). Full and quick entry go through this same chain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.games.common import Said as SaidRecord
from scorekeeper.games.common import refuse, words
from scorekeeper.games.kloepper.notation import (
    ALONE,
    CALL,
    DECLARATIONS,
    KNOCK,
    Alone,
    Call,
    Knock,
    Said,
    read,
    unknown_verb,
)
from scorekeeper.games.kloepper.rules import callable_aces, spec
from scorekeeper.games.kloepper.sides import OTHERS, QUEENS
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record, replace

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset

# Why a word or card would contradict the record (its reason carries the rule broken)
Conflict = Reason


def contradiction(action: Action, why: Conflict) -> Reason:
    """The refusal of an action that would make the record contradict itself."""
    return because("kloepper.contradiction", why.rule, action=action.text, why=why)


@record(frozen=True)
class Claims:
    """What was said so far, or what would be with one more word."""

    declarer: str | None = None  # the holder of both black queens, if one declared
    called: Card | None = None  # the ace that holder called (None: alone)
    knocker: str | None = None
    replier: str | None = None


class Evidence(Protocol):
    """What the hand knows of who holds what, to catch a word that contradicts it."""

    def declaration(self, player: str, verb: str, called: Card | None) -> Conflict | None:
        """Can ``player`` declare both black queens (and call ``called``)?"""

    def conflict(self, claims: Claims) -> Conflict | None:
        """Would the record, with these claims, contradict itself?"""


class Announcements:
    """The chain of a hand's declaration and knocks."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.aces = callable_aces(rules)
        self.claims = Claims()

    @property
    def declarer(self) -> str | None:
        return self.claims.declarer

    @property
    def called(self) -> Card | None:
        return self.claims.called

    @property
    def knocker(self) -> str | None:
        return self.claims.knocker

    @property
    def replier(self) -> str | None:
        return self.claims.replier

    def read(self, action: Action) -> Said:
        return read(action, self.rules.deck, self.aces)

    # -- checks
    def verify(
        self, action: Action, evidence: Evidence, *, cards_played: int, players: int
    ) -> Said:
        """Refuse the word unless the chain and the evidence allow it; return it typed."""
        if action.verb in DECLARATIONS:
            return self._verify_declaration(action, evidence, cards_played)
        if action.verb != KNOCK:
            refuse(unknown_verb(action, self.rules.name))
        return self._verify_knock(action, evidence, cards_played, players)

    @staticmethod
    def declarable(cards_played: int) -> bool:
        """Whether going alone or calling an ace may still come: before the first card."""
        return not cards_played

    def _verify_declaration(self, action: Action, evidence: Evidence, cards_played: int) -> Said:
        rule = f"teams.{action.verb}"
        if not self.declarable(cards_played):
            refuse(because("kloepper.declare.too_late", rule, action=action.text))
        if self.declarer and self.called:
            refuse(
                because(
                    "kloepper.declare.already_called",
                    rule,
                    action=action.text,
                    declarer=self.declarer,
                    ace=self.called,
                )
            )
        if self.declarer:
            refuse(
                because(
                    "kloepper.declare.already_alone",
                    rule,
                    action=action.text,
                    declarer=self.declarer,
                )
            )
        said = self.read(action)
        called = said.ace if isinstance(said, Call) else None
        if called is not None and called not in self.aces:
            refuse(
                because(
                    "kloepper.call.not_callable",
                    "teams.call.aces",
                    action=action.text,
                    card=called,
                    aces=list(self.aces),
                )
            )
        why = evidence.declaration(action.actor, action.verb, called) or evidence.conflict(
            replace(self.claims, declarer=action.actor, called=called)
        )
        if why:
            refuse(contradiction(action, why))
        return said

    def _verify_knock(
        self, action: Action, evidence: Evidence, cards_played: int, players: int
    ) -> Said:
        said = self.read(action)
        player = action.actor
        before = spec(self.rules).knock.before_trick
        if cards_played > (before - 1) * players:
            refuse(
                because(
                    "kloepper.knock.too_late",
                    "knock.before_trick",
                    action=action.text,
                    trick=before,
                    cards=cards_played,
                )
            )
        if self.knocker is None:
            claims = replace(self.claims, knocker=player)
        elif self.replier is None:
            if player == self.knocker:
                refuse(
                    because(
                        "kloepper.knock.again", "knock.reply", action=action.text, player=player
                    )
                )
            claims = replace(self.claims, replier=player)
        else:
            refuse(
                because(
                    "kloepper.knock.both_sides",
                    "knock.reply",
                    action=action.text,
                    knocker=self.knocker,
                    replier=self.replier,
                )
            )
        why = evidence.conflict(claims)
        if why:
            refuse(contradiction(action, why))
        return said

    # -- changes
    def apply(self, said: Said) -> list[str]:
        """Record a word the chain accepted; what the referee says about it."""
        player = said.player
        if isinstance(said, Call):
            self.claims = replace(self.claims, declarer=player, called=said.ace)
            return [words("kloepper.says.call", player=player, ace=said.ace)]
        if isinstance(said, Alone):
            self.claims = replace(self.claims, declarer=player)
            return [words("kloepper.says.alone", player=player)]
        assert isinstance(said, Knock)
        if self.knocker is None:
            self.claims = replace(self.claims, knocker=player)
            return [words("kloepper.says.knock", player=player)]
        self.claims = replace(self.claims, replier=player)
        return [words("kloepper.says.reply", player=player)]

    def said(self) -> list[SaidRecord]:
        """What was said before or early in play, for the hand's status."""
        out: list[SaidRecord] = []
        if self.declarer:
            kind = f"{CALL} {self.called}" if self.called else ALONE
            out.append(SaidRecord(self.declarer, kind, QUEENS))
        if self.knocker:
            out.append(SaidRecord(self.knocker, KNOCK, QUEENS))
        if self.replier:
            out.append(SaidRecord(self.replier, "reply knock", OTHERS))
        return out
