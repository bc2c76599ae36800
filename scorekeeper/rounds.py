"""Where a match stands in its round: the one place the sheet, the table's status bar,
the live page and a club's list checks read it from (issue 30).

A family whose matches are played in rounds of games (Doppelkopf: a DDV round is 24
games at a table of four, a Pflichtsolo comes on top unless it was vorgeführt) says so
with ``round_place(match)``; any other match is counted by its rule set's
``[match] hands`` (a Klaverjas match of 16 hands): every finished hand but a redeal.
The engine never imports a family: the match's family is asked, as the match asks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from scorekeeper.record import field, record

if TYPE_CHECKING:
    from scorekeeper.match import Match


@record(frozen=True)
class RoundPlace:
    """How far a match is in its round.

    ``of`` is the round's length (0: the match is not played to a number of games);
    ``played`` the games of the round counted so far; ``dealt`` the hands finished
    (redeals left out), the Pflichtsoli that came on top included. ``owing`` names who
    still owes the round's Pflichtsolo (in table order; empty where the rule set has
    none), ``vorgefuehrt`` and ``on_top`` the hand numbers of the Pflichtsoli that were
    vorgeführt (games of the round) and that came on top. ``due_from`` is the hand from
    which the missing Pflichtsoli are vorgeführt (0: not yet)."""

    of: int
    played: int
    dealt: int
    owing: tuple[str, ...] = ()
    vorgefuehrt: tuple[int, ...] = ()
    on_top: tuple[int, ...] = ()
    due_from: int = 0
    counted: tuple[int, ...] = field(default=(), repr=False)  # hands counted as games

    @property
    def left(self) -> int:
        """The games of the round still to play (0 where the round has no length)."""
        return max(0, self.of - self.played) if self.of else 0

    @property
    def complete(self) -> bool:
        return bool(self.of) and self.played >= self.of

    @property
    def due(self) -> bool:
        """Whether the missing Pflichtsoli are vorgeführt now (as many owe as games are left)."""
        return bool(self.due_from) and bool(self.owing) and not self.complete

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` and the page (language-neutral)."""
        return {
            "of": self.of,
            "played": self.played,
            "dealt": self.dealt,
            "left": self.left,
            "owing": list(self.owing),
            "vorgefuehrt": list(self.vorgefuehrt),
            "on_top": list(self.on_top),
            "due": self.due,
        }


@runtime_checkable
class PlaysInRounds(Protocol):
    """A game family whose matches are played in rounds of games."""

    def round_place(self, match: Match) -> RoundPlace: ...


def round_place(match: Match) -> RoundPlace | None:
    """Where ``match`` stands in its round; None where nothing bounds it (no round of
    games, no number of hands)."""
    family = match.family
    if isinstance(family, PlaysInRounds):
        place = family.round_place(match)
        if place.of or match.rules.spec.sheet.progress == "games":
            return place
    hands = match.rules.get("match.hands")
    if not (isinstance(hands, int) and hands > 0):
        return None
    finished = [mh.number for mh in match.hands if mh.finished and not _redeal(mh)]
    return RoundPlace(of=hands, played=len(finished), dealt=len(finished), counted=tuple(finished))


def _redeal(mh: Any) -> bool:
    facts = mh.facts
    return bool(facts.get("redeal")) if facts else False
