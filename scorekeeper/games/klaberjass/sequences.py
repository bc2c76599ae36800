"""Klaberjass sequences: reading an announced sequence, finding the ones a hand holds,
their value, and the comparison that decides who scores for sequences.

The order of ranks, the least length and the values come from the rule set
(``[sequences]``); the comparison (longer, then the higher top card, then trump, an exact
tie scores nothing) is RULINGS.md's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from scorekeeper.cards import Card, format_cards
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.common import words
from scorekeeper.games.klaberjass.rules import options, spec
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record
from scorekeeper.result import ValueItem

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


@record(frozen=True)
class Run:
    """An announced sequence: its player and cards, lowest first in sequence order."""

    player: str
    cards: tuple[Card, ...]

    @property
    def suit(self) -> str:
        return self.cards[0].suit

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def text(self) -> str:
        return format_cards(self.cards)


def _refused(key: str, rule: str, **params: object) -> IllegalActionError:
    return IllegalActionError(because(f"klaberjass.sequence.{key}", rule, **params))


def _and(words: Sequence[Reason]) -> Reason:
    """Words joined by 'and': ``clubs and hearts``."""
    if len(words) == 1:
        return words[0]
    return because("klaberjass.and", first=words[0], rest=_and(words[1:]))


def read_run(rules: Ruleset, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a sequence in order, or a refusal saying what is wrong with them."""
    order, least = spec(rules).sequences.order, spec(rules).sequences.min_length
    if len(set(cards)) != len(cards):
        raise _refused("twice", "sequences.order", cards=cards)
    if len(cards) < least:
        raise _refused("short", "sequences.min_length", least=least, count=len(cards))
    suits = sorted({c.suit for c in cards})
    if len(suits) > 1:
        named = _and([because("klaberjass.suit", suit=s) for s in suits])
        raise _refused("mixed", "sequences.order", cards=cards, suits=named)
    ranked = sorted(cards, key=lambda c: order.index(c.rank))
    for low, high in pairwise(ranked):
        if order.index(high.rank) != order.index(low.rank) + 1:
            gap = Card(order[order.index(low.rank) + 1], low.suit)
            raise _refused(
                "gap", "sequences.order", cards=ranked, missing=gap, low=low, high=high, order=order
            )
    return tuple(ranked)


def held_runs(rules: Ruleset, cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every longest sequence among ``cards``, for random play to announce."""
    order, least = spec(rules).sequences.order, spec(rules).sequences.min_length
    held = set(cards)
    runs: list[tuple[Card, ...]] = []
    for suit in rules.deck.suits:
        current: list[Card] = []
        for rank in [*order, None]:
            card = Card(rank, suit) if rank is not None else None
            if card is not None and card in held:
                current.append(card)
                continue
            if len(current) >= least:
                runs.append(tuple(current))
            current = []
    return runs


def runs_within(rules: Ruleset, cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every sequence ``cards`` can make, the shorter ones inside a longer run included:
    what a player holding them may announce."""
    least = spec(rules).sequences.min_length
    out: list[tuple[Card, ...]] = []
    for run in held_runs(rules, cards):
        for size in range(least, len(run) + 1):
            out.extend(run[i : i + size] for i in range(len(run) - size + 1))
    return out


def run_points(rules: Ruleset, length: int) -> int:
    """A sequence's value: by its length, the longest listed length covering all longer."""
    return spec(rules).sequences.value(length)


def run_strength(rules: Ruleset, run: Run, trump: str) -> tuple[int, int, int]:
    """Comparable: length first, then the top card, then trump over plain."""
    order = spec(rules).sequences.order
    return (len(run.cards), order.index(run.top.rank), int(run.suit == trump))


def judge_runs(
    rules: Ruleset, players: Sequence[str], trump: str, runs: Sequence[Run]
) -> tuple[dict[str, int], list[ValueItem]]:
    """Who scores for sequences, how much, and why (RULINGS: longer, higher, trump, tie)."""
    points = {p: 0 for p in players}
    items: list[ValueItem] = []
    best: dict[str, Run] = {}
    for run in runs:
        mine = best.get(run.player)
        if mine is None or run_strength(rules, run, trump) > run_strength(rules, mine, trump):
            best[run.player] = run
    if not best:
        return points, items
    ranked = sorted(best.values(), key=lambda r: run_strength(rules, r, trump), reverse=True)
    top = ranked[0]
    if len(ranked) > 1:
        second = ranked[1]
        a, b = run_strength(rules, top, trump), run_strength(rules, second, trump)
        if a == b:
            items.append(
                ValueItem(
                    words(
                        "klaberjass.said.item.runs_tie",
                        player=top.player,
                        run=top.text,
                        other=second.player,
                        theirs=second.text,
                    ),
                    0,
                    "sequences.compare",
                    "note",
                )
            )
            return points, items
        why = "longer" if a[0] != b[0] else "higher" if a[1] != b[1] else "trump"
        items.append(
            ValueItem(
                words(
                    "klaberjass.said.item.runs_beat",
                    player=top.player,
                    run=top.text,
                    other=second.player,
                    theirs=second.text,
                    why=words(f"klaberjass.said.item.why_{why}"),
                ),
                0,
                "sequences.compare",
                "note",
            )
        )
    winner = top.player
    scoring = (
        [r for r in runs if r.player == winner] if options(rules).score_all_sequences else [top]
    )
    for run in scoring:
        value = run_points(rules, len(run.cards))
        points[winner] += value
        # A sequence beyond the best one scores only because of the option.
        rule = "sequences.points" if run is top else "options.score_all_sequences"
        items.append(
            ValueItem(
                words(
                    "klaberjass.said.item.run", player=winner, run=run.text, cards=len(run.cards)
                ),
                value,
                rule,
                side=winner,
            )
        )
    return points, items


def check_runs(rules: Ruleset, runs: Sequence[Run]) -> None:
    """No card in two sequences; two sequences of one suit that touch are one sequence."""
    order = spec(rules).sequences.order
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            shared = [c for c in a.cards if c in b.cards]
            if shared:
                owner = because(
                    "klaberjass.sequence.owner_own"
                    if a.player == b.player
                    else "klaberjass.sequence.owner",
                    player=a.player,
                )
                raise _refused(
                    "shared", "sequences.order", card=shared[0], owner=owner, cards=a.cards
                )
            if a.player == b.player and a.suit == b.suit:
                lo_a, hi_a = order.index(a.cards[0].rank), order.index(a.top.rank)
                lo_b, hi_b = order.index(b.cards[0].rank), order.index(b.top.rank)
                if hi_a + 1 == lo_b or hi_b + 1 == lo_a:
                    joined = sorted(a.cards + b.cards, key=lambda c: order.index(c.rank))
                    raise _refused(
                        "touch", "sequences.order", first=a.cards, second=b.cards, joined=joined
                    )
