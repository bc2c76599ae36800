"""Worded reasons are shared only when nothing can tell them apart: same key, rule,
parameters (of the same types) and words."""

from __future__ import annotations

from scorekeeper.cards import Card
from scorekeeper.reasons import Reason, because, reason_of


def test_equal_plain_reasons_share_their_words() -> None:
    a = because("trick.only_trump", "contracts.normal.trumps", card=Card.parse("QC"), player="Anna")
    b = because("trick.only_trump", "contracts.normal.trumps", card=Card("Q", "C"), player="Anna")
    assert a.worded() is b.worded()
    assert a.worded() == a.text()
    assert reason_of(a.worded()) == a


def test_reasons_that_differ_in_anything_have_their_own_words() -> None:
    one = because("trick.trump_rank", None, n=1, of=10)
    true = because("trick.trump_rank", None, n=True, of=10)  # 1 == True, but not alike
    assert one.worded() is not true.worded()
    assert reason_of(true.worded()) == true and reason_of(true.worded()).params["n"] is True
    ruled = Reason("trick.trump_rank", {"n": 1, "of": 10}, "some.rule")
    assert reason_of(ruled.worded()).rule == "some.rule"
    listed = because("hand.miscount", None, card=[Card.parse("QC")], count=1, copies=2)
    assert listed.worded() is not listed.worded()  # a list parameter: never shared
