"""A Klaverjassen hand's value: card points, roem, pit, nat, the challenges' and the trump
suit's factors, shared out item by item as the rule set's ``[scoring]`` says.

Full and quick hands are scored by the same function (``score``) from the same ``Facts``,
so both give the same result for the same hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import SUIT_NAMES
from scorekeeper.games.klaverjassen.notation import kraak_levels, suit_label
from scorekeeper.games.klaverjassen.roem import Roem, tally
from scorekeeper.games.klaverjassen.rules import options, spec
from scorekeeper.games.klaverjassen.words import words
from scorekeeper.reasons import because
from scorekeeper.record import field, record
from scorekeeper.result import WINNERS_JOIN, HandResult, ValueItem

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record
class Facts:
    """Everything a hand's score depends on: what a paper score sheet holds."""

    sides: dict[str, list[str]]
    playing: str  # the side that chose trump
    trump: str
    points: dict[str, int]  # card points with the last trick (and the talon's discards)
    roem: dict[str, list[Roem]]  # roem each side counts (after declines)
    pit: str | None = None  # the side that took every trick
    kraak: int = 0  # challenges made: 1 kraak, 2 rekraak, 3 superkraak
    revoke: str | None = None  # the side that revoked
    maker: str | None = None
    notes: list[str] = field(default_factory=list)


def last_trick_bonus(rules: Ruleset) -> int:
    return spec(rules).play.last_trick_bonus


def hand_total(rules: Ruleset) -> int:
    """All card points of a hand with the last trick: 162."""
    return spec(rules).hand_total()


def _roem_text(rules: Ruleset, amount: int) -> str:
    if options(rules).roem_notation == "tally":
        marks = tally(rules, amount)
        if marks and marks != "-":
            return f"{amount} {marks}"
    return str(amount)


