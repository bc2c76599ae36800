"""The one legal-card query (``following.Duties``, card sets as bit masks) against the
reasoning judge that explains its refusals (``following.check_play``): on random positions
of every rule set, both allow exactly the same cards, so that every refusal has a reason.

A position is a contract of the rule set (any of its ``[contracts]``, any trump suit, with
identical-card reversals drawn at random), a trick so far, a holding, whether the partner
is winning and whether it is the last trick. The hand's own queries (``legal_cards``,
``playable_cards``) go through the fast query, so this is what keeps them right.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.cards import SUITS, Card
from scorekeeper.contract import Contract, judge_trick
from scorekeeper.following import check_play, duties, legal_cards, mask

RULESET_IDS = sorted(ruleset.available())


def position(rule_set: str, seed: int) -> tuple[object, Contract, list[Card], list[Card], dict]:
    rng = random.Random(seed)
    rules = ruleset.load(rule_set)
    key = rng.choice(sorted(rules.spec.contracts))
    contract = Contract.from_rules(rules, key, rng.choice(SUITS))
    if contract.trumps and rng.random() < 0.3:
        twice = frozenset(rng.sample(contract.trumps, k=min(2, len(contract.trumps))))
        contract = contract.replace(
            second_beats_first=twice if rng.random() < 0.5 else frozenset(),
            second_beats_first_last_trick=twice,
        )
    cards = rules.deck.all_cards()
    rng.shuffle(cards)
    players = rules.player_counts[0]
    trick = cards[: rng.randrange(players)]
    holding = cards[len(trick) : len(trick) + rng.randint(1, rules.hand_size)]
    context = {
        "partner_winning": rng.choice([None, True, False]),
        "last_trick": rng.random() < 0.3,
    }
    return rules.spec.following, contract, trick, holding, context


@pytest.mark.parametrize("rule_set", RULESET_IDS)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_fast_query_allows_what_the_judge_allows(rule_set: str, seed: int) -> None:
    following, contract, trick, holding, context = position(rule_set, seed)
    judged = {c for c in holding if check_play(following, contract, trick, c, holding, **context)}
    fast = duties(following, contract).legal(
        mask(holding),
        tuple(c.index for c in trick),
        context["partner_winning"],
        context["last_trick"],
    )
    assert {c for c in holding if fast >> c.index & 1} == judged
    listed = legal_cards(following, contract, trick, holding, **context)
    assert set(listed) == judged
    assert len(listed) == len(judged)  # each card once, in the holding's order
    assert listed == sorted(listed, key=holding.index)


def test_every_refused_card_still_has_its_reason() -> None:
    """A card the fast query refuses is refused by the judge too, with its rule."""
    rules = ruleset.load("klaverjassen-rotterdam")
    contract = Contract.from_rules(rules, next(iter(rules.spec.contracts)), "H")
    holding = [Card.parse(c) for c in ("7H", "AS", "KS")]
    trick = [Card.parse("JH")]
    fast = duties(rules.spec.following, contract).legal(mask(holding), (trick[0].index,))
    assert {c.code for c in holding if fast >> c.index & 1} == {"7H"}
    verdict = check_play(rules.spec.following, contract, trick, Card.parse("AS"), holding)
    assert not verdict.legal and verdict.rule == "following.follow_suit"


@pytest.mark.parametrize("rule_set", RULESET_IDS)
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_duties_name_the_trick_winner_the_judge_names(rule_set: str, seed: int) -> None:
    """The hand takes a trick's winner from the duties' tables; ``judge_trick`` (which
    says why, on demand) must agree on every complete trick."""
    following, contract, _, _, context = position(rule_set, seed)
    rng = random.Random(seed)
    rules = ruleset.load(rule_set)
    cards = rules.deck.all_cards()
    rng.shuffle(cards)
    trick = cards[: rules.player_counts[0]]
    last = bool(context["last_trick"])
    table = duties(following, contract)
    winner = table.winner([c.index for c in trick], last)
    players = [f"p{i}" for i in range(len(trick))]
    assert judge_trick(contract, trick, players, last_trick=last).index == winner
