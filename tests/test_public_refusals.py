"""The engine's public methods answer plainly or refuse with a reason (issue 26, gap 2).

Every public query and action of ``Hand``, ``Holdings``, ``Contract``, ``judge_trick``
and ``following`` given any card (in the deck or not), any player (in the hand or not)
or any typed line answers (a plain ``False``, no card) or refuses with a
``ScorekeeperError`` (a ``ValueError``) that carries a reason and a rule: never a
``KeyError``, ``IndexError`` or ``AttributeError``. The named examples: the trump rank of
a card that is not a trump, ``Hand.pop()`` with nothing pushed, a trick of no cards; and
a refused card movement leaves the holdings as they were.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import FAST, RULESET_IDS, table_for

from scorekeeper import simulate
from scorekeeper.cards import RANKS, SUITS, Card
from scorekeeper.contract import Contract, judge_trick
from scorekeeper.errors import CardError, IllegalActionError, ScorekeeperError
from scorekeeper.following import check_play, current_best, legal_cards, mask
from scorekeeper.games import load
from scorekeeper.hand import Hand
from scorekeeper.holdings import Holdings

EVERY_CARD = [Card(r, s) for r in RANKS for s in SUITS]
LINES = ["", "QC", "{p}", "{p} QC", "{p} {c}", "{p} {c} {c}", "Zed {c}", "{p} play", "{p} 1X"]


def plainly(query: Callable[..., object], *args: object, **kwargs: object) -> object:
    """The answer, or the refusal raised (a ``ScorekeeperError`` with its reason and
    rule or kind): anything else fails the test."""
    try:
        return query(*args, **kwargs)
    except ScorekeeperError as exc:
        assert exc.reason is not None and (exc.rule or exc.kind != "rule"), exc
        return exc


def test_trump_rank_of_a_plain_card_is_refused() -> None:
    rules = load("klaverjassen-rotterdam", None)
    contract = Contract.from_rules(rules, "trump", "H")
    assert contract.trump_rank(Card.parse("JH")) == 0
    with pytest.raises(CardError) as refused:
        contract.trump_rank(Card.parse("7S"))
    assert refused.value.rule == "contracts.trump.trumps"
    assert refused.value.reason.params["card"] == Card.parse("7S")  # type: ignore[union-attr]
    assert "7S" in str(refused.value)


def test_pop_with_nothing_pushed_is_refused_and_changes_nothing() -> None:
    rules = load("klaverjassen-rotterdam", None)
    table = table_for(rules)
    hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, random.Random(1)))
    action = hand.legal_actions()[0]
    hand.apply(action)  # applied, not pushed: nothing to take back
    with pytest.raises(IllegalActionError) as refused:
        hand.pop()
    assert refused.value.reason is not None and refused.value.kind == "usage"
    assert hand.history == [action]


def test_a_trick_of_no_cards_or_too_many_is_refused() -> None:
    rules = load("doppelkopf", None)
    contract = Contract.from_rules(rules, "normal")
    with pytest.raises(CardError):
        judge_trick(contract, [], ["Anna"], last_trick=False)
    with pytest.raises(CardError):
        current_best(contract, [], last_trick=False)
    with pytest.raises(CardError):
        judge_trick(contract, [Card.parse("QC")] * 3, ["Anna", "Ben"], last_trick=False)


def test_a_refused_card_movement_changes_nothing() -> None:
    held = Holdings({"Anna": [Card.parse("QC"), Card.parse("AH")]})
    before = (dict(held.held), dict(held.twice), {p: list(c) for p, c in held.cards.items()})
    for move in (
        lambda: held.play("Anna", Card.parse("7S")),
        lambda: held.play("Zed", Card.parse("QC")),
        lambda: held.give("Zed", [Card.parse("7S")]),
    ):
        with pytest.raises(IllegalActionError):
            move()
    # the first card is held, the second not: neither leaves
    assert held.take("Anna", [Card.parse("QC"), Card.parse("7S")]) == Card.parse("7S")
    assert not held.holds("Zed", Card.parse("QC"))
    assert (
        dict(held.held),
        dict(held.twice),
        {p: list(c) for p, c in held.cards.items()},
    ) == before


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_every_public_query_answers_plainly(rule_set: str) -> None:
    rules = load(rule_set, None)
    table = table_for(rules)

    @settings(FAST, max_examples=4)
    @given(seed=st.integers(0, 2**16), with_deal=st.booleans())
    def walk(seed: int, with_deal: bool) -> None:
        rng = random.Random(seed)
        deal = simulate.deal(rules, table, rng) if with_deal else None
        try:
            hand = Hand(rules, table, table[0], deal=deal)
        except ScorekeeperError:
            return
        plainly(hand.pop)
        for _ in range(60):
            if hand.finished:
                break
            card, player = rng.choice(EVERY_CARD), rng.choice([*table, "Zed"])
            plainly(hand.check_card, player, card)
            for query in (hand.legal_cards, hand.legal_mask, hand.playable_cards, hand.holding):
                plainly(query, player)
            for line in rng.sample(LINES, 3):
                text = line.format(p=player, c=card.code)
                plainly(hand.can, text)
                plainly(hand.copy().apply, text)
                plainly(hand.copy().push, text)
            contract = hand.contract
            for query in (contract.trump_rank, contract.plain_rank, contract.rank_reason):
                plainly(query, card)
            trick = rng.sample(EVERY_CARD, rng.randrange(0, 5))
            plainly(judge_trick, contract, trick, table, last_trick=False)
            holding = rng.sample(EVERY_CARD, rng.randrange(0, 6))
            plainly(legal_cards, hand.following, contract, trick, holding)
            plainly(legal_cards, hand.following, contract, trick, mask(holding))
            plainly(check_play, hand.following, contract, trick, card, holding)
            if hand.held is not None:
                plainly(hand.copy().take, player, [card])
                plainly(hand.copy().give, player, [card])
            actions = hand.legal_actions()
            if not actions:  # without the deal the records may leave no card to play
                break
            hand.apply(rng.choice(actions))
        plainly(hand.pop)

    walk()
