"""Klaberjass under random input: any action string at any point of a hand, and any quick
fact of any TOML shape, ends in a refusal (a ``ScorekeeperError`` naming its rule) or is
accepted; never another error. A refused action leaves the hand as it was.

CI replays a fixed, derandomised set of examples (``conftest``'s ``ci`` profile); a longer
local run: ``KLABERJASS_FUZZ=10000 pytest tests/test_klaberjass_fuzz.py`` (or
``SCOREKEEPER_FUZZ_EXAMPLES``, which raises every fuzzing test: see ``fuzzing``).
"""

from __future__ import annotations

import random
from typing import Any

from fuzzing import (
    HAND_LIFE,
    action_texts,
    apply_or_refuse,
    fuzz,
    hand_at,
    proper_refusal,
    toml_values,
)
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games.klaberjass import FAMILY
from scorekeeper.hand import Hand

TABLE = ["Anna", "Ben"]
FUZZ = fuzz(300, "KLABERJASS_FUZZ")
RULES = ruleset.load("klaberjass")
WORDS = [
    "turnup", "accept", "take", "pass", "name", "bottom", "exchange", "sequence", "seq",
    "bella", "hearts", "♦", "S", "trumps", "7H", "10S", "JD", "QS", "KS", "AH", "9C", "1",
    "XX", "T", "♣Q", "", "name", "[/]", "\x00", "0" * 30, "🂡",
]  # fmt: skip
action_text = action_texts(TABLE, WORDS, most=5)


def a_hand(seed: int, dealt: bool, steps: int) -> Hand:
    """A hand some steps into its life, reached by choosing among the legal actions."""
    rng = random.Random(seed)
    pack = RULES.deck.all_cards()
    rng.shuffle(pack)
    deal = {"Anna": [c.code for c in pack[:9]], "Ben": [c.code for c in pack[9:18]]}
    return hand_at(RULES, TABLE, rng.randrange(2**16), deal if dealt else None, steps)


@FUZZ
@given(**HAND_LIFE, texts=st.lists(action_text, min_size=1, max_size=5))
def test_any_action_string_is_accepted_or_refused(
    seed: int, dealt: bool, steps: int, texts: list[str]
) -> None:
    hand = a_hand(seed, dealt, steps)
    for text in texts:
        apply_or_refuse(hand, text)


toml_value = toml_values(["Anna", "Ben", "Anna:70", "Ben:61", "H", "spades", "Ben:7H 8H 9H"])
fact_name = st.sampled_from([*FAMILY.quick_keys(), "tricks", "Maker"])


@FUZZ
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
        result = FAMILY.score_quick(RULES, TABLE, "Anna", given_facts, actions, {"entry": True})
    except ScorekeeperError as exc:
        proper_refusal(exc)
        return
    assert sum(result.scores.values()) >= 0
