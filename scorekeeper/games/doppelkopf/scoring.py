"""The value of a Doppelkopf hand, built item by item from the facts a score sheet holds.

Two styles, chosen by the rule set's ``scoring.style``:

- ``multiplied`` (the seed text): won, thresholds, promises made or broken, then doubled
  for every Re and Contra said;
- ``additive`` (the DDV tournament rules): every item adds, Re and Kontra are worth
  points of their own, and each side scores what it made against the other's promises.

Full and quick entry both end here with the same ``Facts``, so both give the same value.
Extra points are netted between the sides and added last; a player alone (a solo)
scores the value times ``scoring.lone_factor``; a Bock round multiplies everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.games.doppelkopf.notation import tell
from scorekeeper.games.doppelkopf.records import (
    CONTRA,
    RE,
    Extra,
    Facts,
    kind_option,
    other,
    promises,
    side_word,
)
from scorekeeper.games.doppelkopf.rules import options, spec
from scorekeeper.record import record
from scorekeeper.result import HandResult, ValueItem

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset


@record
class _Play:
    """The hand seen from the scoring side: points, promises, who reached what."""

    points: dict[str, int]
    all_tricks: str | None
    said: dict[str, bool]
    made: dict[str, list[str]]
    re_ok: bool
    contra_ok: bool
    re_need: str
    contra_need: str

    def __init__(
        self,
        points: dict[str, int],
        all_tricks: str | None,
        said: dict[str, bool],
        made: dict[str, list[str]],
        re_ok: bool,
        contra_ok: bool,
        re_need: str,
        contra_need: str,
    ) -> None:
        # Written out: one per hand valued.
        self.points = points
        self.all_tricks = all_tricks
        self.said = said
        self.made = made
        self.re_ok = re_ok
        self.contra_ok = contra_ok
        self.re_need = re_need
        self.contra_need = contra_need


def _reckon(rules: Ruleset, facts: Facts, notes: list[str]) -> _Play:
    s = spec(rules).scoring
    promise_table = spec(rules).announcements.promise
    levels = promises(rules)  # sorted once per rule set
    total = spec(rules).card_points.total
    points = {RE: facts.re_points, CONTRA: total - facts.re_points}
    all_tricks = facts.all_tricks
    if facts.revoke:
        offender = facts.revoke
        points = {offender: 0, other(offender): total}
        all_tricks = other(offender)
        notes.append(tell("score.revoke", side=side_word(offender, rules)))
    said = {RE: False, CONTRA: False}
    made: dict[str, list[str]] = {RE: [], CONTRA: []}
    for a in facts.announcements:
        if a.kind in (RE, CONTRA):
            said[a.kind] = True
        elif a.kind not in made[a.side]:
            made[a.side].append(a.kind)
    for side in made:
        made[side].sort(key=levels.index)

    def reaches(side: str) -> tuple[bool, str]:
        mine, theirs = made[side], made[other(side)]
        if mine:
            top = mine[-1]
            if top == "black":
                return all_tricks == side, tell("score.need_black")
            need = promise_table[top].target
            return points[side] >= need, tell("score.need_promise", need=need, kind=top)
        if theirs:
            top = theirs[-1]
            if top == "black":
                return all_tricks != other(side), tell("score.need_against_black")
            below = promise_table[top].below
            return points[side] >= below, tell("score.need_against", need=below, kind=top)
        need = s.re_needs if side == RE else s.contra_needs
        if s.contra_only_flips_tie and said[CONTRA] and not said[RE]:
            need = s.contra_needs if side == RE else s.re_needs
        return points[side] >= need, str(need)

    re_ok, re_need = reaches(RE)
    contra_ok, contra_need = reaches(CONTRA)
    return _Play(points, all_tricks, said, made, re_ok, contra_ok, re_need, contra_need)


def _black(rules: Ruleset, play: _Play, loser: str) -> bool:
    if options(rules).black_means == "no_tricks":
        return play.all_tricks == other(loser)
    return play.points[loser] == 0


class _Items:
    """The value's items in order, with the running value."""

    def __init__(self, rules: Ruleset) -> None:
        self.items: list[ValueItem] = []
        self.value = 0
        self.clauses = spec(rules).scoring.clauses

    def add(self, label: str, pts: int, rule: str, side: str | None = None) -> None:
        if pts:
            self.items.append(ValueItem(label, pts, rule, side=side, clause=self.clauses.get(rule)))
            self.value += pts

    def times(self, label: str, factor: int, rule: str, side: str | None = None) -> None:
        self.items.append(
            ValueItem(label, factor, rule, "times", side=side, clause=self.clauses.get(rule))
        )
        self.value *= factor

    def note(self, label: str, rule: str) -> None:
        self.items.append(ValueItem(label, 0, rule, "note", clause=self.clauses.get(rule)))


