"""The words and records of a Doppelkopf hand: the two sides, what was announced, and the
facts a score sheet holds (``Facts``), which full and quick entry both hand to scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.games.common import Said
from scorekeeper.games.doppelkopf.rules import spec
from scorekeeper.record import NEW, field, record

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

RE, CONTRA = "re", "contra"
SIDES = (RE, CONTRA)

# Extra points a quick sheet may name, and the option that switches each one on.
EXTRA_OPTIONS = {
    "fox": "fox",
    "charlie": "charlie",
    "charlie2": "second_charlie_beats_first",
    "charlie_captured": "charlie_captured",
    "doppelkopf": "doppelkopf_trick",
}


def other(side: str) -> str:
    return CONTRA if side == RE else RE


def side_word(side: str, rules: Ruleset) -> str:
    return spec(rules).announcements.side_name(side)


def kind_option(kind: str) -> str:
    """The option that switches an extra point on."""
    return EXTRA_OPTIONS.get(kind, kind)


@record(frozen=True)
class Announcement(Said):
    """Re, Contra or a promise (``kind``: "re", "contra", "no90"...) for a ``side``; an
    ``implied`` one is a level skipped over and counted with the one said."""

    cards_on_table: int = 0

    def __init__(
        self, player: str, kind: str, side: str, implied: bool = False, cards_on_table: int = 0
    ) -> None:
        # Written out: one for every announcement replayed, straight into the instance
        # (frozen all the same).
        fields = self.__dict__
        fields["player"] = player
        fields["kind"] = kind
        fields["side"] = side
        fields["implied"] = implied
        fields["cards_on_table"] = cards_on_table


Extra = tuple[str, str, int]  # (side, kind, points)


@record
class Facts:
    """Everything the value of a hand depends on: what a score sheet must hold."""

    re_players: list[str]
    contra_players: list[str]
    re_points: int
    all_tricks: str | None
    announcements: list[Announcement]
    extras: list[Extra]
    game_type: str = "normal"
    lone: bool = False
    solo: str | None = None  # the solo played, when one was
    obligatory: bool = False  # the soloist's obligatory solo (the dealer deals again)
    revoke: str | None = None  # the side that revoked
    bock: int = 0  # how many Bock rounds are running (each doubles)
    notes: list[str] = field(default_factory=list)

    def __init__(
        self,
        re_players: list[str],
        contra_players: list[str],
        re_points: int,
        all_tricks: str | None,
        announcements: list[Announcement],
        extras: list[Extra],
        game_type: str = "normal",
        lone: bool = False,
        solo: str | None = None,
        obligatory: bool = False,
        revoke: str | None = None,
        bock: int = 0,
        notes: list[str] = NEW,
    ) -> None:
        # Written out: one per hand valued.
        self.re_players = re_players
        self.contra_players = contra_players
        self.re_points = re_points
        self.all_tricks = all_tricks
        self.announcements = announcements
        self.extras = extras
        self.game_type = game_type
        self.lone = lone
        self.solo = solo
        self.obligatory = obligatory
        self.revoke = revoke
        self.bock = bock
        self.notes = [] if notes is NEW else notes

    @property
    def normal_game(self) -> bool:
        """Extra points count only in games of two against two."""
        return not self.lone
