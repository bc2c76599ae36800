"""``Hand.legal_actions()`` against the hand's own verdicts, for every rule set.

Hypothesis deals random hands (the deal recorded, so that every card a player may play is
known) and plays them to the end by choosing among the listed actions. At every step:

- something is listed while the hand is not over;
- every listed action is accepted (``can``), card or not;
- actions that are not listed are refused: every verb of the family without arguments
  for every player, and a sample of the cards for every player.
"""

from __future__ import annotations

import random

import pytest
from conftest import PLAYERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset, simulate
from scorekeeper.hand import Hand
from scorekeeper.rules import Ruleset

RULESET_IDS = sorted(ruleset.available())


def table_for(rules: Ruleset) -> list[str]:
    return [*PLAYERS, "Erik", "Frida"][: rules.player_counts[0]]


def unlisted_sample(hand: Hand, listed: set[str], rng: random.Random, size: int = 12) -> list[str]:
    """Every verb of the family without arguments, for every player, and a sample of
    cards, for every player, that are not listed now."""
    cards = [f"{p} {c.code}" for p in hand.table for c in hand.rules.deck.cards]
    cards = [c for c in cards if c not in listed]
    verbs = [f"{p} {v}" for p in hand.table for v in hand.game.verbs]
    return [v for v in verbs if v not in listed] + rng.sample(cards, min(size, len(cards)))


def play_by_the_list(hand: Hand, rng: random.Random) -> int:
    steps = 0
    while not hand.finished:
        actions = hand.legal_actions()
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
