"""Standings per round, per evening and per season, by the competition's rules.

Each table's figures come from its match file through the statistics' verified cache
(:func:`scorekeeper.stats.cache.figures`: replayed once, kept as plain data keyed by the
file's bytes), so that a season of many evenings answers at once. On top of them: the
penalty points entered, placement points per table (ties averaged), what a round sat out
or missed scores, the ranking with the competition's tie-breaks (places shared where it
says so, else drawn by lot from the event's seed), and the season's counting (all, the
best N, or the average of the best N evenings, absences and substitutes scored by its
rules).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scorekeeper.club.competition import Competition
from scorekeeper.club.event import Event, Round, Table
from scorekeeper.club.lists import penalty_entries
from scorekeeper.record import field, record, replace

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

PLAYED, SAT_OUT, MISSED = "played", "sat_out", "missed"


def number(value: Fraction) -> int | float:
    """A count as JSON and spreadsheets hold it: whole, or to two decimals (2.5, -0.33)."""
    return value.numerator if value.denominator == 1 else round(float(value), 2)


@record
class Line:
    """One player's count: in a round, an evening or a season."""

    player: str
    points: int = 0
    placement: Fraction = Fraction(0)
    won: int = 0
    lost: int = 0
    solos: int = 0
    marks: int = 0
    games: int = 0
    rounds: list[int] = field(default_factory=list)  # an evening: each round's points
    status: list[str] = field(default_factory=list)  # each round: played, sat_out, missed
    place: int = 0
    shared: bool = False
    counted: list[int] = field(default_factory=list)  # a season: the evenings counted
    score: Fraction = Fraction(0)  # a season: the counted total (an average may be a fraction)
    prize: str = ""  # "day": a day's prize by the competition's formula; "lowest": the poedel

    def add(self, other: Line) -> None:
        self.points += other.points
        self.placement += other.placement
        self.won += other.won
        self.lost += other.lost
        self.solos += other.solos
        self.marks += other.marks
        self.games += other.games
        self.rounds.append(other.points)
        self.status += other.status

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "shared": self.shared,
            "player": self.player,
            "points": self.points,
            "placement": number(self.placement),
            "won": self.won,
            "lost": self.lost,
            "solos": self.solos,
            "marks": self.marks,
            "games": self.games,
            "rounds": list(self.rounds),
            "status": list(self.status),
            "counted": list(self.counted),
            "score": number(self.score),
            "prize": self.prize,
        }


def placement_points(points: dict[str, int], scale: Sequence[int]) -> dict[str, Fraction]:
    """Placement points at one table: by the round's points, players level sharing the
    places they hold and averaging their placement points."""
    order = sorted(points, key=lambda p: -points[p])
    out: dict[str, Fraction] = {}
    at = 0
    while at < len(order):
        level = [p for p in order if points[p] == points[order[at]]]
        share = scale[at : at + len(level)] if scale else []
        value = Fraction(sum(share), len(level)) if share else Fraction(0)
        out.update(dict.fromkeys(level, value))
        at += len(level)
    return out


class SharedRules:
    """A rule-set loader for the many tables of an evening or a season: they play the same
    rule set, so it is read once, not once a table, when their matches must be replayed
    (the statistics' cache holds every table replayed before)."""

    def __init__(self) -> None:
        self.loaded: dict[tuple[str, str], Ruleset] = {}

    def __call__(self, name: str, options: Mapping[str, Any] | None) -> Ruleset:
        from scorekeeper.games import load

        key = (name, json.dumps(dict(options or {}), sort_keys=True, default=str))
        if key not in self.loaded:
            self.loaded[key] = load(name, options)
        return self.loaded[key]