def _thresholds(rules: Ruleset, items: _Items, play: _Play, under: str, side: str) -> None:
    """+1 for each threshold the side ``under`` stayed below, credited to ``side``."""
    s = spec(rules).scoring
    who = side_word(under, rules)
    for threshold in s.loser_thresholds:
        if play.points[under] < threshold:
            label = tell("score.under", side=who, threshold=threshold)
            items.add(label, 1, "scoring.loser_thresholds", side)
    if _black(rules, play, under):
        items.add(tell("score.black", side=who), s.black, "scoring.black", side)


def _against_points(rules: Ruleset, items: _Items, play: _Play, side: str) -> None:
    """TSR style: +1 for each "120 against no 90" the side reached against the other's."""
    s = spec(rules).scoring
    promise_table = spec(rules).announcements.promise
    for kind in play.made[other(side)]:
        against = promise_table[kind].against
        if against is not None and play.points[side] >= against:
            items.add(
                tell("score.against", side=side_word(side, rules), points=against, kind=kind),
                s.number("against_promise"),
                "scoring.against_promise",
                side,
            )


def _nobody_wins(rules: Ruleset, items: _Items, play: _Play, notes: list[str]) -> int:
    """Neither side reached its target: Re's value (multiplied: nothing; additive: each
    side keeps what it made against the other, netted)."""
    items.note(
        tell(
            "score.nobody_wins",
            re_need=play.re_need,
            contra=side_word(CONTRA, rules),
            contra_need=play.contra_need,
        ),
        "announcements.promise",
    )
    if spec(rules).scoring.style != "additive":
        notes.append(tell("score.nobody_scores"))
        return 0
    gains = {}
    for side in (RE, CONTRA):
        start = items.value
        _thresholds(rules, items, play, other(side), side)
        _against_points(rules, items, play, side)
        gains[side] = items.value - start
        items.value = start
    return gains[RE] - gains[CONTRA]


def _additive_items(rules: Ruleset, items: _Items, play: _Play, winner: str) -> None:
    """DDV: Re and Kontra said, every promise of either side, points against promises."""
    s = spec(rules).scoring
    for side in (RE, CONTRA):
        if play.said[side]:
            items.add(
                tell("score.announced", side=side_word(side, rules)),
                s.number("announced"),
                "scoring.announced",
                winner,
            )
    for side in (RE, CONTRA):
        for kind in play.made[side]:
            items.add(
                tell("score.promise_said", kind=kind, side=side_word(side, rules)),
                s.number("promise_said"),
                "scoring.promise_said",
                winner,
            )
    _against_points(rules, items, play, winner)


def _multiplied_items(rules: Ruleset, items: _Items, play: _Play, winner: str) -> None:
    """The seed: promises made or broken, then doubled for every Re and Contra said."""
    s = spec(rules).scoring
    loser = other(winner)
    for kind in play.made[winner]:
        items.add(
            tell("score.promise_made", kind=kind),
            s.number("promise_made"),
            "scoring.promise_made",
            winner,
        )
    for kind in play.made[loser]:
        items.add(
            tell("score.promise_failed", side=side_word(loser, rules), kind=kind),
            s.number("promise_failed"),
            "scoring.promise_failed",
            winner,
        )
        items.add(
            tell("score.promise_failed_threshold", kind=kind),
            s.number("promise_failed_threshold"),
            "scoring.promise_failed_threshold",
            winner,
        )
    for side in (RE, CONTRA):
        if play.said[side]:
            items.times(
                tell("score.announced", side=side_word(side, rules)),
                s.number("announcement_multiplier"),
                "scoring.announcement_multiplier",
            )


