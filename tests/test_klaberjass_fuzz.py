"""Klaberjass under random input: any action string at any point of a hand, and any quick
fact of any TOML shape, ends in a refusal (a ``ScorekeeperError`` naming its rule) or is
accepted; never another error. A refused action leaves the hand as it was.

CI replays a fixed, derandomised set of examples (``conftest``'s ``ci`` profile); a longer
local run: ``KLABERJASS_FUZZ=10000 pytest tests/test_klaberjass_fuzz.py``.
"""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games.klaberjass import FAMILY
from scorekeeper.hand import Hand

TABLE = ["Anna", "Ben"]
EXAMPLES = int(os.environ.get("KLABERJASS_FUZZ", "300"))
RULES = ruleset.load("klaberjass")
WORDS = [
    "turnup", "accept", "take", "pass", "name", "bottom", "exchange", "sequence", "seq",
    "bella", "hearts", "♦", "S", "trumps", "7H", "10S", "JD", "QS", "KS", "AH", "9C", "1",
    "XX", "T", "♣Q", "", "name", "[/]", "\x00", "0" * 30, "🂡",
]  # fmt: skip
word = st.one_of(st.sampled_from(WORDS), st.text(max_size=6))
action_text = st.builds(
    lambda who, words: " ".join([who, *words]),
    st.sampled_from([*TABLE, "anna", "Zed"]),
    st.lists(word, max_size=5),
)


def a_hand(seed: int, dealt: bool, steps: int) -> Hand:
    """A hand some steps into its life, reached by choosing among the legal actions."""
    rng = random.Random(seed)
    pack = RULES.deck.all_cards()
    rng.shuffle(pack)
    deal = {"Anna": [c.code for c in pack[:9]], "Ben": [c.code for c in pack[9:18]]}
    hand = Hand(RULES, TABLE, rng.choice(TABLE), deal=deal if dealt else None)
    for _ in range(steps):
        listed = hand.legal_actions()
        if hand.finished or not listed:
            break
        hand.apply(rng.choice(listed))
    return hand


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    seed=st.integers(0, 2**16),
    dealt=st.booleans(),
    steps=st.integers(0, 30),
    texts=st.lists(action_text, min_size=1, max_size=5),
)
def test_any_action_string_is_accepted_or_refused(
    seed: int, dealt: bool, steps: int, texts: list[str]
) -> None:
    hand = a_hand(seed, dealt, steps)
    for text in texts:
        before = [a.text for a in hand.history], hand.legal_actions()
        try:
            hand.apply(text)
        except ScorekeeperError as exc:
            assert exc.rule, str(exc)
            assert str(exc)  # the words can be made
            assert ([a.text for a in hand.history], hand.legal_actions()) == before


toml_value = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.text(max_size=12),
        st.sampled_from(["Anna", "Ben", "Anna:70", "Ben:61", "H", "spades", "Ben:7H 8H 9H"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
fact_name = st.sampled_from([*FAMILY.quick_keys(), "tricks", "Maker"])


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    facts=st.dictionaries(fact_name, toml_value, max_size=7),
    base=st.booleans(),
    said=st.lists(action_text, max_size=3),
)
def test_any_quick_facts_are_scored_or_refused(
    facts: dict[str, Any], base: bool, said: list[str]
) -> None:
    given_facts: dict[str, Any] = (
        {"maker": "Ben", "trump": "H", "points": ["Anna:60", "Ben:71"]} if base else {}
    )
    given_facts.update(facts)
    try:
        actions = [parse_action(t, TABLE) for t in said]
        result = FAMILY.score_quick(RULES, TABLE, "Anna", given_facts, actions, {})
    except ScorekeeperError as exc:
        assert exc.rule, str(exc)
        assert str(exc)
        return
    assert sum(result.scores.values()) >= 0
