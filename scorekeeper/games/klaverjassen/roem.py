"""Klaverjassen roem: the bonus patterns in a trick, combinations declared from a hand, tally marks.

Roem is found in the cards themselves, so it lives apart from the hand's state machine:
``trick_roem`` reads a complete trick, ``declared_combination`` judges the cards a Wilde
Boom player declares, ``highest_declaration`` decides which team's declarations count,
and ``tally`` writes an amount in the score sheet's traditional marks. Every value comes
from the rule set (``[roem]``, ``[declarations]``, option ``four_of_a_kind_ranks``).

How overlapping patterns count (also in the rule set's notes): only the longest run of a
suit counts; stuk is added on top of a run that contains it; four of a kind is four suits,
so it can never be a run as well.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.cards import RANK_NAMES, SUIT_NAMES, Card
from scorekeeper.errors import IllegalActionError, OptionError
from scorekeeper.games.klaverjassen.rules import DeclarationsSpec, RoemSpec, options, spec
from scorekeeper.games.klaverjassen.words import words
from scorekeeper.reasons import because
from scorekeeper.record import record
from scorekeeper.rules import Ruleset

JACK = "J"
KING = "K"
QUEEN = "Q"

_LENGTH_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@record(frozen=True)
class Roem:
    """One pattern worth roem: what it is, its points, the rule key that values it."""

    label: str
    points: int
    rule: str
    cards: tuple[Card, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.label} {self.points}"


def sequence_order(rules: Ruleset) -> list[str]:
    return list(spec(rules).roem.sequence_order)


def four_of_a_kind_ranks(rules: Ruleset) -> list[str]:
    """The ranks that score four of a kind, checked against the deck."""
    ranks = [r.upper() for r in options(rules).four_of_a_kind_ranks]
    for rank in ranks:
        if rank not in rules.deck.ranks:
            reason = because(
                "klaverjassen.four_of_a_kind_rank",
                "options.four_of_a_kind_ranks",
                rank=repr(rank),
                ranks=list(rules.deck.ranks),
            )
            raise OptionError(reason)
    if twice := sorted({r for r in ranks if ranks.count(r) > 1}):
        reason = because(
            "klaverjassen.four_of_a_kind_twice", "options.four_of_a_kind_ranks", ranks=twice
        )
        raise OptionError(reason)
    return ranks


def run_value(table: Mapping[str, int], length: int) -> int:
    """The value of a run of ``length`` cards: the entry for the longest length reached."""
    reached = [int(k) for k in table if int(k) <= length]
    return table[str(max(reached))] if reached else 0


def runs_in(cards: Sequence[Card], order: Sequence[str], shortest: int) -> list[list[Card]]:
    """Maximal runs of at least ``shortest`` cards of one suit, highest card first."""
    found: list[list[Card]] = []
    for suit in dict.fromkeys(c.suit for c in cards):
        held = {c.rank for c in cards if c.suit == suit}
        run: list[Card] = []
        for rank in [*order, None]:
            if rank is not None and rank in held:
                run.append(Card(rank, suit))
                continue
            if len(run) >= shortest:
                found.append(run)
            run = []
    return found


def _run_label(run: Sequence[Card]) -> str:
    length = _LENGTH_WORDS.get(len(run), str(len(run)))
    return words("label.run", length=length, suit=SUIT_NAMES[run[0].suit], cards=list(run))


def trick_roem(rules: Ruleset, cards: Sequence[Card], trump_suit: str | None) -> list[Roem]:
    """Every roem pattern in one trick's cards, each with its value and rule key."""
    roem = spec(rules).roem
    runs_table = roem.runs
    shortest = roem.shortest_run()
    found: list[Roem] = []
    runs = runs_in(cards, sequence_order(rules), shortest)
    for run in runs:
        found.append(
            Roem(_run_label(run), run_value(runs_table, len(run)), "roem.runs", tuple(run))
        )
    if trump_suit is not None:
        king, queen = Card(KING, trump_suit), Card(QUEEN, trump_suit)
        if king in cards and queen in cards:
            inside = any(king in run and queen in run for run in runs)
            key = "label.stuk_inside" if inside else "label.stuk_trick"
            found.append(
                Roem(
                    words(key, king=king, queen=queen),
                    roem.stuk,
                    "roem.stuk",
                    (king, queen),
                )
            )
    found.extend(_four_of_a_kind(rules, cards, "roem", roem))
    return found


def _four_of_a_kind(
    rules: Ruleset, cards: Sequence[Card], table: str, values: RoemSpec | DeclarationsSpec
) -> list[Roem]:
    suits = rules.deck.suits
    if len(cards) != len(suits) or len({c.rank for c in cards}) != 1:
        return []
    rank = cards[0].rank
    if len({c.suit for c in cards}) != len(suits):
        return []
    plural = f"{RANK_NAMES[rank]}s" if rank != "10" else "tens"
    if rank == JACK:
        return [
            Roem(
                words("label.four_jacks", cards=list(cards)),
                values.four_jacks,
                f"{table}.four_jacks",
                tuple(cards),
            )
        ]
    if rank in four_of_a_kind_ranks(rules):
        return [
            Roem(
                words("label.four", rank=plural, cards=list(cards)),
                values.four_of_a_kind,
                "options.four_of_a_kind_ranks",
                tuple(cards),
            )
        ]
    return []


