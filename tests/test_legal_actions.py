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
from typing import Any

import pytest
from conftest import PLAYERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset, simulate
from scorekeeper.actions import Action
from scorekeeper.games.doppelkopf.notation import DECLARATIONS as DOPPELKOPF_DECLARATIONS
from scorekeeper.games.kloepper.notation import DECLARATIONS as KLOEPPER_DECLARATIONS
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


@pytest.mark.parametrize("rule_set", ["doppelkopf", "doppelkopf-ddv", "kloepper"])
def test_the_card_phase_lists_no_declaration_it_cannot_allow(rule_set: str) -> None:
    """Issue 26 (P4: the first question of a position): once a card is played, the
    listing asks the family (``verify_action``) about no declaration that can no longer
    come (Doppelkopf's weddings, solos and poverty, Kloepper's calls), nor, in
    Doppelkopf, about a promise before any side is announced or an announcement whose
    window has closed: each was a refusal built with its reason, some hundred per
    position (it fails on the code before)."""
    rules = ruleset.load(rule_set)
    table = table_for(rules)
    family_words = {"doppelkopf": DOPPELKOPF_DECLARATIONS, "kloepper": KLOEPPER_DECLARATIONS}
    declarations = family_words[rules.family]
    rng = random.Random(5)
    asked: list[str] = []
    for _ in range(6):
        hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, rng))
        while not hand.finished:
            fresh = hand.copy()  # nothing asked of this position yet
            actions = hand.legal_actions()
            cards = [a for a in actions if a.is_play]
            if hand.cards_played and cards:
                game = fresh.game
                verify = game.verify_action

                def verify_action(action: Action, verify: Any = verify) -> None:
                    asked.append(action.text)
                    verify(action)

                game.verify_action = verify_action  # type: ignore[method-assign]
                assert fresh.legal_actions() == actions
                late = [t for t in asked if t.split()[1] in declarations]
                late = [
                    t for t in late if not (t.split()[1] == "piglets" and fresh.game.piglets_late)
                ]
                assert not late, late
                if rules.family == "doppelkopf" and not hand.game.announcements:
                    assert not [t for t in asked if t.split()[1] in hand.game.levels], asked
                asked.clear()
            hand.apply(rng.choice(cards or actions))
