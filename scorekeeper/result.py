"""The records of a hand: its play, and what the finished hand is worth.

Of play (``Hand`` builds them; the families and the views read them): a card played
(``Play``), a trick (``Trick``), a revoke proven later (``Revoke``), a side's tally of
the tricks (``Tally``) and what one applied action did (``Outcome``). Of the result: what
a finished hand is worth, item by item (``ValueItem``), and what each player scores from
it (``HandResult``).

Each of them but ``Revoke`` writes its ``__init__`` out (the package's one record policy,
``scorekeeper.record``): they are made once or more per card or hand replayed, and a
written-out ``__init__`` costs 0.36-0.46 us a call against 1.2-1.6 us for the shared one
(2.7-3.9x; CPU per construction, fastest of 5 x 200,000, 2026-11-28). It is kept for that
run-time figure, not for start-up: the shared one costs 5-19 us a class at import.
``tests/test_record.py`` holds each to what the shared one does; mypy reads the written
one, as it does for a dataclass that defines its own ``__init__``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.reasons import Reason, Worded, reason_of
from scorekeeper.record import NEW, field, record

if TYPE_CHECKING:
    from scorekeeper.contract import TrickVerdict


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


WINNERS_JOIN = " and "
"""How ``HandResult.winner`` joins the sides of a hand with several winners (as ``--json``
has always given it: ``Ben and Carla``)."""


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

    def winning_sides(self) -> tuple[str, ...]:
        """The sides that won: the one ``winner`` names, or each of the sides it joins
        where a game has several winners (a nat at a table of three: ``Ben and Carla``);
        none when nobody won."""
        if self.winner is None:
            return ()
        if self.winner in self.sides:
            return (self.winner,)
        return tuple(s for s in self.winner.split(WINNERS_JOIN) if s in self.sides)


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


# ---------------------------------------------------------------------- the records of play
@record(frozen=True)
class Play:
    player: str
    card: Card
    trick: int  # 1-based trick number
    position: int  # 0 = leader

    def __init__(self, player: str, card: Card, trick: int, position: int) -> None:
        # one per card played: written straight into the instance (frozen all the same)
        fields = self.__dict__
        fields["player"] = player
        fields["card"] = card
        fields["trick"] = trick
        fields["position"] = position


@record
class Trick:
    number: int
    leader: str
    plays: list[Play] = field(default_factory=list)
    winner: str | None = None
    points: int = 0
    # Who took it and why: the judgement, made only when asked (replaying never asks).
    judge: Callable[[], TrickVerdict] | None = field(default=None, repr=False, compare=False)

    def __init__(
        self,
        number: int,
        leader: str,
        plays: list[Play] = NEW,
        winner: str | None = None,
        points: int = 0,
        judge: Callable[[], TrickVerdict] | None = None,
    ) -> None:
        # Written out: one per trick.
        self.number = number
        self.leader = leader
        self.plays = [] if plays is NEW else plays
        self.winner = winner
        self.points = points
        self.judge = judge

    @property
    def key(self) -> tuple[int, ...]:
        """The trick's cards as card indices (``Card.index``), in play order."""
        return tuple(p.card.index for p in self.plays)

    @property
    def verdict(self) -> TrickVerdict | None:
        """The judgement of the complete trick (None while it is in progress)."""
        if self.judge is None:
            return None
        found = self.__dict__.get("_verdict")
        if found is None:
            found = self.__dict__["_verdict"] = self.judge()
        return found

    @property
    def why(self) -> Reason | None:
        """Who took the trick and why, as a reason the view words."""
        verdict = self.verdict
        return verdict.why if verdict is not None else None

    @property
    def rule(self) -> str:
        verdict = self.verdict
        return verdict.rule if verdict is not None else ""

    @property
    def reason(self) -> str:
        """Who took the trick and why, in words (made on first use)."""
        why = self.why
        if why is None:
            return ""
        words = self.__dict__.get("_words")
        if words is None:
            words = self.__dict__["_words"] = why.worded()
        return words

    @property
    def cards(self) -> list[Card]:
        return [p.card for p in self.plays]

    @property
    def players(self) -> list[str]:
        return [p.player for p in self.plays]

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "leader": self.leader,
            "plays": [[p.player, p.card.code] for p in self.plays],
            "winner": self.winner,
            "reason": self.reason,
            "rule": self.rule,
            "points": self.points,
        }


@record(frozen=True)
class Revoke:
    """A following rule broken earlier, proven by a card played later."""

    player: str
    trick: int
    card: Card
    proof_trick: int
    proof: Card
    why: Reason  # the duty broken, told in the past
    rule: str

    @property
    def reason(self) -> str:
        return self.why.text()

    def explained(self) -> Reason:
        """The whole revoke as a reason for the view."""
        params = {
            "player": self.player,
            "trick": self.trick,
            "card": self.card,
            "why": self.why,
            "proof": self.proof,
            "proof_trick": self.proof_trick,
            "rule": self.rule,
        }
        return Reason("hand.revoke", params, self.rule)

    def text(self) -> str:
        return self.explained().text()


