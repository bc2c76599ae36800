"""A Kloepper hand entered from the score sheet: its facts, declared once, and its value.

The facts (``FACTS``) are declared with their kind, help and checks; ``hand --keys``,
parsing and validation derive from them. What was said (``-a 'Ben call AH'``, knocks) is
replayed through the same ``Announcements`` chain as a full hand, with the sheet's
queens' side as the evidence, and the hand is scored by the same ``score``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.games.common import Fact, reachable_points, read_facts, refuse
from scorekeeper.games.kloepper.announcements import Announcements, Claims, Conflict
from scorekeeper.games.kloepper.notation import ALONE, CALL, DECLARATIONS, Alone
from scorekeeper.games.kloepper.rules import spec
from scorekeeper.games.kloepper.scoring import Facts, score
from scorekeeper.games.kloepper.sides import OTHERS, QUEENS, SIDES
from scorekeeper.reasons import because
from scorekeeper.record import record
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record(frozen=True)
class Table:
    """What a fact is checked against: the players of the hand and the deck's points."""

    players: list[str]
    total: int


def _queens_named(value: list[str], table: Table) -> bool:
    return (
        1 <= len(value) <= 2
        and all(p in table.players for p in value)
        and len(set(value)) == len(value)
    )


FACTS = (
    Fact(
        "queens",
        "list",
        "the queens' side: the two black-queen holders, the holder of both and "
        "the called ace's holder, or one name for a player alone",
        rule="teams",
        required=True,
        names="word",
        accept=_queens_named,
        refusal=lambda t: because("kloepper.quick.queens", "teams", players=t.players),
    ),
    Fact(
        "queens_points",
        "int",
        "the queens' side's card points, 0 to 120",
        rule="card_points.total",
        accept=lambda v, t: 0 <= v <= t.total,
        refusal=lambda t: because(
            "kloepper.quick.queens_points", "card_points.total", total=t.total
        ),
    ),
    Fact("all_tricks", "word", "queens or others, when one side took every trick", choices=SIDES),
    Fact("revoke", "word", "queens or others: the side that revoked", choices=SIDES),
)
POINTS = FACTS[1]


class Sheet:
    """The evidence of a quick hand: the queens' side as the sheet names it."""

    def __init__(self, queens: Sequence[str]) -> None:
        self.queens = list(queens)

    def declaration(self, player: str, verb: str, called: Card | None) -> Conflict | None:
        if verb == CALL and (len(self.queens) != 2 or player not in self.queens):
            return because("kloepper.sheet.call_side", "teams.call", player=player)
        if verb == ALONE and self.queens != [player]:
            return because("kloepper.sheet.alone_side", "teams.alone", player=player)
        return None

    def conflict(self, claims: Claims) -> Conflict | None:
        if claims.knocker:
            holders = [claims.declarer] if claims.declarer else self.queens
            if claims.knocker not in holders:
                return because("kloepper.sheet.knock_holder", "knock", holders=holders)
        if claims.replier and claims.replier in self.queens:
            return because("kloepper.sheet.reply", "knock.reply")
        return None


def _points(rules: Ruleset, given: Mapping[str, Any], table: Table) -> int:
    """The queens' card points, from the sheet or from a side that took every trick; a
    number no whole tricks of the deck can make is refused."""
    points, all_tricks = given["queens_points"], given["all_tricks"]
    if points is None:
        if all_tricks is None:
            refuse(POINTS.words(table), POINTS.rule, where="quick.queens_points")
        points = table.total if all_tricks == QUEENS else 0
    if (all_tricks == QUEENS and points != table.total) or (all_tricks == OTHERS and points != 0):
        refuse(
            because("kloepper.quick.every_trick", "card_points.total", total=table.total),
            where="quick.all_tricks",
        )
    if points not in reachable_points(rules, len(table.players)):
        refuse(
            because(
                "kloepper.quick.unreachable",
                "card_points",
                points=points,
                other=table.total - points,
            ),
            where="quick.queens_points",
        )
    return int(points)


def replay(
    rules: Ruleset, players: Sequence[str], queens: Sequence[str], actions: Sequence[Action]
) -> Announcements:
    """What was said, through the full hand's chain: the declaration first, then knocks,
    all before the first card (a sheet does not say when)."""
    chain = Announcements(rules)
    sheet = Sheet(queens)
    for action in [a for a in actions if a.verb in DECLARATIONS]:
        chain.apply(chain.verify(action, sheet, cards_played=0, players=len(players)))
    if len(queens) == 1 and chain.declarer is None:
        chain.apply(Alone(queens[0]))  # one name on the queens' side: that player went alone
    for action in [a for a in actions if a.verb not in DECLARATIONS]:
        chain.apply(chain.verify(action, sheet, cards_played=0, players=len(players)))
    return chain


def score_sheet(
    rules: Ruleset,
    table: Sequence[str],
    players: Sequence[str],
    given: Mapping[str, Any],
    actions: Sequence[Action],
) -> HandResult:
    """The value of a quick hand, as the same hand played card by card would have it."""
    sheet = Table(list(players), spec(rules).card_points.total)
    facts = read_facts(FACTS, given, sheet)
    queens = facts["queens"]
    points = _points(rules, facts, sheet)
    chain = replay(rules, players, queens, actions)
    return score(
        rules,
        table,
        Facts(
            [p for p in players if p in queens],
            [p for p in players if p not in queens],
            points,
            facts["all_tricks"],
            chain.declarer,
            chain.called.code if chain.called else None,
            chain.knocker,
            chain.replier,
            facts["revoke"],
        ),
    )
