"""``Hand.legal_actions()`` against the hand's own verdicts, for every rule set.

Hypothesis deals random hands (the deal recorded, so that every card a player may play is
known) and plays them to the end by choosing among the listed actions. At every step:

- something is listed while the hand is not over;
- every listed action is accepted (``can``), card or not;
- a sample of actions that are not listed (every card for every player, every verb of
  the family without arguments, for every player) is refused.
"""

from __future__ import annotations

import random

import pytest
from conftest import PLAYERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset, simulate
from scorekeeper.actions import Action
from scorekeeper.hand import Hand
from scorekeeper.rules import Ruleset

RULESET_IDS = sorted(ruleset.available())

# Families whose GameHand.legal_actions() does not list their non-card actions yet: for
# them only the cards are checked, and play goes on with any verb the hand accepts. Each
# family's engineer removes it from here with the family's legal_actions(); the set must
# end empty.
PENDING: set[str] = set()


def table_for(rules: Ruleset) -> list[str]:
    return [*PLAYERS, "Erik", "Frida"][: rules.player_counts[0]]


def unlisted_sample(hand: Hand, listed: set[str], rng: random.Random, size: int = 12) -> list[str]:
    words = [c.code for c in hand.rules.deck.cards]
    if hand.rules.family not in PENDING:
        words += list(hand.game.verbs)
    candidates = [f"{p} {w}" for p in hand.table for w in words]
    others = [c for c in candidates if c not in listed]
    return rng.sample(others, min(size, len(others)))


def accepted_verbs(hand: Hand) -> list[Action]:
    """For a pending family: the argument-free verbs the hand accepts now."""
    texts = [f"{p} {v}" for p in hand.table for v in hand.game.verbs]
    return [hand.parse(t) for t in texts if hand.can(t)]


def play_by_the_list(hand: Hand, rng: random.Random) -> int:
    steps = 0
    while not hand.finished:
        actions = hand.legal_actions()
        if hand.rules.family in PENDING:
            actions += accepted_verbs(hand)
        assert actions, f"nothing listed, yet the hand is not over: {hand.history}"
        listed = {a.text for a in actions}
        for action in actions:
            try:
                hand.verify(action)
            except ValueError as exc:
                pytest.fail(f"listed but refused: {action}: {exc}\nafter {hand.history}")
        for text in unlisted_sample(hand, listed, rng):
            assert not hand.can(text), f"accepted but not listed: {text}\nafter {hand.history}"
        cards = [a for a in actions if a.is_play]
        others = [a for a in actions if not a.is_play]
        pool = others if others and (not cards or rng.random() < 0.3) else cards
        hand.apply(rng.choice(pool))
        steps += 1
    return steps


@pytest.mark.parametrize("rule_set", RULESET_IDS)
@settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1))
def test_listed_actions_are_exactly_the_allowed_ones(rule_set: str, seed: int) -> None:
    rules = ruleset.load(rule_set)
    rng = random.Random(seed)
    table = table_for(rules)
    hand = Hand(rules, table, table[0])
    hand.record_deal(simulate.deal(rules, hand.players, rng))
    steps = play_by_the_list(hand, rng)
    assert steps == len(hand.history)
    assert hand.result() is not None
