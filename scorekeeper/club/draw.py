"""Seat draws: who sits at which table in a round, so that players meet again as little
as possible over the evening.

A round's tables are sized by the competition (four, five where allowed, three for the
three-player games); whoever cannot be seated sits out, the ones who sat out least first.
The draw is a local search from seeded random starts: it swaps players between tables
while that lowers the cost of the round (each pair seated together again costs what they
have met so far; with drawn partners a repeated partnership costs double), and keeps the
best of several starts. The same seed and history give the same draw. Fixed pairs (koppel)
are drawn as units: two pairs to a table, partners facing each other (seats 1 and 3).

:func:`repeats` counts what a whole evening repeats (the number a test compares with the
best possible, found by brute force).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from scorekeeper.record import record

STARTS = 12
"""Random starts of the local search per round."""

Pair = tuple[str, str]


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


@record
class Met:
    """What the rounds so far hold: times two players sat together, were partners, and
    the times each sat out."""

    together: Counter[Pair]
    partners: Counter[Pair]
    sat_out: Counter[str]

    @classmethod
    def of(cls, rounds: Sequence[Sequence[Sequence[str]]], partners: bool) -> Met:
        """From the tables of earlier rounds (each table's players in seat order)."""
        met = cls(Counter(), Counter(), Counter())
        for tables in rounds:
            for table in tables:
                met.add(table, partners)
        return met

    def add(self, table: Sequence[str], partners: bool) -> None:
        for a, b in itertools.combinations(table, 2):
            self.together[_pair(a, b)] += 1
        if partners and len(table) == 4:
            self.partners[_pair(table[0], table[2])] += 1
            self.partners[_pair(table[1], table[3])] += 1


def sizes(n: int, allowed: Sequence[int]) -> list[int]:
    """Table sizes for ``n`` players: as many seated as can be, then as few tables of a
    size other than the first allowed as can be (a five-table only where four do not fit)."""
    options = []
    for counts in itertools.product(*(range(n // s + 1) for s in allowed)):
        seated = sum(c * s for c, s in zip(counts, allowed, strict=True))
        if seated <= n and any(counts):
            options.append((n - seated, sum(counts[1:]), counts))
    if not options:
        return []
    counts = min(options)[2]
    return sorted((s for c, s in zip(counts, allowed, strict=True) for _ in range(c)), reverse=True)


def _together(table: Sequence[str]) -> list[Pair]:
    return [_pair(a, b) for a, b in itertools.combinations(table, 2)]


def _partnered(table: Sequence[str], partners: bool) -> list[Pair]:
    if not partners or len(table) != 4:
        return []
    return [_pair(table[0], table[2]), _pair(table[1], table[3])]


REPEAT = 1000
"""The cost of a meeting again: first as few repeated meetings as can be (what
:func:`repeats` counts), then, among as few, the repeats spread (a third meeting costs more)."""


def _step(n: int) -> int:
    """What one more meeting of a pair that met ``n`` times costs."""
    return 0 if n == 0 else REPEAT + n


def _spent(n: int) -> int:
    """What ``n`` meetings of one pair cost in all (the steps added up)."""
    return sum(_step(k) for k in range(n))


class _Plan:
    """The rounds still to play, planned together: a pair seated together once more costs
    :func:`_step`, a repeated partnership twice that. Only the first planned round is drawn; the next draw plans
    again from what was played (absences may change it)."""

    def __init__(self, met: Met, rounds: list[list[list[str]]], partners: bool) -> None:
        self.together = Counter(met.together)
        self.partner = Counter(met.partners)
        self.partners = partners
        self.rounds = rounds
        for tables in rounds:
            for table in tables:
                self._put(table, 1)

    def _put(self, table: Sequence[str], step: int) -> None:
        for pair in _together(table):
            self.together[pair] += step
        for pair in _partnered(table, self.partners):
            self.partner[pair] += step

    def _cost(self, table: Sequence[str]) -> int:
        """What seating ``table`` adds, the others as they are."""
        cost = sum(_step(self.together[p]) for p in _together(table))
        return cost + 2 * sum(_step(self.partner[p]) for p in _partnered(table, self.partners))

    def seat(self, table: list[str]) -> list[str]:
        if not self.partners or len(table) != 4:
            return table
        a, b, c, d = table
        return min([[a, b, c, d], [a, c, b, d], [a, b, d, c]], key=self._cost)

    def _try(self, tables: list[list[str]], i: int, j: int, x: int, y: int) -> bool:
        ti, tj = list(tables[i]), list(tables[j])
        ti[x], tj[y] = tj[y], ti[x]
        self._put(tables[i], -1)
        self._put(tables[j], -1)
        old = self._cost(tables[i]) + self._cost(tables[j])
        ti, tj = self.seat(ti), self.seat(tj)
        better = self._cost(ti) + self._cost(tj) < old
        if better:
            tables[i], tables[j] = ti, tj
        self._put(tables[i], 1)
        self._put(tables[j], 1)
        return better

    def improve(self) -> None:
        """Swap players between the tables of a round while a swap lowers the cost."""
        better = True
        while better:
            better = False
            for tables in self.rounds:
                for i, j in itertools.combinations(range(len(tables)), 2):
                    for x, y in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                        better = self._try(tables, i, j, x, y) or better

    def total(self) -> int:
        cost = sum(_spent(n) for n in self.together.values())
        return cost + 2 * sum(_spent(n) for n in self.partner.values())


def _sitters(
    players: Sequence[str], count: int, sat_out: Counter[str], rng: random.Random
) -> list[str]:
    """Who sits out: whoever sat out least so far (the seeded lot among equals)."""
    ordered = sorted(players, key=lambda p: (-sat_out[p], rng.random()))  # sat out most: plays
    return sorted(ordered[count:], key=list(players).index)


def _search(
    players: Sequence[str],
    allowed: Sequence[int],
    history: Sequence[Sequence[Sequence[str]]],
    seed: int,
    partners: bool,
    ahead: int,
) -> tuple[int, list[list[str]], list[str]]:
    """The best of :data:`STARTS` local searches over the next ``ahead`` rounds: the
    plan's cost, its first round's tables and who sits that round out."""
    met = Met.of(history, partners)
    rng = random.Random(seed)
    plan = sizes(len(players), allowed)
    for earlier in history:
        seated = {p for t in earlier for p in t}
        met.sat_out.update(p for p in players if p not in seated)
    count = sum(plan)
    sat_out = Counter(met.sat_out)
    playing: list[list[str]] = []
    sitters: list[list[str]] = []
    for _ in range(ahead):
        out = _sitters(players, count, sat_out, rng)
        sat_out.update(out)
        sitters.append(out)
        playing.append([p for p in players if p not in out])
    starts = list(itertools.accumulate(plan, initial=0))
    best: tuple[int, list[list[str]]] | None = None
    for _ in range(STARTS):
        rounds = []
        for group in playing:
            order = list(group)
            rng.shuffle(order)
            rounds.append([order[a:b] for a, b in itertools.pairwise(starts)])
        planned = _Plan(met, [], partners)
        planned = _Plan(met, [[planned.seat(t) for t in r] for r in rounds], partners)
        planned.improve()
        cost = planned.total()
        if best is None or cost < best[0]:
            best = (cost, [list(t) for t in planned.rounds[0]])
    assert best is not None
    return best[0], best[1], sitters[0]


def draw(
    players: Sequence[str],
    allowed: Sequence[int],
    history: Sequence[Sequence[Sequence[str]]],
    seed: int,
    *,
    partners: bool = False,
    ahead: int = 1,
) -> tuple[list[list[str]], list[str]]:
    """One round's tables (players in seat order: seat 1 deals first) and who sits out.

    With ``ahead`` rounds still to play, two candidates are weighed: the round best on
    its own, and the first round of the best plan of all ``ahead``; the one whose best
    continuation costs less is drawn (on its own, a round may leave the next one only
    bad choices; a whole plan may be stuck where the single round is not)."""
    if not sizes(len(players), allowed):
        return [], list(players)
    _, alone, sitters = _search(players, allowed, history, seed, partners, 1)
    if ahead <= 1:
        return alone, sitters
    _, joint, _ = _search(players, allowed, history, seed, partners, ahead)

    def outlook(tables: list[list[str]]) -> int:
        return _search(players, allowed, [*history, tables], seed + 1, partners, ahead - 1)[0]

    if joint != alone and outlook(joint) < outlook(alone):
        return joint, sitters
    return alone, sitters


def draw_pairs(
    pairs: Sequence[Sequence[str]],
    history: Sequence[Sequence[Sequence[str]]],
    seed: int,
    ahead: int = 1,
) -> tuple[list[list[str]], list[str]]:
    """Fixed pairs (koppel): two pairs to a table, partners facing (seats 1-3 and 2-4);
    a pair meets the pairs it has met least. Returns the tables and who sits out."""
    names = [f"{a}\t{b}" for a, b in pairs]
    unit_history = [
        [[n for n in names if set(n.split("\t")) <= set(t)] for t in earlier] for earlier in history
    ]
    units, sitters = draw(names, [2], unit_history, seed, ahead=ahead)
    tables: list[list[str]] = []
    for one, two in units:
        a1, a2 = one.split("\t")
        b1, b2 = two.split("\t")
        tables.append([a1, b1, a2, b2])
    return tables, [p for unit in sitters for p in unit.split("\t")]


def repeats(rounds: Sequence[Sequence[Sequence[str]]], *, partners: bool = False) -> int:
    """What an evening repeats: each pair of players seated together once more than once
    counts one per extra time; with drawn partners, repeated partnerships count too."""
    met = Met.of(rounds, partners)
    extra = sum(n - 1 for n in met.together.values() if n > 1)
    if partners:
        extra += sum(n - 1 for n in met.partners.values() if n > 1)
    return extra