@record(frozen=True)
class Tally:
    """A side's share of the finished tricks: card points, every trick?, the first revoke."""

    points: int
    all_tricks: bool | None  # True: the side took every trick; False: the others did
    revoke: Revoke | None  # the first revoke, if any
    revoke_by_side: bool  # whether that revoke was the side's own

    def __init__(
        self, points: int, all_tricks: bool | None, revoke: Revoke | None, revoke_by_side: bool
    ) -> None:
        # Written out: two per hand valued, straight into the instance (frozen all the same).
        fields = self.__dict__
        fields["points"] = points
        fields["all_tricks"] = all_tricks
        fields["revoke"] = revoke
        fields["revoke_by_side"] = revoke_by_side


@record
class Outcome:
    """What one applied action did, for the caller to report."""

    action: Action
    trick: Trick | None = None  # a trick this action completed
    revokes: list[Revoke] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    result: HandResult | None = None  # set when the hand is over

    def __init__(
        self,
        action: Action,
        trick: Trick | None = None,
        revokes: list[Revoke] = NEW,
        messages: list[str] = NEW,
        result: HandResult | None = None,
    ) -> None:
        # Written out: one per action applied.
        self.action = action
        self.trick = trick
        self.revokes = [] if revokes is NEW else revokes
        self.messages = [] if messages is NEW else messages
        self.result = result


# ---------------------------------------------------------------------- its plain form
class Unkept(ValueError):
    """A value that has no plain form (the replay cache then keeps no entry)."""


def plain(value: Any) -> Any:
    """``value`` as JSON holds it, every kind but lists tagged: ``{"d": ...}`` a table,
    ``{"t": ...}`` a tuple, ``{"w": ...}`` words made from a reason, ``{"r": ...}`` a
    reason, ``{"c": ...}`` a card. :func:`unplain` gives back an equal value."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None or kind is float:
        return value
    if kind is list:
        return [plain(v) for v in value]
    if kind is dict:
        if not all(type(k) is str for k in value):
            raise Unkept("keys")
        return {"d": {k: plain(v) for k, v in value.items()}}
    if kind is tuple:
        return {"t": [plain(v) for v in value]}
    if kind is Worded:
        return {"w": _reason(value.reason)}
    if kind is Reason:
        return {"r": _reason(value)}
    if kind is Card:
        return {"c": value.code}
    raise Unkept(kind.__name__)


def _reason(reason: Reason) -> list[Any]:
    return [reason.key, plain(dict(reason.params)), reason.rule]


def unplain(data: Any) -> Any:
    """The value :func:`plain` made ``data`` from; ValueError for anything else."""
    kind = type(data)
    if kind is str or kind is int or kind is bool or data is None or kind is float:
        return data
    if kind is list:
        return [unplain(v) for v in data]
    if kind is not dict or len(data) != 1:
        raise ValueError("unplain")
    ((tag, inner),) = data.items()
    if tag == "d" and type(inner) is dict:
        return {k: unplain(v) for k, v in inner.items()}
    if tag == "t" and type(inner) is list:
        return tuple(unplain(v) for v in inner)
    if tag == "w":
        return _unreason(inner).worded()
    if tag == "r":
        return _unreason(inner)
    if tag == "c" and type(inner) is str:
        return Card.parse(inner)
    raise ValueError(tag)


def _unreason(data: Any) -> Reason:
    key, params, rule = data
    params = unplain(params)
    if type(key) is not str or type(params) is not dict or not (rule is None or type(rule) is str):
        raise ValueError("reason")
    return Reason(key, params, rule)


def plain_result(result: HandResult) -> list[Any]:
    """A hand's result as plain data (:func:`plain`), item by item."""
    items = [
        [plain(i.label), i.points, i.rule, i.op, i.side, plain(i.clause)] for i in result.items
    ]
    return [
        plain(result.game_type),
        plain(result.sides),
        plain(result.card_points),
        plain(result.winner),
        items,
        plain(result.value),
        plain(result.scores),
        result.redeal,
        plain(result.notes),
        plain(result.details),
    ]


class KeptResult(HandResult):
    """A result read back from its plain form (:func:`plain_result`): its figures and
    details at once, its words (the game, the items, the notes) when first read, worded
    then in the table's language. A command that only counts (who deals next, the
    totals) words no item and builds no reason but for the words a family keeps among
    the details (Doppelkopf's needs after an announcement: who deals next reads the
    details). A malformed word is found when it is read (ValueError), a malformed
    figure at once."""

    def __init__(self, data: list[Any]) -> None:
        game, sides, points, winner, items, value, scores, redeal, notes, details = data
        if type(items) is not list or type(redeal) is not bool:
            raise ValueError("result")
        self.sides = unplain(sides)
        self.card_points = unplain(points)
        self.winner = unplain(winner)
        self.value = unplain(value)
        self.scores = unplain(scores)
        self.redeal = redeal
        self.details = unplain(details)
        self._words = (game, items, notes)

    # Each word field is a cached_property: read once, then kept in the instance, where an
    # assignment also goes (mypy takes it for a read-only property, hence the ignores).

    @cached_property
    def game_type(self) -> str:  # type: ignore[override]
        return unplain(self._words[0])

    @cached_property
    def items(self) -> list[ValueItem]:  # type: ignore[override]
        return [
            ValueItem(unplain(label), n, rule, op, side, unplain(clause))
            for label, n, rule, op, side, clause in self._words[1]
        ]

    @cached_property
    def notes(self) -> list[str]:  # type: ignore[override]
        return unplain(self._words[2])


def result_of(data: list[Any]) -> HandResult:
    """The result :func:`plain_result` made ``data`` from (its words read when asked)."""
    return KeptResult(data)
