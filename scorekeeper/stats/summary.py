"""The figures of many matches put together: per player, over the matches chosen.

Matches are taken oldest first (by their start, then their name), so that a run of wins
or losses goes on from one match into the next. Points of different games are only
added up when asked for (filter with a game to keep them apart).
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, datetime
from typing import Any

from scorekeeper.record import field, record
from scorekeeper.stats.figures import LOST, TIED, WON, MatchFigures, PlayerFigures, Tally


@record
class PlayerStats(Tally):
    """One player over the matches chosen: the tally of their matches' figures."""

    matches: int = 0
    runs: list[str] = field(default_factory=list)
    special: Counter[str] = field(default_factory=Counter)

    @property
    def tied(self) -> int:
        return self.hands - self.won - self.lost

    @property
    def average(self) -> float | None:
        return round(self.points / self.hands, 2) if self.hands else None

    def streak(self, outcome: str) -> int:
        """The longest run of hands with this outcome (W or L), across matches."""
        pattern = re.compile(f"{re.escape(outcome)}+")
        return max((len(m) for m in pattern.findall("".join(self.runs))), default=0)

    def add(self, f: PlayerFigures) -> None:
        self.matches += 1
        self.take(f)
        self.runs.append(f.runs)
        self.special.update(f.special)

    def to_dict(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "hands": self.hands,
            "won": self.won,
            "lost": self.lost,
            "tied": self.tied,
            "points": self.points,
            "average": self.average,
            "best": self.best,
            "worst": self.worst,
            "longest_winning_streak": self.streak(WON),
            "longest_losing_streak": self.streak(LOST),
            "partners": {
                q: {"together": t, "won": w} for q, (t, w) in sorted(self.partners.items())
            },
            "special": dict(sorted(self.special.items())),
        }


@record
class GameStats:
    """One game's figures (a family: its points are on one scale): its matches, hands and
    players."""

    name: str = ""
    matches: int = 0
    hands: int = 0
    players: dict[str, PlayerStats] = field(default_factory=dict)

    def add(self, figures: MatchFigures, player: str | None) -> None:
        self.name = self.name or figures.game
        self.matches += 1
        self.hands += figures.hands
        for p, f in figures.figures.items():
            if player is None or p == player:
                self.players.setdefault(p, PlayerStats()).add(f)

    def to_dict(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "hands": self.hands,
            "players": {p: s.to_dict() for p, s in sorted(self.players.items())},
        }


@record
class Stats:
    """The statistics of the matches chosen; ``skipped``: (name, problem) of files that
    cannot be read or replayed; ``by_game``: the same per game family, whose points
    alone may be added up; ``demos``: demo matches left out (``--demo`` counts them)."""

    matches: int = 0
    hands: int = 0
    games: Counter[str] = field(default_factory=Counter)
    players: dict[str, PlayerStats] = field(default_factory=dict)
    skipped: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    by_game: dict[str, GameStats] = field(default_factory=dict)
    demos: int = 0
    names: dict[str, str] = field(default_factory=dict)  # a rule set's name by its id

    def to_dict(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "hands": self.hands,
            "games": dict(sorted(self.games.items())),
            "players": {p: s.to_dict() for p, s in sorted(self.players.items())},
            "skipped": [
                {"name": name, "kind": problem.get("kind"), "rule": problem.get("rule")}
                for name, problem in self.skipped
            ],
            "by_game": {g: s.to_dict() for g, s in sorted(self.by_game.items())},
            "demos_left_out": self.demos,
        }


DEMO_NAMES = ["Anna", "Ben", "Carla", "Dirk", "Emil", "Frida"]
"""The demo's table (``session.demo.NAMES``), by which an older demo file is known."""
_DEMO_FILE = re.compile(r"\d{8}-\d{6}-demo-[A-Za-z0-9_-]+")


def is_demo(name: str, figures: MatchFigures) -> bool:
    """A demo's match: its header says so; or, for a file from before the mark, the name
    only ``demo`` gives a file in the data folder (start, ``demo-``, rule set) and the
    demo's own table."""
    if figures.demo:
        return True
    stem = name.rsplit("/", 1)[-1].removesuffix(".toml")
    return (
        bool(_DEMO_FILE.fullmatch(stem)) and figures.players == DEMO_NAMES[: len(figures.players)]
    )


def plays(figures: MatchFigures, game: str | None) -> bool:
    """Whether a match plays the game asked for: its rule set's id or file, or its family."""
    if game is None:
        return True
    wanted = game.casefold()
    return wanted in {figures.rules_id.casefold(), figures.family.casefold(), figures.ruleset}


def started_on(figures: MatchFigures) -> date | None:
    try:
        return datetime.fromisoformat(figures.started).date()
    except ValueError:
        return None


def gather(
    matches: list[tuple[str, MatchFigures]],
    *,
    game: str | None = None,
    player: str | None = None,
    since: date | None = None,
    demo: bool = False,
) -> Stats:
    """Put the figures of ``matches`` (name, figures) together, as the filters say; a
    demo's match only with ``demo``."""
    stats = Stats()
    for name, figures in sorted(matches, key=lambda nf: (nf[1].started, nf[0])):
        if figures.problem is not None:
            stats.skipped.append((name, figures.problem))
            continue
        day = started_on(figures)
        if not plays(figures, game) or (since is not None and (day is None or day < since)):
            continue
        if player is not None and player not in figures.players:
            continue
        if not demo and is_demo(name, figures):
            stats.demos += 1
            continue
        stats.by_game.setdefault(figures.family, GameStats()).add(figures, player)
        stats.matches += 1
        stats.hands += figures.hands
        stats.games[figures.rules_id] += 1
        stats.names.setdefault(figures.rules_id, figures.game or figures.rules_id)
        for p, f in figures.figures.items():
            if player is None or p == player:
                stats.players.setdefault(p, PlayerStats()).add(f)
    return stats


__all__ = ["LOST", "TIED", "WON", "GameStats", "PlayerStats", "Stats", "gather", "is_demo", "plays"]
