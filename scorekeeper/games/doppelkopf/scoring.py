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

from scorekeeper.caches import Cache, cache
from scorekeeper.games.doppelkopf.notation import Told, tell, told
from scorekeeper.games.doppelkopf.records import (
    CONTRA,
    RE,
    Extra,
    Facts,
    kind_option,
    other,
    side_word,
)
from scorekeeper.games.doppelkopf.rules import options, promises, spec
from scorekeeper.reasons import Voice, same_words, voice
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


class _Kept:
    """What the value of every hand reads of its rule set (the typed rules, the options,
    the sides' names): read once per rule set and shared, as a loaded rule set never
    changes."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules  # kept alive: the cache is keyed by its id
        rs = spec(rules)
        self.scoring = rs.scoring
        self.promise = rs.announcements.promise
        self.levels = promises(rules)  # sorted once per rule set
        self.total = rs.card_points.total
        self.clauses = rs.scoring.clauses
        self.queens = rs.extras.against_the_queens
        self.black_no_tricks = options(rules).black_means == "no_tricks"
        self.additive = rs.scoring.style == "additive"
        self.sides = {RE: side_word(RE, rules), CONTRA: side_word(CONTRA, rules)}
        self._lines: dict[Voice, dict[tuple[Any, ...], ValueItem]] = {}  # see _Items.line

    def lines(self, said: Voice) -> dict[tuple[Any, ...], ValueItem]:
        """The lines of a hand's value made so far in a voice (``reasons.voice``)."""
        made = self._lines.get(said)
        if made is None:
            made = self._lines[said] = {}
        return made


_KEPT: Cache[int, _Kept] = cache("doppelkopf.scoring_read", "id(rules)", 64)


def _kept(rules: Ruleset) -> _Kept:
    """What the value of every hand of ``rules`` reads of it, made once and kept."""
    return _KEPT.get(id(rules)) or _KEPT.put(id(rules), _Kept(rules))


def _reckon(k: _Kept, facts: Facts, notes: list[str]) -> _Play:
    s = k.scoring
    promise_table = k.promise
    levels = k.levels
    total = k.total
    points = {RE: facts.re_points, CONTRA: total - facts.re_points}
    all_tricks = facts.all_tricks
    if facts.revoke:
        offender = facts.revoke
        points = {offender: 0, other(offender): total}
        all_tricks = other(offender)
        notes.append(tell("score.revoke", side=k.sides[offender]))
    said = {RE: False, CONTRA: False}
    made: dict[str, list[str]] = {RE: [], CONTRA: []}
    for a in facts.announcements:
        if a.kind in (RE, CONTRA):
            said[a.kind] = True
        elif a.kind not in made[a.side]:
            made[a.side].append(a.kind)
    for side in made:
        if made[side]:
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


def _black(k: _Kept, play: _Play, loser: str) -> bool:
    if k.black_no_tricks:
        return play.all_tricks == other(loser)
    return play.points[loser] == 0


class _Items:
    """The value's items in order, with the running value. Each item's words come as
    ``told`` gives them (``tell``'s key and parameters), worded in ``line``."""

    def __init__(self, k: _Kept) -> None:
        self.items: list[ValueItem] = []
        self.value = 0
        self.clauses = k.clauses
        self.lines = k.lines(voice())

    def add(self, pts: int, rule: str, side: str | None, said: Told) -> None:
        if pts:
            self.items.append(self.line(pts, rule, "add", side, said))
            self.value += pts

    def times(self, factor: int, rule: str, side: str | None, said: Told) -> None:
        self.items.append(self.line(factor, rule, "times", side, said))
        self.value *= factor

    def note(self, rule: str, said: Told) -> None:
        self.items.append(self.line(0, rule, "note", None, said))

    def line(self, pts: int, rule: str, op: str, side: str | None, said: Told) -> ValueItem:
        """One item. The same item recurs on hand after hand (its words, points, rule and
        side), and a ``ValueItem`` is immutable: each is made once per rule set and
        language and handed out again, looked up by what makes it (its words' parameters
        as ``reasons.same_words`` keys them; anything else is made anew)."""
        words = same_words(said[1])
        if words is None:
            return self._made(pts, rule, op, side, said)
        same = (said[0], pts, rule, op, side, *words)
        found = self.lines.get(same)
        if found is None:
            if len(self.lines) >= 4096:
                self.lines.clear()
            found = self.lines[same] = self._made(pts, rule, op, side, said)
        return found

    def _made(self, pts: int, rule: str, op: str, side: str | None, said: Told) -> ValueItem:
        label = tell(said[0], **said[1])
        return ValueItem(label, pts, rule, op, side=side, clause=self.clauses.get(rule))


def _thresholds(k: _Kept, items: _Items, play: _Play, under: str, side: str) -> None:
    """+1 for each threshold the side ``under`` stayed below, credited to ``side``."""
    s = k.scoring
    who = k.sides[under]
    for threshold in s.loser_thresholds:
        if play.points[under] < threshold:
            said = told("score.under", side=who, threshold=threshold)
            items.add(1, "scoring.loser_thresholds", side, said)
    if _black(k, play, under):
        items.add(s.black, "scoring.black", side, told("score.black", side=who))


def _against_points(k: _Kept, items: _Items, play: _Play, side: str) -> None:
    """TSR style: +1 for each "120 against no 90" the side reached against the other's."""
    s = k.scoring
    promise_table = k.promise
    for kind in play.made[other(side)]:
        against = promise_table[kind].against
        if against is not None and play.points[side] >= against:
            items.add(
                s.number("against_promise"),
                "scoring.against_promise",
                side,
                told("score.against", side=k.sides[side], points=against, kind=kind),
            )


