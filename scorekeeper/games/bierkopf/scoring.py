"""A Bierkopf hand's game points from its facts, item by item as ``[scoring]`` says.

Full and quick hands are scored by the same function (``score``) from the same ``Facts``,
so both give the same game points. What a 60:60 hand carries is recorded in the result's
``details`` (``carry_out``) and read by the next hand from the match's earlier results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.games.bierkopf.rules import options, spec, tie_carry
from scorekeeper.games.bierkopf.teams import team_name
from scorekeeper.games.common import words
from scorekeeper.record import field, record
from scorekeeper.result import HandResult, ValueItem

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record
class Facts:
    """Everything a hand's game points depend on: what a score sheet must hold."""

    teams: list[list[str]]  # seats 1 and 3, seats 2 and 4
    points: list[int]  # card points of each team
    doubles: list[str]  # who doubled, in order
    carried_in: int = 0  # from earlier 60:60 hands, derived from the match
    revoke: int | None = None  # the team that revoked
    notes: list[str] = field(default_factory=list)


def _tie(
    rules: Ruleset, facts: Facts, points: list[int], details: dict[str, Any]
) -> list[ValueItem]:
    """A hand nobody won: nobody scores; with option tie=carry a point waits."""
    carry = options(rules).tie == "carry"
    step = tie_carry(rules)
    carry_out = facts.carried_in + step
    label = words("bierkopf.item.tie", first=points[0], second=points[1])
    items = [ValueItem(label, 0, "options.tie", op="note")]
    if carry:
        items.append(
            ValueItem(
                words("bierkopf.item.carry", step=step, waiting=carry_out),
                step,
                "scoring.tie_carry",
                op="note",
            )
        )
    details["carry_out"] = carry_out
    return items


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Build a hand's game points item by item, as the rule set's ``[scoring]`` says."""
    total = spec(rules).card_points.total
    names = [team_name(t) for t in facts.teams]
    points = list(facts.points)
    notes = list(facts.notes)
    if facts.revoke is not None:
        points[facts.revoke], points[1 - facts.revoke] = 0, total
        notes.append(words("bierkopf.note.revoke", team=names[facts.revoke]))
    times = spec(rules).doubling.factor
    sides = {names[0]: list(facts.teams[0]), names[1]: list(facts.teams[1])}
    card_points = {names[0]: points[0], names[1]: points[1]}
    rows = spec(rules).scoring.rows
    reached = [[(name, row) for name, row in rows.items() if points[t] >= row.at] for t in (0, 1)]
    details: dict[str, Any] = {
        "doubles": list(facts.doubles),
        "multiplier": times ** len(facts.doubles),
        "carried_in": facts.carried_in,
    }
    scores = {p: 0 for p in table}
    if not reached[0] and not reached[1]:
        return HandResult(
            "tie",
            sides,
            card_points,
            None,
            _tie(rules, facts, points, details),
            0,
            scores,
            notes=notes,
            details=details,
        )
    w = 0 if reached[0] else 1
    name, row = max(reached[w], key=lambda nr: nr[1].points)
    value = row.points
    items: list[ValueItem] = [
        ValueItem(
            words("bierkopf.item.row", team=names[w], at=row.at, points=points[w]),
            value,
            f"scoring.{name}",
            side=names[w],
        )
    ]
    for player in facts.doubles:
        label = words("bierkopf.item.doubled", player=player)
        items.append(ValueItem(label, times, "doubling.factor", "times"))
        value *= times
    if facts.carried_in:
        items.append(
            ValueItem(
                words("bierkopf.item.carried"),
                facts.carried_in,
                "scoring.tie_carry",
                side=names[w],
            )
        )
        value += facts.carried_in
    details["carry_out"] = 0
    for p in facts.teams[w]:
        scores[p] = value
    game_type = "normal" if not facts.doubles else f"doubled x{details['multiplier']}"
    return HandResult(
        game_type, sides, card_points, names[w], items, value, scores, notes=notes, details=details
    )
