"""What Klaberjass players announce: sequences and bella. ``Announced`` is the one record
of them; the full hand and quick entry both add to it through the same checks (a
sequence is read and must not overlap or touch another; bella is said once, and not by a
player whose cards are in the other's sequence).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.common import Said
from scorekeeper.games.klaberjass.rules import spec
from scorekeeper.games.klaberjass.sequences import Run, check_runs, read_run
from scorekeeper.reasons import because

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


class Announced:
    """The sequences and the bella of one hand, in the order they were said."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.runs: list[Run] = []
        self.bella: str | None = None
        self.bella_pending: tuple[str, Card] | None = None  # said, its card not yet played

    # -- sequences
    def read(self, player: str, cards: Sequence[Card]) -> Run:
        """The sequence ``player`` names, or a refusal saying what is wrong with its cards."""
        return Run(player, read_run(self.rules, cards))

    def check(self, run: Run) -> None:
        """Refused when ``run`` shares a card with, or touches, a sequence already said."""
        check_runs(self.rules, [*self.runs, run])

    def add(self, run: Run) -> None:
        self.check(run)
        self.runs.append(run)

    # -- bella
    def bella_cards(self, trump: str | None) -> tuple[Card, ...]:
        if trump is None:
            return ()
        return tuple(Card(r, trump) for r in spec(self.rules).bella.ranks)

    @property
    def bella_said_by(self) -> str | None:
        """Who said bella, whether or not the card has followed yet."""
        return self.bella or (self.bella_pending[0] if self.bella_pending else None)

    def bella_blocked(self, player: str, trump: str) -> Run | None:
        """Another player's sequence holding a bella card: then ``player`` cannot hold both."""
        pair = self.bella_cards(trump)
        for run in self.runs:
            if run.player != player and any(c in run.cards for c in pair):
                return run
        return None

    def claim_bella(self, player: str) -> None:
        """Bella for ``player`` (quick entry: given as a key and as an action is one bella)."""
        if self.bella not in (None, player):
            raise IllegalActionError(
                because("klaberjass.bella.given", "bella.announce", player=self.bella)
            )
        self.bella = player

    def bella_played(self, player: str, card: Card) -> bool:
        """The card played completes a bella said just before it."""
        if self.bella_pending == (player, card):
            self.bella = player
            self.bella_pending = None
            return True
        return False

    # -- for the status view
    def status(self, maker: str | None) -> list[Said]:
        def role(p: str) -> str:
            return "maker" if p == maker else "opponent"

        out = [Said(r.player, f"sequence {r.text}", role(r.player)) for r in self.runs]
        if self.bella:
            out.append(Said(self.bella, "bella", role(self.bella)))
        return out