def _nobody_wins(k: _Kept, items: _Items, play: _Play, notes: list[str]) -> int:
    """Neither side reached its target: Re's value (multiplied: nothing; additive: each
    side keeps what it made against the other, netted)."""
    items.note(
        "announcements.promise",
        told(
            "score.nobody_wins",
            re_need=play.re_need,
            contra=k.sides[CONTRA],
            contra_need=play.contra_need,
        ),
    )
    if not k.additive:
        notes.append(tell("score.nobody_scores"))
        return 0
    gains = {}
    for side in (RE, CONTRA):
        start = items.value
        _thresholds(k, items, play, other(side), side)
        _against_points(k, items, play, side)
        gains[side] = items.value - start
        items.value = start
    return gains[RE] - gains[CONTRA]


def _additive_items(k: _Kept, items: _Items, play: _Play, winner: str) -> None:
    """DDV: Re and Kontra said, every promise of either side, points against promises."""
    s = k.scoring
    for side in (RE, CONTRA):
        if play.said[side]:
            items.add(
                s.number("announced"),
                "scoring.announced",
                winner,
                told("score.announced", side=k.sides[side]),
            )
    for side in (RE, CONTRA):
        for kind in play.made[side]:
            items.add(
                s.number("promise_said"),
                "scoring.promise_said",
                winner,
                told("score.promise_said", kind=kind, side=k.sides[side]),
            )
    _against_points(k, items, play, winner)


def _multiplied_items(k: _Kept, items: _Items, play: _Play, winner: str) -> None:
    """The seed: promises made or broken, then doubled for every Re and Contra said."""
    s = k.scoring
    loser = other(winner)
    for kind in play.made[winner]:
        items.add(
            s.number("promise_made"),
            "scoring.promise_made",
            winner,
            told("score.promise_made", kind=kind),
        )
    for kind in play.made[loser]:
        items.add(
            s.number("promise_failed"),
            "scoring.promise_failed",
            winner,
            told("score.promise_failed", side=k.sides[loser], kind=kind),
        )
        if kind == "black":  # the points of the limit the failed promise named
            limit = told("score.not_black", side=k.sides[winner])
        else:
            below = k.promise[kind].below
            limit = told("score.against", side=k.sides[winner], points=below, kind=kind)
        items.add(
            s.number("promise_failed_threshold"), "scoring.promise_failed_threshold", winner, limit
        )
    for side in (RE, CONTRA):
        if play.said[side]:
            items.times(
                s.number("announcement_multiplier"),
                "scoring.announcement_multiplier",
                None,
                told("score.announced", side=k.sides[side]),
            )


def _won(k: _Kept, items: _Items, play: _Play, winner: str) -> int:
    """The winners' value as Re's (negative when Contra won)."""
    s = k.scoring
    need = play.re_need if winner == RE else play.contra_need
    items.add(s.won, "scoring.won", winner, told("score.won", side=k.sides[winner], need=need))
    if winner == CONTRA and s.against_the_queens:
        said = told("score.against_the_queens")
        items.add(s.against_the_queens, "scoring.against_the_queens", winner, said)
    _thresholds(k, items, play, other(winner), winner)
    if k.additive:
        _additive_items(k, items, play, winner)
    else:
        _multiplied_items(k, items, play, winner)
    return items.value if winner == RE else -items.value


def _extras_that_count(k: _Kept, facts: Facts, winner: str | None, notes: list[str]) -> list[Extra]:
    """Extra points: only in games of two against two, never for a revoking side, never
    when nobody won."""
    extras = list(facts.extras)
    queens = k.queens
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


def _add_extras(k: _Kept, items: _Items, extras: list[Extra]) -> int:
    """Extra points netted, added after the value, never deciding who won: Re's net."""
    net = 0
    for side, kind, pts in extras:
        rule = (
            "extras.against_the_queens"
            if kind == "against_the_queens"
            else f"options.{kind_option(kind)}"
        )
        said = told("score.extra", kind=kind.replace("_", " "), side=k.sides[side])
        items.items.append(items.line(pts, rule, "add", side, said))
        net += pts if side == RE else -pts
    return net


def _multiply(k: _Kept, items: _Items, facts: Facts, re_value: int) -> tuple[int, int]:
    """The lone player's factor and the Bock rounds: (Re's value, the lone factor)."""
    factor = k.scoring.lone_factor if facts.lone else 1
    if facts.lone and re_value:
        alone = told("score.alone")
        items.items.append(items.line(factor, "scoring.lone_factor", "times", RE, alone))
    if facts.bock and re_value:
        bock = told("score.bock") if facts.bock == 1 else told("score.bocks")
        items.items.append(items.line(2**facts.bock, "options.bock", "times", None, bock))
        re_value *= 2**facts.bock
    return re_value, factor


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Build a hand's value item by item, as the rule set's ``[scoring]`` says."""
    k = _kept(rules)
    notes = list(facts.notes)
    play = _reckon(k, facts, notes)
    items = _Items(k)
    if play.re_ok == play.contra_ok:
        winner = None
        re_value = _nobody_wins(k, items, play, notes)
    else:
        winner = RE if play.re_ok else CONTRA
        re_value = _won(k, items, play, winner)
    re_value += _add_extras(k, items, _extras_that_count(k, facts, winner, notes))
    re_value, factor = _multiply(k, items, facts, re_value)
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
