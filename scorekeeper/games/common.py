"""What the game families share: the record of what was said, the refusal helper, and the
declaration of a quick hand's facts.

A family declares each quick fact once, as a ``Fact`` (its name, kind, help, the rule a
wrong value breaks and how to tell a wrong value). Everything else derives from that
declaration: ``quick_keys`` (what ``hand --keys`` lists and the command line parses with)
and ``read_facts`` (unknown keys, missing or mistyped values, words out of their choices).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from scorekeeper.actions import QuickKey
from scorekeeper.caches import memo
from scorekeeper.errors import IllegalActionError
from scorekeeper.reasons import because, worded
from scorekeeper.record import record

if TYPE_CHECKING:
    from scorekeeper.hand import Trick
    from scorekeeper.reasons import Reason
    from scorekeeper.rules import Ruleset


@record(frozen=True)
class Said:
    """A call, announcement, knock or double, as the status of a hand lists it."""

    player: str
    kind: str
    side: str
    implied: bool = False


def refuse(message: str | Reason, rule: str | None = None, *, where: str | None = None) -> NoReturn:
    """Raise the refusal of an action or a fact: the words (or reason) and the rule it breaks."""
    raise IllegalActionError(message, rule=rule, where=where)


def words(key: str, /, **params: Any) -> str:
    """What the referee says (a message, a line of a hand's value) where the engine still
    carries text: made by the view's catalogue from the key and its parameters."""
    return worded(key, **params)


def trick_words(trick: Trick) -> str:
    """What the referee says when a trick is complete: who took it, its points, and why."""
    return words(
        "games.trick",
        number=trick.number,
        winner=trick.winner,
        points=trick.points,
        reason=trick.reason,
    )


# A fact's own test of a value of the right kind: (value, table) -> acceptable?
Accept = Callable[[Any, Any], bool]
# The words (or reason) of a fact's refusal, made from the table it was checked against.
Refusal = Callable[[Any], "str | Reason"]

KINDS = ("int", "word", "list", "bool")


@record(frozen=True)
class Fact:
    """One fact of a quick hand, declared once.

    ``kind`` is how the command line reads it (``int``, ``word``, ``list``, ``bool``);
    ``help`` what ``hand --keys`` shows. A value of the wrong kind, a word outside
    ``choices`` or a value ``accept`` turns down is refused with ``refusal`` (default: the
    choices spelled out) under ``rule``; a ``required`` fact that is missing likewise.
    """

    name: str
    kind: str
    help: str
    rule: str = "quick"
    required: bool = False
    choices: tuple[str, ...] = ()
    accept: Accept | None = None
    refusal: Refusal | None = None
    names: str = ""  # how the value names players (``QuickKey.names``)

    def key(self) -> QuickKey:
        return QuickKey(self.kind, help_words(self.help), self.names, self.choices)

    def well_typed(self, value: Any) -> bool:
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool)
        if self.kind == "list":
            return isinstance(value, list) and all(isinstance(v, str) for v in value)
        if self.kind == "bool":
            return isinstance(value, bool)
        return isinstance(value, str)

    def words(self, table: Any) -> str | Reason:
        """Why a value is refused, in words (or as a reason)."""
        if self.refusal is not None:
            return self.refusal(table)
        if self.choices:
            spelled = [f'"{c}"' for c in self.choices]
            return because("games.quick.choice", name=self.name, choices=spelled)
        return because("games.quick.kind", name=self.name, kind=self.kind)

    def check(self, value: Any, table: Any) -> None:
        """Refuse ``value`` (not None) unless it is of this fact's kind and acceptable."""
        ok = (
            self.well_typed(value)
            and (not self.choices or value in self.choices)
            and (self.accept is None or self.accept(value, table))
        )
        if not ok:
            refuse(self.words(table), self.rule, where=f"quick.{self.name}")


def help_words(text: str) -> str:
    """A quick fact's help in the table's language: a help text like the command line's
    (``msgctxt "help"``, English ``msgid``), shown by ``hand --keys`` and the table."""
    from scorekeeper.text import language, translate  # the view: deferred for start-up

    lang = language.current()
    return text if lang == language.ENGLISH else translate("help", text, lang)


