"""The card points a side can make (quick entry's check of ``re_points=...``) are the same
as the plain way of counting them: every pile of the deck's cards, as (points, cards)
pairs, built card by card. The bit sets that replace it are only faster."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import load
from scorekeeper.games.common import _piles, _sums, _values, reachable_points, taken_points


def plain_piles(values: tuple[int, ...]) -> set[tuple[int, int]]:
    """(points, cards) of every pile the values can make: the former way, the reference."""
    sums: set[tuple[int, int]] = {(0, 0)}
    for value in values:
        sums |= {(points + value, cards + 1) for points, cards in sums}
    return sums


def bit_piles(values: tuple[int, ...]) -> set[tuple[int, int]]:
    return {(p, c) for c in range(len(values) + 1) for p in _sums(values, c)}


@given(st.lists(st.integers(-4, 12), max_size=12).map(lambda v: tuple(sorted(v))))
def test_every_pile_as_the_plain_count(values: tuple[int, ...]) -> None:
    _piles.cache_clear()
    assert bit_piles(values) == plain_piles(values)


def plain_taken(
    values: tuple[int, ...], per_trick: int, last_trick: int, laid_away: int
) -> frozenset[int]:
    tricks = (len(values) - laid_away) // per_trick
    out: set[int] = set()
    for points, cards in plain_piles(values):
        if cards % per_trick == 0 and cards < tricks * per_trick:
            out.add(points)
        rest = cards - laid_away
        if rest >= per_trick and rest % per_trick == 0:
            out.add(points + last_trick)
    return frozenset(out)


@pytest.mark.parametrize("ruleset", ["doppelkopf", "kloepper", "bierkopf"])
def test_reachable_points_of_the_rule_sets(ruleset: str) -> None:
    rules = load(ruleset)
    values = _values(rules, None)
    for per_trick in (3, 4):
        expected = {p for p, c in plain_piles(values) if c % per_trick == 0}
        assert reachable_points(rules, per_trick) == expected


@pytest.mark.parametrize("trump", ["H", "C", None])
def test_taken_points_of_klaverjassen(trump: str | None) -> None:
    rules = load("klaverjassen")
    values = _values(rules, trump)
    for laid_away, last in ((0, 10), (2, 0)):
        got = taken_points(rules, 4, trump, last_trick=last, laid_away=laid_away)
        assert got == plain_taken(values, 4, last, laid_away)