def _table_lines(
    event: Event, rules: Competition, played: Round, table: Table, loader: SharedRules
) -> list[Line]:
    from scorekeeper.stats.cache import figures

    found = figures(table.path(), loader)
    lines = {p: Line(p, status=[PLAYED]) for p in table.players}
    for name, f in found.figures.items():
        if name not in lines:
            continue
        line = lines[name]
        line.points, line.won, line.lost, line.games = f.points, f.won, f.lost, f.hands
        line.solos = sum(n for k, n in f.special.items() if k.startswith("solo.won:"))
        line.marks = f.special.get("pit", 0)
    for penalty in event.penalties:
        if penalty.round == played.number and penalty.table == table.number:
            for p, n in penalty_entries(rules.penalties, penalty, penalty.others).items():
                lines[p].points += n
    scale = rules.placement.get(str(len(table.players)), ())
    for p, value in placement_points({p: x.points for p, x in lines.items()}, scale).items():
        lines[p].placement = value
    return list(lines.values())


def round_lines(event: Event, played: Round, loader: SharedRules | None = None) -> list[Line]:
    """Every player's line of one round: at a table, sitting out, or missing it."""
    rules = event.rules
    shared = loader or SharedRules()
    lines = [x for t in played.tables for x in _table_lines(event, rules, played, t, shared)]
    s = rules.scores
    for p in played.sitting_out:
        lines.append(
            Line(
                p,
                s.sitting_out,
                Fraction(s.sitting_out_placement),
                marks=s.sitting_out_marks,
                status=[SAT_OUT],
            )
        )
    for p in played.absent:
        lines.append(Line(p, s.missed_round, Fraction(s.missed_round_placement), status=[MISSED]))
    return lines


def evening_lines(
    event: Event, upto: int | None = None, loader: SharedRules | None = None
) -> list[Line]:
    """Every player's evening: the rounds drawn (up to round ``upto``) added up."""
    totals: dict[str, Line] = {}
    shared = loader or SharedRules()
    for played in event.rounds:
        if upto is not None and played.number > upto:
            break
        for line in round_lines(event, played, shared):
            totals.setdefault(line.player, Line(line.player)).add(line)
    return list(totals.values())


