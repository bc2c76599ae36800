"""What a hand works out from its state is kept in one object, ``hand.Kept``.

Issue 26 item 1 ("named, documented, in one state object") and the gap the lead named:
the duties and card points of the contract in force, the table's card plays, the copies
played and what the position allows were separate private fields of ``Hand``, each with
its own rule for going stale. Now they are ``Hand.kept`` alone, each field with its one
rule (``Kept``'s docstring); these tests hold the structure and the rules: whatever a hand
has kept, through play, ``push``/``pop`` and ``copy``, answers as a hand rebuilt from
its deal and actions, which has kept nothing.
"""

from __future__ import annotations

import random

import pytest
from test_properties import RULESET_IDS, table_for

from scorekeeper import ruleset, simulate
from scorekeeper.hand import Hand, Kept

DERIVED = {"_judged_by", "_points", "_card_plays", "_played", "_counted", "_turn"}


def test_the_derived_fields_are_one_object() -> None:
    rules = ruleset.load("klaverjassen-rotterdam")
    table = table_for(rules)
    hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, random.Random(3)))
    assert not DERIVED & set(vars(hand)), sorted(DERIVED & set(vars(hand)))
    assert isinstance(hand.kept, Kept)
    documented = Kept.__doc__ or ""
    for name in Kept.__slots__:
        assert f"``{name}``" in documented, name  # each field named with its rule


def asked(hand: Hand) -> tuple[object, ...]:
    """Everything a kept field answers: the copies played, the cards' points so far, the
    position's actions."""
    points = [t.points for t in hand.completed_tricks()]
    return (dict(hand.played), points, [a.text for a in hand.legal_actions()])


def rebuilt(hand: Hand, deal: dict[str, list[str]] | None) -> Hand:
    again = Hand(hand.rules, hand.table, hand.dealer, deal=deal)
    for action in hand.history:
        again.apply(action)
    return again


@pytest.mark.parametrize("rule_set", RULESET_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_what_is_kept_answers_as_a_rebuilt_hand(rule_set: str, seed: int) -> None:
    rules = ruleset.load(rule_set)
    rng = random.Random(seed)
    table = table_for(rules)
    deal = simulate.deal(rules, Hand(rules, table, table[0]).players, rng)
    hand = Hand(rules, table, table[0], deal=deal)
    while not hand.finished:
        before = asked(hand)  # kept now: what the pushes below must bring back
        assert before == asked(rebuilt(hand, deal)), hand.history
        actions = hand.legal_actions()
        if not actions:
            return
        copy = hand.copy()
        for action in actions[:3]:  # try a few, take each back
            hand.push(action)
            assert asked(hand) == asked(rebuilt(hand, deal)), hand.history
            hand.pop()
            assert asked(hand) == before
        action = rng.choice(actions)
        copy.apply(action)  # a copy keeps its own: this hand is untouched
        assert asked(hand) == before
        hand.apply(action)
        assert asked(hand) == asked(copy)