@record
class _Sheet:
    """The score sheet of one hand while it is filled in."""

    rules: Ruleset
    facts: Facts
    items: list[ValueItem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    roem_of: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)  # by side
    pit_bonus: int = 0
    nat: bool = False
    winner: str | None = None
    factor: int = 1

    @property
    def playing(self) -> str:
        return self.facts.playing

    @property
    def others(self) -> list[str]:
        return [s for s in self.facts.sides if s != self.playing]

    @property
    def order(self) -> list[str]:
        """The playing side first, on the sheet as in the items."""
        return [self.playing, *self.others]

    def note(self, text: str, rule: str) -> None:
        self.items.append(ValueItem(text, 0, rule, op="note"))

    def versus(self, against: Sequence[str]) -> str:
        return " + ".join(str(self.totals[s]) for s in against) if against else "0"

    # -- what each side has
    def count(self) -> None:
        facts = self.facts
        self.roem_of = {s: sum(r.points for r in facts.roem.get(s, [])) for s in facts.sides}
        for side in self.order:
            pts = facts.points[side]
            self.items.append(
                ValueItem(words("item.card_points", side=side), pts, "card_points.total", side=side)
            )
            for r in facts.roem.get(side, []):
                label = words("item.roem", side=side, label=r.label)
                self.items.append(ValueItem(label, r.points, r.rule, side=side))
            self.totals[side] = pts + self.roem_of[side]
        self.scores = {s: 0 for s in facts.sides}

    def pit(self) -> None:
        pit = self.facts.pit
        if pit is None or self.facts.revoke is not None:
            return
        if pit == self.playing or options(self.rules).pit_for_defenders:
            self.pit_bonus = spec(self.rules).scoring.pit
            self.items.append(
                ValueItem(words("item.pit", side=pit), self.pit_bonus, "scoring.pit", side=pit)
            )
            self.totals[pit] += self.pit_bonus
        else:
            self.notes.append(words("note.no_pit_for_defenders", side=pit))

    # -- who scores what
    def revoke(self, offender: str) -> None:
        # RULINGS.md names the award exactly: the cards and the roem of both sides, no pit
        total = hand_total(self.rules)
        all_roem = sum(self.roem_of.values())
        awarded = total + all_roem
        innocent = [s for s in self.facts.sides if s != offender]
        for s in innocent:
            self.scores[s] = awarded
        self.note(
            words(
                "note.revoke",
                side=offender,
                innocent=_together(innocent),
                total=total,
                roem=all_roem,
                awarded=awarded,
            ),
            "options.revoke_penalty",
        )
        self.winner = WINNERS_JOIN.join(innocent)

    def challenge(self) -> None:
        level = kraak_levels(self.rules)[self.facts.kraak - 1]
        everything = sum(self.totals.values())
        # kraak and superkraak come from the opponents, rekraak from the playing team
        challenger = self.playing if self.facts.kraak % 2 == 0 else self.others[0]
        other = self.others[0] if challenger == self.playing else self.playing
        mine, theirs = self.totals[challenger], self.totals[other]
        if mine > theirs:
            self.winner = challenger
            self.note(
                words(
                    "note.kraak_made",
                    level=level,
                    side=challenger,
                    mine=mine,
                    theirs=theirs,
                    everything=everything,
                ),
                "kraak",
            )
        else:
            self.winner = other
            self.note(
                words(
                    "note.kraak_failed",
                    level=level,
                    side=challenger,
                    mine=mine,
                    theirs=theirs,
                    other=other,
                    everything=everything,
                ),
                "kraak",
            )
        self.scores[self.winner] = everything

    def made(self) -> None:
        self.winner = self.playing
        self.scores = dict(self.totals)
        self.note(
            words(
                "note.made",
                side=self.playing,
                total=self.totals[self.playing],
                against=self.versus(self.others),
            ),
            "scoring",
        )

    def went_nat(self) -> None:
        others = self.others
        everything = sum(self.totals.values())
        self.nat = True
        self.winner = WINNERS_JOIN.join(others)
        for s in others:
            self.scores[s] = everything
        self._hand_over(self.playing, self.winner, _together(others))
        key = "note.nat" if len(others) == 1 else "note.nat_each"
        self.note(
            words(
                f"{key}_pit" if self.pit_bonus else key,
                side=self.playing,
                total=self.totals[self.playing],
                against=self.versus(others),
                winner=_together(others),
                everything=everything,
                cards=hand_total(self.rules),
                roem=sum(self.roem_of.values()),
            ),
            "scoring",
        )

    def _hand_over(self, loser: str, to: str, named: Any = None) -> None:
        """Word the points a side counted but does not score as going to ``to`` (named
        ``named`` where that is several players): the explanation never lists +100 roem
        for a team that scores 0."""
        for i, item in enumerate(self.items):
            if item.side == loser and item.op == "add" and item.points:
                label = words("item.counted_for", item=item.label, side=named or to)
                side = to if to in self.facts.sides else None
                self.items[i] = ValueItem(
                    label, item.points, item.rule, side=side, clause=item.clause
                )

    def share(self) -> None:
        if self.facts.revoke is not None:
            self.revoke(self.facts.revoke)
        elif self.facts.kraak:
            self.challenge()
        elif self.totals[self.playing] > sum(self.totals[s] for s in self.others):
            self.made()
        else:
            self.went_nat()

    def multiply(self) -> None:
        rules = self.rules
        typed = spec(rules)
        if typed.kraak is not None:
            mult = typed.kraak.multiplier
            for level in typed.kraak.levels[: self.facts.kraak]:
                self.items.append(ValueItem(level, mult, "kraak.multiplier", op="times"))
                self.factor *= mult
        trump = self.facts.trump
        double = typed.scoring.trump_double_factor
        if trump in typed.scoring.trump_doubles and double is not None:
            self.items.append(
                ValueItem(
                    words("item.trump_doubles", suit=SUIT_NAMES[trump]),
                    double,
                    "scoring.trump_doubles",
                    op="times",
                )
            )
            self.factor *= double
        for s in self.scores:
            self.scores[s] *= self.factor

    # -- the sheet's line
    def marks(self) -> list[str]:
        facts = self.facts
        marks = [f"{self.playing} {suit_label(facts.trump)}"]
        marks.append(
            "roem " + ":".join(_roem_text(self.rules, self.roem_of[s]) for s in self.order)
        )
        if facts.kraak:
            marks.append(kraak_levels(self.rules)[facts.kraak - 1])
        if self.nat:
            marks.append("NAT")
        if self.pit_bonus:
            marks.append("PIT" if facts.pit == self.playing else f"PIT {facts.pit}")
        if facts.revoke is not None:
            marks.append(f"revoke {facts.revoke}")
        return marks

    def details(self) -> dict[str, Any]:
        facts, order = self.facts, self.order
        details: dict[str, Any] = {
            "playing": self.playing,
            "maker": facts.maker,
            "trump": SUIT_NAMES[facts.trump],
            "card_points": {s: facts.points[s] for s in order},
            "roem": {s: self.roem_of[s] for s in order},
            "totals": {s: self.totals[s] for s in order},
            "side_scores": {s: self.scores[s] for s in order},
            "nat": self.nat,
            "pit": facts.pit,
            "kraak": kraak_levels(self.rules)[facts.kraak - 1] if facts.kraak else None,
            "factor": self.factor,
            "revoke": facts.revoke,
        }
        if options(self.rules).roem_notation == "tally":
            details["roem_tally"] = {s: tally(self.rules, self.roem_of[s]) for s in order}
        return details


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Share out a hand's points, item by item, as the rule set's ``[scoring]`` says."""
    sheet = _Sheet(rules, facts, notes=list(facts.notes))
    sheet.count()
    sheet.pit()
    sheet.share()
    sheet.multiply()
    scores = {p: 0 for p in table}
    for s, members in facts.sides.items():
        for p in members:
            scores[p] = sheet.scores[s]
    order = sheet.order
    return HandResult(
        game_type=", ".join(sheet.marks()),
        sides={s: list(facts.sides[s]) for s in order},
        card_points={s: facts.points[s] for s in order},
        winner=sheet.winner,
        items=sheet.items,
        value=max(sheet.scores.values()),
        scores=scores,
        notes=sheet.notes,
        details=sheet.details(),
    )


def _together(names: list[str]) -> Any:
    """Players named together in the view's language (``Anna and Ben``, ``Anna und Ben``)."""
    if len(names) < 2:
        return "".join(names)
    return because("list.and", None, items=", ".join(names[:-1]), last=names[-1])
