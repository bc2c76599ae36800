"""Checking a match file, for instance after editing it by hand: every problem it has.

The shape of the file, the replay of every hand (every independent problem of a hand is
reported; a broken hand is left out, so later hands are checked too) and the deck of each
dealt hand. A recorded revoke is a scored fact, as when it was recorded: it is reported,
not counted as a problem, unless the check is strict.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path

from scorekeeper import matchlog
from scorekeeper import record as rec
from scorekeeper.actions import Surplus, parse_action
from scorekeeper.errors import MatchFileError, ScorekeeperError
from scorekeeper.games import load
from scorekeeper.lang.terms import rule_tags
from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import MatchLog
from scorekeeper.matchlog.files import for_match
from scorekeeper.matchlog.sourcemap import SourceMap
from scorekeeper.reasons import because
from scorekeeper.text import language, say


@rec.record
class CheckReport:
    """What ``check`` found: how many hands replayed, each problem and each revoke."""

    file: Path
    hands: int = 0
    problems: list[str] = rec.field(default_factory=list)
    warnings: list[str] = rec.field(default_factory=list)
    surplus: list[dict[str, object]] = rec.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, object]:
        return {
            "file": str(self.file),
            "ok": self.ok,
            "hands": self.hands,
            "problems": self.problems,
            "warnings": self.warnings,
            # words of an action its game does not read: each with where, its reason's
            # key and parameters, and whether it counts as a problem (--strict)
            "surplus": self.surplus,
        }


def check(file: Path, *, strict: bool = False) -> CheckReport:
    """Read and replay ``file`` collecting every problem instead of stopping at the first.

    ``strict``: a recorded revoke is a problem too.
    """
    report = CheckReport(file)

    def seen(mh: MatchHand) -> None:
        """What a replayed hand shows, taken before the replay lets the hand go."""
        hand = mh.hand
        if hand is None:
            return
        problems = hand.deck_check()
        if not problems and not hand.revokes:  # most hands: no lines made for them
            return
        where = say("session.check.where", file=str(file), hand=mh.number)
        for p in problems:  # the rule named in the table's words (issue 27)
            rule = say("cli.rule", rule="deck.copies")
            report.problems.append(rule_tags(f"{where}: {p} {rule}", language.current()))
        if hand.revokes:
            revokes = [f"{where}: {r.text()}" for r in hand.revokes]
            (report.problems if strict else report.warnings).extend(revokes)

    try:
        try:
            log, source_map = matchlog.read(file)
        except MatchFileError as exc:
            found = _without_unknown_keys(file)
            if found is None:
                raise
            report.problems = list(exc.problems)  # and the hands are checked all the same
            log, source_map = found
        if _option_problems(report, log, source_map):
            return report
        m = Match.from_log(
            log,
            source_map,
            str(file),
            every_problem=True,
            loader=load,
            keep_hands=False,
            on_hand=seen,
        )
    except MatchFileError as exc:
        report.problems += [p for p in exc.problems if p not in report.problems]
        report.warnings = []
        return report
    report.hands = len(m.hands)
    for mh in m.hands:
        seen(mh)  # the hand in progress (finished hands are already let go)
    _as_entered(report, log, source_map, strict=strict)
    _surplus_words(report, log, source_map, m, strict=strict)
    return report


def _without_unknown_keys(file: Path) -> tuple[MatchLog, SourceMap] | None:
    """The file read with the keys no match file has left out (a typo's key is one
    problem; the hands are still worth checking), or None when that is not the only
    kind of problem of its shape (nothing more can be said then)."""
    import tomllib

    from scorekeeper.matchlog import MatchLog
    from scorekeeper.matchlog.records import HAND_KEYS, HEADER_KEYS

    if not file.is_file():
        return None  # a device, a pipe or a folder: nothing to read again (it could block)
    try:
        text = file.read_text(encoding="utf-8")
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None
    data = {k: v for k, v in data.items() if k in HEADER_KEYS or k.startswith("_")}
    hands = data.get("hand")
    if isinstance(hands, list):
        data["hand"] = [
            {k: v for k, v in h.items() if k in HAND_KEYS or k.startswith("_")}
            if isinstance(h, dict)
            else h
            for h in hands
        ]
    source_map = SourceMap(text)
    try:
        return MatchLog.from_dict(data, source_map, str(file), owned=True), source_map
    except (MatchFileError, KeyError, TypeError, ValueError):
        return None


def _option_problems(report: CheckReport, log: MatchLog, source_map: SourceMap) -> bool:
    """Every option of the header the rule set refuses, each on its own line (the replay
    would stop at the first); True when there is one: no hand can be judged under rules
    that cannot be set up."""
    if len(log.options) < 2:
        return False  # the replay says what is wrong with one option
    line = source_map.line_of_key("options") or 1
    found = []
    for name, value in log.options.items():
        try:
            load(for_match(log.ruleset, report.file), {name: value})
        except ScorekeeperError as exc:
            found += [f"{report.file}:{line}: {m}" for m in str(exc).splitlines()]
    report.problems += [p for p in found if p not in report.problems]
    return bool(found)


def _surplus_words(
    report: CheckReport, log: MatchLog, source_map: SourceMap, match: Match, *, strict: bool
) -> None:
    """Words of recorded actions that their game does not read (``Ben re no90`` of an
    older version): the replay passes over them, as it always did, so they are reported,
    not counted as problems unless strict. A new entry would refuse them."""
    # A match says the same few hundred things: each distinct text is read once, and the
    # hands are walked for where only when one has surplus words (as before, in file order).
    said = set(chain.from_iterable(record.actions for record in log.hands))
    found = {text: extra for text in said if (extra := _surplus_of(text, match)) is not None}
    if not found:
        return
    for h, record in enumerate(log.hands):
        for a, text in enumerate(record.actions):
            extra = found.get(text)
            if extra is None:
                continue
            where = f"{report.file}:{source_map.action_line(h, a) or 1}"
            reason = extra.reason()
            line = f"{where}: {because('check.as_recorded', problem=reason.text()).text()}"
            (report.problems if strict else report.warnings).append(line)
            report.surplus.append(
                {"where": where, "problem": strict, "rule": reason.rule, **reason.to_dict()}
            )


def _surplus_of(text: str, match: Match) -> Surplus | None:
    """The words of one action its game does not read, or None."""
    try:
        action = parse_action(text, match.players)
        return None if action.is_play else match.family.surplus(match.rules, action)
    except ScorekeeperError:
        return None  # the replay has reported what is wrong with it


def _as_entered(report: CheckReport, log: MatchLog, source_map: SourceMap, *, strict: bool) -> None:
    """Quick hands that the checks of a new entry would refuse (they were recorded before
    those checks): scored as recorded, so reported, not counted as problems unless strict."""
    quick = [i + 1 for i, record in enumerate(log.hands) if record.quick is not None]
    if not quick:
        return
    try:
        Match.from_log(
            log, source_map, str(report.file), every_problem=True, loader=load, keep_hands=False,
            entries=quick,
        )  # fmt: skip
    except MatchFileError as exc:
        found = [because("check.as_recorded", problem=line).text() for line in exc.problems]
        (report.problems if strict else report.warnings).extend(found)
