"""What a finished hand is worth, item by item, and what each player scores from it."""

from __future__ import annotations

from typing import Any

from scorekeeper.reasons import reason_of
from scorekeeper.record import NEW, field, record


@record(frozen=True)
class ValueItem:
    """One line of a hand's value: ``+1 losers under 90 [scoring.loser_thresholds]``.

    ``op`` is ``add`` (points added to the running value), ``times`` (the value so far is
    multiplied by ``points``) or ``note`` (explanation only, no arithmetic).
    """

    label: str
    points: int
    rule: str
    op: str = "add"
    side: str | None = None
    clause: str | None = None  # where the rule comes from, e.g. "TSR 7.2"

    def __init__(
        self,
        label: str,
        points: int,
        rule: str,
        op: str = "add",
        side: str | None = None,
        clause: str | None = None,
    ) -> None:
        # Written out: a hand's value has several lines, a long match many hands.
        fields = self.__dict__
        fields["label"] = label
        fields["points"] = points
        fields["rule"] = rule
        fields["op"] = op
        fields["side"] = side
        fields["clause"] = clause

    def text(self) -> str:
        where = f" ({self.clause})" if self.clause else ""
        if self.op == "times":
            return f"x{self.points} {self.label}{where}"
        if self.op == "note":
            return f"{self.label}{where}"
        return f"{self.points:+d} {self.label}{where}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "label": self.label,
            "points": self.points,
            "op": self.op,
            "rule": self.rule,
            "side": self.side,
            "clause": self.clause,
        }
        if (why := reason_of(self.label)) is not None:
            out["reason"] = why.to_dict()
        return out


@record
class HandResult:
    """The outcome of one hand.

    ``sides`` maps a side's name to its players; ``card_points`` the card points (plus any
    bonus a game counts with them) per side; ``value`` the game value after every item;
    ``scores`` what each player of the table gets (players sitting out get 0).
    """

    game_type: str
    sides: dict[str, list[str]]
    card_points: dict[str, int]
    winner: str | None
    items: list[ValueItem]
    value: int
    scores: dict[str, int]
    redeal: bool = False
    notes: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        game_type: str,
        sides: dict[str, list[str]],
        card_points: dict[str, int],
        winner: str | None,
        items: list[ValueItem],
        value: int,
        scores: dict[str, int],
        redeal: bool = False,
        notes: list[str] = NEW,
        details: dict[str, Any] = NEW,
    ) -> None:
        # Written out: one for every hand replayed.
        self.game_type = game_type
        self.sides = sides
        self.card_points = card_points
        self.winner = winner
        self.items = items
        self.value = value
        self.scores = scores
        self.redeal = redeal
        self.notes = [] if notes is NEW else notes
        self.details = {} if details is NEW else details

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_type": self.game_type,
            "sides": self.sides,
            "card_points": self.card_points,
            "winner": self.winner,
            "items": [i.to_dict() for i in self.items],
            "value": self.value,
            "scores": self.scores,
            "redeal": self.redeal,
            "notes": self.notes,
            "details": self.details,
        }

    def reasons(self) -> str:
        """The items as one readable line."""
        return ", ".join(i.text() for i in self.items)


def redeal_result(players: list[str], why: str, rule: str) -> HandResult:
    return HandResult(
        game_type="redeal",
        sides={},
        card_points={},
        winner=None,
        items=[ValueItem(why, 0, rule, op="note")],
        value=0,
        scores={p: 0 for p in players},
        redeal=True,
    )
