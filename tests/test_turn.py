"""What a position allows, kept by the hand from the first question to the next change.

Issue 26 (P4): ``Hand.legal_actions()`` and ``Hand.playable_cards`` answer from the
position's ``hand.Turn``, made when first asked and dropped by every change of the
position. These tests hold both halves of that: the family's hooks run once per position
however often it is asked (so a kept answer is really used), and the answer after every
change is the answer of a hand rebuilt from the deal and the same actions (so a kept
answer is never stale): on random hands of every rule set, with the deal and without it
(every card not yet ruled out), through the families' own card movements (a talon taken
up, a poverty passed), a deal recorded after the first question, ``push`` and ``pop``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import RULESET_IDS, table_for

from scorekeeper import ruleset, simulate
from scorekeeper.hand import Hand


def rebuilt(hand: Hand, deal: dict[str, Any] | None) -> Hand:
    """A new hand of the same table, the same deal and the same actions."""
    again = Hand(hand.rules, hand.table, hand.dealer, deal=deal)
    for action in hand.history:
        again.apply(action)
    return again


def texts(actions: list[Any]) -> list[str]:
    return [a.text for a in actions]


@pytest.mark.parametrize("rule_set", RULESET_IDS)
@settings(max_examples=4, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), dealt=st.booleans())
def test_the_answer_follows_every_change(rule_set: str, seed: int, dealt: bool) -> None:
    rules = ruleset.load(rule_set)
    rng = random.Random(seed)
    table = table_for(rules)
    deal = simulate.deal(rules, Hand(rules, table, table[0]).players, rng) if dealt else None
    hand = Hand(rules, table, table[0], deal=deal)
    while not hand.finished:
        listed = hand.legal_actions()
        assert texts(listed) == texts(rebuilt(hand, deal).legal_actions()), hand.history
        kept = list(listed)
        listed.clear()  # the caller's own list: the hand's answer stays as it was
        assert hand.legal_actions() == kept
        if not kept:  # without the deal a discard or a declaration names unknown cards
            assert deal is None
            return
        player = hand.to_play()
        if player is not None:
            cards = [a.card for a in hand.legal_actions() if a.is_play]
            assert hand.playable_cards(player) == cards
        others = [p for p in hand.table if p != player]
        assert all(hand.playable_cards(p) == [] for p in others)
        if rng.random() < 0.2:  # pushed and popped: the position's answer comes back
            before = texts(hand.legal_actions())
            hand.push(rng.choice(hand.legal_actions()))
            assert texts(hand.legal_actions()) == texts(rebuilt(hand, deal).legal_actions())
            hand.pop()
            assert texts(hand.legal_actions()) == before
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.legal_actions() == []
    assert hand.to_play() is None


@pytest.mark.parametrize("rule_set", ["doppelkopf", "klaverjassen-rotterdam", "klaberjass"])
def test_the_hooks_run_once_a_position(rule_set: str) -> None:
    rules = ruleset.load(rule_set)
    table = table_for(rules)
    rng = random.Random(3)
    hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, rng))
    asked: list[int] = []
    family = hand.game.legal_actions

    def counted() -> list[Any]:
        asked.append(len(hand.history))
        return family()

    hand.game.legal_actions = counted  # type: ignore[method-assign]
    for _ in range(12):
        player = hand.to_play()
        first = hand.legal_actions()
        for _ in range(3):
            assert hand.legal_actions() == first
            if player is not None:
                hand.playable_cards(player)
        hand.apply(rng.choice(first))
    assert asked == list(range(12))  # once a position, at each of the 12 positions


def test_a_deal_recorded_after_the_first_question() -> None:
    rules = ruleset.load("doppelkopf")
    table = table_for(rules)
    hand = Hand(rules, table, table[0])
    player = hand.to_play()
    assert player is not None
    unknown = hand.playable_cards(player)
    assert len(unknown) == len(rules.deck.cards)  # without the deal: any card of the deck
    deal = simulate.deal(rules, hand.players, random.Random(5))
    hand.record_deal(deal)
    assert hand.playable_cards(player) == sorted(set(deal[player]), key=rules.deck.cards.index)
    assert texts(hand.legal_actions()) == texts(rebuilt(hand, deal).legal_actions())
