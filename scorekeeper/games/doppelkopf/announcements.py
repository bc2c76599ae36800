"""The announcement chain: Re, Contra and the promises (no90 ... black) that build on them.

One mechanism for full and quick entry alike: ``Chain.verify`` refuses what the chain
itself forbids (a side saying the same thing twice, a promise without the side's own Re or
Contra, a level skipped where the rule set does not allow it or after it closed), and
``Chain.add`` records an announcement with the levels it skips over. What depends on the
moment of play (the windows, the sides shown so far) stays with the hand, which hands the
chain a way to ask whether a skipped level is still open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper.games.doppelkopf.notation import no
from scorekeeper.games.doppelkopf.records import Announcement, promises, side_word
from scorekeeper.games.doppelkopf.rules import spec
from scorekeeper.reasons import Reason

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

# Is an announcement kind still open for a side: (open?, the window as a reason).
Window = Callable[[str], tuple[bool, Reason]]


class Chain:
    """What the sides announced so far, in order, implied levels included."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.levels = promises(rules)
        self.skip_levels = spec(rules).announcements.skip_levels
        self.said: list[Announcement] = []

    def kinds(self, side: str) -> set[str]:
        return {a.kind for a in self.said if a.side == side}

    def verify(self, label: str, kind: str, side: str, still_open: Window | None = None) -> None:
        """Refuse ``kind`` for ``side`` if the chain forbids it (``label``: the action)."""
        mine = [a for a in self.said if a.side == side]
        words = side_word(side, self.rules)
        first = next((a for a in mine if a.kind == kind), None)
        if first is not None:
            rule = f"announcements.window.{kind}"
            no(label, "announce.again", rule, side=words, kind=kind, player=first.player)
        if kind not in self.levels:
            return
        if not any(a.kind == side for a in mine):
            no(label, "announce.promise_needs_side", "announcements.promise", kind=kind, side=words)
        missing = self.skipped(kind, side)
        if missing and not self.skip_levels:
            no(label, "announce.skip", "announcements.skip_levels", kind=kind, missing=missing[0])
        for k in missing if still_open else ():
            open_, window = still_open(k)  # type: ignore[misc]
            if not open_:
                no(
                    label,
                    "announce.skip_closed",
                    f"announcements.window.{k}",
                    missing=k,
                    window=window,
                )

    def skipped(self, kind: str, side: str) -> list[str]:
        """The levels below ``kind`` that ``side`` has not announced."""
        if kind not in self.levels:
            return []
        mine = self.kinds(side)
        return [k for k in self.levels[: self.levels.index(kind)] if k not in mine]

    def add(self, player: str, kind: str, side: str, cards_on_table: int = 0) -> None:
        """Record ``kind`` for ``side``, with every level it skips over as implied."""
        for k in self.skipped(kind, side):
            self.said.append(
                Announcement(player, k, side, implied=True, cards_on_table=cards_on_table)
            )
        self.said.append(Announcement(player, kind, side, cards_on_table=cards_on_table))