# ---------------------------------------------------------------------- Wilde Boom


def _declarations(rules: Ruleset) -> DeclarationsSpec:
    declarations = spec(rules).declarations
    assert declarations is not None  # combinations are declared only where the rule set says so
    return declarations


def declared_combination(rules: Ruleset, cards: Sequence[Card], where: str) -> Roem:
    """The combination ``cards`` form when declared from a hand, or a refusal saying why."""
    if not cards:
        raise IllegalActionError(
            because("klaverjassen.declare.no_cards", "declarations", where=where)
        )
    if len(set(cards)) != len(cards):
        raise IllegalActionError(because("klaverjassen.declare.twice", "declarations", where=where))
    order = sequence_order(rules)
    declarations = _declarations(rules)
    runs_table = declarations.runs
    shortest = declarations.shortest_run()
    if len(cards) == len(rules.deck.suits) and len({c.rank for c in cards}) == 1:
        combo = _four_of_a_kind(rules, cards, "declarations", declarations)
        if combo:
            return combo[0]
        reason = because(
            "klaverjassen.declare.four_nothing",
            "options.four_of_a_kind_ranks",
            where=where,
            rank=RANK_NAMES[cards[0].rank],
            ranks=four_of_a_kind_ranks(rules),
        )
        raise IllegalActionError(reason)
    runs = runs_in(cards, order, 1)
    if len(runs) == 1 and len(runs[0]) == len(cards) and len(cards) >= shortest:
        run = runs[0]
        return Roem(
            _run_label(run), run_value(runs_table, len(run)), "declarations.runs", tuple(run)
        )
    reason = because(
        "klaverjassen.declare.no_combination",
        "declarations",
        where=where,
        cards=list(cards),
        shortest=shortest,
        order=order,
    )
    raise IllegalActionError(reason)


def declaration_rank(rules: Ruleset, combo: Roem) -> tuple[int, int, int]:
    """How combinations compare: value, then top card, then the suit of the top card.

    A four of a kind ranks as its rank; it has no suit of its own, and with one pack no
    other combination can share its top rank, so its suit place never decides.
    """
    order = sequence_order(rules)
    suit_order = list(_declarations(rules).suit_order)
    top = combo.cards[0]
    four = len({c.rank for c in combo.cards}) == 1
    suit_place = 0 if four else suit_order.index(top.suit)
    return (combo.points, -order.index(top.rank), -suit_place)


def highest_declaration(
    rules: Ruleset, combos: Sequence[tuple[str, Roem]]
) -> tuple[str, Roem] | None:
    """The (team, combination) that ranks highest among every declared combination."""
    if not combos:
        return None
    return max(combos, key=lambda tc: declaration_rank(rules, tc[1]))


# ---------------------------------------------------------------------- how much roem


def roem_values(rules: Ruleset) -> list[int]:
    """Every value one pattern of roem has in this rule set, smallest first."""
    typed = spec(rules)
    tables: list[RoemSpec | DeclarationsSpec] = [typed.roem]
    if typed.declarations is not None:
        tables.append(typed.declarations)
    values: set[int] = set()
    for t in tables:
        values |= {*t.runs.values(), t.stuk, t.four_of_a_kind, t.four_jacks}
    return sorted(v for v in values if v)


def most_roem(rules: Ruleset) -> int:
    """The most roem a side can count in one hand under this rule set: every trick at its
    richest (the longest run with stuk, or the best four of a kind) and, where
    combinations are declared, every dealt card in one of the richest combinations."""
    typed = spec(rules)
    roem = typed.roem
    per_trick = max(max(roem.runs.values()) + roem.stuk, roem.four_of_a_kind, roem.four_jacks)
    most = per_trick * (typed.play.tricks or typed.deal.hand_size)
    declared = typed.declarations
    if declared is not None:
        cards = typed.deal.hand_size * max(typed.players)
        best = max(*declared.runs.values(), declared.four_of_a_kind, declared.four_jacks)
        most += cards // declared.shortest_run() * best + declared.stuk
    return most


# ---------------------------------------------------------------------- tally marks


def tally(rules: Ruleset, amount: int) -> str | None:
    """``amount`` in the rule set's marks (70 -> ``V|``), largest marks first; None if impossible."""
    if amount == 0:
        return "-"
    marks = sorted(spec(rules).roem.tally.items(), key=lambda kv: -kv[1])

    def build(rest: int, i: int) -> str | None:
        if rest == 0:
            return ""
        if i == len(marks):
            return None
        mark, value = marks[i]
        for count in range(rest // int(value), -1, -1):
            tail = build(rest - count * int(value), i + 1)
            if tail is not None:
                return mark * count + tail
        return None

    return build(amount, 0)