def _won(rules: Ruleset, items: _Items, play: _Play, winner: str) -> int:
    """The winners' value as Re's (negative when Contra won)."""
    s = spec(rules).scoring
    need = play.re_need if winner == RE else play.contra_need
    label = tell("score.won", side=side_word(winner, rules), need=need)
    items.add(label, s.won, "scoring.won", winner)
    if winner == CONTRA and s.against_the_queens:
        label = tell("score.against_the_queens")
        items.add(label, s.against_the_queens, "scoring.against_the_queens", winner)
    _thresholds(rules, items, play, other(winner), winner)
    if s.style == "additive":
        _additive_items(rules, items, play, winner)
    else:
        _multiplied_items(rules, items, play, winner)
    return items.value if winner == RE else -items.value


def _extras_that_count(
    rules: Ruleset, facts: Facts, winner: str | None, notes: list[str]
) -> list[Extra]:
    """Extra points: only in games of two against two, never for a revoking side, never
    when nobody won."""
    extras = list(facts.extras)
    queens = spec(rules).extras.against_the_queens
    if facts.normal_game and winner == CONTRA and queens:
        extras.append((CONTRA, "against_the_queens", queens))
    if not facts.normal_game and extras:
        notes.append(tell("score.no_extras_alone"))
        extras = []
    if facts.revoke and any(side == facts.revoke for side, _, _ in extras):
        notes.append(tell("score.no_extras_revoke"))
        extras = [e for e in extras if e[0] != facts.revoke]
    if winner is None and extras:
        notes.append(tell("score.no_extras_nobody"))
        extras = []
    return extras


def _add_extras(rules: Ruleset, items: _Items, extras: list[Extra]) -> int:
    """Extra points netted, added after the value, never deciding who won: Re's net."""
    net = 0
    for side, kind, pts in extras:
        rule = (
            "extras.against_the_queens"
            if kind == "against_the_queens"
            else f"options.{kind_option(kind)}"
        )
        items.items.append(
            ValueItem(
                tell("score.extra", kind=kind.replace("_", " "), side=side_word(side, rules)),
                pts,
                rule,
                side=side,
                clause=items.clauses.get(rule),
            )
        )
        net += pts if side == RE else -pts
    return net


def _multiply(rules: Ruleset, items: _Items, facts: Facts, re_value: int) -> tuple[int, int]:
    """The lone player's factor and the Bock rounds: (Re's value, the lone factor)."""
    factor = spec(rules).scoring.lone_factor if facts.lone else 1
    if facts.lone and re_value:
        items.items.append(
            ValueItem(
                tell("score.alone"),
                factor,
                "scoring.lone_factor",
                "times",
                side=RE,
                clause=items.clauses.get("scoring.lone_factor"),
            )
        )
    if facts.bock and re_value:
        label = tell("score.bock") if facts.bock == 1 else tell("score.bocks")
        items.items.append(
            ValueItem(
                label,
                2**facts.bock,
                "options.bock",
                "times",
                clause=items.clauses.get("options.bock"),
            )
        )
        re_value *= 2**facts.bock
    return re_value, factor


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Build a hand's value item by item, as the rule set's ``[scoring]`` says."""
    notes = list(facts.notes)
    play = _reckon(rules, facts, notes)
    items = _Items(rules)
    if play.re_ok == play.contra_ok:
        winner = None
        re_value = _nobody_wins(rules, items, play, notes)
    else:
        winner = RE if play.re_ok else CONTRA
        re_value = _won(rules, items, play, winner)
    re_value += _add_extras(rules, items, _extras_that_count(rules, facts, winner, notes))
    re_value, factor = _multiply(rules, items, facts, re_value)
    scores = {p: 0 for p in table}
    for p in facts.re_players:
        scores[p] = re_value * factor
    for p in facts.contra_players:
        scores[p] = -re_value
    game_type = facts.game_type
    if facts.bock:
        game_type = tell("score.bock_game", game=game_type, factor=2**facts.bock)
    details: dict[str, Any] = {
        "re_needs": play.re_need,
        "contra_needs": play.contra_need,
        "announcements": [[a.player, a.kind, a.side, a.implied] for a in facts.announcements],
        "all_tricks": play.all_tricks,
        "lone": facts.lone,
        "solo": facts.solo,
        "obligatory": facts.obligatory,
        "bock": facts.bock,
    }
    return HandResult(
        game_type,
        {RE: list(facts.re_players), CONTRA: list(facts.contra_players)},
        dict(play.points),
        winner,
        items.items,
        abs(re_value),
        scores,
        notes=notes,
        details=details,
    )
