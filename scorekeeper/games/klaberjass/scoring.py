"""Klaberjass scoring: a hand's totals built item by item from its ``Facts`` and the
maker's duty to outscore the other player. Full and quick hands are scored by the same
function (``score``) from the same ``Facts``, so both give the same scores for a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.games.common import words
from scorekeeper.games.klaberjass.rules import spec
from scorekeeper.games.klaberjass.sequences import Run, judge_runs
from scorekeeper.record import field, record
from scorekeeper.result import HandResult, ValueItem

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


def opponent(players: Sequence[str], player: str) -> str:
    return next(p for p in players if p != player)


@record
class Facts:
    """Everything a hand's score depends on: what a score sheet must hold."""

    players: list[str]
    maker: str
    trump: str
    points: dict[str, int]  # card points in tricks won, the last trick's 10 included
    runs: list[Run] = field(default_factory=list)
    bella: str | None = None
    revoke: str | None = None
    notes: list[str] = field(default_factory=list)


@record(frozen=True)
class Details:
    """What a Klaberjass result adds to the shared record (``HandResult.details``)."""

    maker: str
    trump: str
    totals: dict[str, int]  # each player's total before the maker's duty is applied
    runs: list[Run]  # every sequence announced
    bella: str | None
    revoke: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "maker": self.maker,
            "trump": self.trump,
            "totals": dict(self.totals),
            "sequences": [[r.player, r.text] for r in self.runs],
            "bella": self.bella,
            "revoke": self.revoke,
        }


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Build a hand's totals item by item and apply the maker's duty to outscore."""
    players = list(facts.players)
    maker = facts.maker
    other = opponent(players, maker)
    items: list[ValueItem] = []
    notes = list(facts.notes)
    for p in players:
        items.append(
            ValueItem(
                words("klaberjass.said.item.points", player=p),
                facts.points[p],
                "card_points",
                side=p,
            )
        )
    run_pts, run_items = judge_runs(rules, players, facts.trump, facts.runs)
    items.extend(run_items)
    bella = {p: 0 for p in players}
    if facts.bella:
        bella[facts.bella] = spec(rules).bella.points
        items.append(
            ValueItem(
                words("klaberjass.said.item.bella", player=facts.bella),
                bella[facts.bella],
                "bella.points",
                side=facts.bella,
            )
        )
    totals = {p: facts.points[p] + run_pts[p] + bella[p] for p in players}
    both = sum(totals.values())
    if facts.revoke:
        offender = facts.revoke
        taker = opponent(players, offender)
        scores = {offender: 0, taker: both}
        items.append(
            ValueItem(
                words("klaberjass.said.item.revoke", offender=offender, taker=taker, both=both),
                0,
                "options.revoke_penalty",
                "note",
            )
        )
    elif totals[maker] > totals[other]:
        scores = dict(totals)
        items.append(
            ValueItem(
                words(
                    "klaberjass.said.item.made",
                    maker=maker,
                    total=totals[maker],
                    other=other,
                    theirs=totals[other],
                ),
                0,
                "scoring.maker_must_exceed",
                "note",
            )
        )
    else:
        scores = {maker: 0, other: both}
        items.append(
            ValueItem(
                words(
                    "klaberjass.said.item.failed",
                    maker=maker,
                    total=totals[maker],
                    other=other,
                    theirs=totals[other],
                    both=both,
                ),
                0,
                "scoring.maker_must_exceed",
                "note",
            )
        )
    ordered = sorted(players, key=lambda p: scores[p], reverse=True)
    winner = ordered[0] if scores[ordered[0]] != scores[ordered[1]] else None
    if winner is None:
        notes.append(words("klaberjass.said.same_score"))
    full_scores = {p: 0 for p in table}
    full_scores.update(scores)
    return HandResult(
        game_type=words("klaberjass.said.game", suit=facts.trump, maker=maker),
        sides={p: [p] for p in players},
        card_points=dict(facts.points),
        winner=winner,
        items=items,
        value=scores[winner] if winner else 0,
        scores=full_scores,
        notes=notes,
        details=Details(
            maker, facts.trump, totals, facts.runs, facts.bella, facts.revoke
        ).to_dict(),
    )
