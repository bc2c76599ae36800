"""The piles a deck's card values can make (``games.common._piles``, behind
``reachable_points`` and ``taken_points``): the bit-set count agrees with adding the cards
one by one, pile by pile, on random decks and on every rule set's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.games import common


def one_by_one(values: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    sums = {(0, 0)}
    for value in values:
        sums |= {(points + value, cards + 1) for points, cards in sums}
    return frozenset(sums)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=25), max_size=36))
def test_piles_are_the_sums_of_the_cards_one_by_one(values: list[int]) -> None:
    deck = tuple(sorted(values))
    assert common._piles.__wrapped__(deck) == one_by_one(deck)


def test_every_rule_set_s_piles() -> None:
    for name in sorted(ruleset.available()):
        rules = ruleset.load(name)
        for trump in (None, "H"):
            deck = common._values(rules, trump)
            assert common._piles(deck) == one_by_one(deck), (name, trump)
