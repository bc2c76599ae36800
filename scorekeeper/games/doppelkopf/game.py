"""The Doppelkopf game in progress as its helper modules see it (``declarations``, ``legal``,
``sheet``): what they read of it and what a declaration changes, as a protocol that
``hand.DoppelkopfHand`` meets. They name this, not the hand's class, so that the hand
imports them and none of them imports the hand back (no import cycle, even in types)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from scorekeeper.cards import Card
    from scorekeeper.contract import Contract
    from scorekeeper.games.doppelkopf.records import Announcement
    from scorekeeper.games.doppelkopf.rules import DoppelkopfOptions, DoppelkopfRules
    from scorekeeper.hand import Hand
    from scorekeeper.reasons import Reason
    from scorekeeper.rules import Ruleset

Sides = tuple[set[str], set[str], bool, "Reason | None"]
"""Who is Re and who Contra so far: (Re players known, Contra players known, complete?, the
contradiction, if the record holds one)."""


class DoppelkopfGame(Protocol):
    """A Doppelkopf hand in progress: the shared hand, the rule set as read, the
    declarations made (a declaration's effect sets them), the sides and the contract."""

    hand: Hand
    rules: Ruleset
    spec: DoppelkopfRules
    opts: DoppelkopfOptions
    levels: list[str]
    queen: Card
    fox: Card
    charlie: Card
    piglet: Card
    nine: str
    bock: int
    wedding: str | None
    partner: str | None
    piglets: str | None
    poverty: str | None
    poverty_passed: list[Card]
    poverty_count: int
    poverty_partner: str | None
    poverty_returned: str | None
    solo: str | None
    soloist: str | None
    obligatory: bool
    piglets_late: bool
    redeal: Reason | None

    @property
    def announcements(self) -> list[Announcement]: ...
    def contract(self) -> Contract: ...
    def remake_contract(self) -> None: ...
    def left_of(self, player: str) -> str: ...
    def announcing_barred(self) -> tuple[str, str] | None: ...
    def window_limit(self, kind: str, side: str, player: str) -> tuple[bool, Reason]: ...
    def lone_player(self) -> str | None: ...
    def sides(
        self, extra_claims: Sequence[tuple[str, str]] = (), extra_qc: Sequence[str] = ()
    ) -> Sides: ...
