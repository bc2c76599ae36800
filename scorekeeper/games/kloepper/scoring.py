"""A Kloepper hand's points from its facts: the knock if there was one, else the table.

Full and quick hands are scored by the same function (``score``) from the same ``Facts``,
so both give the same points for the same hand. Every number comes from the rule set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import IllegalActionError
from scorekeeper.games.common import words
from scorekeeper.games.kloepper.rules import Row, spec
from scorekeeper.games.kloepper.sides import OTHERS, QUEENS, SIDES, other
from scorekeeper.reasons import Reason, because
from scorekeeper.record import field, record
from scorekeeper.result import HandResult, ValueItem

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record
class Facts:
    """Everything a hand's points depend on: what a score sheet must hold."""

    queens: list[str]  # the queens' side: two players, or one playing alone
    others: list[str]
    queens_points: int
    all_tricks: str | None  # the side that took every trick, if one did
    declarer: str | None = None  # the holder of both black queens, if one declared
    called: str | None = None  # the ace that holder called (None: alone)
    knocker: str | None = None
    replier: str | None = None
    revoke: str | None = None  # the side that revoked
    notes: list[str] = field(default_factory=list)

    @property
    def lone(self) -> bool:
        return len(self.queens) == 1


def _row_label(side: str, row: Row, lone: bool) -> str:
    if row.all_tricks:
        reason = because("kloepper.item.every_trick", side=_side(side))
    else:
        reason = because("kloepper.item.row", side=_side(side), at=row.at)
    if lone:
        lone_key = "kloepper.item.alone" if side == QUEENS else "kloepper.item.against_lone"
        reason = because(lone_key, item=reason)
    return reason.worded()  # the words carry the reason: another language words it anew


def _side(side: str) -> Reason:
    return because(f"kloepper.side.{side}")


def game_type(facts: Facts) -> str:
    if facts.declarer and facts.called:
        kind = f"{facts.declarer} calls {facts.called}"
    elif facts.lone:
        kind = f"{facts.queens[0]} alone"
    else:
        kind = "normal"
    if facts.knocker:
        kind += ", knock and reply" if facts.replier else ", knock"
    return kind


def _knock_item(rules: Ruleset, facts: Facts, all_tricks: str | None) -> ValueItem:
    """After a knock only the tricks count: the reply decides if there was one."""
    queens_all = all_tricks == QUEENS
    winner = QUEENS if queens_all else OTHERS
    if facts.replier:
        base, outcome = "knock.reply", ("failed" if queens_all else "made")
        label = because(f"kloepper.item.reply_{outcome}", player=facts.replier)
    else:
        base, outcome = "knock", ("made" if queens_all else "failed")
        label = because(f"kloepper.item.knock_{outcome}", player=facts.knocker)
    key = f"{base}.{outcome}{'_alone' if facts.lone else ''}"
    if facts.lone:
        lone_key = "kloepper.item.alone" if winner == QUEENS else "kloepper.item.against_knocker"
        label = because(lone_key, item=label)
    values = spec(rules).knock.reply if facts.replier else spec(rules).knock
    return ValueItem(label.worded(), values.value(outcome, facts.lone), key, side=winner)


def _table_item(
    rules: Ruleset, facts: Facts, points: Mapping[str, int], all_tricks: str | None
) -> ValueItem:
    """The highest row of the scoring table the winning side reached."""
    table = spec(rules).scoring
    reached: dict[str, list[tuple[str, Row]]] = {}
    for side in SIDES:
        reached[side] = [
            (name, row)
            for name, row in table.rows(side).items()
            if points[side] >= row.at and (not row.all_tricks or all_tricks == side)
        ]
    winners = [side for side in SIDES if reached[side]]
    if len(winners) != 1:  # thresholds that overlap: the schema refuses them
        raise IllegalActionError(
            because(
                "kloepper.table_overlap",
                "scoring",
                queens=points[QUEENS],
                others=points[OTHERS],
                winners=" and ".join(winners) or "nobody",
            )
        )
    winner = winners[0]
    column = "alone" if facts.lone else "points"
    name, row = max(reached[winner], key=lambda nr: nr[1].column(facts.lone))
    return ValueItem(
        _row_label(winner, row, facts.lone),
        row.column(facts.lone),
        f"scoring.{winner}.{name}.{column}",
        side=winner,
    )


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """A hand's points item by item: the knock if there was one, else the scoring table."""
    total = spec(rules).card_points.total
    points = {QUEENS: facts.queens_points, OTHERS: total - facts.queens_points}
    all_tricks = facts.all_tricks
    notes = list(facts.notes)
    if facts.revoke:
        offender = facts.revoke
        points = {offender: 0, other(offender): total}
        all_tricks = other(offender)
        notes.append(words("kloepper.note.revoke", side=_side(offender)))
    if facts.knocker:
        item = _knock_item(rules, facts, all_tricks)
        notes.append(words("kloepper.note.knock"))
    else:
        item = _table_item(rules, facts, points, all_tricks)
    winner = item.side
    assert winner is not None
    sides = {QUEENS: list(facts.queens), OTHERS: list(facts.others)}
    scores = {p: 0 for p in table}
    for p in sides[winner]:
        scores[p] = item.points
    details: dict[str, Any] = {
        "declarer": facts.declarer,
        "called": facts.called,
        "lone": facts.lone,
        "knock": facts.knocker,
        "reply": facts.replier,
        "all_tricks": all_tricks,
    }
    return HandResult(
        game_type(facts),
        sides,
        dict(points),
        winner,
        [item],
        item.points,
        scores,
        notes=notes,
        details=details,
    )
