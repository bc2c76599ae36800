"""Property tests for Klaberjass over random legal hands, for each rule set and option set.

A hand is dealt from a shuffled pack (nine cards each, the turn-up and the bottom card
from the rest), bid at random (every path, the redeal included), the seven exchanged and
the sequences held announced now and then, bella said when it can be, and played with
random legal cards. Then:

- every card held when play starts is played exactly once, and no other card;
- the card points are those of the eighteen cards played plus 10 for the last trick;
- a legal card exists whenever someone is to play;
- the same actions without the deal give the same result and no revoke;
- the quick entry of the hand's summary gives the same scores.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.cards import Card, format_cards
from scorekeeper.games.klaberjass import FAMILY, held_runs
from scorekeeper.hand import Hand
from scorekeeper.ruleset import Ruleset
from scorekeeper.simulate import deal as random_deal
from scorekeeper.simulate import play_random

TABLE = ["Anna", "Ben"]
RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("klaberjass", {}),
    ("klaberjass", {"must_head_plain_suit": False}),
    ("klaberjass", {"score_all_sequences": True}),
]


def random_hand(
    rules: Ruleset, rng: random.Random
) -> tuple[Hand, list[str], dict[str, list[Card]]]:
    """Deal, bid, declare and play one hand with random legal choices."""
    pack = rules.deck.all_cards()
    rng.shuffle(pack)
    dealer = rng.choice(TABLE)
    deal = {"Anna": pack[:9], "Ben": pack[9:18]}
    turnup, bottom = pack[18], pack[-1]
    hand = Hand(rules, TABLE, dealer, deal={p: [c.code for c in cs] for p, cs in deal.items()})
    actions: list[str] = []

    def act(text: str) -> None:
        hand.apply(text)
        actions.append(text)

    act(f"{dealer} turnup {turnup.code}")
    elder = next(p for p in TABLE if p != dealer)
    for who in (elder, dealer):
        if hand.game.trump is None:  # type: ignore[attr-defined]
            act(f"{who} accept" if rng.random() < 0.3 else f"{who} pass")
    for who in (elder, dealer):
        if hand.game.trump is None:  # type: ignore[attr-defined]
            if rng.random() < 0.45:
                suit = rng.choice([s for s in rules.deck.suits if s != turnup.suit])
                act(f"{who} name {suit}")
            else:
                act(f"{who} pass")
    if hand.finished:  # four passes
        return hand, actions, deal
    if rng.random() < 0.5:
        act(f"{dealer} bottom {bottom.code}")
    for player in TABLE:
        if rng.random() < 0.8 and hand.can(f"{player} exchange"):
            act(f"{player} exchange")
    for player in TABLE:
        for run in held_runs(rules, hand.holding(player) or []):
            if rng.random() < 0.8:
                act(f"{player} sequence " + format_cards(run))
    while not hand.finished:
        player = hand.to_play()
        assert player is not None
        if rng.random() < 0.8 and hand.can(f"{player} bella"):
            act(f"{player} bella")
            pending = hand.game.bella_pending  # type: ignore[attr-defined]
            act(f"{player} {pending[1].code}")
            continue
        legal = hand.legal_cards(player)
        assert legal, f"no legal card for {player}: {hand.holding(player)}"
        act(f"{player} {rng.choice(legal).code}")
    return hand, actions, deal


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from(range(len(RULE_SETS))))
def test_random_hands(seed: int, which: int) -> None:
    name, options = RULE_SETS[which]
    rules = ruleset.load(name, options)
    rng = random.Random(seed)
    hand, actions, _ = random_hand(rules, rng)
    res = hand.result()

    replay = Hand(rules, TABLE, hand.dealer)
    for text in actions:
        replay.apply(text)
    assert replay.revokes == []
    assert replay.result().scores == res.scores
    summary = hand.summary()
    quick = FAMILY.score_quick(rules, TABLE, hand.dealer, summary, [], {})
    assert quick.scores == res.scores

    if res.redeal:
        assert summary == {"redeal": True}
        assert not hand.tricks
        return

    # every card held at the start of play is played once; the dealt cards are 18
    in_play = FAMILY.cards_in_play(hand)
    assert in_play is not None and sum(in_play.values()) == 18
    assert hand.played == in_play
    assert hand.deck_check() == []
    game: Any = hand.game
    for player in TABLE:
        plays = Counter(m.play.card for m in hand.plays_by[player])
        start = Counter(hand.dealt[player])  # type: ignore[index]
        if game.exchanged_by == player:
            start[game.seven] -= 1
            start[game.turnup] += 1
        assert plays == +start
    # card points: the cards actually played, plus the last trick
    trump = game.trump
    played_points = sum(rules.card_points(c, trump) for c in hand.played.elements())
    assert sum(t.points for t in hand.completed_tricks()) == played_points
    assert sum(res.card_points.values()) == played_points + rules.get("play.last_trick_bonus")
    # the maker keeps the totals only with strictly more; else the opponent takes both
    totals = res.details["totals"]
    maker, other = game.maker, next(p for p in TABLE if p != game.maker)
    if totals[maker] > totals[other]:
        assert res.scores == totals
    else:
        assert res.scores == {maker: 0, other: totals[maker] + totals[other]}
    assert res.winner == max(TABLE, key=lambda p: res.scores[p])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_quick_hands_from_actions_match_keys(seed: int) -> None:
    """Sequences and bella given as actions score the same as given as keys."""
    rules = ruleset.load("klaberjass")
    rng = random.Random(seed)
    hand, _, _ = random_hand(rules, rng)
    if hand.result().redeal:
        return
    summary = hand.summary()
    keys = FAMILY.score_quick(rules, TABLE, hand.dealer, summary, [], {})
    facts = {k: v for k, v in summary.items() if k not in ("sequences", "bella")}
    actions = [
        parse_action(f"{entry.split(':')[0]} sequence {entry.split(':')[1]}", TABLE)
        for entry in summary.get("sequences", [])
    ]
    if "bella" in summary:
        actions.append(parse_action(f"{summary['bella']} bella", TABLE))
    assert FAMILY.score_quick(rules, TABLE, hand.dealer, facts, actions, {}).scores == keys.scores


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_simulated_play_completes_hands(seed: int) -> None:
    """The shared random player (used by 'scorekeeper demo') gets through bidding and play."""
    rules = ruleset.load("klaberjass")
    rng = random.Random(seed)
    dealt = random_deal(rules, TABLE, rng)
    hand = Hand(rules, TABLE, "Anna", deal={p: [c.code for c in cs] for p, cs in dealt.items()})
    actions = play_random(hand, rng, announce=0.05)
    assert hand.finished
    replay = Hand(rules, TABLE, "Anna")
    for text in actions:
        replay.apply(text)
    assert replay.result().scores == hand.result().scores
