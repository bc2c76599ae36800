"""Property tests over random legal hands of Kloepper and Bierkopf (short and long).

Each example deals a seeded pack, lets random players call, go alone, knock or double when
the engine allows it, and plays random legal cards to the end. Then: every card was dealt
and played exactly once, the card points add up to 120, a legal card always existed, the
same actions without the deal give the same result and no revoke, and the quick entry of
the hand's score-sheet facts gives the same scores.
"""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import PLAYERS
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.games import family_for
from scorekeeper.hand import Hand
from scorekeeper.simulate import deal

# The seeds' card points, kept here so the properties never ask the engine.
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}

RULE_SETS = [("kloepper", {}), ("bierkopf", {}), ("bierkopf", {"long": True})]


def candidates(family: str) -> list[str]:
    """Every non-card action a random player might try."""
    if family == "kloepper":
        verbs = ["knock", "alone", "call AC", "call AS", "call AH"]
    else:
        verbs = ["double"]
    return [f"{p} {v}" for p in PLAYERS for v in verbs]


def play_hand(
    rules: ruleset.Ruleset, seed: int, context: dict[str, Any]
) -> tuple[Hand, list[str], dict[str, list[str]], str]:
    rng = random.Random(seed)
    dealer = rng.choice(PLAYERS)
    dealt = deal(rules, PLAYERS, rng)
    codes = {p: [c.code for c in cs] for p, cs in dealt.items()}
    hand = Hand(rules, PLAYERS, dealer, deal=codes, context=context)
    actions: list[str] = []
    tries = candidates(rules.family)
    eagerness = rng.choice([0.0, 0.1, 0.4])
    while not hand.finished:
        player = hand.to_play()
        if player is None or rng.random() < eagerness:
            rng.shuffle(tries)
            for text in tries:
                if hand.can(text):
                    hand.apply(text)
                    actions.append(text)
                    break
            else:
                assert player is not None, "nobody may play and no action is accepted"
            if player is None:
                continue
            player = hand.to_play()
            assert player is not None
        legal = hand.legal_cards(player)
        assert legal, f"{player} has no legal card"
        text = f"{player} {rng.choice(legal).code}"
        hand.apply(text)
        actions.append(text)
    return hand, actions, codes, dealer


@pytest.mark.parametrize(("rid", "options"), RULE_SETS)
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), carried=st.integers(0, 2))
def test_random_hands(rid: str, options: dict[str, object], seed: int, carried: int) -> None:
    rules = ruleset.load(rid, options)
    # a Bierkopf hand may follow tied hands: their carried points come from the match
    earlier = SimpleNamespace(details={"carry_out": carried})
    context: dict[str, Any] = {"hand_number": 2, "results": [earlier]}
    hand, actions, codes, dealer = play_hand(rules, seed, context)
    result = hand.result()

    # every card dealt once and played once
    dealt = Counter(c for cs in codes.values() for c in cs)
    assert dealt == Counter(c.code for c in rules.deck.all_cards())
    assert Counter(c.code for c in hand.played.elements()) == dealt
    # card points: each trick as the seed counts it, 120 in all
    tricks = hand.completed_tricks()
    for t in tricks:
        assert t.points == sum(POINTS[p.card.rank] for p in t.plays)
    assert sum(t.points for t in tricks) == 120
    assert sum(result.card_points.values()) == 120
    # nobody ever loses points in either game
    assert all(s >= 0 for s in result.scores.values())

    # the same actions without the deal: the same result and no revoke
    blind = Hand(rules, PLAYERS, dealer, context=context)
    for text in actions:
        blind.apply(text)
    assert not blind.revokes
    assert blind.result().to_dict() == result.to_dict()

    # quick entry of the score-sheet facts gives the same scores
    said = [parse_action(a, PLAYERS) for a in actions]
    said = [a for a in said if not a.is_play]
    quick = family_for(rules).score_quick(rules, PLAYERS, dealer, hand.summary(), said, context)
    assert quick.scores == result.scores
    assert quick.value == result.value
    assert [i.to_dict() for i in quick.items] == [i.to_dict() for i in result.items]

    if rid == "kloepper":
        winners = result.sides[result.winner]  # type: ignore[index]
        assert {p for p, s in result.scores.items() if s} == set(winners)
    else:
        # Bierkopf: partners score alike; the multiplier is 2 per double
        assert result.scores["Anna"] == result.scores["Carla"]
        assert result.scores["Ben"] == result.scores["Dirk"]
        doubles = [a for a in said if a.verb == "double"]
        assert result.details["multiplier"] == 2 ** len(doubles)
        if result.winner is None:
            assert result.details["carry_out"] == carried + 1
        else:
            # the card-point row (1 or 2) times the multiplier, plus the undoubled carry
            base, rest = divmod(result.value - carried, 2 ** len(doubles))
            assert rest == 0 and base in (1, 2)
            winners = result.card_points[result.winner]
            assert base == (2 if winners >= 91 else 1) and winners >= 61


def check_listed(hand: Hand, words: list[str]) -> list[Any]:
    """Each listed action is accepted, each unlisted word refused; the list."""
    listed = hand.legal_actions()
    texts = {a.text for a in listed}
    for action in listed:
        assert hand.can(action), action.text
    for text in words:
        assert hand.can(text) is (text in texts), text
    return listed


@pytest.mark.parametrize(("rid", "options"), RULE_SETS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_legal_actions_are_exactly_the_accepted_ones(
    rid: str, options: dict[str, object], seed: int
) -> None:
    """At every step, with the deal and without it, each listed action is accepted and
    every unlisted word refused; a random action the dealt hand lists (cards and words
    alike) is taken by both until the hand ends. Without the deal everything the dealt
    hand allows is listed too: the record alone cannot rule it out."""
    rules = ruleset.load(rid, options)
    rng = random.Random(seed)
    dealer = rng.choice(PLAYERS)
    codes = {p: [c.code for c in cs] for p, cs in deal(rules, PLAYERS, rng).items()}
    hand = Hand(rules, PLAYERS, dealer, deal=codes)
    blind = Hand(rules, PLAYERS, dealer)
    words = candidates(rules.family)
    while not hand.finished:
        listed = check_listed(hand, words)
        assert listed, "a hand that is not over always allows something"
        blind_listed = {a.text for a in check_listed(blind, words)}
        assert {a.text for a in listed} <= blind_listed
        said = [a for a in listed if not a.is_play]
        cards = [a for a in listed if a.is_play]
        pool = said if said and (not cards or rng.random() < 0.2) else cards
        action = rng.choice(pool)
        hand.apply(action)
        blind.apply(action)
    assert hand.legal_actions() == [] and blind.legal_actions() == []