def quick_keys(facts: Sequence[Fact]) -> dict[str, QuickKey]:
    """The quick facts as the command line parses and lists them."""
    return {f.name: f.key() for f in facts}


class FactProblems(IllegalActionError):
    """Every independent problem of a quick hand's facts: the first is the error's own
    (rule, where, words), and ``problems`` holds them all, each one line."""

    def __init__(self, problems: list[IllegalActionError]) -> None:
        first = problems[0]
        super().__init__(first.reason or first.message, rule=first.rule, where=first.where)
        self.problems = problems

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


def read_facts(facts: Sequence[Fact], given: Mapping[str, Any], table: Any) -> dict[str, Any]:
    """Check a quick hand's facts against their declaration; every fact, None when absent.
    Each fact is checked on its own, and every problem found is reported together."""
    names = [f.name for f in facts]
    problems: list[IllegalActionError] = [
        IllegalActionError(
            because("games.quick.unknown", "quick", key=key, keys=names), where=f"quick.{key}"
        )
        for key in sorted(set(given) - set(names))
    ]
    out: dict[str, Any] = {}
    for fact in facts:
        value = given.get(fact.name)
        try:
            if value is None:
                if fact.required:
                    refuse(fact.words(table), fact.rule, where=f"quick.{fact.name}")
            else:
                fact.check(value, table)
        except IllegalActionError as exc:
            problems.append(exc)
        out[fact.name] = value
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise FactProblems(problems)
    return out


def reachable_points(rules: Ruleset, per_trick: int) -> frozenset[int]:
    """Every number of card points one side can hold at the end of a hand: the sums of
    the deck's cards that whole tricks (``per_trick`` cards each) can make, from the rule
    set's deck and card points (no trump bonus, no last-trick bonus)."""
    values = _values(rules, None)
    return frozenset(
        points for cards in range(0, len(values) + 1, per_trick) for points in _sums(values, cards)
    )


def taken_points(
    rules: Ruleset, per_trick: int, trump_suit: str | None, *, last_trick: int, laid_away: int
) -> frozenset[int]:
    """Every number of card points one side (or player) can have taken, the last trick
    included: whole tricks of ``per_trick`` cards, valued with ``trump_suit`` as trumps;
    whoever takes the last trick also gets ``last_trick`` and the ``laid_away`` cards (a
    talon's discards). All from the rule set's deck and card points."""
    values = _values(rules, trump_suit)
    tricks = (len(values) - laid_away) // per_trick
    out: set[int] = set()
    for cards in range(len(values) + 1):
        rest = cards - laid_away
        some = cards % per_trick == 0 and cards < tricks * per_trick  # not the last trick
        last = rest >= per_trick and rest % per_trick == 0  # the last trick among them
        if some or last:
            for points in _sums(values, cards):
                if some:
                    out.add(points)
                if last:
                    out.add(points + last_trick)
    return frozenset(out)


def _values(rules: Ruleset, trump_suit: str | None) -> tuple[int, ...]:
    return tuple(sorted(rules.card_points(card, trump_suit) for card in rules.deck.all_cards()))


def _sums(values: tuple[int, ...], cards: int) -> list[int]:
    """The card points every pile of exactly ``cards`` of the deck's cards can make."""
    low, piles = _piles(values)
    bits = bin(piles[cards])[:1:-1]  # bit p set: p + cards * low points can be made
    return [p + cards * low for p, bit in enumerate(bits) if bit == "1"]


@memo("games.piles", "values", maxsize=32)
def _piles(values: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The piles the deck's values can make, per number of cards: a set of sums as the
    bits of one integer (bit p: a sum of p), each value counted from the lowest (``low``,
    returned too) so that no shift is negative. A few thousand integer operations for a
    deck of 48 where a set of (points, cards) pairs took a few hundred thousand."""
    low = min((*values, 0))
    piles = [0] * (len(values) + 1)
    piles[0] = 1
    for done, value in enumerate(values):
        for cards in range(done, -1, -1):
            piles[cards + 1] |= piles[cards] << (value - low)
    return low, tuple(piles)
