"""What one match says of each player, as plain data that a cache can keep.

Read from the engine's per-hand results only: the sides, the winner, each player's score
and the family's details. A redeal is not a hand played; a hand still in play is left
out; a hand nobody won is a tie (it ends a run of wins or losses).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog
from scorekeeper.record import asdict, field, record
from scorekeeper.result import HandResult
from scorekeeper.stats.specials import BY_FAMILY, Counts

VERSION = 2
"""Bumped whenever what is counted changes, so that cached figures are made again."""

WON, LOST, TIED = "W", "L", "T"

DEMO_KEY = "_demo"
"""The header key that marks a demo's match file (``demo`` writes it; a header's own key,
so older versions read such a file as before)."""


def _keep(better: Any, mine: int | None, other: int | None) -> int | None:
    if other is None:
        return mine
    return other if mine is None else better(mine, other)


@record
class Tally:
    """What one match and many matches count alike for a player: hands, won, lost,
    points, best and worst hand, and per partner [hands together, hands won together]."""

    hands: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    best: int | None = None
    worst: int | None = None
    partners: dict[str, list[int]] = field(default_factory=dict)

    def take(self, other: Tally) -> None:
        """Add ``other``'s counts: one hand's, or one match's."""
        self.hands += other.hands
        self.won += other.won
        self.lost += other.lost
        self.points += other.points
        self.best = _keep(max, self.best, other.best)
        self.worst = _keep(min, self.worst, other.worst)
        for q, (together, won) in other.partners.items():
            pair = self.partners.setdefault(q, [0, 0])
            pair[0] += together
            pair[1] += won


@record
class PlayerFigures(Tally):
    """One player in one match. ``runs`` holds W, L or T per hand played, in order;
    ``special`` the family's own counts."""

    runs: str = ""
    special: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerFigures:
        return cls(**data)


@record
class MatchFigures:
    """One match: what the list shows of it, and each player's figures.

    ``hands`` counts the finished hands as the sheet does (a redeal too); each player's
    ``hands`` only those played. ``problem`` (kind, rule, code, message) is set when the file cannot be read or replayed;
    the figures are then empty.
    """

    ruleset: str = ""
    rules_id: str = ""
    game: str = ""
    family: str = ""
    started: str = ""
    players: list[str] = field(default_factory=list)
    hands: int = 0
    finished: bool = False
    figures: dict[str, PlayerFigures] = field(default_factory=dict)
    problem: dict[str, str | None] | None = None
    demo: bool = False  # a demo's match (its header says so), left out unless asked

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "ruleset": self.ruleset,
            "rules_id": self.rules_id,
            "game": self.game,
            "family": self.family,
            "started": self.started,
            "players": self.players,
            "hands": self.hands,
            "finished": self.finished,
            "figures": {p: f.to_dict() for p, f in self.figures.items()},
            "problem": self.problem,
            "demo": self.demo,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchFigures:
        if data.get("version") != VERSION:
            raise ValueError("figures of another version")
        fields = {k: v for k, v in data.items() if k not in ("version", "figures")}
        figures = {p: PlayerFigures.from_dict(f) for p, f in data["figures"].items()}
        return cls(**fields, figures=figures)


def _hand(result: HandResult, figures: dict[str, PlayerFigures]) -> None:
    winners = result.winning_sides()
    for side, members in result.sides.items():
        outcome = TIED if result.winner is None else WON if side in winners else LOST
        won = int(outcome == WON)
        for p in members:
            f = figures.setdefault(p, PlayerFigures())
            score = result.scores.get(p, 0)
            partners = {q: [1, won] for q in members if q != p}
            f.take(Tally(1, won, int(outcome == LOST), score, score, score, partners))
            f.runs += outcome


def of_match(log: MatchLog, match: Match) -> MatchFigures:
    """The figures of a replayed match."""
    figures: dict[str, PlayerFigures] = {p: PlayerFigures() for p in match.players}
    counts: Counts = {}
    special = BY_FAMILY.get(match.family.name)
    hands = 0
    for mh in match.hands:
        result = mh.result
        if result is None:
            continue
        hands += 1  # as the sheet counts them, a redeal included
        if result.redeal:
            continue
        _hand(result, figures)
        if special is not None:
            special(result, counts)
    for p, counter in counts.items():
        figures.setdefault(p, PlayerFigures()).special = dict(sorted(Counter(counter).items()))
    return MatchFigures(
        ruleset=log.ruleset,
        rules_id=match.rules.id,
        game=match.rules.name,
        family=match.family.name,
        started=log.started.isoformat(),
        players=list(match.players),
        hands=hands,
        finished=match.over() is not None,
        figures=figures,
        demo=log.extra.get(DEMO_KEY) is True,
    )
