"""The words a hand's value is made of, looked up (``reasons.worded``, the Doppelkopf value's
lines made once per rule set and language: ``scoring._Items.line``) against the same words
made anew every time: on random hands of every Doppelkopf rule set, with random options,
announcements and declarations, in English, German and Dutch, every hand's result (its
items with their words and reasons, notes, kind of game, scores, details) is the same
either way, and so are its words in another language.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_properties import FAST, RULESET_IDS, option_values, table_for

from scorekeeper import reasons, ruleset
from scorekeeper.games import load
from scorekeeper.games.doppelkopf import scoring
from scorekeeper.match import Match
from scorekeeper.reasons import reason_of
from scorekeeper.result import HandResult
from scorekeeper.session.demo import play_random_hand
from scorekeeper.text import language

DOPPELKOPF = [name for name in RULESET_IDS if name.startswith("doppelkopf")]


def said(result: HandResult) -> list[Any]:
    """Everything a result says, its words' reasons included."""
    lines = [(str(i.label), reason_of(i.label), i.to_dict()) for i in result.items]
    notes = [(str(n), reason_of(n)) for n in result.notes]
    game = (str(result.game_type), reason_of(result.game_type))
    return [lines, notes, game, result.to_dict()]


def made_anew(patched: pytest.MonkeyPatch) -> None:
    """Every word made anew: no lookup finds words made before."""
    patched.setattr(reasons, "same_words", lambda params: None)
    patched.setattr(scoring, "same_words", lambda params: None)


@pytest.mark.parametrize("rule_set", DOPPELKOPF)
@FAST
@given(
    seed=st.integers(0, 2**32 - 1),
    lang=st.sampled_from(language.LANGUAGES),
    other=st.sampled_from(language.LANGUAGES),
    data=st.data(),
)
def test_value_words_looked_up_are_the_words_made_anew(
    rule_set: str, seed: int, lang: str, other: str, data: st.DataObject
) -> None:
    rules = load(rule_set, data.draw(option_values(ruleset.load(rule_set)), label="options"))
    names = table_for(rules)
    rng = random.Random(seed)
    match = Match(rules, names, names[0])
    try:
        language.choose(lang)
        for _ in range(4):
            if match.over():
                break
            play_random_hand(match, rng, announce=rng.choice([0.0, 0.2, 0.6]))
        hands = [mh.hand for mh in match.hands if mh.hand is not None]
        looked_up = [said(hand.result()) for hand in hands]
        language.choose(other)
        elsewhere = [said(hand.result()) for hand in hands]
        with pytest.MonkeyPatch.context() as patched:
            made_anew(patched)
            language.choose(lang)
            assert [said(hand.result()) for hand in hands] == looked_up
            language.choose(other)
            assert [said(hand.result()) for hand in hands] == elsewhere
    finally:
        language.choose(None)
