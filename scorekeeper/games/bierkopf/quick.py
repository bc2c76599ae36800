"""A Bierkopf hand entered from the score sheet: its facts, declared once, and its value.

The facts (``FACTS``) are declared with their kind, help and checks; ``hand --keys``,
parsing and validation derive from them. The doubles (``-a 'Ben double'``) are replayed
through the same ``Doubling`` chain as a full hand, and the hand is scored by the same
``score``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.games.bierkopf.doubling import Doubling
from scorekeeper.games.bierkopf.rules import spec
from scorekeeper.games.bierkopf.scoring import Facts, score
from scorekeeper.games.bierkopf.teams import carried_in, team_index, teams_of
from scorekeeper.games.common import Fact, reachable_points, read_facts, refuse
from scorekeeper.reasons import because
from scorekeeper.record import record
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record(frozen=True)
class Table:
    """What a fact is checked against: the players at the table and the deck's points."""

    players: list[str]
    total: int


FACTS = (
    Fact(
        "team",
        "word",
        "a player of the team whose card points are given (default: the first)",
        rule="teams",
        names="word",
        accept=lambda v, t: v in t.players,
        refusal=lambda t: because("bierkopf.quick.team", "teams", players=t.players),
    ),
    Fact(
        "points",
        "int",
        "that team's card points, 0 to 120",
        rule="card_points.total",
        required=True,
        accept=lambda v, t: 0 <= v <= t.total,
        refusal=lambda t: because("bierkopf.quick.points", "card_points.total", total=t.total),
    ),
    Fact(
        "revoke",
        "word",
        "a player of the team that revoked",
        rule="teams",
        names="word",
        accept=lambda v, t: v in t.players,
        refusal=lambda t: because("bierkopf.quick.revoke", "teams", players=t.players),
    ),
)


def replay(
    rules: Ruleset, table: Sequence[str], dealer: str, actions: Sequence[Action]
) -> Doubling:
    """The doubles through the full hand's chain (a sheet does not say when they came)."""
    chain = Doubling(rules, table, dealer)
    for action in actions:
        chain.apply(chain.verify(action, None), None)
    return chain


def _check_least(rules: Ruleset, points: int, total: int, per_trick: int) -> None:
    """Where every card counts, a team with a trick has at least a trick's worth: both the
    team the sheet names and the other team, which has the rest."""
    cheapest = min(rules.card_points(c) for c in rules.deck.cards)
    least = cheapest * per_trick
    if cheapest <= 0:
        return
    for whose, side in (("named", points), ("other", total - points)):
        if 0 < side < least:
            why = because(
                f"bierkopf.quick.least_{whose}",
                "card_points",
                points=points,
                other=total - points,
                least=least,
            )
            refuse(why, where="quick.points")


def score_sheet(
    rules: Ruleset,
    table: Sequence[str],
    dealer: str,
    given: Mapping[str, Any],
    actions: Sequence[Action],
    context: Mapping[str, object],
) -> HandResult:
    """The value of a quick hand, as the same hand played card by card would have it."""
    players = list(table)
    total = spec(rules).card_points.total
    facts = read_facts(FACTS, given, Table(players, total))
    pts = facts["points"]
    _check_least(rules, pts, total, len(players))
    if pts not in reachable_points(rules, len(players)):
        refuse(
            because("bierkopf.quick.unreachable", "card_points", points=pts, other=total - pts),
            where="quick.points",
        )
    named = facts["team"] or players[0]
    points = [pts, total - pts] if team_index(players, named) == 0 else [total - pts, pts]
    revoke = None if facts["revoke"] is None else team_index(players, facts["revoke"])
    chain = replay(rules, players, dealer, actions)
    return score(
        rules,
        table,
        Facts(teams_of(players), points, chain.players(), carried_in(context), revoke),
    )