def _lot(event: Event, player: str) -> int:
    digest = hashlib.sha256(f"{event.seed}\n{event.name}\n{player}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _key(rules: Competition, event: Event) -> Callable[[Line], tuple[Any, ...]]:
    def key(line: Line) -> tuple[Any, ...]:
        values: list[Any] = []
        for k in rules.rank_by:
            if k == "lot":
                values.append(_lot(event, line.player))
            elif k == "lost":
                values.append(getattr(line, k))
            else:
                values.append(-getattr(line, k))
        return tuple(values)

    return key


def rank(lines: list[Line], rules: Competition, event: Event) -> list[Line]:
    """Lines in order with their places: level on every count but the lot, players share
    a place where the competition says so; else the lot (the event's seed) decides."""
    key = _key(rules, event)
    ordered = sorted(lines, key=key)
    level = [i for i, k in enumerate(rules.rank_by) if k != "lot"]
    for i, line in enumerate(ordered):
        line.place, line.shared, line.prize = i + 1, False, ""
        if rules.shared_places and i:
            before = ordered[i - 1]
            if [key(before)[j] for j in level] == [key(line)[j] for j in level]:
                line.place = before.place
                line.shared = before.shared = True
    if rules.prizes or rules.lowest_prize:
        _prizes(ordered, rules)
    return ordered


def prize_places(players: int) -> set[int]:
    """The places that win a day's prize by the Formule van 4: 1 to 4, then every fourth
    (8, 12, 16, ...) as far as there are players."""
    return set(range(1, min(players, 4) + 1)) | set(range(8, players + 1, 4))


def _prizes(ordered: list[Line], rules: Competition) -> None:
    """Mark the day's prizes (players sharing a prize place all win it) and the lowest."""
    if rules.prizes:
        places = prize_places(len(ordered))
        for line in ordered:
            if line.place in places:
                line.prize = "day"
    if rules.lowest_prize and len(ordered) > 1:
        last = ordered[-1].place
        for line in ordered:
            if line.place == last and not line.prize:
                line.prize = "lowest"


def standings(
    event: Event, round_number: int | None = None, *, only_round: bool = False
) -> list[Line]:
    """The ranked evening (up to ``round_number``), or one round alone."""
    rules = event.rules
    if only_round:  # the day's prizes go by the evening, not by a round
        alone = replace(rules, prizes="", lowest_prize=False)
        return rank(round_lines(event, event.round(round_number)), alone, event)
    return rank(evening_lines(event, round_number), rules, event)


# ---------------------------------------------------------------------- the season


def standings_data(
    event: Event, round_: int | None = None, *, only_round: bool = False
) -> dict[str, Any]:
    """The evening's standings (up to round ``round_``), or one round's alone, as plain
    data: what ``event standings`` renders and the hall's page shows."""
    lines = standings(event, round_, only_round=only_round)
    return {
        "kind": "round" if only_round else "evening",
        "event": event.name,
        "competition": event.competition,
        "round": round_ or (event.rounds[-1].number if event.rounds else 0),
        "rounds": round_ or len(event.rounds),
        "rank_by": list(event.rules.rank_by),
        "lines": [line.to_dict() for line in lines],
    }


def _primary(rules: Competition, line: Line) -> Fraction:
    first = next((k for k in rules.rank_by if k in ("points", "placement")), "points")
    return Fraction(getattr(line, first))


def _evening_scores(
    event: Event, rules: Competition, played: dict[str, Fraction]
) -> dict[str, Fraction]:
    """What the evening counts for each member in the season: the evening played, the
    absence score of one who stayed away, a substitute's evening for its member."""
    scores = {p: v for p, v in played.items() if p not in event.substitutes}
    s = rules.scores
    lowest = min(scores.values(), default=Fraction(0))
    for member, how in event.absent.items():
        if how == "notified":
            scores[member] = (
                lowest if s.notified_absence == "lowest" else Fraction(int(s.notified_absence))
            )
        else:
            scores[member] = Fraction(s.unnotified_absence)
    return scores


def season(events: Sequence[Event]) -> list[Line]:
    """The season over ``events`` (of one competition): each member's evenings counted
    by the competition's rule, ranked."""
    if not events:
        return []
    rules = events[0].rules
    evenings: dict[str, list[Fraction]] = {}
    subs: dict[str, list[Fraction]] = {}
    loader = SharedRules()
    for event in sorted(events, key=lambda e: (e.started, e.name)):
        lines = evening_lines(event, loader=loader)
        played = {line.player: _primary(rules, line) for line in lines}
        scores = _evening_scores(event, rules, played)
        for p, v in scores.items():
            evenings.setdefault(p, []).append(v)
        for sub, member in event.substitutes.items():
            if sub in played:
                subs.setdefault(member, []).append(played[sub])
    lines = []
    for p, values in evenings.items():
        values = list(values)
        for s in subs.get(p, []):
            if rules.scores.substitute == "counts" or s > min(values):
                values[values.index(min(values))] = s
        lines.append(_counted(p, values, rules))
    return rank(lines, _season_rules(rules), events[0])


def _counted(player: str, values: list[Fraction], rules: Competition) -> Line:
    best = sorted(values, reverse=True)
    n = rules.season_best or len(best)
    kept = best if rules.season_count == "all" else best[:n]
    total = sum(kept, Fraction(0))
    if rules.season_count == "average_best" and kept:
        total /= len(kept)
    line = Line(player, score=total)
    line.rounds = [int(v) for v in values]
    line.counted = [int(v) for v in kept]
    return line


def _season_rules(rules: Competition) -> Competition:
    """A season ranks by the counted total, then by lot (the day's prizes are not its)."""
    return replace(rules, rank_by=("score", "lot"), prizes="", lowest_prize=False)
