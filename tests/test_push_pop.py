"""``Hand.push``, ``Hand.pop`` and ``Hand.copy`` (issue 26, as python-chess's ``Board``).

On random hands of every rule set (random options; with the deal and without it, where
later cards prove revokes), a random walk over ``Hand.legal_actions()`` pushes actions
and pops them again at random: after every pop the hand is exactly as it was before the
push (its records, holdings, turn, legal actions, the family's whole state, the result),
and a hand pushed along a line is the same as one rebuilt from the deal by ``apply``. A
copy goes on apart from its original: what one plays leaves the other as it was.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import FAST, RULESET_IDS, option_values, table_for

from scorekeeper import ruleset, simulate
from scorekeeper.errors import IllegalActionError
from scorekeeper.games import load
from scorekeeper.hand import Hand


def structure(value: Any, skip: frozenset[str] = frozenset()) -> Any:
    """A family's state as plain data to compare: its objects opened all the way down."""
    kind = type(value)
    if kind in (list, tuple):
        return [structure(v) for v in value]
    if isinstance(value, dict):
        return sorted((repr(k), structure(v)) for k, v in value.items())
    if kind in (set, frozenset):
        return sorted(repr(v) for v in value)
    if kind.__module__.startswith("scorekeeper.games.") and hasattr(value, "__dict__"):
        fields = {k: v for k, v in vars(value).items() if k not in skip | {"hand", "rules"}}
        return (kind.__qualname__, structure(fields))
    shown = repr(value)
    return kind.__qualname__ if " object at 0x" in shown else shown  # the rule set's deck


def fingerprint(hand: Hand) -> tuple[Any, ...]:
    """Everything a hand shows and keeps, as plain data."""
    held = hand.held
    return (
        [a.text for a in hand.history],
        [
            (t.number, t.leader, [(p.player, p.card.code) for p in t.plays], t.winner, t.points)
            for t in hand.tricks
        ],
        hand.tricks_done,
        {p: [c.code for c in cards] for p, cards in (hand.holdings or {}).items()},
        (dict(held.held), dict(held.twice)) if held is not None else None,
        hand.to_play(),
        [a.text for a in hand.legal_actions()],
        sorted((c.code, n) for c, n in hand.played.items() if n),
        [repr(r) for r in hand.revokes],
        {p: [repr(m) for m in made] for p, made in hand.plays_by.items()},
        repr(hand.contract),
        structure(hand.game, hand.game.shared),  # type: ignore[attr-defined]
        repr(hand.result()) if hand.finished else None,
    )


def dealt_hand(rule_set: str, options: dict[str, Any], seed: int, with_deal: bool) -> Hand:
    rules = load(rule_set, options)
    table = table_for(rules)
    players = Hand(rules, table, table[0]).players
    deal = simulate.deal(rules, players, random.Random(seed)) if with_deal else None
    return Hand(rules, table, table[0], deal=deal)


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_push_then_pop_leaves_the_hand_as_it_was(rule_set: str) -> None:
    @settings(FAST, max_examples=4)
    @given(
        seed=st.integers(min_value=0, max_value=2**32 - 1),
        with_deal=st.booleans(),
        data=st.data(),
    )
    def walks(seed: int, with_deal: bool, data: st.DataObject) -> None:
        options = data.draw(option_values(ruleset.load(rule_set)), label="options")
        hand = dealt_hand(rule_set, options, seed, with_deal)
        rng = random.Random(seed)
        before: list[tuple[Any, ...]] = []  # the fingerprint before each push still on
        for _ in range(200):
            actions = hand.legal_actions()
            if not actions:
                break
            if before and rng.random() < 0.3:  # take one back: as it was before its push
                hand.pop()
                assert fingerprint(hand) == before.pop()
                continue
            before.append(fingerprint(hand))
            hand.push(rng.choice(actions))
        line = [a.text for a in hand.history]
        rebuilt = dealt_hand(rule_set, options, seed, with_deal)
        for text in line:
            rebuilt.apply(text)
        assert fingerprint(hand) == fingerprint(rebuilt)  # pushed as applied
        while before:  # every push taken back, in turn, to the hand as dealt
            hand.pop()
            assert fingerprint(hand) == before.pop()
        assert hand.history == [] and fingerprint(hand) == fingerprint(
            dealt_hand(rule_set, options, seed, with_deal)
        )
        with pytest.raises(IllegalActionError):  # nothing pushed: refused, with its reason
            hand.pop()

    walks()


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_a_copy_goes_on_apart(rule_set: str) -> None:
    @settings(FAST, max_examples=3)
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), with_deal=st.booleans())
    def copies(seed: int, with_deal: bool) -> None:
        hand = dealt_hand(rule_set, {}, seed, with_deal)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            actions = hand.legal_actions()
            if not actions:
                break
            hand.apply(rng.choice(actions))
        copy = hand.copy()
        assert copy.game.hand is copy  # type: ignore[attr-defined]
        kept = fingerprint(hand)
        assert fingerprint(copy) == kept
        while actions := copy.legal_actions():  # the copy plays to the end
            copy.apply(rng.choice(actions))
        assert fingerprint(hand) == kept  # the original as it was
        ended = fingerprint(copy)
        if actions := hand.legal_actions():  # and the other way round
            hand.apply(actions[-1])
            assert fingerprint(copy) == ended

    copies()
