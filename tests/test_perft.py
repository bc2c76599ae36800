"""Perft counts: the number of legal action sequences from fixed seeded deals, pinned.

``bench/perft.py`` counts, from the start of a hand dealt with a fixed seed, every
sequence of actions ``Hand.legal_actions()`` allows, to depth 3. The counts below were
taken from this engine when ``legal_actions()`` was built for every family; they are not
independent of it. What they catch is a change: a card or an announcement that becomes
allowed or forbidden anywhere in the first three actions of these deals changes a count,
and the change must then be explained and the count updated on purpose.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import perft

from scorekeeper import ruleset

COUNTS = {
    ("bierkopf", 0): [8, 25, 52],
    ("bierkopf", 1): [8, 32, 95],
    ("doppelkopf", 0): [14, 160, 1522],
    ("doppelkopf", 1): [16, 158, 1342],
    ("doppelkopf-ddv", 0): [42, 576, 6971],
    ("klaberjass", 0): [14, 28, 382],
    ("klaberjass", 1): [14, 28, 353],
    ("klaverjassen", 0): [5, 53, 390],
    ("klaverjassen", 1): [5, 53, 406],
    ("klaverjassen-3", 0): [5, 281, 4529],
    ("klaverjassen-rotterdam", 1): [5, 53, 406],
    ("klaverjassen-wilde-boom", 0): [9, 107, 1270],
    ("klaverjassen-wilde-boom", 1): [6, 71, 741],
    ("kloepper", 0): [4, 28, 161],
    ("kloepper", 1): [8, 48, 224],
}


@pytest.mark.parametrize(("rule_set", "seed"), sorted(COUNTS))
def test_perft_counts(rule_set: str, seed: int) -> None:
    rules = ruleset.load(rule_set)
    hand = perft.start(rules, seed)
    counts = [0, 0, 0]
    perft.perft(hand, 3, counts)  # each action pushed and popped on the one hand
    assert counts == COUNTS[(rule_set, seed)]
    assert hand.history == [] and not hand._pushed  # every push popped


def test_every_shipped_rule_set_has_a_pinned_count() -> None:
    assert {r for r, _ in COUNTS} == set(ruleset.available())
